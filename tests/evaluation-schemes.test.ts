/**
 * The two seeded schemes (worker/seed/evaluation-demo/) scored by hand on the three showcase enterprises
 * of the demo region (showcase.ts), metric by metric and band by band, against the engine's answer
 * (events/evaluation/score.ts); the band edges; a refusal at entry with its reason; the direct routes; and
 * the same figures read back from the seeded records and scored through the evaluation route.
 *
 * Figures in 万元. Bands are [min, max): "30%（含）以上" includes 30, "25%（含）-30%" stops below 30.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { checkDefinition } from "../events/evaluation/check.ts";
import { definitionSchema, type Definition } from "../events/evaluation/definition.ts";
import { leafScores, score, type AnswerValue } from "../events/evaluation/score.ts";
import type { Breakdown } from "../events/evaluation/breakdown.ts";
import { factByKey } from "../events/conditions/facts.ts";
import type { Facts, FactValue } from "../events/conditions/tree.ts";
import { loadFacts } from "../worker/conditions/index.ts";
import { modelAt } from "../worker/evaluation/queries.ts";
import { buildEnterpriseDemo, type DemoResult } from "../worker/seed/enterprise-demo/index.ts";
import { evaluationSchemes } from "../worker/seed/evaluation-demo/index.ts";
import { questionByCode } from "../worker/seed/evaluation-demo/questions.ts";
import { expectedFacts, showcaseByKey, showcaseFigures, type ShowcaseFigures } from "../worker/seed/evaluation-demo/showcase.ts";
import { techSmeDefinition } from "../worker/seed/evaluation-demo/tech-sme.ts";
import { zjtx2022Definition, zjtx2026Definition } from "../worker/seed/evaluation-demo/zjtx.ts";
import { seedId, seedMeta } from "../worker/seed/index.ts";
import { seal } from "../worker/store/append.ts";
import { store } from "../worker/modules.ts";
import { call, login } from "./helpers.ts";

const facts = (key: ShowcaseFigures["key"], over: Record<string, FactValue> = {}): Facts => ({ ...expectedFacts(showcaseByKey(key)), ...over });
/** every leaf's points by metric key */
const points = (b: Breakdown) => Object.fromEntries(leafScores(b).map((m) => [m.key, m.points]));
const definitions: [string, Definition][] = [
  ["科技型中小企业评价", techSmeDefinition],
  ["专精特新 2022", zjtx2022Definition],
  ["专精特新 2026", zjtx2026Definition],
];

describe("the seeded definitions", () => {
  it.each(definitions)("%s is a valid definition the model record accepts: weights to 100, bands inside full points, known facts", (_, def) => {
    expect(() => definitionSchema.parse(def)).not.toThrow();
    expect(checkDefinition(def)).toEqual([]);
  });

  it("reads only catalogue facts and the answers of its own paper's questions", () => {
    for (const scheme of evaluationSchemes)
      for (const v of scheme.versions) {
        const b = score(v.definition, {});
        for (const key of Object.keys(b.facts)) {
          if (key.startsWith("q:")) {
            expect(questionByCode.has(key.slice(2)), key).toBe(true);
            expect(v.questions, `${scheme.code} ${v.label} asks ${key}`).toContain(key.slice(2));
          } else expect(factByKey.has(key), key).toBe(true);
        }
      }
  });

  it("answers read by conditions are typed by their use: compared with a number, an answer is a number and a text comparison of it is refused; an unknown fact still is", () => {
    const def = structuredClone(techSmeDefinition);
    def.entry = { all: [{ fact: "q:TSME_RESIDENT", op: "eq", value: "yes" }, { fact: "q:TSME_RESIDENT", op: "gte", value: 1 }, { fact: "nope", op: "eq", value: 1 }] };
    expect(checkDefinition(def).map((p) => [p.key, p.path])).toEqual([["valueType", "entry.0"], ["unknownFact", "entry.2"]]);
  });
});

