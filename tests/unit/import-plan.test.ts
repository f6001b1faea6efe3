/**
 * The browser's import without a browser: which files may be read, rows as sent (row numbers, mapped
 * keys, blank rows left out), chunks of 500, mode=valid storing as it goes, mode=all checking every chunk
 * (and the file's own duplicates) before storing anything, cancel after the chunk in flight, and the
 * refused-rows sheet.
 */
import { describe, expect, it } from "vitest";
import {
  checkSpreadsheet,
  duplicateErrors,
  importRows,
  pace,
  refusedSheet,
  runImport,
  type ChunkRequest,
  type ImportAnswer,
  type ImportRow,
  type SheetRows,
} from "../../web/crud/spreadsheet/plan.ts";

const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]);
const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const gbk = new Uint8Array([0xd7, 0xd6, 0xb5, 0xe4, 0x2c, 0x31]); // "字典,1" in GBK: not UTF-8

describe("checkSpreadsheet", () => {
  it("takes xlsx, xls and csv within 40 MB whose bytes fit, GBK CSV included", () => {
    expect(checkSpreadsheet("a.xlsx", 10, zip)).toBeNull();
    expect(checkSpreadsheet("a.XLS", 10, ole)).toBeNull();
    expect(checkSpreadsheet("a.csv", 10, gbk)).toBeNull();
    expect(checkSpreadsheet("a.csv", 10, new TextEncoder().encode("\uFEFF字典,1"))).toBeNull();
  });

  it("refuses other types, renamed files, NUL bytes in a CSV, empty and oversized files, before reading them", () => {
    expect(checkSpreadsheet("a.pdf", 10, zip)).toBe("type");
    expect(checkSpreadsheet("noext", 10, zip)).toBe("type");
    expect(checkSpreadsheet("a.xlsx", 10, ole)).toBe("type");
    expect(checkSpreadsheet("a.csv", 10, new Uint8Array([0x61, 0, 0x62]))).toBe("type");
    expect(checkSpreadsheet("a.xlsx", 0, new Uint8Array())).toBe("empty");
    expect(checkSpreadsheet("a.xlsx", 40 * 1024 * 1024 + 1, zip)).toBe("tooLarge");
  });
});

const sheet: SheetRows = {
  rows: [
    ["字典导入"],
    ["字典类型", "备注", "字典值"],
    ["sex", "x", 1],
    [" ", null, null],
    ["sex", null, " 2 "],
  ],
  numbers: [1, 2, 3, 5, 7],
};

describe("importRows", () => {
  it("keys each row by the mapped fields, numbers it as in the file, trims text and leaves out blank cells and rows", () => {
    expect(importRows(sheet, 1, ["type", null, "value"])).toEqual([
      { __row: 3, type: "sex", value: 1 },
      { __row: 7, type: "sex", value: "2" },
    ]);
  });
});

describe("duplicateErrors", () => {
  it("reports each repeat of a unique key group after its first row, whatever the chunk", () => {
    const rows: ImportRow[] = [
      { __row: 2, type: "sex", value: "1" },
      { __row: 3, type: "sex", value: "2" },
      { __row: 900, type: "sex", value: "1" },
      { __row: 901, type: "sex" },
      { __row: 902, type: "sex" },
    ];
    const errors = duplicateErrors(rows, [["type", "value"]], (f) => ({ type: "字典类型", value: "字典值" })[f]!, (n) => `与第 ${n} 行重复`);
    expect(errors).toEqual([{ row: 900, field: "type", label: "字典类型、字典值", message: "与第 2 行重复" }]);
  });
});

/** A fake server: refuses rows whose value is "bad", remembers every request. */
function fakeServer() {
  const requests: ChunkRequest[] = [];
  const send = async (request: ChunkRequest): Promise<ImportAnswer> => {
    requests.push(request);
    const bad = request.rows.filter((r) => r.value === "bad");
    const stored = request.dryRun || (request.mode === "all" && bad.length) ? 0 : request.rows.length - bad.length;
    return { read: request.rows.length, stored, refused: bad.length, skipped: 0, errors: bad.map((r) => ({ row: r.__row, field: "value", label: "字典值", message: "坏值" })) };
  };
  return { requests, send };
}

const rowsOf = (n: number, bad: number[] = []): ImportRow[] => Array.from({ length: n }, (_, i) => ({ __row: i + 2, type: "t", value: bad.includes(i + 2) ? "bad" : String(i) }));
let ids = 0;
const newId = () => `id-${++ids}`;

