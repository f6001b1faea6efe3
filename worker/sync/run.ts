/**
 * Sync runs: a run reads one list for every enterprise (or the ones it names), page by page, with its cursor
 * in D1. Each step fetches one page, decides the upsert and writes, in one D1 batch, the page's events, the
 * natural keys it saw, and the moved cursor — guarded by a (run, step) row, so a step applied once is never
 * applied again, whatever crashes, retries or overlapping advancers do. After an enterprise's last page the
 * records of that enterprise the pass did not see are marked `sourceRemoved` (an update event, counted in the
 * log), never deleted. A page that cannot be read keeps the cursor and is tried again on a later tick, with a
 * growing wait; after six failures the run stops as failed.
 */
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import type { Family } from "../../events/family.ts";
import type { SynList } from "../../events/families/syn-common.ts";
import { dictionaryEntries, dictTypesOf } from "../resources/spreadsheet/lookups.ts";
import type { RecordValues } from "../resources/decide.ts";
import type { EventStore } from "../store/index.ts";
import type { Statement, StreamWrite } from "../store/types.ts";
import { execute, principal, type Command, type Decision } from "../commands/execute.ts";
import { displayTime } from "../time.ts";
import type { Env } from "../http/env.ts";
import { completeJobRun } from "../jobs/run.ts";
import { fetchPage, PageFailed, type SourceClient } from "./client.ts";
import type { ParsedPage } from "../../events/syn/protocol.ts";
import { mapItem, type DictionaryCodes } from "./map.ts";
import { decidePage, updates } from "./upsert.ts";

const leaseMs = 60_000;
const maxFailures = 6;
/** marked removed per enterprise pass at most (a source that dropped more is marked over the next passes) */
const maxRemovedPerPass = 500;

export interface RunRow {
  runId: string;
  list: string;
  status: "running" | "done" | "failed";
  creditCodes: string | null;
  cursorCode: string | null;
  cursorName: string | null;
  pageNo: number;
  pages: number;
  enterprises: number;
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  rejected: number;
  rejections: string | null;
  error: string | null;
  failures: number;
  retryAt: number | null;
  logId: string | null;
  startedBy: string | null;
  startedAt: number;
  finishedAt: number | null;
}

const runColumns =
  "run_id AS runId, list, status, credit_codes AS creditCodes, cursor_code AS cursorCode, cursor_name AS cursorName, page_no AS pageNo, pages, enterprises, read, created, updated, unchanged, removed, rejected, rejections, error, failures, retry_at AS retryAt, log_id AS logId, started_by AS startedBy, started_at AS startedAt, finished_at AS finishedAt";

export const runById = (db: D1Database, runId: string) => db.prepare(`SELECT ${runColumns} FROM sync_run WHERE run_id = ?`).bind(runId).first<RunRow>();

export async function recentRuns(db: D1Database, list: string | null, limit: number, offset: number): Promise<{ rows: RunRow[]; total: number }> {
  const where = list ? "WHERE list = ?" : "";
  const binds = list ? [list] : [];
  const [rows, total] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT ${runColumns} FROM sync_run ${where} ORDER BY started_at DESC LIMIT ? OFFSET ?`).bind(...binds, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM sync_run ${where}`).bind(...binds),
  ]);
  return { rows: rows!.results as unknown as RunRow[], total: Number(total!.results[0]?.n ?? 0) };
}

export interface StartOptions {
  creditCodes?: string[];
  logId?: string | null;
  startedBy?: string | null;
  now?: number;
}

