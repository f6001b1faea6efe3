/** The policy screens' pure rules (web/policy/rules.ts): a material checked before uploading, JSON fields as the form holds them, and what keeps named conditions from being saved. */
import { describe, expect, it } from "vitest";
import { declarationMaterials } from "../../events/declare-materials.ts";
import { conditionProblems, idsOf, materialProblem, parseConditions } from "../../web/policy/rules.ts";

const label = { "zh-CN": "拥有发明专利", "en-US": "Holds invention patents" };
const patents = { fact: "inventionPatents", op: "gte" as const, value: 1 };

describe("policy screens' rules", () => {
  it("takes the declaration's types in any case up to its size, and nothing else", () => {
    expect(materialProblem({ name: "申报书.PDF", size: 10 })).toBeNull();
    expect(materialProblem({ name: "scan.zip", size: declarationMaterials.maxBytes })).toBeNull();
    expect(materialProblem({ name: "scan.zip", size: declarationMaterials.maxBytes + 1 })).toBe("tooLarge");
    expect(materialProblem({ name: "说明.txt", size: 10 })).toBe("badType");
    expect(materialProblem({ name: "noextension", size: 10 })).toBe("badType");
  });

  it("reads a JSON field's list from the form's text or the record's list, and nothing from anything else", () => {
    expect(idsOf('["a","b"]')).toEqual(["a", "b"]);
    expect(idsOf(["a"])).toEqual(["a"]);
    expect(idsOf("")).toEqual([]);
    expect(idsOf("{not json")).toEqual([]);
    expect(idsOf('{"a":1}')).toEqual([]);
    expect(parseConditions(JSON.stringify([{ code: "ip", label, condition: patents }]))).toEqual([{ code: "ip", label, condition: patents }]);
  });

  it("names what keeps each condition from being saved: its code, a repeated code, a missing name or an unfinished tree", () => {
    expect(
      conditionProblems([
        { code: "ip", label, condition: patents },
        { code: "1x", label, condition: patents },
        { code: "ip", label, condition: patents },
        { code: "c4", label: { "zh-CN": "名称", "en-US": " " }, condition: patents },
        { code: "c5", label, condition: null },
        { code: "c6", label, condition: { fact: "", op: "eq", value: "" } as never },
      ]),
    ).toEqual(["", "codeRule", "codeDuplicate", "incomplete", "incomplete", "incomplete"]);
  });
});
