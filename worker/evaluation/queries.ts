/**
 * The evaluation module's reads: models and their definitions (as they are, or as of a version), the
 * enterprises to score in credit-code order with their names, each enterprise's latest paper answers for a
 * model (by question code), runs, results, an enterprise's latest results and the star lists (latest result
 * per model and enterprise at or above the model's threshold). Column names come from the declarations.
 */
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import { evaluationInformation, evaluationModel, evaluationQuestion, evaluationResult } from "../../events/families/casework.ts";
import { definitionSchema, type Definition } from "../../events/evaluation/definition.ts";
import type { Family } from "../../events/family.ts";
import { findById } from "../resources/query.ts";
import { recordAsOf } from "../resources/commands.ts";
import { containsPattern } from "../http/input.ts";
import type { AnswerValue } from "../../events/evaluation/score.ts";
import type { Statement } from "../store/types.ts";

const M = enterpriseBasicInfo.column;
const R = evaluationResult.column;
const MD = evaluationModel.column;
const I = evaluationInformation.column;
const Q = evaluationQuestion.column;

export interface ModelAt {
  id: string;
  name: string;
  status: string | null;
  version: number;
  definition: Definition | null;
  starThreshold: number | null;
  starList: string | null;
}

const modelOf = (row: Record<string, unknown>): ModelAt => ({
  id: String(row.id),
  name: String(row.name ?? ""),
  status: (row.status as string | null) ?? null,
  version: Number(row.version),
  definition: row.definition ? definitionSchema.parse(row.definition) : null,
  starThreshold: typeof row.starThreshold === "number" ? row.starThreshold : null,
  starList: (row.starList as string | null) ?? null,
});

/** A model as it is now, or null. */
export async function modelNow(db: D1Database, id: string): Promise<ModelAt | null> {
  const row = await findById(db, evaluationModel as unknown as Family, id);
  return row ? modelOf(row) : null;
}

/** A model as it was at `version` (a run scores the version it started with), or null. */
export async function modelAt(db: D1Database, id: string, version: number): Promise<ModelAt | null> {
  const row = await recordAsOf(db, evaluationModel as unknown as Family, id, version);
  return row ? modelOf({ ...row, id }) : null;
}

/** The enterprises among `codes` that exist, with their names. */
export async function enterpriseNames(db: D1Database, codes: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let i = 0; i < codes.length; i += 90) {
    const part = codes.slice(i, i + 90);
    const { results } = await db
      .prepare(`SELECT ${M.creditCode} AS code, ${M.entName} AS name FROM ${enterpriseBasicInfo.table} WHERE ${M.creditCode} IN (${part.map(() => "?").join(",")})`)
      .bind(...part)
      .all<{ code: string; name: string | null }>();
    for (const r of results) names.set(r.code, r.name ?? r.code);
  }
  return names;
}

/** The next `limit` enterprises after `cursor` in credit-code order, with their names. */
export async function enterprisesAfter(db: D1Database, cursor: string | null, limit: number): Promise<{ code: string; name: string }[]> {
  const { results } = await db
    .prepare(`SELECT ${M.creditCode} AS code, ${M.entName} AS name FROM ${enterpriseBasicInfo.table} WHERE ${M.creditCode} > ? ORDER BY ${M.creditCode} LIMIT ?`)
    .bind(cursor ?? "", limit)
    .all<{ code: string; name: string | null }>();
  return results.map((r) => ({ code: r.code, name: r.name ?? r.code }));
}

export const countEnterprises = async (db: D1Database) => Number((await db.prepare(`SELECT COUNT(*) AS n FROM ${enterpriseBasicInfo.table}`).first<{ n: number }>())?.n ?? 0);

export interface PaperAnswers {
  informationId: string;
  answers: Record<string, AnswerValue>;
}

/**
 * Each enterprise's latest evaluation information for a model (the paper it answered), its answers keyed by
 * question code; answers to a question without a code cannot be named by a definition and are left out.
 */
