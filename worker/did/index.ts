/**
 * The DID module: the platform as a did:web issuer (worker/did/document.ts), its Ed25519 key from the Worker
 * secret DID_SIGNING_KEY (./keys.ts, imported on first use), verifiable credentials in JWT form with a
 * revocation status list (./credentials.ts, ./status-list.ts), the public documents and the screen's routes
 * (./routes.ts), and the gateway's DID methods (./gateway.ts, spread into worker/gateway/methods.ts).
 *
 * For other modules: `issueCredential(env, subject, claims, validity)` answers a signed credential and the
 * write recording it (append it in your command); `verifyCredential(env, jwt)` → { valid, reason, payload };
 * `revokeCredential(env, id, reason)` answers the revocation's write; `enterpriseDid`/`institutionDid` name
 * a subject. A command appending an issued credential's write sets `retries` and `isClash: isSlotClash`:
 * two issuers drawing the same status-list slot at once is then decided again.
 */
import type { Module } from "../module.ts";
import { credentialProjection } from "./projection.ts";
import { didRoutes } from "./routes.ts";
import { didHost, subjectDid } from "./document.ts";

export { issueCredential, revokeCredential, verifyCredential, type DidEnv, type IssuedCredential, type IssueOptions, type Revocation, type Validity, type Verification, type InvalidReason } from "./credentials.ts";
export { didTags, isSlotClash, issueCommand, revokeCommand } from "./commands.ts";
export { credentialByRef } from "./queries.ts";

/** did:web:<host>:enterprise:<credit code> */
export const enterpriseDid = (env: { DID_HOST?: string }, creditCode: string) => subjectDid(didHost(env), "enterprise", creditCode);
/** did:web:<host>:institution:<credit code> */
export const institutionDid = (env: { DID_HOST?: string }, creditCode: string) => subjectDid(didHost(env), "institution", creditCode);

export const didModule: Module = { name: "did", routes: didRoutes, projections: [credentialProjection] };
