/** Scoring one enterprise under a hand-made model, and checking definitions (events/evaluation/score.ts, check.ts). */
import { describe, expect, it } from "vitest";
import { definitionSchema, type Definition } from "../../events/evaluation/definition.ts";
import { bandOf, factsOfDefinition, leafScores, score, withAnswers } from "../../events/evaluation/score.ts";
import { checkDefinition, problemText } from "../../events/evaluation/check.ts";
import { breakdownSchema } from "../../events/evaluation/breakdown.ts";
import type { Facts } from "../../events/conditions/tree.ts";

const t = (zh: string, en = zh) => ({ "zh-CN": zh, "en-US": en });

/** 100 points: R&D 30 (best of two), IP 30 (items), staff 30 (a ratio's bands), a question 10. */
export const handModel: Definition = definitionSchema.parse({
  totalScore: 100,
  entry: { all: [{ fact: "regStatus", op: "in", values: ["active"] }, { fact: "dishonestRecords", op: "eq", value: 0 }] },
  directPass: [{ label: t("有效期内高新技术企业"), when: { fact: "hitechValid", op: "eq", value: true } }],
  metrics: [
    {
      key: "tech", name: t("科技投入与产出"), weight: 60,
      children: [
        {
          key: "rd", name: t("研发投入"), weight: 50,
          scoring: {
            kind: "best",
            alternatives: [
              { label: t("研发费用占比"), measure: { fact: "rdRatio" }, bands: [{ min: null, max: 3, points: 0 }, { min: 3, max: 5, points: 18 }, { min: 5, max: null, points: 30 }] },
              { label: t("研发费用总额"), measure: { fact: "rdExpense" }, bands: [{ min: null, max: 100, points: 0 }, { min: 100, max: 500, points: 12 }, { min: 500, max: null, points: 30 }] },
            ],
          },
        },
        {
          key: "ip", name: t("知识产权"), weight: 50,
          scoring: { kind: "items", items: [{ label: t("拥有发明专利"), when: { fact: "inventionPatents", op: "gte", value: 1 }, points: 20 }, { label: t("软件著作权3项以上"), when: { fact: "softwareCopyrights", op: "gte", value: 3 }, points: 15 }] },
        },
      ],
    },
    {
      key: "staff", name: t("参保人员占比"), weight: 30,
      scoring: { kind: "bands", measure: { ratio: ["insuredEmployees", "employees"], percent: true }, bands: [{ min: null, max: 10, points: 0 }, { min: 10, max: 20, points: 10 }, { min: 20, max: 30, points: 20 }, { min: 30, max: null, points: 30 }] },
    },
    { key: "plan", name: t("发展规划"), weight: 10, scoring: { kind: "answer", question: "plan", options: [{ value: "A", points: 10 }, { value: "B", points: 5 }] } },
  ],
  passLine: 60,
  passRequires: [{ metric: "staff", above: 0 }],
  grades: [{ code: "C", label: t("一般"), min: 0 }, { code: "B", label: t("良好"), min: 60 }, { code: "A", label: t("优秀"), min: 80 }],
});

export const handFacts: Facts = { regStatus: "active", dishonestRecords: 0, hitechValid: false, rdRatio: 4.5, rdExpense: 300, inventionPatents: 1, softwareCopyrights: 2, insuredEmployees: 25, employees: 100 };
const run = (facts: Facts, answers: Record<string, string> = { plan: "B" }) => score(handModel, withAnswers(facts, answers));
const points = (b: ReturnType<typeof score>) => Object.fromEntries(leafScores(b).map((m) => [m.key, m.points]));

