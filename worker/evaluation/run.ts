/**
 * Scoring every enterprise under a model as a run: enterprises in credit-code order, a chunk at a time,
 * each chunk one command whose batch creates the chunk's results and moves the run's cursor and figures
 * (evaluation_run), so the progress read is what was written. A run scores the model's version it started
 * with, whatever edits come meanwhile. Driven by a Workflow (./workflow.ts) or, without the binding, within
 * the request's waitUntil and the cron trigger's advance.
 */
import { ConcurrencyError } from "../errors.ts";
import { execute, principal } from "../commands/execute.ts";
import type { Env } from "../http/env.ts";
import type { EventStore } from "../store/index.ts";
import { advanceStatement, countEnterprises, enterprisesAfter, finishRun, insertRun, modelAt, runById, runningRunOf, type ModelAt, type RunRow } from "./queries.ts";
import { resultWrites, scoreEnterprises } from "./scoring.ts";
import { giveWay } from "../background.ts";

/** Enterprises per chunk: one command, one D1 batch of their results. */
export const chunkSize = 100;

const system = principal("system", "evaluation");

/** Starts a run of `model` (its current version) as of `asOf`, or answers the one already running for it. */
export async function startRun(db: D1Database, model: ModelAt, asOf: string, startedBy: string | null, now = Date.now()): Promise<{ run: RunRow; started: boolean }> {
  const running = await runningRunOf(db, model.id);
  if (running) return { run: running, started: false };
  const runId = crypto.randomUUID();
  await insertRun(db, { runId, modelId: model.id, modelVersion: model.version, asOf, total: await countEnterprises(db), startedBy, startedAt: now });
  return { run: (await runById(db, runId))!, started: true };
}

/** A chunk's result ids: by run and enterprise, so the same chunk cannot be written twice. */
export const resultIdOf = (runId: string, creditCode: string) => `${runId}-${creditCode}`;

/** Scores and writes the next chunk of a running run; answers the run's status afterwards. */
export async function advanceChunk(env: Env, store: EventStore, runId: string, size = chunkSize): Promise<RunRow["status"]> {
  const db = env.DB;
  const run = await runById(db, runId);
  if (!run || run.status !== "running") return run?.status ?? "failed";
  const model = await modelAt(db, run.modelId, run.modelVersion);
  if (!model?.definition) {
    await finishRun(db, runId, "failed", "the model or its definition at the run's version is gone", Date.now());
    return "failed";
  }
  const enterprises = await enterprisesAfter(db, run.cursor, size);
  if (enterprises.length === 0) {
    await finishRun(db, runId, "done", null, Date.now());
    return "done";
  }
  const scored = await scoreEnterprises(db, model.id, model.definition, enterprises, run.asOf);
  const { writes } = resultWrites(model, scored, run.asOf, runId, (s) => resultIdOf(runId, s.creditCode));
  const done = enterprises.length < size;
  const eligible = scored.filter((s) => s.breakdown.eligible).length;
  const passed = scored.filter((s) => s.breakdown.passed).length;
  try {
    await execute(
      {
        name: "evaluation.chunk",
        decide: () => ({ writes, answer: null, statements: { after: [advanceStatement(runId, enterprises.at(-1)!.code, scored.length, eligible, passed, done, Date.now())] } }),
      },
      system,
      { db, store, requestId: runId },
    );
  } catch (error) {
    // another advancer wrote this chunk first: its cursor has moved, the next call goes on from there
    if (!(error instanceof ConcurrencyError)) throw error;
  }
  return done ? "done" : "running";
}

/** Advances a run chunk by chunk until it ends or `deadline` (ms) passes. */
export async function advanceRun(env: Env, store: EventStore, runId: string, deadline: number): Promise<RunRow["status"]> {
  let status: RunRow["status"] = "running";
  try {
    while (status === "running" && Date.now() < deadline) {
      status = await advanceChunk(env, store, runId);
      await giveWay();
    }
  } catch (error) {
    await finishRun(env.DB, runId, "failed", String((error as Error)?.message ?? error).slice(0, 500), Date.now());
    return "failed";
  }
  return status;
}
