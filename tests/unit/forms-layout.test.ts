/**
 * The form layout rules shared by the browser and the Worker (events/forms/layout.ts) and the designer's
 * pure edits (web/forms/layoutOps.ts): conditions on other fields, node permissions on top, the checks of
 * a layout against its model, and drops that keep every row within 24 columns.
 */
import { describe, expect, it } from "vitest";
import { applyFormRules, holds, layoutProblems, missingRequired, writableFields, type FormLayout } from "../../events/forms/layout.ts";
import { appendField, moveField, placeField, removeField } from "../../web/forms/layoutOps.ts";

const fields = [
  { name: "kind", title: "类别", type: "text" },
  { name: "reason", title: "原因", type: "longText" },
  { name: "amount", title: "金额", type: "decimal" },
  { name: "gone", title: "已移除", type: "text", hidden: true },
];
const layout: FormLayout = {
  sections: [
    {
      rows: [
        { cols: [{ field: "kind", span: 12, widget: "input" }, { field: "amount", span: 12, widget: "number", readOnly: { field: "kind", op: "in", value: ["fixed", "locked"] } }] },
        { cols: [{ field: "reason", span: 24, widget: "textarea", required: { field: "kind", op: "eq", value: "other" }, hidden: { field: "kind", op: "empty" } }] },
      ],
    },
  ],
};

describe("rules", () => {
  it("evaluates conditions on another field's value", () => {
    expect(holds({ field: "kind", op: "eq", value: "other" }, { kind: "other" })).toBe(true);
    expect(holds({ field: "kind", op: "ne", value: "other" }, { kind: "other" })).toBe(false);
    expect(holds({ field: "kind", op: "in", value: ["a", "b"] }, { kind: ["x", "b"] })).toBe(true);
    expect(holds({ field: "kind", op: "empty" }, { kind: "" })).toBe(true);
    expect(holds({ field: "kind", op: "notEmpty" }, { kind: [] })).toBe(false);
    expect(holds({ field: "n", op: "eq", value: 3 }, { n: "3" })).toBe(true);
  });

  it("gives each field its hidden, read-only and required state for the values", () => {
    expect(applyFormRules(layout, {})).toMatchObject({ reason: { hidden: true, readOnly: true, required: false }, amount: { readOnly: false } });
    expect(applyFormRules(layout, { kind: "other" }).reason).toEqual({ hidden: false, readOnly: false, required: true });
    expect(applyFormRules(layout, { kind: "locked" }).amount.readOnly).toBe(true);
    expect(missingRequired(layout, { kind: "other" })).toEqual(["reason"]);
    expect(missingRequired(layout, { kind: "other", reason: "x" })).toEqual([]);
  });

  it("puts an approval node's permissions on top: absent fields are read-only, hidden ones never required", () => {
    const perms = { kind: "read", reason: "hidden", amount: "edit" } as const;
    const states = applyFormRules(layout, { kind: "other" }, perms);
    expect(states.reason).toEqual({ hidden: true, readOnly: true, required: false });
    expect(writableFields(layout, { kind: "other" }, perms)).toEqual(["amount"]);
    expect(writableFields(layout, { kind: "other" }, {})).toEqual([]);
    expect(missingRequired(layout, { kind: "other" }, perms)).toEqual([]);
  });
});

describe("a layout against its model", () => {
  it("accepts a layout that fits", () => {
    expect(layoutProblems(layout, fields)).toEqual([]);
  });

  it("names unknown, removed and repeated fields, unfit widgets, rows wider than 24 and broken rules", () => {
    const bad: FormLayout = {
      sections: [
        {
          rows: [
            { cols: [{ field: "nope", span: 12, widget: "input" }, { field: "gone", span: 12, widget: "input" }, { field: "kind", span: 12, widget: "switch" }] },
            { cols: [{ field: "kind", span: 24, widget: "input", hidden: { field: "ghost", op: "eq" } }] },
          ],
        },
      ],
    };
    expect(layoutProblems(bad, fields).map((p) => `${p.field}:${p.problem}`)).toEqual([
      "nope:spanTooWide",
      "nope:unknownField",
      "gone:hiddenModelField",
      "kind:widgetNotFit",
      "kind:repeatedField",
      "kind:unknownRuleField",
      "kind:ruleValueMissing",
    ]);
  });
});

describe("designer edits", () => {
  const empty: FormLayout = { sections: [{ rows: [] }] };

  it("places fields into new rows and beside others, narrowing a full row", () => {
    let l = placeField(empty, "kind", "text", { kind: "newRow", section: 0 });
    l = placeField(l, "amount", "decimal", { kind: "row", section: 0, row: 0 });
    expect(l.sections[0]!.rows[0]!.cols.map((c) => [c.field, c.span, c.widget])).toEqual([["kind", 12, "input"], ["amount", 12, "number"]]);
    l = placeField(l, "reason", "longText", { kind: "before", field: "amount" });
    const cols = l.sections[0]!.rows[0]!.cols;
    expect(cols.map((c) => c.field)).toEqual(["kind", "reason", "amount"]);
    expect(cols.reduce((n, c) => n + c.span, 0)).toBeLessThanOrEqual(24);
  });

  it("moves a field to another row (its emptied row goes) and removes rules naming a removed field", () => {
    let l = appendField(empty, "kind", "text");
    l = appendField(l, "amount", "decimal");
    l = appendField(l, "reason", "longText");
    expect(l.sections[0]!.rows.map((r) => r.cols.map((c) => c.field))).toEqual([["kind", "amount"], ["reason"]]);
    l = moveField(l, "reason", { kind: "newRow", section: 0 });
    l = moveField(l, "kind", { kind: "row", section: 0, row: 1 });
    expect(l.sections[0]!.rows.map((r) => r.cols.map((c) => c.field))).toEqual([["amount"], ["reason", "kind"]]);
    const ruled: FormLayout = { sections: [{ rows: [{ cols: [{ field: "reason", span: 24, widget: "textarea", required: { field: "kind", op: "notEmpty" } }, ] }, { cols: [{ field: "kind", span: 24, widget: "input" }] }] }] };
    const removed = removeField(ruled, "kind");
    expect(removed.sections[0]!.rows).toEqual([{ cols: [{ field: "reason", span: 24, widget: "textarea" }] }]);
  });
});
