/**
 * Sync runs: a run reads one list for every enterprise (or the ones it names), page by page, with its cursor
 * in D1. Each step reads the first page of the next enterprises side by side (or the next page of one with
 * many), decides the upsert and writes, in one D1 batch, the step's events, the content hashes of what it
 * applied, the natural keys seen of an enterprise still being paged, and the moved cursor — guarded by a
 * (run, step) row, so a step applied once is never applied again, whatever crashes, retries or overlapping
 * advancers do. After an enterprise's last page the
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
import { decidePage, unchangedKeys, updates } from "./upsert.ts";
import { contentHash, keepHashes } from "./kept.ts";
import { giveWay, settledInOrder } from "../background.ts";

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
  return (await startRuns(db, [list], options))[0]!;
}

/** Starts a run of each of `lists` not already running, in one query and one batch; answers each list's run. */
export async function startRuns(db: D1Database, lists: readonly SynList[], options: StartOptions = {}): Promise<{ runId: string; started: boolean }[]> {
  const names = lists.map((l) => l.family.name);
  const { results } = await db.prepare("SELECT list, run_id AS runId FROM sync_run WHERE status = 'running' AND list IN (SELECT value FROM json_each(?))").bind(JSON.stringify(names)).all<{ list: string; runId: string }>();
  const running = new Map(results.map((r) => [r.list, r.runId]));
  const runs = names.map((name) => (running.has(name) ? { runId: running.get(name)!, started: false } : { runId: crypto.randomUUID(), started: true }));
  const creditCodes = options.creditCodes ? JSON.stringify([...new Set(options.creditCodes)].sort()) : null;
  const inserts = runs.flatMap((run, i) =>
    run.started
      ? [db.prepare("INSERT INTO sync_run (run_id, list, status, credit_codes, page_no, log_id, started_by, started_at) VALUES (?, ?, 'running', ?, 0, ?, ?, ?)").bind(run.runId, names[i]!, creditCodes, options.logId ?? null, options.startedBy ?? null, options.now ?? Date.now())]
      : [],
  );
  if (inserts.length) await db.batch(inserts);
  return runs;
}

const master = enterpriseBasicInfo as unknown as Family;

/**
 * Enterprises a step reads at most, and items a step decides at most (a page the source sent exactly as
 * before costs no decision, so an unchanged pass moves by whole windows); a multi-page enterprise takes a
 * step per page. Small steps keep each D1 batch short: background work never holds the database long.
 */
const enterprisesPerStep = 300;
const itemsPerStep = 100;
/** pages of one step read at the same time from the source */
const fetchesInFlight = 6;