describe("科技型中小企业评价 by hand", () => {
  it("edges: every figure on its band's lower edge — 94, passed", () => {
    const b = score(techSmeDefinition, facts("edges"));
    expect(b.eligible).toBe(true);
    // 科技人员 15 / 职工 50 = 30.00% → band A "30%（含）以上" = 20
    // 研发投入: 150 / 销售收入 2500 = 6.00% → A = 50; 150 / 成本费用 2200 = 6.82% → F (below 10%) = 0; the better: 50
    // 科技成果: Ⅰ类 0 → 0; Ⅱ类 3 utility models + 1 software copyright = 4 → B "4项及以上" = 24; the better: 24
    expect(points(b)).toEqual({ techStaff: 20, rdInput: 50, results: 24 });
    const rd = b.metrics.find((m) => m.key === "rdInput")!;
    expect(rd.alternatives!.map((a) => [a.points, a.taken])).toEqual([[50, true], [0, false]]);
    // 20 + 50 + 24 = 94 ≥ 60, 科技人员 20 > 0
    expect(b.total).toBe(94);
    expect([b.scorePassed, b.directPassTaken, b.passed]).toEqual([true, null, true]);
  });

  it("justBelow: 29.98% science staff scores 16 not 20, and R&D to costs (exactly 15%) beats R&D to sales — 66, passed", () => {
    const b = score(techSmeDefinition, facts("justBelow"));
    // 科技人员 149 / 497 = 29.98% → B "25%（含）-30%" = 16
    // 研发投入: 90 / 3200 = 2.81% → E "2%（含）-3%" = 10; 90 / 成本费用 600 = 15.00% → D "15%（含）-20%" = 20; the better: 20
    // 科技成果: Ⅰ类 1 invention → A = 30 (Ⅱ类 2 + 1 + 2 = 5 → 24, lower)
    expect(points(b)).toEqual({ techStaff: 16, rdInput: 20, results: 30 });
    const rd = b.metrics.find((m) => m.key === "rdInput")!;
    expect(rd.alternatives!.map((a) => [a.points, a.taken])).toEqual([[10, false], [20, true]]);
    expect(rd.value).toBe(15);
    // 16 + 20 + 30 = 66
    expect([b.total, b.passed]).toEqual([66, true]);
  });

  it("direct: 50 points and science staff 0 fail the score; the high-tech certificate in force passes it directly", () => {
    const b = score(techSmeDefinition, facts("direct"));
    // 科技人员 11 / 120 = 9.17% → F "10%以下" = 0
    // 研发投入: 1100 / 18000 = 6.11% → A = 50; 1100 / 17000 = 6.47% → F = 0; the better: 50
    // 科技成果: no IP → 0
    expect(points(b)).toEqual({ techStaff: 0, rdInput: 50, results: 0 });
    expect(b.total).toBe(50);
    // below 60, and 科技人员指标 is 0 (the requirement "above 0" unmet)
    expect(b.passRequires).toEqual([{ metric: "techStaff", above: 0, points: 0, met: false }]);
    expect(b.scorePassed).toBe(false);
    // the first route: 拥有有效期内高新技术企业资格证书
    expect(b.directPassTaken).toBe(0);
    expect(b.directPass[0]!.label["zh-CN"]).toBe("拥有有效期内高新技术企业资格证书");
    expect(b.passed).toBe(true);
    // the same enterprise without the certificate does not pass
    expect(score(techSmeDefinition, facts("direct", { hitechValid: false })).passed).toBe(false);
  });

  it("band edges: 29.99% scores 16, 30% scores 20; 5.99% of sales 40, 6% 50", () => {
    const staff = (n: number) => points(score(techSmeDefinition, facts("edges", { employees: 10000, "q:TSME_TECH_STAFF": n }))).techStaff;
    expect([staff(2999), staff(3000), staff(2499), staff(2500), staff(999), staff(1000)]).toEqual([16, 20, 12, 16, 0, 4]);
    const sales = (rd: number) => points(score(techSmeDefinition, facts("edges", { rdExpense: rd, revenue: 10000, "q:TSME_COST": 1e9 }))).rdInput;
    expect([sales(599), sales(600), sales(199), sales(200)]).toEqual([40, 50, 0, 10]);
  });

  it("changing one input changes exactly the expected metric: one more science staff (149 → 150 of 497) moves 16 → 20", () => {
    const before = score(techSmeDefinition, facts("justBelow"));
    const after = score(techSmeDefinition, facts("justBelow", { "q:TSME_TECH_STAFF": 150 }));
    expect(points(after)).toEqual({ ...points(before), techStaff: 20 });
    expect(after.total - before.total).toBe(4);
    // the explanation said so: the next band needs 30%, 0.02 percentage points away, adding 4
    const raise = before.raise.find((r) => r.metric === "techStaff")!;
    expect([raise.needs, raise.adds]).toEqual([{ op: "gte", value: 30 }, 4]);
  });

  it("entry refused with the reason: 501 employees fail 职工总数不超过500人 by 1", () => {
    const b = score(techSmeDefinition, facts("edges", { employees: 501 }));
    expect([b.eligible, b.passed]).toEqual([false, false]);
    expect(b.entryMissing.map((m) => [m.label?.["zh-CN"], m.fact, m.gap])).toEqual([["职工总数不超过500人", "employees", 1]]);
    // an unanswered declaration refuses too (a missing answer fails its condition)
    const unanswered = score(techSmeDefinition, facts("edges", { "q:TSME_NOT_LISTED": null }));
    expect(unanswered.entryMissing.map((m) => m.label?.["zh-CN"])).toEqual(["未列入经营异常名录和严重违法失信企业名单"]);
  });
});

