/**
 * Reading spreadsheets as offices send them, through the browser's reader (web/crud/spreadsheet/sheet.ts):
 * CSV in UTF-8 with a BOM and in GBK, xlsx with a merged title row above the header, dates as dates,
 * numbers as numbers, text kept as text, trailing blank rows dropped; the header found with findHeader.
 */
import * as XLSX from "@e965/xlsx";
import * as cptable from "@e965/xlsx/dist/cpexcel.full.mjs";
import { describe, expect, it } from "vitest";
import { dictionary } from "../../events/families/sys.ts";
import { findHeader } from "../../events/spreadsheet/titles.ts";
import { readSheet } from "../../web/crud/spreadsheet/sheet.ts";

const csv = "字典类型,字典值,字典名称,排序\r\nsex,1,男,1\r\nsex,2,2024年1月5日,0002\r\n,,,\r\n";

describe("readSheet", () => {
  it("reads a UTF-8 CSV with a BOM, every cell as the text it was", async () => {
    const sheet = await readSheet(new File([`\uFEFF${csv}`], "a.csv"));
    expect(sheet.rows).toEqual([
      ["字典类型", "字典值", "字典名称", "排序"],
      ["sex", "1", "男", "1"],
      ["sex", "2", "2024年1月5日", "0002"],
    ]);
    expect(sheet.numbers).toEqual([1, 2, 3]);
  });

  it("reads a GBK CSV (what Chinese Excel saves) as the same Chinese text", async () => {
    const codepages = cptable as unknown as { utils: { encode: (cp: number, text: string) => ArrayLike<number> } };
    const bytes = new Uint8Array(codepages.utils.encode(936, csv));
    expect(() => new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes)).toThrow();
    const sheet = await readSheet(new File([bytes], "b.csv"));
    expect(sheet.rows[0]).toEqual(["字典类型", "字典值", "字典名称", "排序"]);
    expect(sheet.rows[2]).toEqual(["sex", "2", "2024年1月5日", "0002"]);
  });

  it("reads an xlsx with a merged title row, dates, numbers and trailing blank rows", async () => {
    const ws = XLSX.utils.aoa_to_sheet([["字典导入（2024）"], ["*字典类型", "字典值", "字典标签", "排序号", "日期"], ["sex", "1", "男", 3, new Date(Date.UTC(2024, 0, 5))], [], ["sex", 2, "女", "４", "2024/1/5"], [null], [""]], { cellDates: false, UTC: true } as XLSX.AOA2SheetOpts);
    ws["!merges"] = [{ s: { r: 0, c: 0 }, e: { r: 0, c: 4 } }];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, ws, "字典");
    const bytes = XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
    const sheet = await readSheet(new File([bytes], "c.xlsx"));
    expect(sheet.numbers).toEqual([1, 2, 3, 5]);
    expect(sheet.rows[2]).toEqual(["sex", "1", "男", 3, "2024-01-05"]);
    expect(sheet.rows[3]).toEqual(["sex", 2, "女", "４", "2024/1/5"]);
    expect(findHeader(sheet.rows, dictionary)).toMatchObject({ index: 1, fields: ["type", "value", "name", "number", null] });
  });
});
