/**
 * A list's state in the URL (web/crud/listSearch.ts) and the user's columns (web/crud/columns.ts): bad params
 * fall back to defaults, other screens' keys survive, a state written to the URL reads back the same.
 */
import { describe, expect, it } from "vitest";
import { defineFamily, l } from "../../events/family.ts";
import { field } from "../../events/fields.ts";
import type { Family } from "../../events/family.ts";
import { arrangeColumns, columnChoices, columnPrefs, defaultColumns, moveColumn } from "../../web/crud/columns.ts";
import { filtersOf, listSearchOf, listStateOf, parseSearchParams, stringifySearchParams, validateListSearch, type ListState } from "../../web/crud/listSearch.ts";

const family = defineFamily({
  path: "/test/thing",
  perm: "test:thing",
  table: "test_thing",
  label: l("测试", "Test"),
  fields: {
    type: field.text(l("类型", "Type"), { required: true, max: 64 }),
    name: field.text(l("名称", "Name"), { required: true }),
    number: field.int(l("排序号", "Number")),
    status: field.dict(l("状态", "Status"), "dictStatus"),
    enabled: field.bool(l("启用", "Enabled")),
    day: field.date(l("日期", "Day")),
    secret: { ...field.text(l("密文", "Secret")), secret: true },
  },
  columns: ["type", "name", "status"],
  filters: { type: "eq", name: "like", number: "eq", status: "eq", enabled: "eq", day: "eq" },
  sorts: ["number", "type", "updateTime"],
  defaultSort: ["number", "asc"],
  search: ["name"],
}) as unknown as Family;

/** What the browser's URL holds after navigating to a state, read back as the router reads it. */
const roundTrip = (state: ListState, previous: Record<string, unknown> = {}) =>
  listStateOf(family, validateListSearch(parseSearchParams(stringifySearchParams(listSearchOf(family, state, previous)))));

describe("validateListSearch (the splat route's validateSearch)", () => {
  it("reads page, size, sort, order, keyword, view and new from URL text", () => {
    expect(validateListSearch({ page: "3", size: "50", sort: "number", order: "desc", keyword: " 启用 ", view: "v-1", new: "1", edit: "0f8e-12" })).toEqual({
      page: 3,
      size: 50,
      sort: "number",
      order: "desc",
      keyword: "启用",
      view: "v-1",
      new: true,
      edit: "0f8e-12",
    });
  });

  it("drops what does not parse, so the list shows its default", () => {
    const bad = validateListSearch({ page: "abc", size: "7", sort: "x;drop table", order: "sideways", keyword: "x".repeat(101), view: "<script>", new: "no", edit: "../x" });
    expect(bad).toEqual({});
    expect(validateListSearch({ page: "0" })).toEqual({});
    expect(validateListSearch({ page: "1.5" })).toEqual({});
    expect(validateListSearch({ page: "-2" })).toEqual({});
  });

  it("keeps keys that are not a list's (other screens on the splat route, a menu's query)", () => {
    expect(validateListSearch({ tab: "roles", redirect: "/sys/dict", page: "2" })).toEqual({ tab: "roles", redirect: "/sys/dict", page: 2 });
  });

  it("accepts numbers and booleans too (a caller may pass them instead of text)", () => {
    expect(validateListSearch({ page: 2, size: 20, new: true, keyword: 2024 })).toEqual({ page: 2, size: 20, new: true, keyword: "2024" });
  });

  it("never throws, whatever it is given", () => {
    expect(() => validateListSearch({ page: { a: 1 }, size: [1, 2], sort: null, order: 5, keyword: {}, view: [], new: {} })).not.toThrow();
    expect(validateListSearch({ page: { a: 1 }, size: [1, 2], sort: null })).toEqual({});
  });
});

describe("listStateOf (the family's part)", () => {
  it("gives the defaults for an empty search", () => {
    expect(listStateOf(family, {})).toEqual({ page: 1, size: 10, sort: null, keyword: "", filters: {}, view: undefined, adding: false, editId: undefined });
  });

  it("takes only declared sort keys, ascending unless told", () => {
    expect(listStateOf(family, { sort: "type" }).sort).toEqual({ field: "type", order: "asc" });
    expect(listStateOf(family, { sort: "updateTime", order: "desc" }).sort).toEqual({ field: "updateTime", order: "desc" });
    expect(listStateOf(family, { sort: "name" }).sort).toBeNull();
  });

  it("reads declared filters by their field's kind and leaves out what does not fit", () => {
    const state = listStateOf(family, { type: "dictStatus", name: "启用", number: "12", status: "1", enabled: "true", day: "2024-01-05", other: "x", secret: "s" });
    expect(state.filters).toEqual({ type: "dictStatus", name: "启用", number: 12, status: "1", enabled: "true", day: "2024-01-05" });
    expect(filtersOf(family, { number: "12a", enabled: "maybe", day: "2024/1/5", status: "x".repeat(65) })).toEqual({});
  });

  it("starts from a menu's fixed filters when the URL names none", () => {
    expect(listStateOf(family, {}, { type: "fixed" }).filters).toEqual({ type: "fixed" });
    expect(listStateOf(family, { name: "甲" }, { type: "fixed" }).filters).toEqual({ name: "甲" });
  });

  it("has no keyword for a family without searchable fields", () => {
    const plain = { ...family, search: [] } as Family;
    expect(listStateOf(plain, { keyword: "x" }).keyword).toBe("");
  });
});