describe("score", () => {
  it("scores every metric by hand", () => {
    const b = run(handFacts);
    expect(breakdownSchema.parse(b)).toEqual(b);
    expect(b.eligible).toBe(true);
    expect(points(b)).toEqual({ rd: 18, ip: 20, staff: 20, plan: 5 });
    expect(b.metrics[0]).toMatchObject({ key: "tech", kind: "group", fullPoints: 60, points: 38 });
    expect(leafScores(b).map((m) => m.fullPoints)).toEqual([30, 30, 30, 10]);
    expect(b.total).toBe(63);
    expect(b.grade?.code).toBe("B");
    expect(b.scorePassed).toBe(true);
    expect(b.passed).toBe(true);
    expect(b.directPassTaken).toBeNull();
    const staff = leafScores(b).find((m) => m.key === "staff")!;
    expect(staff).toMatchObject({ value: 25, facts: ["insuredEmployees", "employees"], band: { index: 2, min: 20, max: 30, points: 20 } });
  });

  it("shows both alternatives of a best-of metric and takes the better", () => {
    const rd = leafScores(run(handFacts)).find((m) => m.key === "rd")!;
    expect(rd.alternatives!.map((a) => [a.value, a.points, a.taken])).toEqual([[4.5, 18, true], [300, 12, false]]);
    const other = leafScores(run({ ...handFacts, rdExpense: 800 })).find((m) => m.key === "rd")!;
    expect(other.alternatives!.map((a) => a.taken)).toEqual([false, true]);
    expect(other.points).toBe(30);
  });

  it("says what would raise the score: the next band, the value it needs, the points it adds", () => {
    const raise = Object.fromEntries(run(handFacts).raise.map((r) => [r.metric, r]));
    expect(raise.rd).toMatchObject({ via: t("研发费用占比"), value: 4.5, needs: { op: "gte", value: 5 }, gap: 0.5, adds: 12 });
    expect(raise.staff).toMatchObject({ value: 25, needs: { op: "gte", value: 30 }, gap: 5, adds: 10, band: { index: 3 } });
    // the item adds its 15 points but the metric is capped at 30: 10 more
    expect(raise.ip).toMatchObject({ via: t("软件著作权3项以上"), facts: ["softwareCopyrights"], gap: 1, adds: 10 });
    expect(raise.plan).toBeUndefined();
    const top = run({ ...handFacts, rdRatio: 9, softwareCopyrights: 5, insuredEmployees: 90 }, { plan: "A" });
    expect(top.total).toBe(100);
    expect(top.raise).toEqual([]);
  });

  it("changing one input changes exactly the expected metric", () => {
    const before = points(run(handFacts));
    const after = points(run({ ...handFacts, softwareCopyrights: 3 }));
    expect(after).toEqual({ ...before, ip: 30 });
    const edge = points(run({ ...handFacts, insuredEmployees: 30 }));
    expect(edge).toEqual({ ...before, staff: 30 }); // 30% is the lower edge of the top band (min inclusive)
    expect(points(run({ ...handFacts, insuredEmployees: 29.99 }))).toEqual(before);
  });

  it("refuses an enterprise that does not meet the entry conditions, with the reason", () => {
    const b = run({ ...handFacts, dishonestRecords: 2 });
    expect(b.eligible).toBe(false);
    expect(b.passed).toBe(false);
    expect(b.grade).toBeNull();
    expect(b.entryMissing).toEqual([expect.objectContaining({ fact: "dishonestRecords", actual: 2, expected: 0, pass: false })]);
    // a missing fact fails the entry too
    const { regStatus: _, ...unregistered } = handFacts;
    expect(run(unregistered).entryMissing.map((m) => m.fact)).toEqual(["regStatus"]);
  });

  it("passes by a direct route whatever the score, and only when eligible", () => {
    const low = { ...handFacts, rdRatio: 0, rdExpense: 0, inventionPatents: 0, insuredEmployees: 0, hitechValid: true };
    const b = run(low);
    expect(b.total).toBe(5);
    expect(b.scorePassed).toBe(false);
    expect(b.directPassTaken).toBe(0);
    expect(b.directPass[0].trace).toMatchObject({ fact: "hitechValid", actual: true, pass: true });
    expect(b.passed).toBe(true);
    expect(run({ ...low, dishonestRecords: 1 }).passed).toBe(false);
  });

  it("holds the pass requirement: a required metric at zero fails above the pass line", () => {
    const b = run({ ...handFacts, rdRatio: 6, softwareCopyrights: 3, insuredEmployees: 5 }, { plan: "A" });
    expect(b.total).toBe(70);
    expect(b.passRequires).toEqual([{ metric: "staff", above: 0, points: 0, met: false }]);
    expect(b.scorePassed).toBe(false);
    expect(b.passed).toBe(false);
  });

  it("scores no value for a missing fact or a zero denominator, and a numeric answer by itself", () => {
    const b = run({ ...handFacts, employees: 0 }, { plan: "7" });
    const staff = leafScores(b).find((m) => m.key === "staff")!;
    expect(staff).toMatchObject({ value: null, band: null, points: 0 });
    expect(leafScores(b).find((m) => m.key === "plan")).toMatchObject({ points: 0, answer: { question: "plan", value: "7" } });
    expect(bandOf([{ min: 0, max: 10, points: 1 }], null)).toBeNull();
  });

  it("keeps the facts it read, answers included, so the breakdown explains itself", () => {
    const b = run(handFacts);
    expect(Object.keys(b.facts).sort()).toEqual(factsOfDefinition(handModel).sort());
    expect(b.facts).toMatchObject({ "q:plan": "B", rdRatio: 4.5, employees: 100 });
  });
});

