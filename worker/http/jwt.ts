/**
 * The parts of jose the Worker uses, in one module that callers load with `await import("../http/jwt.ts")`
 * when they first sign or verify. A dynamic import of "jose" itself would bundle the whole library (the
 * bundler cannot tell which names a namespace loaded at run time needs); named re-exports keep it to these.
 */
export { SignJWT, calculateJwkThumbprint, decodeJwt, decodeProtectedHeader, errors, importJWK, jwtVerify } from "jose";
