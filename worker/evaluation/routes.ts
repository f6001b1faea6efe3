/**
 * The evaluation routes (events/api/evaluation.ts): score one enterprise, a list, or every enterprise as a
 * run; try a model (saved or being designed) on an enterprise; check a definition; read runs, a result
 * with its breakdown, an enterprise's latest results and the star lists. Each checks its permission tag
 * on the server; results are written through the command pipeline.
 */
import type { Context } from "hono";
import * as z from "zod";
import { l } from "../../events/family.ts";
import { evaluation, evaluationBody, previewBody, starQuery } from "../../events/api/evaluation.ts";
import { evaluationModel, evaluationResult } from "../../events/families/casework.ts";
import { starEnterprise } from "../../events/families/services.ts";
import { hitech } from "../../events/families/enterprise.ts";
import { breakdownSchema, type Breakdown } from "../../events/evaluation/breakdown.ts";
import { definitionSchema, type Definition } from "../../events/evaluation/definition.ts";
import { checkDefinition, problemText } from "../../events/evaluation/check.ts";
import { score, withAnswers } from "../../events/evaluation/score.ts";
import { DomainError, ValidationError, codes, notFound } from "../errors.ts";
import type { AppEnv } from "../http/env.ts";
import { actorOf, page, reply } from "../http/envelope.ts";
import { parseInput, parsePaging, readBody } from "../http/input.ts";
import type { RouteTable } from "../http/routes.ts";
import { executeHere } from "../http/command.ts";
import { loadFacts } from "../conditions/index.ts";
import * as q from "./queries.ts";
import { catalogueFactsOf, chinaToday, resultWrites, scoreEnterprises } from "./scoring.ts";
import { startRun } from "./run.ts";
import { displayTime } from "../time.ts";
import { driveRun } from "./drive.ts";

const tags = {
  evaluate: `${evaluationModel.perm}:evaluate`,
  modelInfo: evaluationModel.tags.info,
  modelList: evaluationModel.tags.list,
  resultInfo: evaluationResult.tags.info,
  resultList: evaluationResult.tags.list,
  stars: starEnterprise.tags.list,
  hitech: hitech.tags.list,
};
const labels = {
  modelId: evaluationModel.label,
  creditCode: l("统一社会信用代码", "Unified social credit code"),
  creditCodes: l("统一社会信用代码", "Unified social credit code"),
  definition: evaluationModel.fields.definition.label,
  asOf: l("评价日期", "Evaluation date"),
};
const runLabel = l("评价批次", "Evaluation run");
const resultLabel = evaluationResult.label;

/** A model that can score: it exists, is enabled and has a definition. */
async function scoringModel(db: D1Database, id: string): Promise<q.ModelAt & { definition: Definition }> {
  const model = await q.modelNow(db, id);
  if (!model) throw notFound(evaluationModel.label);
  if (model.status === "0") throw new DomainError(codes.validation, "evaluationModelDisabled", { name: model.name });
  if (!model.definition) throw new DomainError(codes.validation, "evaluationModelWithoutDefinition", { name: model.name });
  return model as q.ModelAt & { definition: Definition };
}

/** The named enterprises with their names; an unknown credit code is refused naming it. */
async function knownEnterprises(db: D1Database, codes: string[], field: "creditCode" | "creditCodes") {
  const names = await q.enterpriseNames(db, codes);
  const unknown = codes.find((code) => !names.has(code));
  if (unknown) throw new ValidationError([{ field, label: labels[field], key: "evaluationEnterpriseUnknown", params: { code: unknown } }]);
  return codes.map((code) => ({ code, name: names.get(code)! }));
}

const iso = (ms: number | null) => (ms === null ? null : displayTime(new Date(ms).toISOString()));
const shownRun = ({ cursor: _c, chunks: _n, ...run }: q.RunRow) => ({ ...run, startedAt: iso(run.startedAt)!, finishedAt: iso(run.finishedAt) });

const parseBreakdown = (json: string | null): Breakdown | null => (json ? (JSON.parse(json) as Breakdown) : null);
const summaryOfRow = (r: q.ResultRow, b: Breakdown | null) => ({
  id: r.id,
  creditCode: r.creditCode,
  entName: r.entName,
  modelId: r.modelId,
  modelVersion: r.modelVersion ?? 0,
  evaluationDate: r.evaluationDate,
  eligible: !!r.eligible,
  passed: !!r.passed,
  directPass: b && b.directPassTaken !== null ? (b.directPass[b.directPassTaken]?.label ?? null) : null,
  totalScore: r.totalScore ?? 0,
  grade: r.grade,
});

const problemsOf = (def: Definition) =>
  checkDefinition(def).map((p) => ({ ...p, message: problemText(p, labels.definition) }));

