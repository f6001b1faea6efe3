/**
 * The policy import adapter: reads an external policy library page by page over HTTP (the protocol of
 * events/policy/source.ts) with a real `fetch` — a timeout per attempt, retries with backoff on timeouts,
 * network errors, 429 and 5xx, none on the source's refusal — and upserts each item as a policy of the
 * `policy` family by (sourceCode, externalId): new ones arrive as drafts for staff to check and publish,
 * known ones are updated (a published policy keeps its state). Each page is one command through the
 * pipeline; an item the family refuses (an unknown fact in its conditions…) is reported with its reason
 * and the rest of the page goes in. Offered as the job handler `policyImport.run`.
 */
import * as z from "zod";
import { l } from "../../events/family.ts";
import { policy as policyFamily } from "../../events/families/casework.ts";
import type { Family } from "../../events/family.ts";
import { externalPolicy, pageSizeMax, policyPageUrl, policyRecordOf, sourcePage, type ExternalPolicy } from "../../events/policy/source.ts";
import { DomainError, ValidationError } from "../errors.ts";
import { execute, principal, type CommandActor } from "../commands/execute.ts";
import { newCreate, newUpdate } from "../resources/commands.ts";
import { recordWhere } from "../resources/query.ts";
import type { EventStore } from "../store/index.ts";
import type { StreamWrite } from "../store/types.ts";
import type { RegisteredHandler } from "../module.ts";
import { PageFailed, defaultBackoff, realSleep, type Fetcher } from "../sync/client.ts";
import { lazySchema } from "../../events/lazy.ts";

const family = policyFamily as unknown as Family;

export interface PolicySource {
  base: string;
  /** recorded on every policy it brings (policy.sourceCode) */
  sourceCode: string;
  key?: string | undefined;
  fetcher?: Fetcher;
  timeoutMs?: number;
  attempts?: number;
  /** the wait before attempt n (2, 3…), in ms */
  backoff?: (attempt: number) => number;
  pageSize?: number;
  moduleCode?: string | undefined;
}

class Retryable extends Error {}

async function attemptPage(source: PolicySource, page: number, size: number, updatedSince?: string) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (source.key) headers.authorization = `Bearer ${source.key}`;
  const timeoutMs = source.timeoutMs ?? 10_000;
  let response: Response;
  try {
    response = await (source.fetcher ?? fetch)(new Request(policyPageUrl(source.base, page, size, updatedSince), { headers, signal: AbortSignal.timeout(timeoutMs) }));
  } catch (error) {
    throw new Retryable(error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError") ? `timed out after ${timeoutMs} ms` : `network error: ${String(error)}`);
  }
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel();
    throw new Retryable(`HTTP ${response.status}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new PageFailed(`HTTP ${response.status}`, false);
  }
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    throw new Retryable("the page is not JSON");
  }
  const parsed = sourcePage.safeParse(body);
  if (!parsed.success) throw new Retryable(`malformed page: ${parsed.error.issues[0]?.message ?? "unexpected shape"}`);
  if (parsed.data.code !== 0) throw new PageFailed(`the source refused: ${parsed.data.code} ${parsed.data.message ?? ""}`.trim(), false);
  if (!parsed.data.data) throw new Retryable("malformed page: no data");
  return parsed.data.data;
}

/** One page, with the retries. */
export async function fetchPolicyPage(source: PolicySource, page: number, size: number, updatedSince?: string) {
  const attempts = source.attempts ?? 3;
  let last = "";
  for (let n = 1; n <= attempts; n++) {
    if (n > 1) await realSleep((source.backoff ?? defaultBackoff)(n));
    try {
      return await attemptPage(source, page, size, updatedSince);
    } catch (error) {
      if (!(error instanceof Retryable)) throw error;
      last = error.message;
    }
  }
  throw new PageFailed(`page ${page}: ${last} (after ${attempts} attempts)`, true);
}

export interface ImportOutcome {
  pages: number;
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** the first refusals: the item's id and why (at most 20) */
  rejections: string[];
}

/** Why the family refused an item, in words (Chinese, as the job log reads). */
const reasonOf = (error: unknown) => (error instanceof DomainError ? error.render("zh-CN").msg : String(error));

/** The writes of one page (reads the existing policies of the page's items at decision time). */
async function pageWrites(db: D1Database, source: PolicySource, items: unknown[], outcome: ImportOutcome): Promise<StreamWrite[]> {
  const writes: StreamWrite[] = [];
  for (const raw of items) {
    const parsed = externalPolicy.safeParse(raw);
    const idText = typeof (raw as { id?: unknown })?.id === "string" ? (raw as { id: string }).id : "?";
    if (!parsed.success) {
      outcome.rejected++;
      if (outcome.rejections.length < 20) outcome.rejections.push(`${idText}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
      continue;
    }
    const item: ExternalPolicy = parsed.data;
    const record = policyRecordOf(item, source.sourceCode, source.moduleCode);
    try {
      const existing = await recordWhere(db, family, { sourceCode: source.sourceCode, externalId: item.id });
      const write = existing ? await newUpdate(db, family, String(existing.id), record) : newCreate(family, record);
      if (write.events.length === 0) outcome.unchanged++;
      else {
        writes.push(write);
        if (existing) outcome.updated++;
        else outcome.created++;
      }
    } catch (error) {
      if (!(error instanceof ValidationError) && !(error instanceof DomainError)) throw error;
      outcome.rejected++;
      if (outcome.rejections.length < 20) outcome.rejections.push(`${item.id}: ${reasonOf(error)}`);
    }
  }
  return writes;
}

