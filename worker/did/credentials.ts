/**
 * Verifiable credentials in JWT form (VC Data Model 2.0 secured with JOSE, `typ: vc+jwt`), signed EdDSA
 * with the platform's Ed25519 key. A credential names its slot in the revocation status list
 * (`credentialStatus`, BitstringStatusListEntry), so anyone holding the issuer's DID document and the public
 * status list verifies it offline.
 *
 * Issuing and revoking answer the writes for the caller's command (the credit module issues an
 * authorisation's credential in the authorisation's own append); ./commands.ts wraps them as commands of
 * their own for the DID routes.
 */
import type { JWTPayload } from "jose";
import * as z from "zod";
import { l } from "../../events/family.ts";
import { DomainError, ValidationError, codes } from "../errors.ts";
import type { StreamWrite } from "../store/types.ts";
import { head } from "../store/index.ts";
import { platformKey } from "./keys.ts";
import { baseUrl, didHost, keyId, platformDid, statusListUrl } from "./document.ts";
import { candidateSlots, currentList } from "./status-list.ts";
import { credentialStream, issuedType, revokedType, type DidEvents } from "./events.ts";
import * as q from "./queries.ts";
import { lazySchema } from "../../events/lazy.ts";

/** What issuing, verifying and revoking need of the Worker's bindings. */
export interface DidEnv {
  DB: D1Database;
  /** the platform's Ed25519 private key as a JWK (a Worker secret) */
  DID_SIGNING_KEY?: string;
  /** the host serving /.well-known/did.json: the platform is did:web:<host> */
  DID_HOST?: string;
}

export interface Validity {
  from: string | Date;
  until: string | Date;
}

export interface IssueOptions {
  /** the credential's own type beside VerifiableCredential (default AuthorizationCredential) */
  type?: string;
  /** what it stands for in our data (default: claims.authId when a string) */
  ref?: string;
  /** the issuing time (default now) */
  now?: Date;
}

export interface IssuedCredential {
  id: string;
  jwt: string;
  issuer: string;
  subject: string;
  statusList: number;
  statusIndex: number;
  validFrom: string;
  validUntil: string;
  /** the credential's new stream: append it in the caller's command (clashes only if its slot was taken meanwhile) */
  write: StreamWrite;
}

export const vcContext = "https://www.w3.org/ns/credentials/v2";
export const vcMediaType = "vc+jwt";
export const defaultType = "AuthorizationCredential";

/** The reasons a credential is not valid (the screen words each in both languages). */
export const invalidReasons = ["malformed", "unknownIssuer", "unknownKey", "signature", "expired", "notYetValid", "unknownCredential", "revoked"] as const;
export type InvalidReason = (typeof invalidReasons)[number];

export interface Verification {
  valid: boolean;
  /** null when valid */
  reason: InvalidReason | null;
  /** the decoded payload when it could be read (also for an invalid credential: what it claims) */
  payload: JWTPayload | null;
  /** when a revoked credential was revoked */
  revokedAt?: string | null;
}

const maxClaimsBytes = 8_192;
const tenYears = 10 * 366 * 24 * 3600 * 1000;

const issueInput = lazySchema(() => z.object({
  subject: z.string().trim().min(3).max(512).regex(/^[a-z][a-z0-9+.-]*:\S+$/i, "a DID or URI such as did:web:example.com:enterprise:…"),
  claims: z.record(z.string(), z.unknown()).refine((c) => !("id" in c), "id is the subject's, not a claim"),
  validFrom: z.coerce.date(),
  validUntil: z.coerce.date(),
  type: z.string().regex(/^[A-Z][A-Za-z0-9]{0,63}$/, "a type name such as AuthorizationCredential"),
  ref: z.string().trim().min(1).max(128).nullable(),
}));

const field = (name: string) => ({ field: name, label: l(name, name) });

