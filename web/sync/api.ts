/** The synchronisation calls (worker/sync): start a run of one list, read a run, list recent runs. */
import { queryOptions } from "@tanstack/react-query";
import { get, post } from "../core/api/http.ts";

export interface SyncRun {
  runId: string;
  list: string;
  status: "running" | "done" | "failed";
  pages: number;
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

/** "/syn/synjuddoclist" → "synjuddoclist" */
export const listName = (path: string) => path.replace(/^\/syn\//, "");

export const runTag = (path: string) => `syn:${listName(path)}:run`;

export const syncQueries = {
  run: (runId: string) =>
    queryOptions({
      queryKey: ["/syn/runs", runId] as const,
      queryFn: async () => (await get<SyncRun>(`/syn/runs/${encodeURIComponent(runId)}`)).data,
      // polled while running (1.5 s: a page of the source takes about that); a finished run never changes
      refetchInterval: (q) => (!q.state.data || q.state.data.status === "running" ? 1_500 : false),
    }),
  recent: (list: string) =>
    queryOptions({ queryKey: ["/syn/runs", "recent", list] as const, queryFn: async () => (await get<SyncRun[]>("/syn/runs", { list })).data ?? [] }),
};

export const startRun = (path: string, creditCodes?: string[]) => post<{ runId: string }>(`/syn/${listName(path)}/run`, creditCodes?.length ? { creditCodes } : {});
