/**
 * DID (worker/did/): the platform as a did:web issuer. Its DID document and the documents of enterprises
 * and institutions, the credentials it issued (authorisations as verifiable credentials in JWT form, each
 * in a slot of the public revocation status list), verifying a pasted credential, revoking one, and issuing
 * one by hand. The public documents themselves (/.well-known/did.json, /enterprise/<code>/did.json,
 * /institution/<code>/did.json) and the status list (/credentials/status/1) are served outside /api.
 */
import * as z from "zod";
import { verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

const base = "/did";
const creditCode = lazySchema(() => z.string().regex(/^[0-9A-HJ-NPQRTUWXY]{18}$/, "18 characters of a unified social credit code"));

export const didKinds = ["platform", "enterprise", "institution"] as const;
export type DidKind = (typeof didKinds)[number];
export const credentialStates = ["valid", "revoked", "expired"] as const;
export const verifyReasons = ["malformed", "unknownIssuer", "unknownKey", "signature", "expired", "notYetValid", "unknownCredential", "revoked"] as const;
export type VerifyReason = (typeof verifyReasons)[number];

/** Which DID: the platform's, or an enterprise's or institution's by its credit code. */
export const didQuery = lazySchema(() => z.union([
  z.object({ kind: z.literal("platform") }),
  z.object({ kind: z.enum(["enterprise", "institution"]), code: creditCode }),
]));

const jwk = lazySchema(() => z.strictObject({ kty: z.string(), crv: z.string(), x: z.string() }));
export const didDocument = lazySchema(() => z.strictObject({
  "@context": z.array(z.string()),
  id: z.string(),
  controller: z.string().optional(),
  alsoKnownAs: z.array(z.string()).optional(),
  verificationMethod: z.array(z.strictObject({ id: z.string(), type: z.literal("JsonWebKey2020"), controller: z.string(), publicKeyJwk: jwk })),
  authentication: z.array(z.string()),
  assertionMethod: z.array(z.string()),
  service: z.array(z.strictObject({ id: z.string(), type: z.string(), serviceEndpoint: z.string() })).optional(),
}));
export type DidDocumentShape = z.infer<typeof didDocument>;

export const didDocumentAnswer = lazySchema(() => z.strictObject({
  did: z.string(),
  /** where a did:web resolver reads it */
  url: z.string(),
  /** the enterprise's or institution's name (the platform: null) */
  name: z.string().nullable(),
  document: didDocument,
}));

export const credentialRow = lazySchema(() => z.strictObject({
  id: z.string(),
  subject: z.string(),
  type: z.string(),
  ref: z.string().nullable(),
  claims: z.record(z.string(), z.unknown()),
  statusList: z.number().int(),
  statusIndex: z.number().int(),
  issuedAt: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  state: z.enum(credentialStates),
  jwt: z.string(),
}));
export type CredentialRowShape = z.infer<typeof credentialRow>;

export const credentialsQuery = lazySchema(() => z.object({
  page: z.coerce.number<string | number>().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number<string | number>().int().min(1).max(100).optional(),
  /** a subject DID exactly */
  subject: z.string().trim().max(512).optional(),
  /** an authorisation id (or other reference) exactly */
  ref: z.string().trim().max(128).optional(),
  /** a fragment of the subject, type, reference or id */
  keyword: z.string().trim().max(100).optional(),
  state: z.enum(credentialStates).optional(),
}));

export const verifyBody = lazySchema(() => z.object({ jwt: z.string().trim().min(1).max(16_384) }));
export const verification = lazySchema(() => z.strictObject({
  valid: z.boolean(),
  reason: z.enum(verifyReasons).nullable(),
  /** what the credential claims, when it could be read */
  payload: z.record(z.string(), z.unknown()).nullable(),
  revokedAt: z.string().nullable(),
}));

export const revokeBody = lazySchema(() => z.object({ id: z.string().trim().min(1).max(64), reason: z.string().trim().max(500).optional() }));

export const issueBody = lazySchema(() => z.object({
  kind: z.enum(["enterprise", "institution"]),
  code: creditCode,
  /** the credential's type beside VerifiableCredential */
  type: z.string().regex(/^[A-Z][A-Za-z0-9]{0,63}$/, "a type name such as AuthorizationCredential").optional(),
  /** the credentialSubject's claims beside its id */
  claims: z.record(z.string(), z.unknown()).default({}),
  /** what the credential stands for in our data (an authorisation's id) */
  ref: z.string().trim().min(1).max(128).optional(),
  validFrom: z.iso.datetime({ offset: true }),
  validUntil: z.iso.datetime({ offset: true }),
}));

export const did = {
  /** a DID document: the platform's, an enterprise's or an institution's */
  document: verb({ method: "GET", path: `${base}/document`, query: didQuery, response: didDocumentAnswer }),
  /** the credentials issued, newest first */
  credentials: verb({ method: "GET", path: `${base}/credentials`, query: credentialsQuery, response: () => z.array(credentialRow), paged: true }),
  /** verify a credential (JWT) against the issuer's DID document and the status list */
  verify: verb({ method: "POST", path: `${base}/verify`, body: verifyBody, response: verification }),
  /** revoke a credential: its bit in the status list is set */
  revoke: verb({ method: "POST", path: `${base}/revoke`, body: revokeBody, response: () => z.strictObject({ id: z.string(), revokedAt: z.string() }) }),
  /** issue a credential to an enterprise or institution by hand */
  issue: verb({ method: "POST", path: `${base}/issue`, body: issueBody, response: () => z.strictObject({ id: z.string(), jwt: z.string(), subject: z.string(), statusIndex: z.number().int() }) }),
};