/** Parses what an issuer asked for, naming the field and the rule it breaks. */
function checkIssue(subject: string, claims: Record<string, unknown>, validity: Validity, options: IssueOptions) {
  const ref = options.ref ?? (typeof claims.authId === "string" ? claims.authId : null);
  const parsed = issueInput.safeParse({ subject, claims, validFrom: validity.from, validUntil: validity.until, type: options.type ?? defaultType, ref });
  if (!parsed.success) {
    throw new ValidationError(parsed.error.issues.map((i) => ({ ...field(String(i.path[0] ?? "credential")), key: "didCredentialField", params: { rule: i.message } })));
  }
  const v = parsed.data;
  if (Number.isNaN(v.validFrom.getTime()) || Number.isNaN(v.validUntil.getTime())) throw new ValidationError([{ ...field("validity"), key: "didCredentialField", params: { rule: "dates" } }]);
  if (v.validUntil.getTime() <= v.validFrom.getTime()) throw new ValidationError([{ ...field("validUntil"), key: "didValidityOrder" }]);
  if (v.validUntil.getTime() - v.validFrom.getTime() > tenYears) throw new ValidationError([{ ...field("validUntil"), key: "didValidityTooLong" }]);
  if (new TextEncoder().encode(JSON.stringify(v.claims)).length > maxClaimsBytes) throw new ValidationError([{ ...field("claims"), key: "didClaimsTooLarge", params: { max: maxClaimsBytes } }]);
  return v;
}