describe("checkDefinition", () => {
  const edit = (f: (d: Definition) => void): Definition => {
    const d = structuredClone(handModel);
    f(d);
    return d;
  };

  it("accepts the hand-made model", () => {
    expect(checkDefinition(handModel)).toEqual([]);
  });

  it("gives the remainder when sibling weights do not sum to 100", () => {
    const d = edit((d) => {
      d.metrics[1].weight = 20;
      d.metrics[0].children![1].weight = 60;
    });
    expect(checkDefinition(d)).toEqual([
      { path: "metrics", key: "weightsSum", remainder: 10 },
      { path: "metrics.tech", key: "weightsSum", remainder: -10 },
      // staff now carries 20 points, less than its top band's 30
      { path: "metrics.staff.bands.3", key: "bandAboveFull", points: 30, full: 20 },
    ]);
    expect(problemText(checkDefinition(d)[0], t("评分定义", "Definition"))).toEqual({ "zh-CN": "评分定义：metrics 下各项权重之和须为 100%（剩余 10%）", "en-US": "Definition: the weights under metrics must sum to 100% (10% remaining)" });
  });

  it("finds overlapping and empty bands and points above the leaf's full points", () => {
    const d = edit((d) => {
      const s = d.metrics[1].scoring as Extract<NonNullable<Definition["metrics"][0]["scoring"]>, { kind: "bands" }>;
      s.bands = [{ min: null, max: 10, points: 0 }, { min: 5, max: 20, points: 10 }, { min: 30, max: 30, points: 5 }, { min: 40, max: null, points: 31 }];
    });
    expect(checkDefinition(d)).toEqual([
      { path: "metrics.staff.bands.1", key: "bandsOverlap" },
      { path: "metrics.staff.bands.2", key: "bandEmpty" },
      { path: "metrics.staff.bands.3", key: "bandAboveFull", points: 31, full: 30 },
    ]);
  });

  it("finds unknown facts, measures that are not numbers, and bad conditions", () => {
    const d = edit((d) => {
      d.metrics[1].scoring = { kind: "bands", measure: { fact: "industry" }, bands: [{ min: 0, max: null, points: 1 }] };
      d.entry = { all: [{ fact: "noSuchFact", op: "eq", value: 1 }, { fact: "regCapital", op: "in", values: ["x"] }] };
      d.directPass[0].when = { fact: "hitechValid", op: "eq", value: "yes" };
    });
    expect(checkDefinition(d)).toEqual([
      { path: "metrics.staff", key: "measureNotNumeric", fact: "industry" },
      { path: "entry.0", key: "unknownFact", fact: "noSuchFact" },
      { path: "entry.1", key: "operatorNotAllowed", fact: "regCapital" },
      { path: "directPass.0", key: "valueType", fact: "hitechValid" },
    ]);
  });

  it("finds repeated keys, a requirement naming no metric, an unscored leaf, a pass line above the full score", () => {
    const d = edit((d) => {
      d.metrics[0].children![1].key = "rd";
      d.passRequires = [{ metric: "nope", above: 0 }];
      delete d.metrics[2].scoring;
      d.passLine = 120;
    });
    expect(checkDefinition(d)).toEqual([
      { path: "metrics.tech.rd", key: "duplicateKey", code: "rd" },
      { path: "metrics.plan", key: "leafUnscored", code: "plan" },
      { path: "passRequires.0", key: "unknownMetric", code: "nope" },
      { path: "passLine", key: "aboveTotal", points: 120, full: 100 },
    ]);
  });
});
