/**
 * Query options and commands for any record family, by its API path (refine-style: one data provider,
 * keys from a factory). Lists: ['<path>', 'list', params]; detail: ['<path>', 'detail', id] (a past version:
 * ['<path>', 'detail', id, { version }]); the recycle bin: ['<path>', 'deleted', params]. Per-user list
 * settings and saved views: ['/sys/listpref', 'info', family], ['/sys/listview', 'mine', family].
 */
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { listSettings } from "../../../events/api/list-settings.ts";
import type { recordVerbs } from "../../../events/api/records.ts";
import type { listColumns } from "../../../events/families/sys.ts";
import type { Answer } from "../../../events/api/verb.ts";
import { get, post, type Envelope, type Query } from "./http.ts";

/** The engine's history and recycle-bin verbs and the list settings' (types only: lists load without the contract's schemas). */
type Engine = ReturnType<typeof recordVerbs>;
type Settings = typeof listSettings;

export type Row = Record<string, unknown>;

export type HistoryEntry = Answer<Engine["history"]>[number];
/** A record in the recycle bin: as it was when deleted, with who deleted it and when. */
export type DeletedRecord = Answer<Engine["deleted"]>[number];

/** One page of a list; `totalCapped`: more matched than the server counts (then `total` is the cap, shown as "10,000+"). */
export interface ListAnswer<R = Row> {
  rows: R[];
  total: number;
  totalCapped?: boolean;
}

/** A family's queries by its path; `R` its row, the contract's schema where it declares one (events/api/). */
export const recordQueries = <R = Row>(path: string) => ({
  all: [path] as const,
  list: (params: Query) =>
    queryOptions({
      queryKey: [path, "list", params] as const,
      queryFn: async (): Promise<ListAnswer<R>> => {
        const answer = (await get<R[]>(`${path}/list`, params)) as Envelope<R[]> & { totalCapped?: boolean };
        return { rows: answer.data, total: answer.total ?? 0, totalCapped: answer.totalCapped === true };
      },
    }),
  listAll: (params: Query = {}) => queryOptions({ queryKey: [path, "listAll", params] as const, queryFn: async () => (await get<R[]>(`${path}/listAll`, params)).data }),
  detail: (id: string) => queryOptions({ queryKey: [path, "detail", id] as const, queryFn: async () => (await get<R>(`${path}/info/${id}`)).data }),
  /** the record as it was at `version` (versions never change: cached for good) */
  version: (id: string, version: number) =>
    queryOptions({ queryKey: [path, "detail", id, { version }] as const, queryFn: async () => (await get<R>(`${path}/info/${id}`, { version })).data, staleTime: Infinity }),
  history: (id: string) => queryOptions({ queryKey: [path, "history", id] as const, queryFn: async () => (await get<HistoryEntry[]>(`${path}/history/${id}`)).data }),
  deleted: (params: { page: number; limit: number }) =>
    queryOptions({
      queryKey: [path, "deleted", params] as const,
      queryFn: async () => {
        const answer = await get<DeletedRecord[]>(`${path}/deleted`, params);
        return { rows: answer.data, total: answer.total ?? 0 };
      },
    }),
});

/** save: an update when the record carries its id key, else a create; answers the server's message. */
export const saveRecord = (path: string, record: Row) => post<Row>(`${path}/save`, record);
export const deleteRecords = (path: string, ids: string[]) => post<null>(`${path}/delete`, ids);
/** Appends an update restoring version `version`'s values. */
export const revertRecord = (path: string, id: string, version: number) => post<Row>(`${path}/revert/${id}`, { version });
/** Undoes a delete. */
export const restoreRecord = (path: string, id: string) => post<Row>(`${path}/restore/${id}`);

// ─── per-user list settings and saved views ───

/** A list column as a user keeps it: hidden or shown, its width in px (absent: automatic). */
export type ColumnPref = z.output<typeof listColumns>[number];
/** A saved view: filters, keyword, sort and columns under a name, maybe shared with roles. */
export type SavedView = Answer<Settings["views"]>[number];
export type SavedViewInput = z.input<Settings["saveView"]["body"]>;

export const listPrefQueries = {
  all: ["/sys/listpref"] as const,
  info: (family: string) =>
    queryOptions({
      queryKey: ["/sys/listpref", "info", family] as const,
      queryFn: async () => (await get<Answer<Settings["pref"]>>("/sys/listpref/info", { family })).data,
      staleTime: Infinity,
      retry: false,
    }),
};
export const saveListPref = (family: string, columns: ColumnPref[]) => post<Answer<Settings["savePref"]>>("/sys/listpref/save", { family, columns });

export const listViewQueries = {
  all: ["/sys/listview"] as const,
  mine: (family: string) =>
    queryOptions({
      queryKey: ["/sys/listview", "mine", family] as const,
      queryFn: async () => (await get<Answer<Settings["views"]>>("/sys/listview/mine", { family })).data,
      staleTime: 60_000,
      retry: false,
    }),
};
export const saveView = (view: SavedViewInput) => post<Answer<Settings["saveView"]>>("/sys/listview/saveMine", view);
export const deleteView = (id: string) => post<Answer<Settings["deleteView"]>>("/sys/listview/deleteMine", { id });