describe("专精特新中小企业认定 2022 (version 1) by hand", () => {
  it("edges: 63, passed on the score", () => {
    const b = score(zjtx2022Definition, facts("edges"));
    expect(b.eligible).toBe(true);
    expect(points(b)).toEqual({
      // 专业化 25: 主营占比 80% → A "80%以上" 5; 增长率 10% → A 10; 细分市场 4 年 → 每满2年1分 = 2; 领域 B 3 → 20
      mainShare: 5, mainGrowth: 10, marketYears: 2, field: 3,
      // 精细化 25: 数字化 二级 3; 质量 ISO9001 + 自主品牌 = 3 + 3 = 6, capped at 5; 净利率 250 / 2500 = 10% → A 10;
      // 资产负债率 1500 / 3000 = 50% → B "50%-60%" 3 → 21
      digital: 3, quality: 5, netMargin: 10, debtRatio: 3,
      // 特色化 15: one of the three provincial items → 5
      distinctive: 5,
      // 创新能力 35: 知识产权 only Ⅱ类 (4) → D 2; 研发 150万元 → E 2, 150 / 2500 = 6% → C 6, the better 6;
      // 研发人员 10 / 50 = 20% → A 5; 研发机构 市级 4 → 17
      ip: 2, rdInput: 6, rdStaff: 5, rdOrg: 4,
    });
    // 20 + 21 + 5 + 17 = 63 ≥ 60
    expect(b.metrics.map((m) => [m.key, m.points])).toEqual([["specialised", 20], ["refined", 21], ["distinctive", 5], ["innovation", 17]]);
    expect([b.total, b.scorePassed, b.directPassTaken, b.passed]).toEqual([63, true, null, true]);
  });

  it("justBelow: refused at entry — R&D expense 90 < 100万元 and 2.81% < 3%, each with its gap", () => {
    const b = score(zjtx2022Definition, facts("justBelow"));
    expect([b.eligible, b.passed]).toEqual([false, false]);
    expect(b.entryMissing.map((m) => [m.label?.["zh-CN"], m.gap])).toEqual([
      ["上年度研发费用总额不低于100万元", 10],
      ["研发费用占营业收入总额比重不低于3%", 3 - 2.8125],
    ]);
  });

  it("justBelow with R&D raised to 100万元 (3.125%): eligible, 83 — every figure just under an edge scores the band below", () => {
    const b = score(zjtx2022Definition, facts("justBelow", { rdExpense: 100, rdRatio: 3.125 }));
    expect(b.eligible).toBe(true);
    expect(points(b)).toEqual({
      // 主营占比 79.9% → B 3 (not 5); 增长率 9.99% → B 8 (not 10); 9 年 → 4; 领域 A 5 → 20
      mainShare: 3, mainGrowth: 8, marketYears: 4, field: 5,
      // 数字化 三级 5; four quality items 12, capped at 5; 净利率 1400 / 3200 = 43.75% → 10; 负债率 30% → 5 → 25
      digital: 5, quality: 5, netMargin: 10, debtRatio: 5,
      distinctive: 15,
      // Ⅰ类高价值 1 → A 10; 研发 100万元 → E 2, 3.125% → E 2; 研发人员 99 / 497 = 19.92% → B 3 (not 5); 省级 8 → 23
      ip: 10, rdInput: 2, rdStaff: 3, rdOrg: 8,
    });
    expect([b.total, b.passed]).toEqual([83, true]);
    // the refused enterprise's metrics were scored all the same, only 研发投入 moved (0 → 2)
    const refused = score(zjtx2022Definition, facts("justBelow"));
    expect(points(refused)).toEqual({ ...points(b), rdInput: 0 });
  });

  it("direct: 23 points, passed by the route 近两年研发费用总额均值在1000万元以上 ((1100 + 950) / 2 = 1025)", () => {
    const b = score(zjtx2022Definition, facts("direct"));
    expect(b.eligible).toBe(true);
    expect(points(b)).toEqual({
      // 主营占比 85% → 5; 增长率 3% → E "0%-4%" 2; 12 年 → 5 (capped); 领域 C 0 → 12
      mainShare: 5, mainGrowth: 2, marketYears: 5, field: 0,
      // 数字化 一级 0; no quality item 0; 净利率 180 / 18000 = 1% → 0; 负债率 13680 / 19000 = 72% → D 0
      digital: 0, quality: 0, netMargin: 0, debtRatio: 0,
      distinctive: 0,
      // no IP 0; 研发 1100万元 → A 10 (6.11% → C 6); 研发人员 10 / 120 = 8.33% → C 1; 未建立研发机构 0 → 11
      ip: 0, rdInput: 10, rdStaff: 1, rdOrg: 0,
    });
    expect([b.total, b.scorePassed]).toEqual([23, false]);
    expect(b.directPassTaken).toBe(1);
    expect(b.directPass[1]!.trace.actual).toBe(1025);
    expect(b.passed).toBe(true);
    // 999.5 misses the route by 0.5
    const short = score(zjtx2022Definition, facts("direct", { rdExpense2yAvg: 999.5 }));
    expect([short.passed, short.directPass[1]!.trace.gap]).toEqual([false, 0.5]);
  });
});

