/**
 * What the DID routes and gateway methods answer: documents (the platform's, or an enterprise's or
 * institution's that exists in our data), credentials as rows, and the signed status list credential.
 */
import type { CredentialRowShape, DidKind } from "../../events/api/did.ts";
import { DomainError, codes } from "../errors.ts";
import type { DidEnv } from "./credentials.ts";
import { vcContext, vcMediaType } from "./credentials.ts";
import { baseUrl, didHost, documentPath, keyId, platformDid, platformDocument, subjectDid, statusListUrl, subjectDocument, type DidDocument } from "./document.ts";
import { platformKey } from "./keys.ts";
import { bitstring, encodeList } from "./status-list.ts";
import * as q from "./queries.ts";

export interface DocumentAnswer {
  did: string;
  url: string;
  name: string | null;
  document: DidDocument;
}

/** A DID document; an enterprise's or institution's only when our data knows the credit code (else 404). */
export async function documentOf(env: DidEnv, kind: DidKind, code?: string): Promise<DocumentAnswer> {
  const host = didHost(env);
  const key = await platformKey(env);
  if (kind === "platform" || !code) return { did: platformDid(host), url: `${baseUrl(host)}/.well-known/did.json`, name: null, document: platformDocument(host, key) };
  const found = kind === "enterprise" ? await q.enterpriseName(env.DB, code) : await q.institutionName(env.DB, code);
  if (!found) throw new DomainError(codes.notFound, "didSubjectNotFound", { code });
  return { did: subjectDid(host, kind, code), url: `${baseUrl(host)}${documentPath(kind, code)}`, name: found.name, document: subjectDocument(host, kind, code, key) };
}

export function credentialView(row: q.CredentialRow, now: string): CredentialRowShape {
  const state = row.revokedAt ? "revoked" : row.validUntil <= now ? "expired" : "valid";
  return {
    id: row.id,
    subject: row.subject,
    type: row.type,
    ref: row.ref,
    claims: JSON.parse(row.claims) as Record<string, unknown>,
    statusList: row.statusList,
    statusIndex: row.statusIndex,
    issuedAt: row.issuedAt,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    revokedAt: row.revokedAt,
    revokeReason: row.revokeReason,
    state,
    jwt: row.jwt,
  };
}

/** How long a verifier may keep a status list before reading it again (ms; the list's `ttl`). */
export const statusListTtl = 60_000;

/**
 * The status list credential of list `list` (a BitstringStatusListCredential in JWT form), signed now:
 * the revoked slots' bits set, valid for a day, to be read again after `ttl`.
 */
export async function statusListCredential(env: DidEnv, list: number, now = new Date()): Promise<string> {
  const host = didHost(env);
  const [key, revoked] = await Promise.all([platformKey(env), q.revokedSlots(env.DB, list)]);
  const issuer = platformDid(host);
  const url = statusListUrl(host, list);
  const until = new Date(now.getTime() + 24 * 3600 * 1000);
  const credential = {
    "@context": [vcContext],
    id: url,
    type: ["VerifiableCredential", "BitstringStatusListCredential"],
    issuer,
    validFrom: now.toISOString(),
    validUntil: until.toISOString(),
    credentialSubject: { id: `${url}#list`, type: "BitstringStatusList", statusPurpose: "revocation", ttl: statusListTtl, encodedList: await encodeList(bitstring(revoked)) },
  };
  const { SignJWT } = await import("../http/jwt.ts");
  return new SignJWT(credential)
    .setProtectedHeader({ alg: "EdDSA", kid: keyId(host, key.thumbprint), typ: vcMediaType, cty: "vc" })
    .setIssuer(issuer)
    .setSubject(`${url}#list`)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(until.getTime() / 1000))
    .sign(key.privateKey);
}