export async function latestAnswers(db: D1Database, modelId: string, codes: string[]): Promise<Map<string, PaperAnswers>> {
  const latest = new Map<string, { id: string; answers: { questionId: string; value: AnswerValue }[] }>();
  for (let i = 0; i < codes.length; i += 90) {
    const part = codes.slice(i, i + 90);
    const { results } = await db
      .prepare(
        `SELECT id, ${I.creditCode} AS code, ${I.answers} AS answers FROM ${evaluationInformation.table}
         WHERE ${I.modelId} = ? AND ${I.creditCode} IN (${part.map(() => "?").join(",")}) ORDER BY ${I.evaluationDate}, create_time, id`,
      )
      .bind(modelId, ...part)
      .all<{ id: string; code: string; answers: string | null }>();
    for (const r of results) latest.set(r.code, { id: r.id, answers: r.answers ? JSON.parse(r.answers) : [] });
  }
  const questionIds = [...new Set([...latest.values()].flatMap((l) => l.answers.map((a) => a.questionId)))];
  const codeOf = new Map<string, string>();
  for (let i = 0; i < questionIds.length; i += 90) {
    const part = questionIds.slice(i, i + 90);
    const { results } = await db
      .prepare(`SELECT id, ${Q.code} AS code FROM ${evaluationQuestion.table} WHERE id IN (${part.map(() => "?").join(",")}) AND ${Q.code} IS NOT NULL`)
      .bind(...part)
      .all<{ id: string; code: string }>();
    for (const r of results) codeOf.set(r.id, r.code);
  }
  const out = new Map<string, PaperAnswers>();
  for (const [code, l] of latest) {
    const answers: Record<string, AnswerValue> = {};
    for (const a of l.answers) {
      const q = codeOf.get(a.questionId);
      if (q) answers[q] = a.value;
    }
    out.set(code, { informationId: l.id, answers });
  }
  return out;
}

// ---- results

/** A result row as the lists and the star list read it (booleans as 0/1). */
const summaryColumns = `r.id AS id, r.${R.creditCode} AS creditCode, r.${R.entName} AS entName, r.${R.modelId} AS modelId, r.${R.modelVersion} AS modelVersion,
  r.${R.evaluationDate} AS evaluationDate, r.${R.eligible} AS eligible, r.${R.passed} AS passed, r.${R.totalScore} AS totalScore, r.${R.grade} AS grade`;

export interface ResultRow {
  id: string;
  creditCode: string;
  entName: string;
  modelId: string;
  modelVersion: number | null;
  evaluationDate: string;
  eligible: number | null;
  passed: number | null;
  totalScore: number | null;
  grade: string | null;
}

/** Latest first among one model's and enterprise's results: the day scored as of, then the later write (rows go in in append order). */
const latestFirst = `PARTITION BY r.${R.modelId}, r.${R.creditCode} ORDER BY r.${R.evaluationDate} DESC, r.rowid DESC`;

/** An enterprise's latest result under each model. */
export async function latestResultsOf(db: D1Database, creditCode: string): Promise<(ResultRow & { breakdown: string | null })[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM (SELECT ${summaryColumns}, r.${R.breakdown} AS breakdown, ROW_NUMBER() OVER (${latestFirst}) AS n FROM ${evaluationResult.table} r WHERE r.${R.creditCode} = ?)
       WHERE n = 1 ORDER BY evaluationDate DESC, modelId`,
    )
    .bind(creditCode)
    .all<ResultRow & { breakdown: string | null }>();
  return results;
}

export async function resultWithBreakdown(db: D1Database, id: string): Promise<(ResultRow & { breakdown: string | null }) | null> {
  return db.prepare(`SELECT ${summaryColumns}, r.${R.breakdown} AS breakdown FROM ${evaluationResult.table} r WHERE r.id = ?`).bind(id).first();
}

export interface StarFilter {
  list: "star" | "hitech";
  modelId?: string;
  entName?: string;
  limit: number;
  offset: number;
}

/**
 * The star list: per model listing on `list` with a threshold, each enterprise's latest result when it is
 * eligible and at or above the threshold — with that result (the one that put it there).
 */
export async function starPage(db: D1Database, f: StarFilter): Promise<{ rows: (ResultRow & { modelName: string; threshold: number })[]; total: number }> {
  const where: string[] = [`m.${MD.starList} = ?`, `m.${MD.starThreshold} IS NOT NULL`];
  const binds: unknown[] = [f.list];
  if (f.modelId) {
    where.push("m.id = ?");
    binds.push(f.modelId);
  }
  const latest = `SELECT ${summaryColumns}, m.${MD.name} AS modelName, m.${MD.starThreshold} AS threshold, ROW_NUMBER() OVER (${latestFirst}) AS n
    FROM ${evaluationResult.table} r JOIN ${evaluationModel.table} m ON m.id = r.${R.modelId} WHERE ${where.join(" AND ")}`;
  const outer = ["n = 1", "eligible = 1", "totalScore >= threshold"];
  const outerBinds: unknown[] = [];
  if (f.entName) {
    outer.push("entName LIKE ? ESCAPE '\\'");
    outerBinds.push(containsPattern(f.entName));
  }
  const from = `FROM (${latest}) WHERE ${outer.join(" AND ")}`;
  const [rows, total] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT * ${from} ORDER BY totalScore DESC, creditCode LIMIT ? OFFSET ?`).bind(...binds, ...outerBinds, f.limit, f.offset),
    db.prepare(`SELECT COUNT(*) AS n ${from}`).bind(...binds, ...outerBinds),
  ]);
  return { rows: rows!.results as unknown as (ResultRow & { modelName: string; threshold: number })[], total: Number(total!.results[0]?.n ?? 0) };
}

