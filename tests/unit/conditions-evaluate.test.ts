/**
 * The pure evaluator of condition trees (events/conditions/evaluate.ts): every operator on every kind of
 * value, missing facts under two-valued logic, the gap of a numeric miss, and `missing()` — the failing
 * leaves that would have to change.
 */
import { describe, expect, it } from "vitest";
import { evaluate, holds, missing } from "../../events/conditions/evaluate.ts";
import type { Condition, FactValue, Leaf } from "../../events/conditions/tree.ts";

const leaf = (l: Leaf) => l;
const n = (op: "eq" | "ne" | "gt" | "gte" | "lt" | "lte", value: number) => leaf({ fact: "x", op, value });

describe("holds: one leaf", () => {
  it("compares numbers with each operator, edges included", () => {
    const table: [ReturnType<typeof n>, FactValue, boolean][] = [
      [n("eq", 3), 3, true], [n("eq", 3), 3.0001, false],
      [n("ne", 3), 4, true], [n("ne", 3), 3, false],
      [n("gt", 3), 3, false], [n("gt", 3), 3.5, true],
      [n("gte", 3), 3, true], [n("gte", 3), 2.99, false],
      [n("lt", 3), 3, false], [n("lt", 3), -1, true],
      [n("lte", 3), 3, true], [n("lte", 3), 4, false],
    ];
    for (const [l, value, expected] of table) expect(holds(l, value), `${l.op} ${l.value} on ${value}`).toBe(expected);
  });

  it("compares text (dates as ISO text) and flags; a value of another kind never matches", () => {
    expect(holds({ fact: "d", op: "lt", value: "2020-01-01" }, "2019-12-31")).toBe(true);
    expect(holds({ fact: "d", op: "gte", value: "2020-01-01" }, "2019-12-31")).toBe(false);
    expect(holds({ fact: "g", op: "eq", value: "A" }, "A")).toBe(true);
    expect(holds({ fact: "b", op: "eq", value: true }, true)).toBe(true);
    expect(holds({ fact: "b", op: "eq", value: true }, false)).toBe(false);
    // "3" is not 3, in either direction, and `ne` of another kind is no match either
    expect(holds({ fact: "x", op: "eq", value: "3" }, 3)).toBe(false);
    expect(holds({ fact: "x", op: "ne", value: "3" }, 3)).toBe(false);
    expect(holds({ fact: "x", op: "gt", value: 1 }, "2")).toBe(false);
  });

  it("between is min inclusive, max exclusive, either end open; ends of another kind fail", () => {
    const band = leaf({ fact: "x", op: "between", min: 25, max: 30 });
    expect([24.9, 25, 29.99, 30].map((v) => holds(band, v))).toEqual([false, true, true, false]);
    expect(holds({ fact: "x", op: "between", min: 25 }, 1e9)).toBe(true);
    expect(holds({ fact: "x", op: "between", max: 25 }, -1e9)).toBe(true);
    expect(holds({ fact: "x", op: "between", min: "25" }, 30)).toBe(false);
    expect(holds({ fact: "d", op: "between", min: "2020-01-01", max: "2021-01-01" }, "2020-06-30")).toBe(true);
  });

  it("in and notIn match values of the fact's kind only", () => {
    expect(holds({ fact: "i", op: "in", values: ["C", "I"] }, "I")).toBe(true);
    expect(holds({ fact: "i", op: "in", values: ["C", "I"] }, "M")).toBe(false);
    expect(holds({ fact: "i", op: "notIn", values: ["C", "I"] }, "M")).toBe(true);
    expect(holds({ fact: "s", op: "in", values: [1, 2] }, "1")).toBe(false);
    expect(holds({ fact: "s", op: "notIn", values: [1, 2] }, "1")).toBe(true);
  });

  it("a list-valued fact: eq when it holds the value, in when it shares one, notIn when it shares none", () => {
    const tags = ["hitech", "srdi"];
    expect(holds({ fact: "t", op: "eq", value: "srdi" }, tags)).toBe(true);
    expect(holds({ fact: "t", op: "ne", value: "srdi" }, tags)).toBe(false);
    expect(holds({ fact: "t", op: "ne", value: "gazelle" }, tags)).toBe(true);
    expect(holds({ fact: "t", op: "in", values: ["gazelle", "hitech"] }, tags)).toBe(true);
    expect(holds({ fact: "t", op: "notIn", values: ["gazelle", "hitech"] }, tags)).toBe(false);
    expect(holds({ fact: "t", op: "gt", value: "a" }, tags)).toBe(false);
    expect(holds({ fact: "t", op: "between", min: "a" }, tags)).toBe(false);
  });

  it("a missing fact (null, absent or an empty list) fails every test but `missing`; 0 and false are present", () => {
    const ops: Leaf[] = [n("eq", 0), n("ne", 0), n("gt", -1), n("lt", 1), { fact: "x", op: "between", min: -1 }, { fact: "x", op: "in", values: [0] }, { fact: "x", op: "notIn", values: [1] }, { fact: "x", op: "exists" }];
    for (const absent of [null, undefined, []] as (FactValue | undefined)[]) {
      for (const l of ops) expect(holds(l, absent), `${l.op} on ${JSON.stringify(absent)}`).toBe(false);
      expect(holds({ fact: "x", op: "missing" }, absent)).toBe(true);
    }
    expect(holds({ fact: "x", op: "exists" }, 0)).toBe(true);
    expect(holds({ fact: "x", op: "exists" }, false)).toBe(true);
    expect(holds({ fact: "x", op: "missing" }, "")).toBe(false);
  });
});

