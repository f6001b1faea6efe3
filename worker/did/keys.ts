/**
 * The platform's signing key: an Ed25519 private key as a JWK in the Worker secret DID_SIGNING_KEY
 * (`wrangler secret put DID_SIGNING_KEY` in a deployment; locally a key generated into .dev.vars.local by
 * scripts/dev-key.ts). It is imported through WebCrypto (jose) on first use and kept per isolate, never at
 * module load: the global scope stays light and a Worker without the secret still starts.
 */
import type { CryptoKey, JWK } from "jose";
import { DomainError, codes } from "../errors.ts";

export interface PlatformKey {
  /** the private key (signing) */
  privateKey: CryptoKey;
  /** the public key (verifying) */
  publicKey: CryptoKey;
  /** the public half as published in the DID document: kty, crv, x only */
  publicJwk: PublicJwk;
  /** the JWK thumbprint (RFC 7638): the fragment of the key's id in the DID document */
  thumbprint: string;
}

/** An Ed25519 public key as a JWK. */
export interface PublicJwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
}

let cached: { source: string; key: Promise<PlatformKey> } | undefined;

async function importKey(source: string): Promise<PlatformKey> {
  let jwk: JWK;
  try {
    jwk = JSON.parse(source) as JWK;
  } catch {
    throw new DomainError(codes.internal, "didKeyInvalid");
  }
  if (jwk.kty !== "OKP" || jwk.crv !== "Ed25519" || typeof jwk.d !== "string" || typeof jwk.x !== "string") throw new DomainError(codes.internal, "didKeyInvalid");
  const publicJwk: PublicJwk = { kty: "OKP", crv: "Ed25519", x: jwk.x };
  const { calculateJwkThumbprint, importJWK } = await import("../http/jwt.ts");
  const [privateKey, publicKey, thumbprint] = await Promise.all([
    importJWK({ ...publicJwk, d: jwk.d }, "EdDSA") as Promise<CryptoKey>,
    importJWK(publicJwk, "EdDSA") as Promise<CryptoKey>,
    calculateJwkThumbprint(publicJwk, "sha256"),
  ]);
  return { privateKey, publicKey, publicJwk, thumbprint };
}

/** The key of this Worker's secret, imported once per isolate (again only if the secret changes). */
export function platformKey(env: { DID_SIGNING_KEY?: string }): Promise<PlatformKey> {
  const source = env.DID_SIGNING_KEY?.trim();
  if (!source) return Promise.reject(new DomainError(codes.internal, "didKeyMissing"));
  if (cached?.source !== source) {
    const key = importKey(source);
    cached = { source, key };
    // a bad secret is reported on each use, not remembered as a rejected promise forever
    key.catch(() => {
      if (cached?.key === key) cached = undefined;
    });
  }
  return cached.key;
}