describe("专精特新中小企业认定 2026 (version 2) by hand", () => {
  it("edges: refused — no class I IP item and no exemption, though it passed the 2022 standard", () => {
    const b = score(zjtx2026Definition, facts("edges"));
    expect(b.eligible).toBe(false);
    expect(b.entryMissing.map((m) => [m.fact, m.gap])).toEqual([["ipClass1", 1]]);
    expect(b.passed).toBe(false);
  });

  it("justBelow: refused, every unmet condition named — main business 79.9% < 80%, R&D below 100万元 and 3% in both years", () => {
    const b = score(zjtx2026Definition, facts("justBelow"));
    expect(b.entryMissing.map((m) => m.fact)).toEqual(["q:ZJTX_MAIN_SHARE", "rdExpense", "rdRatio", "rdExpensePrev", "rdRatioPrev"]);
    expect(b.entryMissing.map((m) => m.gap)).toEqual([80 - 79.9, 10, 3 - 2.8125, 20, 3 - (80 * 100) / 2900]);
  });

  it("direct: eligible (class I IP exempt), scored on the platform's published score 58 ≥ 50; 49.99 fails, 50 passes", () => {
    const b = score(zjtx2026Definition, facts("direct"));
    expect(b.eligible).toBe(true);
    expect(points(b)).toEqual({ devScore: 58 });
    expect([b.total, b.passed]).toEqual([58, true]);
    const at = (v: AnswerValue) => score(zjtx2026Definition, facts("direct", { "q:ZJTX26_DEV_SCORE": v })).passed;
    expect([at(49.99), at(50)]).toEqual([false, true]);
  });
});

