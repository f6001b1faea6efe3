/** The synchronisation calls (worker/sync): start a run of one list, read a run, list recent runs. */
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { runStarted, sync } from "../../events/api/sync.ts";
import type { Answer } from "../../events/api/verb.ts";
import { call } from "../core/api/call.ts";
import { post } from "../core/api/http.ts";

/** A run as the screens read it, and what starting one answers: from the contract (events/api/sync.ts). */
export type SyncRun = Answer<typeof sync.run>;
type RunStarted = z.output<typeof runStarted>;

/** "/syn/synjuddoclist" → "synjuddoclist" */
export const listName = (path: string) => path.replace(/^\/syn\//, "");

export const runTag = (path: string) => `syn:${listName(path)}:run`;

export const syncQueries = {
  run: (runId: string) =>
    queryOptions({
      queryKey: ["/syn/runs", runId] as const,
      queryFn: () => call(sync.run, { params: { runId } }),
      // polled while running (1.5 s: a page of the source takes about that); a finished run never changes
      refetchInterval: (q) => (!q.state.data || q.state.data.status === "running" ? 1_500 : false),
    }),
  recent: (list: string) =>
    queryOptions({ queryKey: ["/syn/runs", "recent", list] as const, queryFn: () => call(sync.runs, { query: { list } }) }),
};

export const startRun = (path: string, creditCodes?: string[]) => post<RunStarted>(`/syn/${listName(path)}/run`, creditCodes?.length ? { creditCodes } : {});
