/**
 * Query options and commands for any record family, by its API path (refine-style: one data provider,
 * keys from a factory). Lists: ['<path>', 'list', params]; detail: ['<path>', 'detail', id].
 */
import { queryOptions } from "@tanstack/react-query";
import { get, post, type Query } from "./http.ts";

export type Row = Record<string, unknown>;

export interface HistoryEntry {
  version: number;
  type: string;
  action: string;
  time: string;
  actorId: string | null;
  actorName: string | null;
  changes: Record<string, [unknown, unknown]>;
}

export const recordQueries = (path: string) => ({
  all: [path] as const,
  list: (params: Query) =>
    queryOptions({
      queryKey: [path, "list", params] as const,
      queryFn: async () => {
        const answer = await get<Row[]>(`${path}/list`, params);
        return { rows: answer.data, total: answer.total ?? 0 };
      },
    }),
  listAll: (params: Query = {}) => queryOptions({ queryKey: [path, "listAll", params] as const, queryFn: async () => (await get<Row[]>(`${path}/listAll`, params)).data }),
  detail: (id: string) => queryOptions({ queryKey: [path, "detail", id] as const, queryFn: async () => (await get<Row>(`${path}/info/${id}`)).data }),
  history: (id: string) => queryOptions({ queryKey: [path, "history", id] as const, queryFn: async () => (await get<HistoryEntry[]>(`${path}/history/${id}`)).data }),
});

/** save: an update when the record carries its id key, else a create; answers the server's message. */
export const saveRecord = (path: string, record: Row) => post<Row>(`${path}/save`, record);
export const deleteRecords = (path: string, ids: string[]) => post<null>(`${path}/delete`, ids);