// ---- runs

export interface RunRow {
  runId: string;
  modelId: string;
  modelVersion: number;
  asOf: string;
  status: "running" | "done" | "failed";
  total: number;
  scored: number;
  eligible: number;
  passed: number;
  cursor: string | null;
  chunks: number;
  error: string | null;
  startedBy: string | null;
  startedAt: number;
  finishedAt: number | null;
}

const runColumns =
  "run_id AS runId, model_id AS modelId, model_version AS modelVersion, as_of AS asOf, status, total, scored, eligible, passed, cursor, chunks, error, started_by AS startedBy, started_at AS startedAt, finished_at AS finishedAt";

export const runById = (db: D1Database, runId: string) => db.prepare(`SELECT ${runColumns} FROM evaluation_run WHERE run_id = ?`).bind(runId).first<RunRow>();

export const runningRunOf = (db: D1Database, modelId: string) => db.prepare(`SELECT ${runColumns} FROM evaluation_run WHERE model_id = ? AND status = 'running' LIMIT 1`).bind(modelId).first<RunRow>();

export async function recentRuns(db: D1Database, modelId: string | undefined, limit: number, offset: number): Promise<{ rows: RunRow[]; total: number }> {
  const where = modelId ? "WHERE model_id = ?" : "";
  const binds = modelId ? [modelId] : [];
  const [rows, total] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT ${runColumns} FROM evaluation_run ${where} ORDER BY started_at DESC LIMIT ? OFFSET ?`).bind(...binds, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM evaluation_run ${where}`).bind(...binds),
  ]);
  return { rows: rows!.results as unknown as RunRow[], total: Number(total!.results[0]?.n ?? 0) };
}

export const insertRun = (db: D1Database, r: Pick<RunRow, "runId" | "modelId" | "modelVersion" | "asOf" | "total" | "startedBy" | "startedAt">) =>
  db.prepare("INSERT INTO evaluation_run (run_id, model_id, model_version, as_of, status, total, started_by, started_at) VALUES (?, ?, ?, ?, 'running', ?, ?, ?)").bind(r.runId, r.modelId, r.modelVersion, r.asOf, r.total, r.startedBy, r.startedAt).run();

/**
 * The statement a chunk's batch carries after its results: the run's cursor and figures move on with them
 * (a chunk applied twice clashes on its results' streams, so the batch and this move fail together).
 */
export const advanceStatement = (runId: string, cursor: string, scored: number, eligible: number, passed: number, done: boolean, at: number): Statement => ({
  sql: `UPDATE evaluation_run SET chunks = chunks + 1, cursor = ?, scored = scored + ?, eligible = eligible + ?, passed = passed + ?,
        status = CASE WHEN ? = 1 THEN 'done' ELSE status END, finished_at = CASE WHEN ? = 1 THEN ? ELSE finished_at END WHERE run_id = ?`,
  params: [cursor, scored, eligible, passed, done ? 1 : 0, done ? 1 : 0, at, runId],
});

export const finishRun = (db: D1Database, runId: string, status: "done" | "failed", error: string | null, at: number) =>
  db.prepare("UPDATE evaluation_run SET status = ?, error = ?, finished_at = ? WHERE run_id = ? AND status = 'running'").bind(status, error, at, runId).run();

export const runningRunIds = async (db: D1Database) =>
  (await db.prepare("SELECT run_id FROM evaluation_run WHERE status = 'running' ORDER BY started_at LIMIT 20").all<{ run_id: string }>()).results.map((r) => r.run_id);