/** Starts a run of `list`, or answers the one already running (a list is read by one run at a time). */
export async function startRun(db: D1Database, list: SynList, options: StartOptions = {}): Promise<{ runId: string; started: boolean }> {
  const running = await db.prepare("SELECT run_id FROM sync_run WHERE list = ? AND status = 'running' LIMIT 1").bind(list.family.name).first<{ run_id: string }>();
  if (running) return { runId: running.run_id, started: false };
  const runId = crypto.randomUUID();
  await db
    .prepare("INSERT INTO sync_run (run_id, list, status, credit_codes, page_no, log_id, started_by, started_at) VALUES (?, ?, 'running', ?, 0, ?, ?, ?)")
    .bind(runId, list.family.name, options.creditCodes ? JSON.stringify([...new Set(options.creditCodes)].sort()) : null, options.logId ?? null, options.startedBy ?? null, options.now ?? Date.now())
    .run();
  return { runId, started: true };
}

const master = enterpriseBasicInfo as unknown as Family;

/** The next enterprise after `after` (by credit code) the run reads, or null when none is left. */
async function nextEnterprise(db: D1Database, run: RunRow): Promise<{ code: string; name: string } | null> {
  const code = master.column.creditCode!;
  const name = master.column.entName!;
  const limited = run.creditCodes ? ` AND ${code} IN (SELECT value FROM json_each(?))` : "";
  const row = await db
    .prepare(`SELECT ${code} AS code, ${name} AS name FROM ${master.table} WHERE ${code} > ?${limited} ORDER BY ${code} LIMIT 1`)
    .bind(run.cursorCode ?? "", ...(run.creditCodes ? [run.creditCodes] : []))
    .first<{ code: string; name: string | null }>();
  return row ? { code: row.code, name: row.name ?? "" } : null;
}

async function dictionaryCodes(db: D1Database, family: Family): Promise<DictionaryCodes> {
  const codes: DictionaryCodes = new Map();
  const entries = await dictionaryEntries(db, dictTypesOf(family, Object.keys(family.fields)));
  for (const e of entries) {
    const map = codes.get(e.type) ?? new Map<string, string>();
    for (const label of [e.value, e.name, e.enName]) if (label) map.set(label, e.value);
    codes.set(e.type, map);
  }
  return codes;
}

/** The records of the enterprise this pass did not see: each gets `sourceRemoved: true`. */
async function removals(db: D1Database, family: Family, run: RunRow, seenNow: string[], at: string): Promise<StreamWrite[]> {
  const c = family.column;
  const { results } = await db
    .prepare(
      `SELECT ${family.idColumn} AS id FROM ${family.table} WHERE ${c.creditCode} = ? AND ${c.naturalKey} IS NOT NULL AND COALESCE(${c.sourceRemoved}, 0) = 0
       AND ${c.naturalKey} NOT IN (SELECT natural_key FROM sync_seen WHERE run_id = ? AND credit_code = ?)
       AND ${c.naturalKey} NOT IN (SELECT value FROM json_each(?)) LIMIT ${maxRemovedPerPass}`,
    )
    .bind(run.cursorCode, run.runId, run.cursorCode, JSON.stringify(seenNow))
    .all<{ id: string }>();
  const patch: RecordValues = { sourceRemoved: true, syncedAt: at, syncJobId: run.runId };
  return updates(db, family, new Map(results.map((r) => [r.id, patch])));
}

export interface AdvanceOptions {
  /** pages this call may apply at most */
  maxPages: number;
  /** wall-clock time (ms) after which no new page is started */
  deadline: number;
  now?: () => number;
}

export interface AdvanceResult {
  pages: number;
  status: RunRow["status"] | "busy";
}

/**
 * One page as a command: its upsert decided against the read model, the records the enterprise's last page
 * did not see marked removed, and — in the same batch — the (run, step) guard before the events and the
 * natural keys seen and the moved cursor after them, so a page is applied exactly once or not at all.
 */
