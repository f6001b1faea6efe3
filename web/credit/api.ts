/** The credit screen's calls: the credit methods through the JSON-RPC door (events/api/credit.ts), and list queries shaped for the list kit. */
import { queryOptions } from "@tanstack/react-query";
import type { AuthorisationRow, QueryRecordRow, RelevanceType } from "../../events/api/credit.ts";
import { creditReportUrl, creditTags } from "../../events/api/credit.ts";
import { callGateway, gatewayFile, gatewayPage, type GatewayOptions } from "../core/api/gateway.ts";
import type { Query } from "../core/api/http.ts";

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

/** The credit methods are reached through the spec's JSON-RPC door. */
const door: GatewayOptions = { door: "jsonrpc" };
const rpc = <T,>(method: string, params: Record<string, unknown> = {}, options: GatewayOptions = {}) => callGateway<T>(method, params, { ...door, ...options });

/** A credit list as the list kit reads it ("mine" arrives from the URL as text). */
const paged =
  <R,>(method: string, name: string) =>
  (query: Query) =>
    queryOptions({
      queryKey: [creditKey, name, query],
      queryFn: ({ signal }) => gatewayPage<R>(method, query, { ...door, signal, params: ({ mine, ...rest }) => ({ ...rest, ...(mine === undefined ? {} : { mine: mine === "true" || mine === true }) }) }),
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
export const accreditLetter = (authId: string) => gatewayFile("credit.accreditLetter", { authId }, door);