/** The next `limit` enterprises after the cursor (by credit code) the run reads. */
async function nextEnterprises(db: D1Database, run: RunRow, limit: number): Promise<{ code: string; name: string }[]> {
  const code = master.column.creditCode!;
  const name = master.column.entName!;
  const limited = run.creditCodes ? ` AND ${code} IN (SELECT value FROM json_each(?))` : "";
  const { results } = await db
    .prepare(`SELECT ${code} AS code, ${name} AS name FROM ${master.table} WHERE ${code} > ?${limited} ORDER BY ${code} LIMIT ${limit}`)
    .bind(run.cursorCode ?? "", ...(run.creditCodes ? [run.creditCodes] : []))
    .all<{ code: string; name: string | null }>();
  return results.map((r) => ({ code: r.code, name: r.name ?? "" }));
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

/**
 * The records of the enterprises whose last page this step read that the pass did not see (in this step,
 * or on the earlier pages of a multi-page enterprise, kept in `sync_seen`): each gets `sourceRemoved: true`.
 */
async function removals(db: D1Database, family: Family, run: RunRow, finished: string[], seenNow: string[], at: string): Promise<StreamWrite[]> {
  if (finished.length === 0) return [];
  const c = family.column;
  const { results } = await db
    .prepare(
      `SELECT ${family.idColumn} AS id FROM ${family.table} WHERE ${c.creditCode} IN (SELECT value FROM json_each(?)) AND ${c.naturalKey} IS NOT NULL AND COALESCE(${c.sourceRemoved}, 0) = 0
       AND ${c.naturalKey} NOT IN (SELECT natural_key FROM sync_seen WHERE run_id = ?)
       AND ${c.naturalKey} NOT IN (SELECT value FROM json_each(?)) LIMIT ${maxRemovedPerPass}`,
    )
    .bind(JSON.stringify(finished), run.runId, JSON.stringify(seenNow))
    .all<{ id: string }>();
  const patch: RecordValues = { sourceRemoved: true, syncedAt: at, syncJobId: run.runId };
  return updates(db, family, new Map(results.map((r) => [r.id, patch])));
}

export interface AdvanceOptions {
  /** pages this call may apply at most */
  maxPages: number;
  /** wall-clock time (ms) after which no new step is started */
  deadline: number;
  now?: () => number;
}

export interface AdvanceResult {
  pages: number;
  status: RunRow["status"] | "busy";
}

/** One page read for one enterprise; `last` when the enterprise has no page after it. */
interface PageRead {
  code: string;
  name: string;
  pageNo: number;
  page: ParsedPage;
  last: boolean;
  /** content hash of the page's items, for an enterprise whose items fit one page */
  pageHash: string | null;
  /** that page is exactly the one applied last time: nothing in it is decided again */
  unchanged: boolean;
}

/** Where the run stands after a step: the enterprise and its next page, or page 0 once the enterprise is done. */
interface Cursor {
  code: string | null;
  name: string | null;
  pageNo: number;
}

interface Gathered {
  reads: PageRead[];
  cursor: Cursor;
  /** the page that could not be read after the pages before it, if any: the run waits, then tries it again */
  failure: PageFailed | null;
}

const isLastPage = (page: ParsedPage, pageNo: number, pageSize: number) => page.items.length < pageSize || pageNo * pageSize >= page.totalCount;

/**
 * The enterprises of `hashes` (credit code → page hash) whose one page is the one applied last time. The query
 * answers the others (on an unchanged pass, none: a window's answer costs nothing to read back).
 */
async function unchangedPages(db: D1Database, list: SynList, hashes: [string, string][]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const { results } = await db
    .prepare(
      "SELECT json_extract(j.value, '$[0]') AS code FROM json_each(?2) j LEFT JOIN sync_page p ON p.list = ?1 AND p.credit_code = json_extract(j.value, '$[0]') " +
        "WHERE p.content_hash IS NOT json_extract(j.value, '$[1]')",
    )
    .bind(list.family.name, JSON.stringify(hashes))
    .all<{ code: string }>();
  const changed = new Set(results.map((r) => r.code));
  return new Set(hashes.map(([code]) => code).filter((code) => !changed.has(code)));
}

/** Hashes of pages already hashed in this isolate: an in-process source hands the same page back on every pass. */
const pageHashes = new WeakMap<ParsedPage, string>();
async function pageHash(page: ParsedPage): Promise<string> {
  let hash = pageHashes.get(page);
  if (hash === undefined) pageHashes.set(page, (hash = await contentHash(page.items)));
  return hash;
}

/**
 * Page 1 of the next enterprises after the cursor, read side by side, each with its content hash and whether
 * it is the page applied last time; the reads stop before the first page that could not be read.
 */
async function readWindow(db: D1Database, run: RunRow, list: SynList, client: SourceClient): Promise<Window> {
  const next = await nextEnterprises(db, run, enterprisesPerStep);
  const last = next.length < enterprisesPerStep;
  const pages = await settledInOrder(next, fetchesInFlight, (e) => fetchPage(client, pageRequest(list, client, e.code, e.name, 1)));
  await giveWay();
  const failed = pages.findIndex((p) => p.status === "rejected");
  const read = (failed < 0 ? pages : pages.slice(0, failed)).map((p) => (p as PromiseFulfilledResult<ParsedPage>).value);
  const reads: PageRead[] = [];
  for (const [i, page] of read.entries()) {
    const last = isLastPage(page, 1, client.pageSize);
    reads.push({ ...next[i]!, pageNo: 1, page, last, pageHash: last ? await pageHash(page) : null, unchanged: false });
  }
  const unchanged = await unchangedPages(db, list, reads.flatMap((r) => (r.pageHash === null ? [] : [[r.code, r.pageHash] as [string, string]])));
  for (const read of reads) read.unchanged = unchanged.has(read.code);
  if (failed < 0) return { reads, failure: null, last };
  const reason = (pages[failed] as PromiseRejectedResult).reason;
  if (!(reason instanceof PageFailed)) throw reason;
  return { reads, failure: reason, last: false };
}

/** Pages read ahead and not yet applied (a step takes what fits; the rest waits for the next step). */
interface Window {
  reads: PageRead[];
  failure: PageFailed | null;
  /** the window held the last enterprises there are: once it is applied the run is done */
  last: boolean;
}

const pageRequest = (list: SynList, client: SourceClient, code: string, name: string, pageNo: number) => ({ product: list.source.product, array: list.source.array, creditCode: code, entName: name, pageNo, range: client.pageSize });

/**
 * The pages of the next step: the next page of an enterprise being paged, or page 1 of the next enterprises
 * (from the window read ahead, or a new one) while their changed items fit the step; an enterprise with more
 * than one page ends the step, and its later pages come one a step. Null when no enterprise is left.
 */
async function gather(db: D1Database, run: RunRow, list: SynList, client: SourceClient, ahead: Window): Promise<{ gathered: Gathered | null; ahead: Window }> {
  if (run.pageNo > 0) {
    const code = run.cursorCode!;
    const name = run.cursorName ?? "";
    const page = await fetchPage(client, pageRequest(list, client, code, name, run.pageNo));
    const last = isLastPage(page, run.pageNo, client.pageSize);
    return { gathered: { reads: [{ code, name, pageNo: run.pageNo, page, last, pageHash: null, unchanged: false }], cursor: { code, name, pageNo: last ? 0 : run.pageNo + 1 }, failure: null }, ahead };
  }
  if (ahead.last && ahead.reads.length === 0) return { gathered: null, ahead };
  const window = ahead.reads.length || ahead.failure ? ahead : await readWindow(db, run, list, client);
  if (window.reads.length === 0 && !window.failure) return { gathered: null, ahead: window };
  const reads: PageRead[] = [];
  let cursor: Cursor = { code: run.cursorCode, name: run.cursorName, pageNo: 0 };
  let items = 0;
  for (const read of window.reads) {
    if (!read.unchanged && items > 0 && items + read.page.items.length > itemsPerStep) break;
    reads.push(read);
    if (!read.unchanged) items += read.page.items.length;
    cursor = { code: read.code, name: read.name, pageNo: read.last ? 0 : 2 };
    if (!read.last) break;
  }
  const rest = window.reads.slice(reads.length);
  // the page that failed waits until everything read before it is applied
  const failure = rest.length === 0 ? window.failure : null;
  return { gathered: { reads, cursor, failure }, ahead: { reads: rest, failure: rest.length ? window.failure : null, last: window.last && !failure } };
}

/**
 * One step as a command: the items the source sent exactly as before recognised in SQL by their content
 * hash, the others decided against the read model, the records of each finished enterprise the pass did not
 * see marked removed, and — in the same batch — the (run, step) guard before the events, then the content
 * hashes, the natural keys seen of an enterprise still being paged and the moved cursor after them, so a
 * step is applied exactly once or not at all.
 */
function stepCommand(list: SynList, run: RunRow, gathered: Gathered, client: SourceClient, codes: DictionaryCodes, at: string, leaseUntil: number): Command<null> {
  const { runId } = run;
  const { reads, cursor } = gathered;
  return {
    name: "sync.page",
    statements: { before: [{ sql: "INSERT INTO sync_step (run_id, step) VALUES (?, ?)", params: [runId, run.pages + 1] }] },
    decide: ({ db }) => decideStep(db).catch((error) => Promise.reject(new DecideFailed(error))),
  };
  async function decideStep(db: D1Database): Promise<Decision<null>> {
    const changed = reads.filter((r) => !r.unchanged);
    const mapped = (
      await Promise.all(
        changed.map((r) => {
          const origin = { creditCode: r.code, entName: r.name, sourceCode: client.sourceCode, runId, syncedAt: at };
          return Promise.all(r.page.items.map(async (item) => ({ ...(await mapItem(list, item, origin, codes)), hash: await contentHash(item) })));
        }),
      )
    ).flat();
    await giveWay();
    const hashes = new Map(mapped.map((m) => [m.naturalKey, m.hash]));
    const unchanged = await unchangedKeys(db, list, hashes);
    const decision = await decidePage(db, list, mapped.filter((m) => !unchanged.has(m.naturalKey)));
    const seen = [...hashes.keys()];
    const finished = changed.filter((r) => r.last);
    const removed = await removals(db, list.family, run, finished.map((r) => r.code), seen, at);
    // a page is kept as applied only when its removals are all marked (a larger removal goes on next pass)
    const appliedPages = removed.length < maxRemovedPerPass ? finished.filter((r) => r.pageHash !== null).map((r): [string, string] => [r.code, r.pageHash!]) : [];
    const skipped = reads.filter((r) => r.unchanged).reduce((n, r) => n + r.page.items.length, 0);
    const paging = reads.find((r) => !r.last);
    const rejections = [...JSON.parse(run.rejections ?? "[]"), ...decision.rejections].slice(0, 20);
    const after: Statement[] = [
      ...keepHashes("item", list, decision.accepted.map((key) => [key, hashes.get(key)!])),
      ...keepHashes("page", list, appliedPages),
      ...(paging ? [{ sql: "INSERT OR IGNORE INTO sync_seen (run_id, credit_code, natural_key) SELECT ?, ?, value FROM json_each(?)", params: [runId, paging.code, JSON.stringify(mapped.filter((m) => m.values.creditCode === paging.code).map((m) => m.naturalKey))] }] : []),
      ...(finished.some((r) => r.pageNo > 1) ? [{ sql: "DELETE FROM sync_seen WHERE run_id = ?", params: [runId] }] : []),
      {
        sql: `UPDATE sync_run SET cursor_code = ?, cursor_name = ?, page_no = ?, pages = pages + ?, enterprises = enterprises + ?, read = read + ?, created = created + ?, updated = updated + ?,
              unchanged = unchanged + ?, removed = removed + ?, rejected = rejected + ?, rejections = ?, failures = 0, retry_at = NULL, error = NULL, lease_until = ? WHERE run_id = ?`,
        params: [
          cursor.code,
          cursor.name,
          cursor.pageNo,
          reads.length,
          reads.filter((r) => r.pageNo === 1).length,
          mapped.length + skipped,
          decision.created,
          decision.updated,
          skipped + unchanged.size + decision.unchanged,
          removed.length,
          decision.rejections.length,
          JSON.stringify(rejections),
          leaseUntil,
          runId,
        ],
      },
    ];
    return { writes: [...decision.writes, ...removed], answer: null, statements: { after } };
  }
}

/** A step whose reading or deciding failed (as opposed to its write, which a later tick decides again). */
class DecideFailed extends Error {
  constructor(cause: unknown) {
    super("sync page not decided", { cause });
  }
}

const isStepClash = (error: unknown) => /UNIQUE constraint failed: sync_step/.test(String((error as Error)?.message ?? error) + String((error as Error)?.cause ?? ""));

/**
 * Applies steps of a running run until it ends, the budget is spent or a page fails, giving the event loop
 * back between steps. Only the holder of the run's lease advances it; another caller answers "busy" at once.
 */
export async function advanceRun(env: Env, store: EventStore, client: SourceClient, lists: ReadonlyMap<string, SynList>, runId: string, options: AdvanceOptions): Promise<AdvanceResult> {
  const now = options.now ?? Date.now;
  const db = env.DB;
  const leased = await db
    .prepare(`UPDATE sync_run SET lease_until = ? WHERE run_id = ? AND status = 'running' AND COALESCE(lease_until, 0) < ? AND COALESCE(retry_at, 0) <= ? RETURNING ${runColumns}`)
    .bind(now() + leaseMs, runId, now(), now())
    .first<RunRow>();
  if (!leased) {
    const current = await runById(db, runId);
    return { pages: 0, status: current && current.status !== "running" ? current.status : "busy" };
  }
  let applied = 0;
  let ended = false;
  try {
    let run = leased;
    const list = lists.get(run.list);
    if (!list) return await finish(env, store, run, "failed", `unknown list ${run.list}`, now());
    // the dictionaries are read with the first page that has something to decide (an unchanged pass never needs them)
    let codes: DictionaryCodes | null = null;
    let ahead: Window = { reads: [], failure: null, last: false };
    // the run as this advancer last wrote it; read again after a step through the command (counts, rejections)
    let known: RunRow | null = run;
    while (applied < options.maxPages && now() < options.deadline) {
      run = known ?? (await runById(db, runId))!;
      known = null;
      if (run.status !== "running") return { pages: applied, status: run.status };
      let gathered: Gathered | null;
      try {
        ({ gathered, ahead } = await gather(db, run, list, client, ahead));
      } catch (error) {
        if (!(error instanceof PageFailed)) throw error;
        return await failPage(env, store, run, error, now());
      }
      if (!gathered) {
        ended = true;
        return await finish(env, store, run, "done", null, now());
      }
      if (gathered.reads.length > 0 && gathered.reads.every((r) => r.unchanged)) {
        // nothing to decide or write: the cursor and the counts move on their own (held by the step count)
        const items = gathered.reads.reduce((n, r) => n + r.page.items.length, 0);
        const move = db
          .prepare(`UPDATE sync_run SET cursor_code = ?, cursor_name = ?, page_no = 0, pages = pages + ?, enterprises = enterprises + ?, read = read + ?, unchanged = unchanged + ?, failures = 0, retry_at = NULL, error = NULL, lease_until = ? WHERE run_id = ? AND pages = ?`)
          .bind(gathered.cursor.code, gathered.cursor.name, gathered.reads.length, gathered.reads.length, items, items, now() + leaseMs, runId, run.pages);
        if (ahead.last && ahead.reads.length === 0 && !gathered.failure) {
          // the run's last step: it ends in the same batch (the step count guards both)
          ended = true;
          return await finish(env, store, run, "done", null, now(), [move]);
        }
        const moved = await move.run();
        if (!moved.meta.changes) ahead = { reads: [], failure: null, last: false };
        else {
          applied += gathered.reads.length;
          const { code, name } = gathered.cursor;
          known = { ...run, cursorCode: code, cursorName: name, pageNo: 0, pages: run.pages + gathered.reads.length, enterprises: run.enterprises + gathered.reads.length, read: run.read + items, unchanged: run.unchanged + items, failures: 0, retryAt: null, error: null };
        }
      } else if (gathered.reads.length > 0) {
        const iso = new Date(now()).toISOString();
        try {
          codes ??= await dictionaryCodes(db, list.family);
          await execute(stepCommand(list, run, gathered, client, codes, displayTime(iso), now() + leaseMs), principal("sync"), { db, store, requestId: runId, at: iso });
          applied += gathered.reads.length;
        } catch (error) {
          // the step was applied by someone else (its row exists): read the run again and go on
          if (isStepClash(error)) {
            ahead = { reads: [], failure: null, last: false };
            continue;
          }
          // reading or deciding failed: not the page's write to retry later
          if (error instanceof DecideFailed) throw error.cause;
          // a record changed between the decision and the write (a user's edit): decide the step again next tick
          const cause = (error as Error).cause ?? error;
          return await failPage(env, store, run, new PageFailed(`write refused: ${String((cause as Error)?.message ?? cause)}`, true), now());
        }
      }
      if (gathered.failure) return await failPage(env, store, (await runById(db, runId))!, gathered.failure, now());
      await giveWay();
    }
    return { pages: applied, status: "running" };
  } finally {
    // a finished run keeps no lease to let go of (finish clears it)
    if (!ended) await db.prepare("UPDATE sync_run SET lease_until = NULL WHERE run_id = ?").bind(runId).run();
  }
}

/** Ends a run whose source is no longer configured: nothing is read, the run says why. */
export async function finishUnsourced(env: Env, store: EventStore, runId: string): Promise<void> {
  const run = await runById(env.DB, runId);
  if (run?.status === "running") await finish(env, store, run, "failed", "no source configured (SYN_SOURCE_URL)", Date.now());
}

async function failPage(env: Env, store: EventStore, run: RunRow, error: PageFailed, at: number): Promise<AdvanceResult> {
  const failures = run.failures + 1;
  if (!error.retryable || failures >= maxFailures) return finish(env, store, { ...run, failures }, "failed", error.message, at);
  const wait = Math.min(30 * 60_000, 30_000 * 2 ** (failures - 1));
  await env.DB.prepare("UPDATE sync_run SET failures = ?, error = ?, retry_at = ? WHERE run_id = ?").bind(failures, error.message, at + wait, run.runId).run();
  return { pages: 0, status: "running" };
}

type LoggedRun = { status: string; read: number; created: number; updated: number; removed: number; error: string | null; list: string };

/**
 * Ends a run (after `before`, the statements of its last step, in the same batch) and, when a scheduled job
 * started it, that job's log once its last run has ended: the job's runs are read back in the same batch.
 */
async function finish(env: Env, store: EventStore, run: RunRow, status: "done" | "failed", error: string | null, at: number, before: D1PreparedStatement[] = []): Promise<AdvanceResult> {
  const results = await env.DB.batch<LoggedRun>([
    ...before,
    env.DB.prepare("UPDATE sync_run SET status = ?, error = ?, finished_at = ?, failures = ?, lease_until = NULL WHERE run_id = ?").bind(status, error, at, run.failures, run.runId),
    env.DB.prepare("DELETE FROM sync_step WHERE run_id = ?").bind(run.runId),
    env.DB.prepare("DELETE FROM sync_seen WHERE run_id = ?").bind(run.runId),
    ...(run.logId ? [env.DB.prepare("SELECT status, read, created, updated, removed, error, list FROM sync_run WHERE log_id = ?").bind(run.logId)] : []),
  ]);
  if (run.logId) await completeLogIfLast(env, store, run.logId, results.at(-1)!.results);
  return { pages: 0, status };
}

async function completeLogIfLast(env: Env, store: EventStore, logId: string, results: LoggedRun[]) {
  if (results.some((r) => r.status === "running")) return;
  const read = results.reduce((n, r) => n + r.read, 0);
  const written = results.reduce((n, r) => n + r.created + r.updated + r.removed, 0);
  const failed = results.filter((r) => r.status === "failed");
  const removed = results.reduce((n, r) => n + r.removed, 0);
  if (failed.length) await completeJobRun(env, store, logId, { error: failed.map((r) => `${r.list}: ${r.error}`).join("; ").slice(0, 2000) });
  else await completeJobRun(env, store, logId, { read, written, message: `${results.length} lists, ${removed} marked removed at source` });
}
