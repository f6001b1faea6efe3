/**
 * The synchronisation runs' verbs (worker/sync/routes.ts): a list's recent runs and one run's progress, each
 * under the list's list tag. Starting a run is `POST /syn/{name}/run`, one route per list with its own tag,
 * answering `runStarted`.
 */
import * as z from "zod";
import { verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

export const runStarted = lazySchema(() => z.strictObject({ runId: z.string(), started: z.boolean() }));

/** A run as the screens read it: its list's short name, its figures, the times in China time. */
export const syncRun = lazySchema(() => z.strictObject({
  runId: z.string(),
  /** the list's family name */
  list: z.string(),
  name: z.string(),
  status: z.enum(["running", "done", "failed"]),
  creditCodes: z.string().nullable(),
  cursorCode: z.string().nullable(),
  cursorName: z.string().nullable(),
  pageNo: z.number().int(),
  pages: z.number().int(),
  enterprises: z.number().int(),
  read: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** marked removed at the source */
  removed: z.number().int(),
  rejected: z.number().int(),
  /** the first rejections' reasons (at most 20) */
  rejections: z.array(z.string()),
  error: z.string().nullable(),
  failures: z.number().int(),
  retryAt: z.string().nullable(),
  logId: z.string().nullable(),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
}));

export const runsQuery = lazySchema(() => z.object({ list: z.string().min(1).max(64), pageNum: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(10) }));

export const sync = {
  runs: verb({ method: "GET", path: "/syn/runs", query: runsQuery, response: () => z.array(syncRun), paged: true }),
  run: verb({ method: "GET", path: "/syn/runs/:runId", response: syncRun }),
};
