/**
 * did:web names and documents (pure). The platform is `did:web:<host>` (its document at
 * https://<host>/.well-known/did.json); an enterprise is `did:web:<host>:enterprise:<credit code>` and an
 * institution `did:web:<host>:institution:<credit code>` (documents at /enterprise/<code>/did.json and
 * /institution/<code>/did.json). Enterprises and institutions hold no key of their own here: the platform
 * controls their documents and its key is the one that asserts for them.
 */
import type { PublicJwk } from "./keys.ts";
import { DomainError, codes } from "../errors.ts";

export const subjectKinds = ["enterprise", "institution"] as const;
export type SubjectKind = (typeof subjectKinds)[number];

/** host[:port], lower case: what DID_HOST may hold */
const hostPattern = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** The configured host (DID_HOST: the domain serving /.well-known/did.json), checked. */
export function didHost(env: { DID_HOST?: string }): string {
  const host = (env.DID_HOST ?? "").trim().toLowerCase();
  if (!hostPattern.test(host)) throw new DomainError(codes.internal, "didHostMissing");
  return host;
}

/** did:web encodes the port's colon as %3A. */
export const platformDid = (host: string) => `did:web:${host.replace(":", "%3A")}`;
export const subjectDid = (host: string, kind: SubjectKind, code: string) => `${platformDid(host)}:${kind}:${code}`;
/** The HTTPS base the did:web method resolves the host to. */
export const baseUrl = (host: string) => `https://${host}`;
/** The revocation status list credential of list `list` (public, served by the Worker). */
export const statusListPath = (list: number) => `/credentials/status/${list}`;
export const statusListUrl = (host: string, list: number) => `${baseUrl(host)}${statusListPath(list)}`;
export const documentPath = (kind: SubjectKind, code: string) => `/${kind}/${code}/did.json`;

/** The platform's verification method id: the DID and the key's thumbprint as the fragment. */
export const keyId = (host: string, thumbprint: string) => `${platformDid(host)}#${thumbprint}`;

export const didContexts = ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/suites/jws-2020/v1"];

export interface DidDocument {
  "@context": string[];
  id: string;
  controller?: string;
  alsoKnownAs?: string[];
  verificationMethod: { id: string; type: "JsonWebKey2020"; controller: string; publicKeyJwk: PublicJwk }[];
  authentication: string[];
  assertionMethod: string[];
  service?: { id: string; type: string; serviceEndpoint: string }[];
}

/** The platform's document: its one Ed25519 key for authentication and assertions, and its status list. */
export function platformDocument(host: string, key: { publicJwk: PublicJwk; thumbprint: string }): DidDocument {
  const did = platformDid(host);
  const vm = keyId(host, key.thumbprint);
  return {
    "@context": didContexts,
    id: did,
    verificationMethod: [{ id: vm, type: "JsonWebKey2020", controller: did, publicKeyJwk: key.publicJwk }],
    authentication: [vm],
    assertionMethod: [vm],
    service: [{ id: `${did}#revocation`, type: "BitstringStatusList", serviceEndpoint: statusListUrl(host, 1) }],
  };
}

/**
 * An enterprise's or institution's document: controlled by the platform, asserting through the platform's
 * key, known also by its unified social credit code.
 */
export function subjectDocument(host: string, kind: SubjectKind, code: string, key: { thumbprint: string }): DidDocument {
  const vm = keyId(host, key.thumbprint);
  return {
    "@context": didContexts,
    id: subjectDid(host, kind, code),
    controller: platformDid(host),
    alsoKnownAs: [`urn:uscc:${code}`],
    verificationMethod: [],
    authentication: [vm],
    assertionMethod: [vm],
  };
}