function pageCommand(list: SynList, run: RunRow, page: ParsedPage, client: SourceClient, codes: DictionaryCodes, at: string): Command<null> {
  const { runId } = run;
  return {
    name: "sync.page",
    statements: { before: [{ sql: "INSERT INTO sync_step (run_id, step) VALUES (?, ?)", params: [runId, run.pages + 1] }] },
    decide: ({ db }) => decideStep(db).catch((error) => Promise.reject(new DecideFailed(error))),
  };
  async function decideStep(db: D1Database): Promise<Decision<null>> {
    const origin = { creditCode: run.cursorCode!, entName: run.cursorName ?? "", sourceCode: client.sourceCode, runId, syncedAt: at };
    const mapped = await Promise.all(page.items.map((item) => mapItem(list, item, origin, codes)));
    const decision = await decidePage(db, list, mapped);
    const last = page.items.length < client.pageSize || run.pageNo * client.pageSize >= page.totalCount;
    const seen = [...new Set(mapped.map((m) => m.naturalKey))];
    const removed = last ? await removals(db, list.family, run, seen, at) : [];
    const rejections = [...JSON.parse(run.rejections ?? "[]"), ...decision.rejections.map((r) => `${run.cursorCode} p${run.pageNo}: ${r}`)].slice(0, 20);
    const after: Statement[] = [
      { sql: "INSERT OR IGNORE INTO sync_seen (run_id, credit_code, natural_key) SELECT ?, ?, value FROM json_each(?)", params: [runId, run.cursorCode, JSON.stringify(seen)] },
      ...(last ? [{ sql: "DELETE FROM sync_seen WHERE run_id = ? AND credit_code = ?", params: [runId, run.cursorCode] }] : []),
      {
        sql: `UPDATE sync_run SET page_no = ?, pages = pages + 1, read = read + ?, created = created + ?, updated = updated + ?, unchanged = unchanged + ?,
              removed = removed + ?, rejected = rejected + ?, rejections = ?, failures = 0, retry_at = NULL, error = NULL WHERE run_id = ?`,
        params: [last ? 0 : run.pageNo + 1, page.items.length, decision.created, decision.updated, decision.unchanged, removed.length, decision.rejections.length, JSON.stringify(rejections), runId],
      },
    ];
    return { writes: [...decision.writes, ...removed], answer: null, statements: { after } };
  }
}

/** A page whose reading or deciding failed (as opposed to its write, which a later tick decides again). */
class DecideFailed extends Error {
  constructor(cause: unknown) {
    super("sync page not decided", { cause });
  }
}

const isStepClash = (error: unknown) => /UNIQUE constraint failed: sync_step/.test(String((error as Error)?.message ?? error) + String((error as Error)?.cause ?? ""));

/**
 * Applies pages of a running run until it ends, the budget is spent or a page fails. Only the holder of the
 * run's lease advances it; another caller answers "busy" at once.
 */