/** A free slot of the current list (random, as the status list spec recommends). */
async function freeSlot(db: D1Database): Promise<number> {
  for (let round = 0; round < 4; round++) {
    const candidates = candidateSlots(8);
    const taken = await q.takenSlots(db, currentList, candidates);
    const free = candidates.find((s) => !taken.has(s));
    if (free !== undefined) return free;
  }
  throw new DomainError(codes.internal, "didStatusListFull");
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Signs a credential that `subject` holds `claims` for `validity`, in a free slot of the status list, and
 * answers it with the write that records it. Nothing is stored until the caller appends `write`.
 *
 * @example
 * const vc = await issueCredential(env, enterpriseDid, { authId, grantee, scope: "creditReport" }, { from, until });
 * decide: () => ({ writes: [authorisationWrite, vc.write], answer: { credentialId: vc.id } })
 */
export async function issueCredential(env: DidEnv, subject: string, claims: Record<string, unknown>, validity: Validity, options: IssueOptions = {}): Promise<IssuedCredential> {
  const v = checkIssue(subject, claims, validity, options);
  const host = didHost(env);
  const [key, statusIndex] = await Promise.all([platformKey(env), freeSlot(env.DB)]);
  const issuer = platformDid(host);
  const id = `urn:uuid:${crypto.randomUUID()}`;
  const listUrl = statusListUrl(host, currentList);
  const validFrom = v.validFrom.toISOString();
  const validUntil = v.validUntil.toISOString();
  const credential = {
    "@context": [vcContext],
    id,
    type: ["VerifiableCredential", v.type],
    issuer,
    validFrom,
    validUntil,
    credentialSubject: { id: v.subject, ...v.claims },
    credentialStatus: {
      id: `${listUrl}#${statusIndex}`,
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListIndex: String(statusIndex),
      statusListCredential: listUrl,
    },
  };
  const { SignJWT } = await import("../http/jwt.ts");
  const jwt = await new SignJWT(credential)
    .setProtectedHeader({ alg: "EdDSA", kid: keyId(host, key.thumbprint), typ: vcMediaType, cty: "vc" })
    .setIssuer(issuer)
    .setSubject(v.subject)
    .setJti(id)
    .setIssuedAt(seconds(options.now ?? new Date()))
    .setNotBefore(seconds(v.validFrom))
    .setExpirationTime(seconds(v.validUntil))
    .sign(key.privateKey);
  const data: DidEvents[typeof issuedType] = { id, statusList: currentList, statusIndex, issuer, subject: v.subject, type: v.type, ref: v.ref, claims: v.claims, jwt, validFrom, validUntil };
  return {
    id,
    jwt,
    issuer,
    subject: v.subject,
    statusList: currentList,
    statusIndex,
    validFrom,
    validUntil,
    write: { stream: credentialStream(currentList, statusIndex), head: { version: 0, hash: "" }, events: [{ type: issuedType, data: data as unknown as Record<string, unknown> }] },
  };
}

export interface Revocation {
  id: string;
  /** the revocation's write: append it in the caller's command */
  write: StreamWrite;
}

/**
 * The write revoking credential `id` (refused when unknown or already revoked). The write expects the
 * credential's stream as read, so two revocations at once make one.
 */
export async function revokeCredential(env: Pick<DidEnv, "DB">, id: string, reason: string | null = null): Promise<Revocation> {
  const row = await q.credentialById(env.DB, id);
  if (!row) throw new DomainError(codes.notFound, "didCredentialNotFound", { id });
  if (row.revokedAt) throw new DomainError(codes.validation, "didCredentialAlreadyRevoked", { id });
  const stream = credentialStream(row.statusList, row.statusIndex);
  const data: DidEvents[typeof revokedType] = { id, reason: reason?.trim() ? reason.trim().slice(0, 500) : null };
  return { id, write: { stream, head: await head(env.DB, stream), events: [{ type: revokedType, data: data as unknown as Record<string, unknown> }] } };
}

const statusEntry = lazySchema(() => z.object({
  type: z.literal("BitstringStatusListEntry"),
  statusPurpose: z.literal("revocation"),
  statusListIndex: z.string().regex(/^\d+$/),
  statusListCredential: z.string(),
}));

const credentialShape = lazySchema(() => z.object({
  "@context": z.array(z.string()).refine((c) => c[0] === vcContext),
  id: z.string(),
  type: z.array(z.string()).refine((t) => t.includes("VerifiableCredential")),
  issuer: z.string(),
  credentialSubject: z.object({ id: z.string() }).passthrough(),
  credentialStatus: statusEntry,
}));

function reasonOf(error: unknown, joseErrors: typeof import("../http/jwt.ts").errors): InvalidReason {
  if (error instanceof joseErrors.JWTExpired) return "expired";
  if (error instanceof joseErrors.JWTClaimValidationFailed) return error.claim === "nbf" ? "notYetValid" : error.claim === "iss" ? "unknownIssuer" : "malformed";
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return "signature";
  if (error instanceof joseErrors.JOSEError) return "malformed";
  throw error;
}

/**
 * Verifies a credential as any verifier would (the issuer's key from its DID document, the signature, the
 * validity period, the shape and the status list's bit) — here against our own key and read model.
 */
export async function verifyCredential(env: DidEnv, jwt: string, now: Date = new Date()): Promise<Verification> {
  const text = jwt.trim();
  let payload: JWTPayload | null = null;
  let kid: string | undefined;
  const { decodeJwt, decodeProtectedHeader, errors: joseErrors, jwtVerify } = await import("../http/jwt.ts");
  try {
    kid = decodeProtectedHeader(text).kid;
    payload = decodeJwt(text);
  } catch {
    return { valid: false, reason: "malformed", payload: null };
  }
  const host = didHost(env);
  const issuer = platformDid(host);
  if (payload.iss !== issuer) return { valid: false, reason: "unknownIssuer", payload };
  const key = await platformKey(env);
  if (kid !== keyId(host, key.thumbprint)) return { valid: false, reason: "unknownKey", payload };
  try {
    await jwtVerify(text, key.publicKey, { algorithms: ["EdDSA"], issuer, typ: vcMediaType, requiredClaims: ["exp", "nbf", "jti"], currentDate: now });
  } catch (error) {
    return { valid: false, reason: reasonOf(error, joseErrors), payload };
  }
  const shape = credentialShape.safeParse(payload);
  if (!shape.success || shape.data.id !== payload.jti || shape.data.issuer !== issuer || shape.data.credentialSubject.id !== payload.sub) return { valid: false, reason: "malformed", payload };
  const row = await q.credentialById(env.DB, shape.data.id);
  const index = Number(shape.data.credentialStatus.statusListIndex);
  if (!row || row.statusIndex !== index || shape.data.credentialStatus.statusListCredential !== statusListUrl(host, row.statusList)) return { valid: false, reason: "unknownCredential", payload };
  if (row.revokedAt) return { valid: false, reason: "revoked", payload, revokedAt: row.revokedAt };
  return { valid: true, reason: null, payload, revokedAt: null };
}

/** The public base of our did:web documents (for links on the screen). */
export const didBase = (env: DidEnv) => baseUrl(didHost(env));
