/**
 * The visits calls (worker/visits, the contract's `visits`): query options keyed by the family's path so a
 * command reloads what it changed, and the commands.
 */
import { queryOptions } from "@tanstack/react-query";
import { visits } from "../../events/api/visits.ts";
import type { z } from "zod";
import type { Answer } from "../../events/api/verb.ts";
import { call, callPage, send } from "../core/api/call.ts";
import type { Query } from "../core/api/http.ts";

import { allocationPath, visitPath } from "./paths.ts";

export { allocationPath, checkInPath, taskPath, visitPath } from "./paths.ts";

export type Row = Record<string, unknown>;
export type RecordVisit = z.input<typeof visits.record.body>;
export type CheckIn = z.input<typeof visits.checkIn.body>;
export type ArchiveFields = Answer<typeof visits.zfdaFields>;

export const visitQueries = {
  ofEnterprise: (params: Query) =>
    queryOptions({ queryKey: [visitPath, "visitHistory", params] as const, queryFn: () => callPage(visits.visitHistory, { query: params }), staleTime: 0 }),
  archiveFields: () => queryOptions({ queryKey: ["/common/envisithistory", "zfdaFields"] as const, queryFn: () => call(visits.zfdaFields, { query: {} }), staleTime: 5 * 60_000 }),
};

export const allocationQueries = {
  list: (params: Query) => queryOptions({ queryKey: [allocationPath, "fwdalist", params] as const, queryFn: () => callPage(visits.allocationList, { query: params }) }),
};

export const allocationCommands = {
  confirm: (ids: string[]) => send(visits.confirm, { body: { ids } }),
  commit: (ids: string[]) => send(visits.commit, { body: { ids } }),
};

export const recordVisit = (body: RecordVisit) => send(visits.record, { body });
export const checkIn = (body: CheckIn) => send(visits.checkIn, { body });