export interface ImportRun {
  db: D1Database;
  store: EventStore;
  actor?: CommandActor;
  updatedSince?: string | undefined;
  /** stop after this many pages (the rest on a later run) */
  maxPages?: number;
}

/** Imports every page the source has (or `maxPages` of them). */
export async function importPolicies(run: ImportRun, source: PolicySource): Promise<ImportOutcome> {
  const size = Math.min(pageSizeMax, source.pageSize ?? 50);
  const outcome: ImportOutcome = { pages: 0, read: 0, created: 0, updated: 0, unchanged: 0, rejected: 0, rejections: [] };
  for (let page = 1; page <= (run.maxPages ?? 1000); page++) {
    const data = await fetchPolicyPage(source, page, size, run.updatedSince);
    if (data.items.length === 0) break;
    outcome.pages++;
    outcome.read += data.items.length;
    // counted per attempt: a clash decides the page again from scratch
    let counts: ImportOutcome = outcome;
    await execute(
      {
        name: "policy.import",
        retries: 2,
        async decide({ db }) {
          counts = { ...outcome, rejections: [...outcome.rejections] };
          return { writes: await pageWrites(db, source, data.items, counts), answer: null };
        },
      },
      run.actor ?? principal("scheduler"),
      { db: run.db, store: run.store },
    );
    Object.assign(outcome, counts);
    if (page * size >= data.total) break;
  }
  return outcome;
}

const importParams = lazySchema(() => z.object({
  base: z.string().url().describe("政策库地址 / the library's base URL"),
  sourceCode: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/).describe("来源编码 / source code recorded on each policy"),
  key: z.string().max(200).optional().describe("访问密钥 / access key"),
  updatedSince: z.string().max(40).optional().describe("仅导入此时间后更新的 / only items updated since (ISO)"),
  moduleCode: z.string().max(32).optional(),
}));

export const importHandler: RegisteredHandler<typeof importParams> = {
  bean: "policyImport",
  method: "run",
  label: l("从外部政策库导入政策", "Import policies from an external policy library"),
  params: importParams,
  async run({ env, store }, params) {
    const r = await importPolicies({ db: env.DB, store, updatedSince: params.updatedSince }, { base: params.base, sourceCode: params.sourceCode, key: params.key, moduleCode: params.moduleCode });
    return { read: r.read, written: r.created + r.updated, message: `${r.pages} pages: ${r.created} new, ${r.updated} updated, ${r.unchanged} unchanged, ${r.rejected} refused${r.rejections.length ? ` (${r.rejections.slice(0, 3).join("; ")})` : ""}` };
  },
};
