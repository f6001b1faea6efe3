/**
 * A user's own list settings (worker/sys/list-settings.ts): column settings per list and saved views, mine
 * and those shared with a role I hold. Any signed-in user; each verb scopes the records to their owner.
 */
import * as z from "zod";
import { listColumns } from "../families/sys.ts";
import { recordMeta, verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

const family = lazySchema(() => z.object({ family: z.string().describe("the list's family path, e.g. /sys/sysdict") }));
const sort = lazySchema(() => z.object({ field: z.string().max(64), order: z.enum(["asc", "desc"]) }));

export const prefBody = lazySchema(() => z.object({ family: z.string().min(1).max(128), columns: listColumns }));
export const viewBody = lazySchema(() => z.object({
  id: z.string().max(64).optional(),
  name: z.string().max(64),
  familyPath: z.string().max(128),
  filters: z.record(z.string(), z.unknown()).optional(),
  keyword: z.string().max(200).optional().nullable(),
  sort: sort.nullable().optional(),
  columns: listColumns.nullable().optional(),
  roleIds: z.array(z.string().max(64)).max(50).optional(),
}));

/** A saved view: filters, keyword, sort and columns under a name, maybe shared with roles; `mine`: I own it. */
export const savedView = lazySchema(() => z.strictObject({
  id: z.string(),
  name: z.string(),
  familyPath: z.string(),
  ownerId: z.string(),
  filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullable(),
  keyword: z.string().nullable(),
  sort: sort.nullable(),
  columns: listColumns.nullable(),
  roleIds: z.array(z.string()),
  mine: z.boolean(),
  ...recordMeta,
}));

export const listSettings = {
  /** my column settings of a list (null: none saved) */
  pref: verb({ method: "GET", path: "/sys/listpref/info", query: family, response: () => z.strictObject({ columns: listColumns, version: z.number().int() }).nullable() }),
  savePref: verb({ method: "POST", path: "/sys/listpref/save", body: prefBody, response: () => z.null() }),
  views: verb({ method: "GET", path: "/sys/listview/mine", query: family, response: () => z.array(savedView) }),
  saveView: verb({ method: "POST", path: "/sys/listview/saveMine", body: viewBody, response: () => z.strictObject({ id: z.string(), version: z.number().int() }) }),
  deleteView: verb({ method: "POST", path: "/sys/listview/deleteMine", body: () => z.object({ id: z.string().min(1).max(64) }), response: () => z.null() }),
};