export async function advanceRun(env: Env, store: EventStore, client: SourceClient, lists: ReadonlyMap<string, SynList>, runId: string, options: AdvanceOptions): Promise<AdvanceResult> {
  const now = options.now ?? Date.now;
  const db = env.DB;
  const lease = await db
    .prepare("UPDATE sync_run SET lease_until = ? WHERE run_id = ? AND status = 'running' AND COALESCE(lease_until, 0) < ? AND COALESCE(retry_at, 0) <= ?")
    .bind(now() + leaseMs, runId, now(), now())
    .run();
  if (!lease.meta.changes) {
    const current = await runById(db, runId);
    return { pages: 0, status: current && current.status !== "running" ? current.status : "busy" };
  }
  let applied = 0;
  try {
    let run = (await runById(db, runId))!;
    const list = lists.get(run.list);
    if (!list) return await finish(env, store, run, "failed", `unknown list ${run.list}`, now());
    const { family } = list;
    const codes = await dictionaryCodes(db, family);
    while (applied < options.maxPages && now() < options.deadline) {
      run = (await runById(db, runId))!;
      if (run.status !== "running") return { pages: applied, status: run.status };
      if (run.pageNo === 0) {
        const next = await nextEnterprise(db, run);
        if (!next) return await finish(env, store, run, "done", null, now());
        await db.prepare("UPDATE sync_run SET cursor_code = ?, cursor_name = ?, page_no = 1, enterprises = enterprises + 1 WHERE run_id = ? AND pages = ?").bind(next.code, next.name, runId, run.pages).run();
        continue;
      }
      const request = { product: list.source.product, array: list.source.array, creditCode: run.cursorCode!, entName: run.cursorName ?? "", pageNo: run.pageNo, range: client.pageSize };
      let page;
      try {
        page = await fetchPage(client, request);
      } catch (error) {
        if (!(error instanceof PageFailed)) throw error;
        return await failPage(env, store, run, error, now());
      }
      const iso = new Date(now()).toISOString();
      const at = displayTime(iso);
      try {
        await execute(pageCommand(list, run, page, client, codes, at), principal("sync"), { db, store, requestId: runId, at: iso });
        applied++;
      } catch (error) {
        // the step was applied by someone else (its row exists): read the run again and go on
        if (isStepClash(error)) continue;
        // reading or deciding failed: not the page's write to retry later
        if (error instanceof DecideFailed) throw error.cause;
        // a record changed between the decision and the write (a user's edit): decide the page again next tick
        const cause = (error as Error).cause ?? error;
        return await failPage(env, store, run, new PageFailed(`write refused: ${String((cause as Error)?.message ?? cause)}`, true), now());
      }
    }
    return { pages: applied, status: "running" };
  } finally {
    await db.prepare("UPDATE sync_run SET lease_until = NULL WHERE run_id = ?").bind(runId).run();
  }
}

async function failPage(env: Env, store: EventStore, run: RunRow, error: PageFailed, at: number): Promise<AdvanceResult> {
  const failures = run.failures + 1;
  if (!error.retryable || failures >= maxFailures) return finish(env, store, { ...run, failures }, "failed", error.message, at);
  const wait = Math.min(30 * 60_000, 30_000 * 2 ** (failures - 1));
  await env.DB.prepare("UPDATE sync_run SET failures = ?, error = ?, retry_at = ? WHERE run_id = ?").bind(failures, error.message, at + wait, run.runId).run();
  return { pages: 0, status: "running" };
}

/** Ends a run and, when a scheduled job started it, that job's log once its last run has ended. */
async function finish(env: Env, store: EventStore, run: RunRow, status: "done" | "failed", error: string | null, at: number): Promise<AdvanceResult> {
  await env.DB.batch([
    env.DB.prepare("UPDATE sync_run SET status = ?, error = ?, finished_at = ?, failures = ? WHERE run_id = ?").bind(status, error, at, run.failures, run.runId),
    env.DB.prepare("DELETE FROM sync_step WHERE run_id = ?").bind(run.runId),
    env.DB.prepare("DELETE FROM sync_seen WHERE run_id = ?").bind(run.runId),
  ]);
  if (run.logId) await completeLogIfLast(env, store, run.logId);
  return { pages: 0, status };
}

async function completeLogIfLast(env: Env, store: EventStore, logId: string) {
  const { results } = await env.DB.prepare("SELECT status, read, created, updated, removed, error, list FROM sync_run WHERE log_id = ?").bind(logId).all<{ status: string; read: number; created: number; updated: number; removed: number; error: string | null; list: string }>();
  if (results.some((r) => r.status === "running")) return;
  const read = results.reduce((n, r) => n + r.read, 0);
  const written = results.reduce((n, r) => n + r.created + r.updated + r.removed, 0);
  const failed = results.filter((r) => r.status === "failed");
  const removed = results.reduce((n, r) => n + r.removed, 0);
  if (failed.length) await completeJobRun(env, store, logId, { error: failed.map((r) => `${r.list}: ${r.error}`).join("; ").slice(0, 2000) });
  else await completeJobRun(env, store, logId, { read, written, message: `${results.length} lists, ${removed} marked removed at source` });
}
