/** The credit screen's calls: the credit methods through the JSON-RPC door (events/api/credit.ts), and list queries shaped for the list kit. */
import { queryOptions } from "@tanstack/react-query";
import type { AuthorisationRow, QueryRecordRow, RelevanceType } from "../../events/api/credit.ts";
import { creditReportUrl, creditTags } from "../../events/api/credit.ts";
import type { Query } from "../core/api/http.ts";
import { rpc, rpcFile } from "../core/api/rpc.ts";
import type { ListAnswer } from "../core/api/records.ts";

export type { AuthorisationRow, QueryRecordRow, RelevanceType };
export { creditReportUrl, creditTags };

export interface EnterpriseRow {
  creditCode: string;
  entName: string;
  legalPerson: string | null;
  authId: string | null;
  validTo: string | null;
}

export interface RelevanceTable {
  columns: string[];
  rows: string[][];
  total: number;
  hash: string;
  source: string;
}

/** The credit area's query keys start here (a command reloads them all). */
export const creditKey = "credit";

/** A list kit page (page, limit, filters) as a credit method's params (page, size, filters). */
const paged =
  <R,>(method: string, name: string) =>
  (query: Query) =>
    queryOptions({
      queryKey: [creditKey, name, query],
      queryFn: async ({ signal }): Promise<ListAnswer<R>> => {
        const { page, limit, ...rest } = query;
        const params: Record<string, unknown> = { page: Number(page ?? 1), size: Number(limit ?? 10) };
        for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null && v !== "") params[k] = k === "mine" ? v === "true" || v === true : v;
        const answer = await rpc<R[]>(method, params, { signal });
        return { rows: answer.data, total: answer.total ?? 0 };
      },
    });

export const creditQueries = {
  enterprises: paged<EnterpriseRow>("credit.enterprises", "enterprises"),
  authorisations: paged<AuthorisationRow>("credit.accreditList", "authorisations"),
  records: paged<QueryRecordRow>("credit.queryRecord", "records"),
  relevance: (authId: string, type: RelevanceType) => queryOptions({ queryKey: [creditKey, "relevance", authId, type], queryFn: async () => (await rpc<RelevanceTable>("credit.relevance", { authId, type })).data }),
  grantees: (kind: "user" | "institution", name: string) => queryOptions({ queryKey: [creditKey, "grantees", kind, name], queryFn: async () => (await rpc<{ id: string; name: string }[]>("credit.grantees", { kind, ...(name ? { name } : {}) })).data }),
  enterpriseChoices: (name: string) => queryOptions({ queryKey: [creditKey, "choices", name], queryFn: async () => (await rpc<EnterpriseRow[]>("credit.enterprises", { page: 1, size: 20, ...(name ? { corpName: name } : {}) })).data }),
};

export interface AccreditValues extends Record<string, unknown> {
  creditCode: string;
  granteeKind: "user" | "institution";
  granteeId: string;
  validFrom: string;
  validTo: string;
  purpose: string;
}

export const accredit = (values: AccreditValues) => rpc<{ authId: string }>("credit.accredit", values);
export const revokeAccredit = (authId: string, reason: string) => rpc<{ authId: string }>("credit.revokeAccredit", { authId, reason });
export const accreditLetter = (authId: string) => rpcFile("credit.accreditLetter", { authId });