describe("the seeded region: the records hold the figures, the model keeps both versions, the route scores as by hand", () => {
  const at = "2026-11-23T08:00:00.000Z";
  const asOf = at.slice(0, 10);
  let demo: DemoResult;
  beforeAll(async () => {
    demo = await buildEnterpriseDemo(seedId, at, { enterprises: 18 });
    const meta = seedMeta(at);
    const sealed = (await Promise.all(demo.writes.map((w) => seal(w, meta)))).flat();
    const statements = store.statementsFor(sealed);
    for (let j = 0; j < statements.length; j += 500) await env.DB.batch(statements.slice(j, j + 500).map((s) => env.DB.prepare(s.sql).bind(...s.params)));
  }, 120_000);

  const codeOf = (s: ShowcaseFigures) => demo.enterprises[s.index]!.creditCode;

  it("the facts read back from the showcase enterprises' records are the figures scored by hand", async () => {
    const codes = showcaseFigures.map(codeOf);
    const read = await loadFacts(env.DB, codes, asOf);
    for (const s of showcaseFigures) {
      const want = Object.fromEntries(Object.entries(expectedFacts(s)).filter(([k]) => !k.startsWith("q:")));
      const got = read.get(codeOf(s))!;
      for (const [k, v] of Object.entries(want)) {
        if (typeof v === "number") expect(got[k], `${s.key} ${k}`).toBeCloseTo(v, 9);
        else expect(got[k], `${s.key} ${k}`).toEqual(v);
      }
    }
  });

  it("专精特新 is one model record in two versions: version 1 holds the 2022 definition, version 2 the 2026 one", async () => {
    const id = await seedId("evaluation-demo:model:ZJTX");
    const [v1, v2] = await Promise.all([modelAt(env.DB, id, 1), modelAt(env.DB, id, 2)]);
    expect(v1!.definition).toEqual(zjtx2022Definition);
    expect(v2!.definition).toEqual(zjtx2026Definition);
    expect(v2!.version).toBe(2);
  });

  it("scoring the showcase enterprises through the evaluation route gives the totals computed by hand", async () => {
    const token = await login();
    const expected: Record<string, Record<ShowcaseFigures["key"], [number, boolean, boolean]>> = {
      // [total, eligible, passed]
      TSME: { edges: [94, true, true], justBelow: [66, true, true], direct: [50, true, true] },
      // the model's current version (2026): the platform score answered on the latest paper
      ZJTX: { edges: [50, false, false], justBelow: [49.5, false, false], direct: [58, true, true] },
    };
    for (const code of ["TSME", "ZJTX"]) {
      const modelId = await seedId(`evaluation-demo:model:${code}`);
      const res = await call("/common/tbevaluationmodel/evaluation", { method: "POST", token, body: { modelId, creditCodes: showcaseFigures.map(codeOf), asOf } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const results = (res.body as { data: { results: { creditCode: string; totalScore: number; eligible: boolean; passed: boolean; modelVersion: number }[] } }).data.results;
      for (const s of showcaseFigures) {
        const r = results.find((x) => x.creditCode === codeOf(s))!;
        expect([r.totalScore, r.eligible, r.passed], `${code} ${s.key}`).toEqual(expected[code]![s.key]);
        expect(r.modelVersion).toBe(code === "ZJTX" ? 2 : 1);
      }
    }
    // listed from those results at the model's threshold (its pass line): the tech-SME scheme on the high-tech list
    // (edges 94, justBelow 66; direct passed by its route with 50, under the line), the current 专精特新 on the star list (direct 58)
    const listed = async (path: string, code: string) => {
      const res = await call(`${path}?modelId=${await seedId(`evaluation-demo:model:${code}`)}&page=1&limit=50`, { token });
      const rows = (res.body as { data: { creditCode: string; threshold: number }[] }).data;
      return rows.filter((r) => showcaseFigures.some((s) => codeOf(s) === r.creditCode)).map((r) => [showcaseFigures.find((s) => codeOf(s) === r.creditCode)!.key, r.threshold]).sort();
    };
    expect(await listed("/common/hitech/evaluated", "TSME")).toEqual([["edges", 60], ["justBelow", 60]]);
    expect(await listed("/common/enstarenterprise/evaluated", "ZJTX")).toEqual([["direct", 50]]);
  });
});