export function evaluationRoutes(routes: RouteTable) {
  routes
    .verb(evaluation.evaluate, tags.evaluate, async (c: Context<AppEnv>) => {
      const body = await readBody(c, evaluationBody, labels);
      const db = c.env.DB;
      const asOf = body.asOf ?? chinaToday();
      if ("all" in body) {
        const { run, started } = await startRun(db, await scoringModel(db, body.modelId), asOf, actorOf(c).name);
        if (started) await driveRun(c.env, c.get("store"), run.runId, (work) => c.executionCtx.waitUntil(work));
        return reply(c, evaluation.evaluate, { results: [], run: shownRun(run) });
      }
      // the model and the enterprises are read side by side: one round trip less for a single enterprise
      const [model, enterprises] = await Promise.all([
        scoringModel(db, body.modelId),
        "creditCode" in body ? knownEnterprises(db, [body.creditCode], "creditCode") : knownEnterprises(db, [...new Set(body.creditCodes)], "creditCodes"),
      ]);
      const scored = await scoreEnterprises(db, model.id, model.definition, enterprises, asOf);
      const answer = await executeHere(c, {
        name: "evaluation.score",
        permission: tags.evaluate,
        decide: () => {
          const { writes, summaries } = resultWrites(model, scored, asOf, null);
          return { writes, answer: { results: summaries, run: null } };
        },
      });
      return reply(c, evaluation.evaluate, answer);
    }, { doc: { summary: l("评价：一家、多家或全部企业", "Score one, several or every enterprise"), tags: ["evaluation"] } })
    .verb(evaluation.preview, tags.evaluate, async (c) => {
      const body = await readBody(c, previewBody, labels);
      const db = c.env.DB;
      const [def, [enterprise]] = await Promise.all([body.definition ?? scoringModel(db, body.modelId!).then((m) => m.definition), knownEnterprises(db, [body.creditCode], "creditCode")]);
      const asOf = body.asOf ?? chinaToday();
      const [facts, papers] = await Promise.all([
        loadFacts(db, [enterprise!.code], asOf, catalogueFactsOf(def)),
        body.answers || !body.modelId ? Promise.resolve(null) : q.latestAnswers(db, body.modelId, [enterprise!.code]),
      ]);
      const answers = body.answers ?? papers?.get(enterprise!.code)?.answers ?? {};
      const breakdown = score(def, withAnswers({ ...(facts.get(enterprise!.code) ?? {}), ...body.facts }, answers));
      return reply(c, evaluation.preview, { creditCode: enterprise!.code, entName: enterprise!.name, asOf, breakdown, problems: problemsOf(def) });
    }, { doc: { summary: l("试评：在一家企业上试用模型（不保存）", "Try a model on an enterprise (nothing saved)"), tags: ["evaluation"] } })
    .verb(evaluation.check, tags.modelInfo, async (c) => {
      const { definition } = parseInput(z.object({ definition: definitionSchema }), await readBody(c, evaluation.check.body), labels);
      return reply(c, evaluation.check, problemsOf(definition));
    }, { doc: { summary: l("检查评分定义", "Check a scoring definition"), tags: ["evaluation"] } })
    .verb(evaluation.runs, tags.modelList, async (c) => {
      const query = c.req.query();
      const modelId = parseInput(z.object({ modelId: z.string().min(1).max(64).optional() }), query, labels).modelId;
      const { limit, offset } = parsePaging(query, 100);
      const { rows, total } = await q.recentRuns(c.env.DB, modelId, limit, offset);
      return page(c, total, rows.map(shownRun));
    }, { doc: { summary: l("评价批次", "Evaluation runs"), tags: ["evaluation"] } })
    .verb(evaluation.run, tags.modelList, async (c) => {
      const run = await q.runById(c.env.DB, (c.req.param("runId") ?? "").slice(0, 64));
      if (!run) throw notFound(runLabel);
      return reply(c, evaluation.run, shownRun(run));
    }, { doc: { summary: l("评价批次进度", "An evaluation run's progress"), tags: ["evaluation"] } })
    .verb(evaluation.explain, tags.resultInfo, async (c) => {
      const row = await q.resultWithBreakdown(c.env.DB, (c.req.param("id") ?? "").slice(0, 64));
      const breakdown = row && parseBreakdown(row.breakdown);
      if (!row || !breakdown) throw notFound(resultLabel);
      const model = await q.modelNow(c.env.DB, row.modelId);
      return reply(c, evaluation.explain, {
        result: summaryOfRow(row, breakdown),
        breakdown: breakdownSchema.parse(breakdown),
        model: { id: row.modelId, name: model?.name ?? null, version: model?.version ?? null, current: !!model && model.version === row.modelVersion },
      });
    }, { doc: { summary: l("评价结果及其得分明细", "A result with its breakdown"), tags: ["evaluation"] } })
    .verb(evaluation.enterpriseResults, tags.resultList, async (c) => {
      const { creditCode } = parseInput(evaluation.enterpriseResults.query, c.req.query(), labels);
      const rows = await q.latestResultsOf(c.env.DB, creditCode);
      return reply(c, evaluation.enterpriseResults, rows.map((r) => summaryOfRow(r, parseBreakdown(r.breakdown))));
    }, { doc: { summary: l("企业在各模型下的最新评价结果", "An enterprise's latest result under each model"), tags: ["evaluation"] } });
  for (const [v, list, tag] of [[evaluation.stars, "star", tags.stars], [evaluation.hitech, "hitech", tags.hitech]] as const) {
    routes.verb(v, tag, async (c) => {
      const query = c.req.query();
      const f = parseInput(starQuery, query, labels);
      const { limit, offset } = parsePaging(query, 100);
      const { rows, total } = await q.starPage(c.env.DB, { list, modelId: f.modelId, entName: f.entName, limit, offset });
      return page(c, total, rows.map((r) => ({
        creditCode: r.creditCode, entName: r.entName, modelId: r.modelId, modelName: r.modelName, threshold: r.threshold, resultId: r.id,
        modelVersion: r.modelVersion ?? 0, evaluationDate: r.evaluationDate, totalScore: r.totalScore ?? 0, grade: r.grade, passed: !!r.passed,
      })));
    }, { doc: { summary: list === "star" ? l("明星企业（评价结果达到模型分数线）", "Star enterprises (results at or above a model's threshold)") : l("高新技术企业（评价结果达到模型分数线）", "High-tech enterprises by evaluation (results at or above a model's threshold)"), tags: ["evaluation"] } });
  }
}
