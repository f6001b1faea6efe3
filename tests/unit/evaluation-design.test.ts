/** The model designer's arithmetic and edits (web/evaluation/designRules.ts). */
import { describe, expect, it } from "vitest";
import { definitionSchema, type MetricNode } from "../../events/evaluation/definition.ts";
import { addChild, blankDefinition, editMetric, freshKey, fullPoints, levelWeights, metricAt, newMetric, nextBand, unbalancedLevels } from "../../web/evaluation/designRules.ts";

const bands = (points: number) => ({ kind: "bands" as const, measure: { fact: "inventionPatents" }, bands: [{ min: 0, max: null, points }] });
const tree: MetricNode[] = [
  { key: "staff", name: { "zh-CN": "人员", "en-US": "Staff" }, weight: 30, scoring: bands(30) },
  {
    key: "rd", name: { "zh-CN": "研发", "en-US": "R&D" }, weight: 70,
    children: [
      { key: "ratio", name: { "zh-CN": "比例", "en-US": "Ratio" }, weight: 60, scoring: bands(10) },
      { key: "ip", name: { "zh-CN": "知识产权", "en-US": "IP" }, weight: 30, scoring: bands(10) },
    ],
  },
];

describe("designer rules", () => {
  it("sums each level's weights with the remainder to 100", () => {
    expect(levelWeights(tree)).toEqual({ sum: 100, remainder: 0 });
    expect(levelWeights(tree[1]!.children!)).toEqual({ sum: 90, remainder: 10 });
    expect(levelWeights([{ ...tree[0]!, weight: 33.3 }, { ...tree[0]!, weight: 33.3 }, { ...tree[0]!, weight: 33.5 }])).toEqual({ sum: 100.1, remainder: -0.1 });
    expect(unbalancedLevels(tree)).toEqual([{ path: "rd", remainder: 10 }]);
  });

  it("applies weights down the tree to the full score", () => {
    const full = fullPoints(tree, 100);
    expect(full.get("staff")).toBe(30);
    expect(full.get("rd")).toBe(70);
    expect(full.get("rd.ratio")).toBe(42);
    expect(full.get("rd.ip")).toBe(21);
  });

  it("edits, removes and nests metrics by index path", () => {
    expect(metricAt(tree, [1, 1])?.key).toBe("ip");
    const heavier = editMetric(tree, [1, 1], (m) => ({ ...m, weight: 40 }));
    expect(unbalancedLevels(heavier)).toEqual([]);
    expect(tree[1]!.children![1]!.weight).toBe(30);
    const removed = editMetric(tree, [1, 0], () => null);
    expect(removed[1]!.children!.map((m) => m.key)).toEqual(["ip"]);
    // a group losing its last child scores again
    const emptied = editMetric(removed, [1, 0], () => null);
    expect(emptied[1]!.children).toBeUndefined();
    expect(emptied[1]!.scoring?.kind).toBe("bands");
    // a scored metric given a child becomes a group whose only child takes its scoring and 100 %
    const nested = addChild(tree, [0]);
    expect(nested[0]!.scoring).toBeUndefined();
    expect(nested[0]!.children).toEqual([{ key: freshKey(tree), name: expect.any(Object), weight: 100, scoring: bands(30) }]);
  });

  it("gives a new metric a unique key and what remains of its level's weight", () => {
    expect(freshKey(tree)).not.toMatch(/^(staff|rd|ratio|ip)$/);
    expect(newMetric(tree, tree[1]!.children!).weight).toBe(10);
    expect(newMetric(tree, tree).weight).toBe(0);
  });

  it("starts the next band where the last ends, and a blank definition is valid", () => {
    expect(nextBand([{ min: 0, max: 5, points: 1 }])).toEqual({ min: 5, max: null, points: 0 });
    expect(nextBand([])).toEqual({ min: null, max: null, points: 0 });
    expect(definitionSchema.safeParse(blankDefinition()).success).toBe(true);
  });
});