describe("runImport", () => {
  it("mode=valid sends chunks of 500 in order under one import id, storing the valid rows and listing the refused", async () => {
    const server = fakeServer();
    const progress: number[] = [];
    const result = await runImport({ rows: rowsOf(1200, [5, 1100]), mode: "valid", send: server.send, newId, onProgress: (p) => progress.push(p.done) });
    expect(server.requests.map((r) => [r.chunk, r.rows.length, r.dryRun, r.mode])).toEqual([
      [0, 500, false, "valid"],
      [1, 500, false, "valid"],
      [2, 200, false, "valid"],
    ]);
    expect(new Set(server.requests.map((r) => r.importId)).size).toBe(1);
    expect(progress).toEqual([0, 500, 1000, 1200]);
    expect(result).toMatchObject({ read: 1200, stored: 1198, refused: 2, skipped: 0, cancelled: false, checkedOnly: false });
    expect(result.errors.map((e) => e.row)).toEqual([5, 1100]);
  });

  it("mode=all checks every chunk first and stores nothing when a row is refused", async () => {
    const server = fakeServer();
    const result = await runImport({ rows: rowsOf(1200, [1100]), mode: "all", send: server.send, newId });
    expect(server.requests.every((r) => r.dryRun)).toBe(true);
    expect(server.requests).toHaveLength(3);
    expect(result).toMatchObject({ stored: 0, refused: 1, checkedOnly: true });
  });

  it("mode=all stores nothing when the file repeats a unique key across chunks", async () => {
    const server = fakeServer();
    const rows = rowsOf(700);
    rows[650]!.value = rows[10]!.value;
    const result = await runImport({ rows, mode: "all", unique: [["type", "value"]], send: server.send, newId, duplicateMessage: (n) => `dup ${n}` });
    expect(server.requests.every((r) => r.dryRun)).toBe(true);
    expect(result).toMatchObject({ stored: 0, refused: 1, checkedOnly: true, errors: [{ row: 652, message: "dup 12" }] });
  });

  it("mode=all stores every chunk, under a new import id, once the check found nothing", async () => {
    const server = fakeServer();
    const progress: string[] = [];
    const result = await runImport({ rows: rowsOf(1001), mode: "all", send: server.send, newId, onProgress: (p) => progress.push(`${p.phase}:${p.done}`) });
    expect(server.requests.map((r) => r.dryRun)).toEqual([true, true, true, false, false, false]);
    expect(server.requests[0]!.importId).not.toBe(server.requests[3]!.importId);
    expect(progress).toEqual(["checking:0", "checking:500", "checking:1000", "checking:1001", "storing:0", "storing:500", "storing:1000", "storing:1001"]);
    expect(result).toMatchObject({ read: 1001, stored: 1001, refused: 0, checkedOnly: false, cancelled: false });
  });

  it("cancel stops after the chunk in flight", async () => {
    const server = fakeServer();
    let stop = false;
    const send = async (request: ChunkRequest) => {
      stop = true; // the user cancels while the first chunk is on its way
      return server.send(request);
    };
    const result = await runImport({ rows: rowsOf(1200), mode: "valid", send, newId, cancelled: () => stop });
    expect(server.requests).toHaveLength(1);
    expect(result).toMatchObject({ stored: 500, cancelled: true });
  });

  it("a chunk the server does not answer ends the run with the counts so far and the failure", async () => {
    const server = fakeServer();
    const failure = new Error("network");
    let n = 0;
    const send = async (request: ChunkRequest) => {
      if (++n === 2) throw failure;
      return server.send(request);
    };
    const result = await runImport({ rows: rowsOf(1200), mode: "valid", send, newId });
    expect(result).toMatchObject({ stored: 500, error: failure, cancelled: false });
  });
});

describe("pace", () => {
  it("gives rows per second and the seconds left", () => {
    expect(pace(0, 100, 0)).toEqual({ rate: 0, secondsLeft: null });
    expect(pace(500, 2000, 1000)).toEqual({ rate: 500, secondsLeft: 3 });
  });
});

describe("refusedSheet", () => {
  it("is the header plus an error column, then each refused row as in the file with its messages", () => {
    const errors = [
      { row: 7, field: "value", label: "字典值", message: "格式错误" },
      { row: 3, field: "type", label: "字典类型", message: "不能为空" },
      { row: 7, field: "type", label: "字典类型", message: "太长" },
    ];
    expect(refusedSheet(sheet, 1, errors, "错误信息")).toEqual([
      ["字典类型", "备注", "字典值", "错误信息"],
      ["sex", "x", 1, "字典类型: 不能为空"],
      ["sex", null, " 2 ", "字典值: 格式错误; 字典类型: 太长"],
    ]);
  });
});
