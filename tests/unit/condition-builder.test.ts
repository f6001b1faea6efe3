/** The condition builder's edits (web/widgets/ConditionBuilderTree.ts): pure functions over a tree by path. */
import { describe, expect, it } from "vitest";
import { factByKey } from "../../events/conditions/facts.ts";
import { conditionSchema, type Condition, type Leaf } from "../../events/conditions/tree.ts";
import { addTo, blankLeaf, builderProblems, nodeAt, removeAt, setGroup, setLabel, toggleNot, updateAt, withFact, withOp } from "../../web/widgets/ConditionBuilderTree.ts";

const patents: Leaf = { fact: "inventionPatents", op: "gte", value: 2 };
const revenue: Leaf = { fact: "revenue", op: "between", min: 100, max: 500 };
const scale: Leaf = { fact: "scale", op: "in", values: ["S", "M"] };
const tree: Condition = { all: [patents, { any: [revenue, { not: scale }] }] };

describe("condition builder edits", () => {
  it("finds, replaces and removes nodes by their walk paths", () => {
    expect(nodeAt(tree, "")).toBe(tree);
    expect(nodeAt(tree, "1.0")).toEqual(revenue);
    expect(nodeAt(tree, "1.1.0")).toEqual(scale);
    expect(nodeAt(tree, "3")).toBeUndefined();
    const edited = updateAt(tree, "1.0", () => ({ ...revenue, max: 800 }));
    expect(nodeAt(edited, "1.0")).toEqual({ ...revenue, max: 800 });
    expect(nodeAt(tree, "1.0")).toEqual(revenue); // the original is untouched
    expect(removeAt(tree, "1.0")).toEqual({ all: [patents, { any: [{ not: scale }] }] });
  });

  it("removes a group left empty and a not with its child; the last condition leaves null", () => {
    expect(removeAt(tree, "1.1.0")).toEqual({ all: [patents, { any: [revenue] }] });
    const single: Condition = { all: [{ any: [patents] }] };
    expect(removeAt(single, "0.0")).toBeNull();
    expect(removeAt(tree, "")).toBeNull();
  });

  it("adds to a group, and turns a leaf root into an all of itself and the new node", () => {
    expect(addTo(null, "", patents)).toEqual({ all: [patents] });
    expect(addTo(tree, "1", scale)).toEqual({ all: [patents, { any: [revenue, { not: scale }, scale] }] });
    expect(addTo(patents, "", scale)).toEqual({ all: [patents, scale] });
  });

  it("switches all/any keeping children and name, and negates and un-negates", () => {
    const named: Condition = { label: { "zh-CN": "甲", "en-US": "A" }, all: [patents] };
    expect(setGroup(named, "", "any")).toEqual({ label: { "zh-CN": "甲", "en-US": "A" }, any: [patents] });
    expect(toggleNot(tree, "0")).toEqual({ all: [{ not: patents }, tree.all[1]] });
    expect(toggleNot(tree, "1.1")).toEqual({ all: [patents, { any: [revenue, scale] }] });
  });

  it("sets a name and clears it when both texts are empty", () => {
    const named = setLabel(tree, "0", { "zh-CN": "有发明专利", "en-US": "" });
    expect(nodeAt(named, "0")).toEqual({ ...patents, label: { "zh-CN": "有发明专利", "en-US": "" } });
    expect(nodeAt(setLabel(named, "0", { "zh-CN": " ", "en-US": "" }), "0")).toEqual(patents);
  });

  it("re-shapes a leaf for another operator, keeping what fits", () => {
    expect(withOp(patents, "between", "count")).toEqual({ fact: "inventionPatents", op: "between", min: 2 });
    expect(withOp(revenue, "gte", "number")).toEqual({ fact: "revenue", op: "gte", value: 100 });
    expect(withOp(revenue, "between", "number")).toEqual(revenue);
    expect(withOp(scale, "eq", "dict")).toEqual({ fact: "scale", op: "eq", value: "S" });
    expect(withOp({ fact: "scale", op: "eq", value: "S" }, "notIn", "dict")).toEqual({ fact: "scale", op: "notIn", values: ["S"] });
    expect(withOp(patents, "exists", "count")).toEqual({ fact: "inventionPatents", op: "exists" });
    expect(withOp({ fact: "hitechValid", op: "exists" }, "eq", "bool")).toEqual({ fact: "hitechValid", op: "eq", value: true });
  });

  it("keeps operator and value for a fact of the same type, resets them for another type", () => {
    const def = (k: string) => factByKey.get(k)!;
    expect(withFact(patents, def("utilityPatents"), def("inventionPatents"))).toEqual({ fact: "utilityPatents", op: "gte", value: 2 });
    expect(withFact(patents, def("scale"), def("inventionPatents"))).toEqual({ fact: "scale", op: "eq", value: "" });
    expect(withFact(blankLeaf(), def("hitechValid"), undefined)).toEqual({ fact: "hitechValid", op: "eq", value: true });
    expect(withFact(blankLeaf(), def("estDate"), undefined)).toEqual({ fact: "estDate", op: "gte", value: "" });
  });

  it("names unfinished rows and the catalogue's problems, one per node", () => {
    const draft: Condition = { all: [blankLeaf(), { fact: "revenue", op: "gte", value: "" }, { fact: "scale", op: "in", values: [] }, { fact: "nope", op: "eq", value: 1 }, { fact: "revenue", op: "in", values: [1] }, { fact: "revenue", op: "gte", value: "x" }] };
    expect(builderProblems(draft)).toEqual([
      { path: "0", key: "chooseFact" },
      { path: "1", key: "valueRequired", fact: "revenue" },
      { path: "2", key: "valueRequired", fact: "scale" },
      { path: "3", key: "unknownFact", fact: "nope" },
      { path: "4", key: "operatorNotAllowed", fact: "revenue" },
      { path: "5", key: "valueType", fact: "revenue" },
    ]);
    expect(builderProblems(tree)).toEqual([]);
    expect(builderProblems(null)).toEqual([]);
  });

  it("a tree without problems is one the schema accepts", () => {
    expect(conditionSchema.safeParse(tree).success).toBe(true);
    const built = addTo(addTo(null, "", { fact: "revenue", op: "gte", value: 10 }), "", withOp({ fact: "scale", op: "eq", value: "S" }, "in", "dict"));
    expect(builderProblems(built)).toEqual([]);
    expect(conditionSchema.safeParse(built).success).toBe(true);
  });

  it("accepts facts declared by the caller (a paper's answers)", () => {
    const answer = { key: "q:rd1", label: { "zh-CN": "研发机构", "en-US": "R&D unit" }, type: "bool" as const, group: "master" as const, source: { "zh-CN": "问卷", "en-US": "Paper" } };
    const c: Condition = { all: [{ fact: "q:rd1", op: "eq", value: true }] };
    expect(builderProblems(c)).toEqual([{ path: "0", key: "unknownFact", fact: "q:rd1" }]);
    expect(builderProblems(c, [answer])).toEqual([]);
  });
});