describe("evaluate: the trace", () => {
  const facts = { inventionPatents: 1, revenue: 1800, industry: "C", hitechValid: false, rdRatio: null };

  it("all, any and not, with paths, and each leaf's actual and expected value", () => {
    const tree: Condition = {
      all: [
        { fact: "industry", op: "in", values: ["C", "I"] },
        { any: [{ fact: "inventionPatents", op: "gte", value: 2 }, { fact: "revenue", op: "gte", value: 2000 }] },
        { not: { fact: "hitechValid", op: "eq", value: true } },
      ],
    };
    const t = evaluate(tree, facts);
    expect(t.pass).toBe(false);
    expect(t.children!.map((c) => [c.path, c.op, c.pass])).toEqual([["0", "in", true], ["1", "any", false], ["2", "not", true]]);
    expect(t.children![1]!.children!.map((c) => [c.path, c.actual, c.expected, c.gap])).toEqual([["1.0", 1, 2, 1], ["1.1", 1800, 2000, 200]]);
    expect(t.children![2]!.children![0]).toMatchObject({ path: "2.0", pass: false, actual: false, expected: true });
    expect(evaluate({ any: [tree, { fact: "revenue", op: "lt", value: 2000 }] }, facts).pass).toBe(true);
  });

  it("a not over a missing fact passes (two-valued logic: the comparison under it is false)", () => {
    expect(evaluate({ not: { fact: "rdRatio", op: "gte", value: 3 } }, facts).pass).toBe(true);
    expect(evaluate({ not: { fact: "absent", op: "lt", value: 3 } }, facts).pass).toBe(true);
    const t = evaluate({ fact: "rdRatio", op: "gte", value: 3 }, facts);
    expect(t).toMatchObject({ pass: false, actual: null });
    expect(t.gap).toBeUndefined();
  });

  it("gap: how far a number is from passing, for each numeric operator; none when it passes or is not a number", () => {
    const gap = (l: Leaf, v: FactValue) => evaluate(l, { x: v }).gap;
    expect(gap(n("gt", 5), 3)).toBe(2);
    expect(gap(n("gte", 5), 3)).toBe(2);
    expect(gap(n("lt", 5), 8)).toBe(3);
    expect(gap(n("lte", 5), 8)).toBe(3);
    expect(gap(n("eq", 5), 8)).toBe(3);
    expect(gap(n("gt", 5), 5)).toBe(0); // misses by the edge itself
    expect(gap({ fact: "x", op: "between", min: 10, max: 20 }, 4)).toBe(6);
    expect(gap({ fact: "x", op: "between", min: 10, max: 20 }, 25)).toBe(5);
    expect(gap(n("gte", 5), 6)).toBeUndefined();
    expect(gap({ fact: "x", op: "eq", value: "A" }, "B")).toBeUndefined();
    expect(gap({ fact: "x", op: "in", values: [1] }, 2)).toBeUndefined();
  });

  it("labels named by people travel with their node", () => {
    const label = { "zh-CN": "近三年获得发明专利", "en-US": "Invention patents in 3 years" };
    expect(evaluate({ label, fact: "inventionPatents", op: "gte", value: 1 }, facts).label).toEqual(label);
  });
});

describe("missing(): what would have to change", () => {
  const facts = { inventionPatents: 1, revenue: 1800, employees: 40, industry: "C" };

  it("nothing when the tree passes", () => {
    expect(missing(evaluate({ fact: "industry", op: "eq", value: "C" }, facts))).toEqual([]);
  });

  it("every failing child of an all, none of the passing ones", () => {
    const t = evaluate({ all: [{ fact: "inventionPatents", op: "gte", value: 2 }, { fact: "industry", op: "eq", value: "C" }, { fact: "revenue", op: "gte", value: 2000 }] }, facts);
    expect(missing(t).map((m) => [m.path, m.gap])).toEqual([["0", 1], ["2", 200]]);
  });

  it("the alternative of an any needing the fewest changes", () => {
    const t = evaluate(
      {
        any: [
          { all: [{ fact: "inventionPatents", op: "gte", value: 3 }, { fact: "employees", op: "gte", value: 100 }] },
          { all: [{ fact: "revenue", op: "gte", value: 2000 }, { fact: "industry", op: "eq", value: "C" }] },
        ],
      },
      facts,
    );
    expect(missing(t).map((m) => m.path)).toEqual(["1.0"]);
  });

  it("a not that fails is itself what must change", () => {
    const t = evaluate({ all: [{ not: { fact: "industry", op: "eq", value: "C" } }] }, facts);
    expect(missing(t).map((m) => [m.path, m.op])).toEqual([["0", "not"]]);
  });
});
