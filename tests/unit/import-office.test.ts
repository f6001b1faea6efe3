/**
 * Spreadsheets as offices write them, read the same in the browser and the Worker: totals rows (合计/总计/
 * 小计) skipped and counted, a dictionary label's short form (存续 for 存续（在营、开业、在册）) when it names
 * one entry, and the sheet whose header names the family's fields chosen over a notes sheet before it.
 */
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { dictionary } from "../../events/families/sys.ts";
import { dictionaryLookup, isTotalsRow } from "../../events/spreadsheet/cells.ts";
import { pickSheet } from "../../events/spreadsheet/titles.ts";
import { importRows, runImport, totalsRows, type ChunkRequest, type SheetRows } from "../../web/crud/spreadsheet/plan.ts";
import { readSheet } from "../../web/crud/spreadsheet/sheet.ts";

describe("totals rows", () => {
  it("sees 合计, 总计 and 小计 as the first cell (with a colon, a parenthesis or a figure) or as any whole cell", () => {
    expect(isTotalsRow(["合计", null, 1200])).toBe(true);
    expect(isTotalsRow([null, " 合 计： ", 1200])).toBe(true);
    expect(isTotalsRow(["小计（元）", 300])).toBe(true);
    expect(isTotalsRow(["总计1200"])).toBe(true);
    expect(isTotalsRow(["西安", "小计", 300])).toBe(true);
    expect(isTotalsRow([3, "陕西", "总计"])).toBe(true);
  });

  it("leaves ordinary rows alone, words that only begin the same way included", () => {
    expect(isTotalsRow(["sex", "1", "男"])).toBe(false);
    expect(isTotalsRow(["总计划表", "1"])).toBe(false);
    expect(isTotalsRow(["合计金额说明", 3])).toBe(false);
    expect(isTotalsRow(["西安", "小计数器"])).toBe(false);
    expect(isTotalsRow([null, null])).toBe(false);
  });

  it("are not sent by the web import and count as skipped in its summary", async () => {
    const sheet: SheetRows = {
      rows: [["序号", "字典类型", "字典值"], [1, "sex", "1"], [2, "sex", "2"], ["合计", null, null], [null, "总计", 2]],
      numbers: [1, 2, 3, 4, 5],
    };
    const mapping = [null, "type", "value"];
    const rows = importRows(sheet, 0, mapping);
    expect(rows.map((r) => r.__row)).toEqual([2, 3]);
    expect(totalsRows(sheet, 0)).toBe(2);
    const sent: ChunkRequest[] = [];
    const result = await runImport({
      rows,
      mode: "valid",
      skipped: totalsRows(sheet, 0),
      send: async (request) => {
        sent.push(request);
        return { read: request.rows.length, stored: request.rows.length, refused: 0, skipped: 0, errors: [] };
      },
    });
    expect(sent.flatMap((s) => s.rows).length).toBe(2);
    expect({ read: result.read, stored: result.stored, skipped: result.skipped }).toEqual({ read: 2, stored: 2, skipped: 2 });
  });
});

describe("dictionary labels' short forms", () => {
  const entries = [
    { type: "regStatus", value: "1", name: "存续（在营、开业、在册）", enName: "Active (in operation)" },
    { type: "regStatus", value: "2", name: "吊销(未注销)", enName: "Revoked, not deregistered" },
    { type: "regStatus", value: "3", name: "吊销（已注销）", enName: "Revoked (deregistered)" },
    { type: "regStatus", value: "4", name: "注销", enName: "Deregistered" },
    { type: "regStatus", value: "5", name: "注销（其他）", enName: null },
  ];
  const lookup = dictionaryLookup(entries);

  it("match the part before a full-width or ASCII parenthesis when one entry has it", () => {
    expect(lookup("regStatus", "存续")).toBe("1");
    expect(lookup("regStatus", " 存续 ")).toBe("1");
    expect(lookup("regStatus", "Active")).toBe("1");
    expect(lookup("regStatus", "存续（在营、开业、在册）")).toBe("1");
    expect(lookup("regStatus", "存续(在营、开业、在册)")).toBe("1");
  });

  it("do not match when several entries share them, nor shadow a label written so", () => {
    expect(lookup("regStatus", "吊销")).toBeUndefined();
    expect(lookup("regStatus", "注销")).toBe("4");
    expect(lookup("regStatus", "存")).toBeUndefined();
  });
});

describe("the sheet an import reads", () => {
  const book = () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([["填表说明"], ["1. 每行一条字典"], ["2. 状态填写 可用 或 不可用"]]), "说明");
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([["字典导入"], ["字典类型", "字典值", "字典标签"], ["sex", "1", "男"], ["合计", null, null]]), "数据");
    return wb;
  };

  it("is the first whose header names the family's fields, the same rule for both sides", () => {
    const wb = book();
    const top = (name: string) => XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name]!, { header: 1, defval: null }).slice(0, 10);
    expect(pickSheet(wb.SheetNames, top, dictionary)).toEqual({ sheet: "数据", header: { index: 1, fields: ["type", "value", "name"] } });
    expect(pickSheet(["说明"], top, dictionary)).toBeNull();
  });

  it("is the data sheet in the browser too, not the notes sheet before it", async () => {
    const bytes = XLSX.write(book(), { type: "array", bookType: "xlsx" }) as ArrayBuffer;
    const sheet = await readSheet(new File([bytes], "字典.xlsx"), dictionary);
    expect(sheet.rows[1]).toEqual(["字典类型", "字典值", "字典标签"]);
    expect(sheet.rows[2]).toEqual(["sex", "1", "男"]);
    // without a family the first sheet is read, as before
    expect((await readSheet(new File([bytes], "字典.xlsx"))).rows[0]).toEqual(["填表说明"]);
  });
});
