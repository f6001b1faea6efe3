/** The DID screen's calls (events/api/did.ts): documents, the credentials issued, verify, revoke. */
import { queryOptions } from "@tanstack/react-query";
import { did } from "../../events/api/did.ts";
import { call, pagedQuery } from "../core/api/call.ts";

export type { CredentialRowShape as CredentialRow, DidKind, VerifyReason } from "../../events/api/did.ts";
export type Verification = Awaited<ReturnType<typeof verifyCredential>>;

/** the permission tags (worker/did/commands.ts) */
export const didTags = { info: "bt:did:info", verify: "bt:did:verify", revoke: "bt:did:revoke" } as const;

export const documentQuery = (kind: "platform" | "enterprise" | "institution", code: string | null) =>
  queryOptions({
    queryKey: [did.document.path, kind, code],
    queryFn: () => call(did.document, { query: kind === "platform" ? { kind } : { kind, code: code ?? "" } }),
    retry: false,
  });

export const credentialsQuery = pagedQuery(did.credentials);
export const credentialsKey = [did.credentials.path];

export const verifyCredential = (jwt: string) => call(did.verify, { body: { jwt } });
export const revokeCredential = (id: string, reason: string) => call(did.revoke, { body: { id, ...(reason.trim() ? { reason: reason.trim() } : {}) } });
