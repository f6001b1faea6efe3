/** The notarisation screens' calls: the gateway's `notary.*` methods and the chain explorer summary. */
import { queryOptions } from "@tanstack/react-query";
import { chainInfoHeader, explorerPath, type ExplorerSummary, type NotaryKind, type NotaryRow } from "../../events/api/notary.ts";
import { request, type Query } from "../core/api/http.ts";
import { callGateway, gatewayPage, uploadGateway } from "../core/api/gateway.ts";

export type { NotaryKind, NotaryRow } from "../../events/api/notary.ts";
export { verifyPageUrl } from "../../events/api/notary.ts";

/** The module code the screens' applications carry. */
export const screenModule = "bt";

/** The list key of a kind (reloaded after a command). */
export const listPath = (kind: NotaryKind) => `/gateway/${kind === "notary" ? "notary.list" : "notary.legalList"}`;

export const notaryQueries = {
  list: (kind: NotaryKind) => (params: Query) =>
    queryOptions({
      queryKey: [listPath(kind), params] as const,
      queryFn: ({ signal }) => gatewayPage<NotaryRow>(kind === "notary" ? "notary.list" : "notary.legalList", params, { signal }),
    }),
  /** under a list's key, so a command on that list refreshes it too */
  explorer: (kind: NotaryKind, chain: "all" | "notary") =>
    queryOptions({
      queryKey: [listPath(kind), "explorer", chain] as const,
      queryFn: async () => (await request<ExplorerSummary>(explorerPath, { method: "POST", headers: { [chainInfoHeader]: chain } })).data,
    }),
};

/** Uploads the file, then applies for it: answers the new application's number. */
export async function applyFor(kind: NotaryKind, file: File, reason: string) {
  const uploaded = await uploadGateway<{ id: string }>("notary.upload", [file], screenModule);
  return callGateway<{ applicationNo: string }>("notary.apply", { id: uploaded.data.id, reason, kind }, { moduleCode: screenModule });
}

export const handleApplication = (applicationNo: string) => callGateway<{ applicationNo: string; txHash: string | null }>("notary.handle", { applicationNo });
export const refuseApplication = (applicationNo: string, reason: string) => callGateway<{ applicationNo: string }>("notary.refuse", { applicationNo, ...(reason ? { reason } : {}) });
