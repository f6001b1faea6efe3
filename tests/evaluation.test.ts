/**
 * Scoring through the Worker: a hand-made model scoring hand-made enterprises written through the record
 * engine (master records, patents, software copyrights), with the totals computed by hand; entry refusal
 * with its reason; a direct pass; one input changed moves exactly one metric; results of an older model
 * version stay explainable; runs over every enterprise on the Workflow with progress; the preview saving
 * nothing; the star lists; definitions refused naming the rule; permissions.
 */
import { env, introspectWorkflowInstance } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Definition } from "../events/evaluation/definition.ts";
import { call, creditCode, login, userWithPermissions } from "./helpers.ts";
import { runById } from "../worker/evaluation/queries.ts";
import { advanceChunk, resultIdOf, startRun } from "../worker/evaluation/run.ts";
import { execute, principal } from "../worker/commands/execute.ts";
import { resultWrites, scoreEnterprises } from "../worker/evaluation/scoring.ts";
import { store } from "../worker/modules.ts";
import { modelNow } from "../worker/evaluation/queries.ts";

const asOf = "2026-11-27";
const t = (zh: string, en = zh) => ({ "zh-CN": zh, "en-US": en });
let token: string;

beforeAll(async () => {
  token = await login();
});

async function ok(path: string, body?: unknown, as = token) {
  const answer = await call(path, { token: as, ...(body === undefined ? {} : { body }) });
  if (answer.body.code !== 0) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
const save = async (path: string, body: Record<string, unknown>) => (await ok(`${path}/save`, body)).data.id as string;
const count = async (sql: string, ...binds: unknown[]) => Number((await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n);

/** 100 points: registered capital 40 by bands, IP 60 by items; 5 invention patents pass directly; only existing enterprises. */
const definition = (capitalTop = 40): Definition => ({
  totalScore: 100,
  entry: { fact: "regStatus", op: "in", values: ["existing", "inBusiness"], label: t("登记状态为存续或在业") },
  directPass: [{ label: t("有效发明专利5项以上"), when: { fact: "inventionPatents", op: "gte", value: 5 } }],
  metrics: [
    { key: "capital", name: t("注册资本"), weight: 40, scoring: { kind: "bands", measure: { fact: "regCapital" }, bands: [{ min: null, max: 100, points: 0 }, { min: 100, max: 1000, points: 20 }, { min: 1000, max: null, points: capitalTop }] } },
    {
      key: "ip", name: t("知识产权"), weight: 60,
      scoring: { kind: "items", items: [{ label: t("拥有发明专利"), when: { fact: "inventionPatents", op: "gte", value: 1 }, points: 30 }, { label: t("软件著作权2项以上"), when: { fact: "softwareCopyrights", op: "gte", value: 2 }, points: 30 }] },
    },
  ],
  passLine: 60,
  passRequires: [],
  grades: [{ code: "C", label: t("一般"), min: 0 }, { code: "B", label: t("良好"), min: 60 }, { code: "A", label: t("优秀"), min: 80 }],
});

async function model(extra: Record<string, unknown> = {}): Promise<string> {
  const code = `M${crypto.randomUUID().slice(0, 8)}`;
  return save("/common/tbevaluationmodel", { name: `测试模型${code}`, code, modelType: "comprehensive", status: "1", totalScore: 100, definition: definition(), ...extra });
}

async function enterprise(regCapital: number, regStatus = "existing"): Promise<string> {
  const code = creditCode();
  await save("/common/enenterprisebasicinfo", { creditCode: code, entName: `评价测试${code.slice(-8)}有限公司`, areaCode: "610100", regCapital, regStatus, estDate: "2015-03-01" });
  return code;
}
const entName = async (code: string) => (await env.DB.prepare("SELECT ent_name AS n FROM en_enterprise_basic_info WHERE credit_code = ?").bind(code).first<{ n: string }>())!.n;
async function patents(code: string, n: number) {
  for (let i = 0; i < n; i++) await save("/common/enpatentinfo", { creditCode: code, entName: await entName(code), title: "一种测试方法", appNo: `CN${Math.floor(Math.random() * 1e9)}`, patentType: "invention", legalStatus: "granted", appDate: "2022-01-10", grantDate: "2024-05-06" });
}
async function software(code: string, n: number) {
  for (let i = 0; i < n; i++) await save("/common/ensoftwarecopyright", { creditCode: code, entName: await entName(code), softwareName: "测试软件", regNo: `2024SR${Math.floor(Math.random() * 1e7)}`, status: "registered", regDate: "2024-03-01" });
}
const evaluate = async (modelId: string, code: string, as = token) => (await ok("/common/tbevaluationmodel/evaluation", { modelId, creditCode: code, asOf }, as)).data.results[0];
const explain = async (id: string, as = token) => (await ok(`/common/result/explain/${id}`, undefined, as)).data;
const points = (b: { metrics: { key: string; points: number }[] }) => Object.fromEntries(b.metrics.map((m) => [m.key, m.points]));

describe("the model's definition", () => {
  it("is refused with the rule it breaks, naming the field; each change is a new version", async () => {
    const bad = definition();
    bad.metrics[1]!.weight = 50;
    const refused = await call("/common/tbevaluationmodel/save", { token, body: { name: "坏模型", code: `B${crypto.randomUUID().slice(0, 8)}`, modelType: "credit", status: "1", definition: bad } });
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.errors?.definition).toBe("评分定义：metrics 下各项权重之和须为 100%（剩余 10%）");
    const english = await call("/common/tbevaluationmodel/save", { token, lang: "en-US", body: { name: "bad", code: `B${crypto.randomUUID().slice(0, 8)}`, modelType: "credit", status: "1", definition: bad } });
    expect(english.body.errors?.definition).toBe("Scoring definition: the weights under metrics must sum to 100% (10% remaining)");
    const schemaBroken = await call("/common/tbevaluationmodel/save", { token, body: { name: "坏模型", code: `B${crypto.randomUUID().slice(0, 8)}`, modelType: "credit", status: "1", definition: { totalScore: 100 } } });
    expect(Object.keys(schemaBroken.body.errors ?? {})).toEqual(["definition"]);

    const id = await model();
    const v1 = (await modelNow(env.DB, id))!.version;
    await ok("/common/tbevaluationmodel/update", { id, definition: definition(35) });
    expect((await modelNow(env.DB, id))!.version).toBe(v1 + 1);
  });

  it("is checked by the check verb with the remainder, and needs its permission", async () => {
    const bad = definition();
    bad.metrics[1]!.weight = 50;
    const problems = (await ok("/common/tbevaluationmodel/evaluation/check", { definition: bad })).data;
    expect(problems).toEqual([{ path: "metrics", key: "weightsSum", remainder: 10, message: { "zh-CN": "评分定义：metrics 下各项权重之和须为 100%（剩余 10%）", "en-US": "Scoring definition: the weights under metrics must sum to 100% (10% remaining)" } }]);
    const stranger = await userWithPermissions(token, ["common:result:list"]);
    expect((await call("/common/tbevaluationmodel/evaluation/check", { token: stranger.token, body: { definition: bad } })).body.code).toBe(403);
  });
});

describe("evaluation variables", () => {
  it("name a fact of the catalogue or a paper's question, never an unknown fact or both", async () => {
    const code = `V${crypto.randomUUID().slice(0, 8)}`;
    const id = await save("/common/tbevaluationvariable", { name: "有效发明专利", code, variableType: "number", status: "1", fact: "inventionPatents" });
    const listed = (await ok(`/common/tbevaluationvariable/allList?code=${code}`)).data as { id: string; fact: string }[];
    expect(listed.map((v) => [v.id, v.fact])).toEqual([[id, "inventionPatents"]]);
    const unknown = await call("/common/tbevaluationvariable/save", { token, body: { name: "x", code: `${code}x`, variableType: "number", status: "1", fact: "patentsGalore" } });
    expect(Object.keys(unknown.body.errors ?? {})).toEqual(["fact"]);
    const both = await call("/common/tbevaluationvariable/save", { token, body: { name: "y", code: `${code}y`, variableType: "number", status: "1", fact: "revenue", questionCode: "staff" } });
    expect(Object.keys(both.body.errors ?? {})).toEqual(["questionCode"]);
    expect(await count("SELECT COUNT(*) AS n FROM tb_evaluation_variable WHERE code IN (?, ?)", `${code}x`, `${code}y`)).toBe(0);
    const question = await save("/common/tbevaluationvariable", { name: "科技人员数", code: `${code}q`, variableType: "number", status: "1", questionCode: "techStaff" });
    expect(question).toBeTruthy();
  });
});

describe("scoring an enterprise", () => {
  it("scores hand-made data as computed by hand and keeps a result that explains itself", async () => {
    const modelId = await model();
    const code = await enterprise(500); // capital band [100, 1000): 20
    await patents(code, 1); // 30
    await software(code, 1); // one short of 2: 0
    const result = await evaluate(modelId, code);
    expect(result).toMatchObject({ creditCode: code, modelId, eligible: true, passed: false, totalScore: 50, grade: "C", directPass: null, evaluationDate: asOf });
    const { breakdown, model: m } = await explain(result.id);
    expect(points(breakdown)).toEqual({ capital: 20, ip: 30 });
    expect(breakdown.metrics[0]).toMatchObject({ value: 500, band: { index: 1, min: 100, max: 1000, points: 20 }, fullPoints: 40 });
    expect(breakdown.facts).toMatchObject({ regCapital: 500, inventionPatents: 1, softwareCopyrights: 1, regStatus: "existing" });
    const raise = Object.fromEntries(breakdown.raise.map((r: { metric: string }) => [r.metric, r]));
    expect(raise.capital).toMatchObject({ needs: { op: "gte", value: 1000 }, gap: 500, adds: 20 });
    expect(raise.ip).toMatchObject({ facts: ["softwareCopyrights"], gap: 1, adds: 30 });
    expect(m).toMatchObject({ id: modelId, current: true });
    // the record engine's own reads show it too
    const info = (await ok(`/common/result/info/${result.id}`)).data;
    expect(info).toMatchObject({ creditCode: code, modelId, totalScore: 50, passed: false, eligible: true, modelVersion: result.modelVersion });
    expect((await ok(`/common/enterprise/tbevaluationinformanion/results?creditCode=${code}`)).data).toEqual([result]);
  });

  it("changing one input changes exactly the expected metric", async () => {
    const modelId = await model();
    const code = await enterprise(500);
    await patents(code, 1);
    await software(code, 1);
    const before = await explain((await evaluate(modelId, code)).id);
    await software(code, 1);
    const after = await explain((await evaluate(modelId, code)).id);
    expect(points(after.breakdown)).toEqual({ ...points(before.breakdown), ip: 60 });
    expect(after.result).toMatchObject({ totalScore: 80, passed: true, grade: "A" });
  });

  it("refuses an enterprise not meeting the entry conditions, with the reason", async () => {
    const modelId = await model();
    const code = await enterprise(5000, "cancelled");
    const result = await evaluate(modelId, code);
    expect(result).toMatchObject({ eligible: false, passed: false, grade: null });
    const { breakdown } = await explain(result.id);
    expect(breakdown.entryMissing).toEqual([expect.objectContaining({ fact: "regStatus", actual: "cancelled", expected: ["existing", "inBusiness"], pass: false, label: t("登记状态为存续或在业") })]);
  });

  it("passes by a direct route whatever the score", async () => {
    const modelId = await model();
    const code = await enterprise(10);
    await patents(code, 5);
    const result = await evaluate(modelId, code);
    expect(result).toMatchObject({ eligible: true, passed: true, totalScore: 30, directPass: t("有效发明专利5项以上") });
  });

  it("refuses an unknown enterprise, a model without a definition, and writes nothing", async () => {
    const modelId = await model();
    const before = await count("SELECT COUNT(*) AS n FROM tb_evaluation_result WHERE model_id = ?", modelId);
    const unknown = await call("/common/tbevaluationmodel/evaluation", { token, body: { modelId, creditCodes: [await enterprise(1), creditCode()] } });
    expect(unknown.body.msg).toMatch(/^没有统一社会信用代码为“.{18}”的企业$/);
    const bare = await model({ definition: null });
    const noDefinition = await call("/common/tbevaluationmodel/evaluation", { token, body: { modelId: bare, creditCode: await enterprise(1) } });
    expect(noDefinition.body.msg).toContain("还没有评分定义");
    expect(await count("SELECT COUNT(*) AS n FROM tb_evaluation_result WHERE model_id = ?", modelId)).toBe(before);
  });

  it("keeps results of an older model version readable after the model changes", async () => {
    const modelId = await model();
    const code = await enterprise(5000); // top band: 40 under version 1
    const old = await evaluate(modelId, code);
    expect(old.totalScore).toBe(40);
    await ok("/common/tbevaluationmodel/update", { id: modelId, definition: definition(25) });
    const fresh = await evaluate(modelId, code);
    expect(fresh.totalScore).toBe(25);
    expect(fresh.modelVersion).toBe(old.modelVersion + 1);
    const then = await explain(old.id);
    expect(then.model).toMatchObject({ id: modelId, version: fresh.modelVersion, current: false });
    expect(then.result.modelVersion).toBe(old.modelVersion);
    expect(then.breakdown.metrics[0]).toMatchObject({ points: 40, band: { points: 40 } });
    // even with the model deleted
    await ok("/common/tbevaluationmodel/delete", [modelId]);
    expect((await explain(old.id)).breakdown.total).toBe(40);
  });

  it("tries a model, saved or being designed, on an enterprise with overrides, saving nothing", async () => {
    const modelId = await model();
    const code = await enterprise(500);
    const before = await count("SELECT COUNT(*) AS n FROM tb_evaluation_result");
    const saved = (await ok("/common/tbevaluationmodel/evaluation/preview", { modelId, creditCode: code, asOf })).data;
    expect(saved.breakdown.total).toBe(20);
    const designed = definition();
    designed.metrics[0]!.weight = 30;
    const tried = (await ok("/common/tbevaluationmodel/evaluation/preview", { definition: designed, creditCode: code, asOf, facts: { inventionPatents: 1, softwareCopyrights: 2 } })).data;
    expect(points(tried.breakdown)).toEqual({ capital: 20, ip: 60 });
    expect(tried.breakdown.metrics[1].items[1].trace).toMatchObject({ fact: "softwareCopyrights", actual: 2, pass: true });
    expect(tried.problems.map((p: { key: string; remainder?: number }) => [p.key, p.remainder])).toEqual([["weightsSum", 10], ["bandAboveFull", undefined]]);
    expect(await count("SELECT COUNT(*) AS n FROM tb_evaluation_result")).toBe(before);
  });
});

describe("permissions", () => {
  it("scoring needs the evaluate tag, explaining the result's info tag, star lists their list's tag", async () => {
    const modelId = await model();
    const code = await enterprise(500);
    const reader = await userWithPermissions(token, ["common:result:info", "common:result:list"]);
    const before = await count("SELECT COUNT(*) AS n FROM tb_evaluation_result WHERE model_id = ?", modelId);
    expect((await call("/common/tbevaluationmodel/evaluation", { token: reader.token, body: { modelId, creditCode: code } })).body.code).toBe(403);
    expect((await call("/common/tbevaluationmodel/evaluation/preview", { token: reader.token, body: { modelId, creditCode: code } })).body.code).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM tb_evaluation_result WHERE model_id = ?", modelId)).toBe(before);
    const scorer = await userWithPermissions(token, ["common:tbevaluationmodel:evaluate"]);
    const result = await evaluate(modelId, code, scorer.token);
    expect((await call(`/common/result/explain/${result.id}`, { token: scorer.token })).body.code).toBe(403);
    expect((await explain(result.id, reader.token)).result.id).toBe(result.id);
    expect((await call("/common/enstarenterprise/evaluated", { token: reader.token })).body.code).toBe(403);
    expect((await call("/common/hitech/evaluated", { token: reader.token })).body.code).toBe(403);
  });
});

describe("star enterprises", () => {
  it("list an enterprise whose latest result reaches the model's threshold, with that result", async () => {
    const star = await model({ starThreshold: 60, starList: "star" });
    const high = await model({ starThreshold: 60, starList: "hitech" });
    const strong = await enterprise(5000);
    await patents(strong, 1); // 40 + 30 = 70
    const weak = await enterprise(500); // 20
    const strongResult = await evaluate(star, strong);
    await evaluate(star, weak);
    await evaluate(high, strong);
    const stars = await ok(`/common/enstarenterprise/evaluated?modelId=${star}`);
    expect(stars.total).toBe(1);
    expect(stars.data).toEqual([expect.objectContaining({ creditCode: strong, resultId: strongResult.id, totalScore: 70, threshold: 60, modelId: star })]);
    expect((await ok(`/common/hitech/evaluated?modelId=${high}`)).data.map((r: { creditCode: string }) => r.creditCode)).toEqual([strong]);
    expect((await ok(`/common/hitech/evaluated?modelId=${star}`)).total).toBe(0);
    // the latest result decides: the strong one falls below after the threshold's metric changes
    await ok("/common/tbevaluationmodel/update", { id: star, definition: definition(0) });
    await evaluate(star, strong);
    expect((await ok(`/common/enstarenterprise/evaluated?modelId=${star}`)).total).toBe(0);
    // the hitech family's standard set still works
    expect((await ok("/common/hitech/list?page=1&limit=1")).code).toBe(0);
  });
});

describe("scoring every enterprise", () => {
  it("runs on the Workflow in chunks and reports its progress; a run already going is answered again", async () => {
    const modelId = await model();
    await enterprise(5000);
    const { run, started } = await startRun(env.DB, (await modelNow(env.DB, modelId))!, asOf, "admin");
    expect(started).toBe(true);
    expect((await startRun(env.DB, (await modelNow(env.DB, modelId))!, asOf, "admin")).run.runId).toBe(run.runId);
    const total = await count("SELECT COUNT(*) AS n FROM en_enterprise_basic_info");
    expect(run.total).toBe(total);
    const instance = await introspectWorkflowInstance(env.EVALUATION_WORKFLOW!, run.runId);
    try {
      await env.EVALUATION_WORKFLOW!.create({ id: run.runId, params: { runId: run.runId } });
      await instance.waitForStatus("complete");
      expect(await instance.getOutput()).toBe("done");
    } finally {
      await instance.dispose();
    }
    const progress = (await ok(`/common/tbevaluationmodel/evaluation/runs/${run.runId}`)).data;
    expect(progress).toMatchObject({ runId: run.runId, status: "done", total, scored: total });
    expect(await count("SELECT COUNT(*) AS n FROM tb_evaluation_result WHERE run_id = ?", run.runId)).toBe(total);
    const runs = await ok(`/common/tbevaluationmodel/evaluation/runs?modelId=${modelId}`);
    expect(runs.data.map((r: { runId: string }) => r.runId)).toEqual([run.runId]);
    expect((await runById(env.DB, run.runId))!.eligible).toBe(await count("SELECT COUNT(*) AS n FROM tb_evaluation_result WHERE run_id = ? AND eligible = 1", run.runId));
  }, 60_000);

  it("moves chunk by chunk with its progress, and a chunk written twice writes nothing the second time", async () => {
    const modelId = await model();
    for (let i = 0; i < 3; i++) await enterprise(500 * (i + 1));
    const m = (await modelNow(env.DB, modelId))!;
    const { run } = await startRun(env.DB, m, asOf, "admin");
    const total = run.total;
    expect(await advanceChunk(env, store, run.runId, 2)).toBe("running");
    const first = (await runById(env.DB, run.runId))!;
    expect([first.scored, first.chunks, first.status]).toEqual([2, 1, "running"]);
    // the first chunk again, as a second advancer that read the old cursor would write it: refused whole
    const again = await scoreEnterprises(env.DB, modelId, m.definition!, (await env.DB.prepare("SELECT credit_code AS code, ent_name AS name FROM en_enterprise_basic_info ORDER BY credit_code LIMIT 2").all<{ code: string; name: string }>()).results, asOf);
    const { writes } = resultWrites(m, again, asOf, run.runId, (s) => resultIdOf(run.runId, s.creditCode));
    await expect(execute({ name: "evaluation.chunk", decide: () => ({ writes, answer: null }) }, principal("system"), { db: env.DB, store })).rejects.toThrow();
    expect(await count("SELECT COUNT(*) AS n FROM tb_evaluation_result WHERE run_id = ?", run.runId)).toBe(2);
    let status = "running";
    for (let i = 0; i < total && status === "running"; i++) status = await advanceChunk(env, store, run.runId, 2);
    const done = (await runById(env.DB, run.runId))!;
    expect([done.status, done.scored]).toEqual(["done", total]);
    expect(await count("SELECT COUNT(*) AS n FROM tb_evaluation_result WHERE run_id = ?", run.runId)).toBe(total);
  });

  it("starts from the route with all: true and answers the run", async () => {
    const modelId = await model();
    const answer = (await ok("/common/tbevaluationmodel/evaluation", { modelId, all: true, asOf })).data;
    expect(answer.results).toEqual([]);
    expect(answer.run).toMatchObject({ modelId, status: "running", scored: 0 });
  });
});