describe("listSearchOf (writing a state to the URL)", () => {
  const state: ListState = { page: 3, size: 20, sort: { field: "number", order: "desc" }, keyword: "端到端", filters: { type: "e2e", number: 7, status: "" }, view: "v1", adding: false };

  it("leaves defaults and empty filters out", () => {
    expect(listSearchOf(family, { page: 1, size: 10, sort: null, keyword: " ", filters: { type: "", name: null }, adding: false })).toEqual({});
    expect(listSearchOf(family, state)).toEqual({ type: "e2e", number: "7", keyword: "端到端", sort: "number", order: "desc", page: "3", size: "20", view: "v1" });
  });

  it("reads back the same state after a trip through the URL (reload, a pasted link)", () => {
    expect(roundTrip(state)).toEqual({ ...state, filters: { type: "e2e", number: 7 } });
    const other: ListState = { ...state, adding: true, editId: "rec-1", keyword: "a b&c=d", filters: { name: "甲 乙", enabled: "false", day: "2024-01-05" } };
    expect(roundTrip(other)).toEqual(other);
  });

  it("keeps other keys, replaces the list's own", () => {
    expect(listSearchOf(family, { ...state, page: 1, filters: {} }, { tab: "x", page: "9", type: "old", keyword: "old" })).toEqual({ tab: "x", keyword: "端到端", sort: "number", order: "desc", size: "20", view: "v1" });
  });
});

describe("search params as plain text", () => {
  it("writes and reads plain values, leaving empty ones out", () => {
    expect(stringifySearchParams({ page: 2, keyword: "启用 停用", empty: "", gone: undefined, no: false })).toBe("?page=2&keyword=%E5%90%AF%E7%94%A8+%E5%81%9C%E7%94%A8");
    expect(parseSearchParams("?page=2&keyword=%E5%90%AF%E7%94%A8+%E5%81%9C%E7%94%A8")).toEqual({ page: "2", keyword: "启用 停用" });
    expect(stringifySearchParams({})).toBe("");
  });
});

describe("columns", () => {
  it("offers the declared columns first (shown), then other fields and the times (hidden), never secret fields", () => {
    expect(columnChoices(family)).toEqual(["type", "name", "status", "number", "enabled", "day", "createTime", "updateTime"]);
    expect(defaultColumns(family).filter((c) => !c.hidden).map((c) => c.key)).toEqual(["type", "name", "status"]);
  });

  it("follows the saved order, visibility and width; unknown keys go, new ones keep their default place", () => {
    const arranged = arrangeColumns(family, [{ key: "status", width: 120 }, { key: "gone" }, { key: "type", hidden: true }, { key: "status" }, { key: "number", hidden: false, width: 5 }]);
    expect(arranged.slice(0, 3)).toEqual([{ key: "status", hidden: false, width: 120 }, { key: "type", hidden: true, width: undefined }, { key: "number", hidden: false, width: 60 }]);
    expect(arranged.map((c) => c.key)).toEqual(["status", "type", "number", "name", "enabled", "day", "createTime", "updateTime"]);
    expect(arranged.find((c) => c.key === "name")?.hidden).toBe(false);
  });

  it("keeps one column shown, and falls back to the declared ones without a saved list", () => {
    const allHidden = arrangeColumns(family, columnChoices(family).map((key) => ({ key, hidden: true })));
    expect(allHidden.filter((c) => !c.hidden).map((c) => c.key)).toEqual(["type"]);
    expect(arrangeColumns(family, null)).toEqual(defaultColumns(family));
    expect(arrangeColumns(family, [])).toEqual(defaultColumns(family));
  });

  it("moves a column up or down, clamped at the ends", () => {
    const columns = defaultColumns(family).slice(0, 3);
    expect(moveColumn(columns, 2, -1).map((c) => c.key)).toEqual(["type", "status", "name"]);
    expect(moveColumn(columns, 0, -1)).toBe(columns);
    expect(moveColumn(columns, 0, 5).map((c) => c.key)).toEqual(["name", "status", "type"]);
  });

  it("saves widths only when set", () => {
    expect(columnPrefs([{ key: "a", hidden: false }, { key: "b", hidden: true, width: 90 }])).toEqual([{ key: "a", hidden: false }, { key: "b", hidden: true, width: 90 }]);
  });
});
