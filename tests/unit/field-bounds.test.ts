/**
 * The form's check (validateRecord, the web's RecordForm runs it before sending) holds to the same declared
 * rules as the server: a blank required field says it cannot be empty, and an amount below its declared
 * minimum is refused naming the field and the bound, in both languages.
 */
import { describe, expect, it } from "vitest";
import { projectTrack } from "../../events/families/casework.ts";
import { dictionary } from "../../events/families/sys.ts";
import { validateRecord } from "../../events/validation.ts";

const track = { projectName: "项目", trackDate: "2026-11-01", stage: "1", status: "1" };

describe("validateRecord: required first, declared minimums", () => {
  it("a required text left blank or only spaces is required, not a length range", () => {
    for (const value of ["", "   ", null, undefined]) {
      expect(validateRecord(dictionary, { type: "t", name: "n", status: "1", value }, "zh-CN")).toEqual({ value: "字典值不能为空" });
    }
    expect(validateRecord(dictionary, { type: "t", name: "n", status: "1", value: "   " }, "en-US")).toEqual({ value: "Value cannot be empty" });
  });

  it("a negative investment is refused with the field and the rule", () => {
    expect(validateRecord(projectTrack, { ...track, completedInvestment: -50 }, "zh-CN")).toEqual({ completedInvestment: "累计完成投资(万元)不能小于 0" });
    expect(validateRecord(projectTrack, { ...track, completedInvestment: "-50" }, "en-US")).toEqual({ completedInvestment: "Investment to date (10k CNY) cannot be less than 0" });
    expect(validateRecord(projectTrack, { ...track, completedInvestment: 0, periodInvestment: 12.5 }, "zh-CN")).toEqual({});
  });

  it("the bounds are kept on the field for the form's input", () => {
    expect(projectTrack.fields.completedInvestment.min).toBe(0);
    expect(projectTrack.fields.projectName.min).toBeUndefined();
  });
});
