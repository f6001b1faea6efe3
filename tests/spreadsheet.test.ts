/**
 * Spreadsheets for every family: the import template, imports (JSON chunks and files as real offices
 * make them), the refused rows with their reasons, streamed exports and a 10,000-record round trip.
 */
import { SELF, env } from "cloudflare:test";
import * as XLSX from "@e965/xlsx";
import * as cpexcel from "@e965/xlsx/dist/cpexcel.full.mjs";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { t } from "../events/i18n.ts";
import { findHeader, matchTitle } from "../events/spreadsheet/titles.ts";
import { normaliseCell, parseDateText, serialToDateTime } from "../events/spreadsheet/cells.ts";
import { dictionary } from "../events/families/sys.ts";
import { member } from "../events/families/org.ts";
import { field } from "../events/fields.ts";
import { l, type Family } from "../events/family.ts";
import { call, login, userWithPermissions } from "./helpers.ts";

const cptable = cpexcel as unknown as { utils: { encode(cp: number, text: string): ArrayLike<number> } };
XLSX.set_cptable(cptable);

let token: string;
beforeAll(async () => {
  token = await login();
});

// ---- helpers

interface Raw {
  method?: "GET" | "POST";
  body?: unknown;
  form?: FormData;
  lang?: "zh-CN" | "en-US";
  token?: string;
}

/** A request whose answer may be a file. */
async function raw(path: string, options: Raw = {}): Promise<Response> {
  const headers: Record<string, string> = { "x-hbi-token": options.token ?? token };
  if (options.lang) headers.cookie = `language=${options.lang}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  return SELF.fetch(`http://qifu.test/api${path}`, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
}

const importRows = (path: string, body: Record<string, unknown>, lang?: "zh-CN" | "en-US") => call(`${path}/excel/import`, { token, body, lang });

async function uploadFile(path: string, name: string, bytes: Uint8Array | string, fields: Record<string, string> = {}, lang?: "zh-CN" | "en-US") {
  const form = new FormData();
  form.append("file", new File([bytes], name));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const response = await raw(`${path}/excel/import`, { form, lang });
  return (await response.json()) as { code: number; msg: string; data: { read: number; stored: number; refused: number; skipped: number; errors: { row: number; field: string; label: string; message: string }[]; resultUrl?: string } };
}

const workbookOf = async (response: Response) => XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array" });
const sheetRows = (wb: XLSX.WorkBook, index = 0) => XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[index]!]!, { header: 1, raw: true, defval: null });

const xlsxBytes = (wb: XLSX.WorkBook, bookType: XLSX.BookType = "xlsx") => new Uint8Array(XLSX.write(wb, { type: "array", bookType }) as ArrayBuffer);

async function dictRows(type: string) {
  const { results } = await env.DB.prepare("SELECT type, value, name, en_name AS enName, number, status, remark FROM sys_dict WHERE type = ? ORDER BY value").bind(type).all();
  return results;
}

const countOf = async (sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).first<{ n: number }>())!.n;

// ---- cells and titles (shared with the browser)

describe("cells and titles", () => {
  it("matches titles in either language, with or without the required mark, and field keys", () => {
    const family = dictionary as unknown as Family;
    expect(matchTitle(family, "*字典类型")).toBe("type");
    expect(matchTitle(family, " Type* ")).toBe("type");
    expect(matchTitle(family, "ＥＮＧＬＩＳＨ tag")).toBe("enName");
    expect(matchTitle(family, "enName")).toBe("enName");
    expect(matchTitle(family, "备注说明")).toBeNull();
    const header = findHeader([["字典导入模板"], [], ["*字典类型", "*字典值", "说明", "状态"], ["sex", "1", "", "可用"]], family);
    expect(header).toEqual({ index: 2, fields: ["type", "value", null, "status"] });
  });

  it("reads dates as Excel serial numbers and as text in the usual forms", () => {
    expect(serialToDateTime(45296)).toBe("2024-01-05 00:00:00");
    expect(serialToDateTime(45296.5)).toBe("2024-01-05 12:00:00");
    expect(serialToDateTime(43834, true)).toBe("2024-01-05 00:00:00");
    for (const text of ["2024-01-05", "2024/1/5", "2024年1月5日", "2024.1.5", "20240105", "２０２４－０１－０５", "2024-01-05 00:00:00"]) expect(parseDateText(text)?.date, text).toBe("2024-01-05");
    expect(parseDateText("2024/1/5 8:30")).toEqual({ date: "2024-01-05", time: "08:30:00" });
    expect(parseDateText("2024年1月5日 8时30分")).toEqual({ date: "2024-01-05", time: "08:30:00" });
    expect(parseDateText("2024-02-30")).toBeNull();
    // an instant (a JavaScript Date sent as JSON) is read in China time, the product's time
    expect(parseDateText("2024-01-04T16:00:00.000Z")).toEqual({ date: "2024-01-05", time: "00:00:00" });
    expect(parseDateText("2024-01-05T08:30:00+08:00")).toEqual({ date: "2024-01-05", time: "08:30:00" });
    const date = field.date(l("日期", "Date"));
    const datetime = field.datetime(l("时间", "Time"));
    expect(normaliseCell(date, 45296)).toBe("2024-01-05");
    expect(normaliseCell(date, "45296")).toBe("2024-01-05");
    expect(normaliseCell(datetime, "2024/1/5 08:30:15")).toBe("2024-01-05 08:30:15");
    expect(normaliseCell(datetime, 45296.25)).toBe("2024-01-05 06:00:00");
    expect(normaliseCell(date, "not a date")).toBe("not a date");
  });

  it("reads numbers stored as text, full-width digits, booleans and blank cells", () => {
    const int = field.int(l("数", "N"));
    const bool = field.bool(l("是否", "Flag"));
    expect(normaliseCell(int, "１２")).toBe(12);
    expect(normaliseCell(int, " 1,234 ")).toBe(1234);
    expect(normaliseCell(int, "abc")).toBe("abc");
    expect(["是", "yes", "TRUE", "1", 1].map((v) => normaliseCell(bool, v))).toEqual([true, true, true, true, true]);
    expect(["否", "No", "false", "0", 0].map((v) => normaliseCell(bool, v))).toEqual([false, false, false, false, false]);
    expect(normaliseCell(field.text(l("文", "T"), { rules: ["mobile"] }), "１３８００１３８０００")).toBe("13800138000");
    expect(normaliseCell(field.text(l("文", "T")), 13800138000)).toBe("13800138000");
    expect(normaliseCell(field.text(l("文", "T")), "  \u3000 ")).toBeUndefined();
  });
});

// ---- template

describe("template", () => {
  it("has the titles in the request's language, required ones marked, dictionary drop-downs and date columns", async () => {
    const zh = await raw("/sys/sysdict/excel/template", { lang: "zh-CN" });
    expect(zh.headers.get("content-type")).toContain("spreadsheetml");
    expect(zh.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("字典-导入模板-")}`);
    const bytes = new Uint8Array(await zh.arrayBuffer());
    const parts = unzipSync(bytes);
    const sheetXml = strFromU8(parts["xl/worksheets/sheet1.xml"]!);
    // the status column (6th: F) lists the dictStatus labels from the hidden sheet
    expect(sheetXml).toMatch(/<dataValidation type="list"[^>]*sqref="F2:F1048576"><formula1>'下拉选项'!\$A\$1:\$A\$2<\/formula1>/);
    expect(strFromU8(parts["xl/workbook.xml"]!)).toContain('name="下拉选项" sheetId="2" state="hidden"');
    const wb = XLSX.read(bytes, { type: "array" });
    expect(sheetRows(wb)[0]).toEqual(["*字典类型", "*字典值", "*字典标签", "英文标签", "排序号", "*状态", "备注"]);
    expect(sheetRows(wb, 1).map((r) => r[0])).toEqual(["可用", "不可用"]);

    const en = await workbookOf(await raw("/sys/sysdict/excel/template", { lang: "en-US" }));
    expect(sheetRows(en)[0]).toEqual(["*Type", "*Value", "*Tag", "English tag", "Number", "*Status", "Remark"]);
    expect(sheetRows(en, 1).map((r) => r[0])).toEqual(["Available", "Unavailable"]);
  });

  it("formats date columns as dates and offers yes/no on booleans", async () => {
    const parts = unzipSync(new Uint8Array(await (await raw("/common/proorgmember/excel/template")).arrayBuffer()));
    const xml = strFromU8(parts["xl/worksheets/sheet1.xml"]!);
    const keys = Object.keys(member.fields);
    const birth = keys.indexOf("birthDate") + 1;
    const enabled = String.fromCharCode(64 + keys.indexOf("enabled") + 1);
    expect(xml).toMatch(new RegExp(`<col min="${birth}" max="${birth}" width="\\d+" customWidth="1" style="1"/>`));
    expect(strFromU8(parts["xl/styles.xml"]!)).toContain('<numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/>');
    expect(xml).toContain(`sqref="${enabled}2:${enabled}1048576"><formula1>&quot;是,否&quot;</formula1>`);
  });
});

// ---- JSON chunks

describe("import of JSON chunks", () => {
  const path = "/sys/sysdict";
  const good = (value: string, extra: Record<string, unknown> = {}) => ({ "*字典类型": "imp", "*字典值": value, 字典标签: `标签${value}`, "English tag": `Tag ${value}`, 排序号: "１２", 状态: "可用", ...extra });

  it("stores the good rows and lists the bad ones with row, field and message in the request's language", async () => {
    const rows = [
      { __row: 2, ...good("a") },
      { __row: 3, ...good("b", { 状态: "" }) },
      { __row: 4, ...good("c", { 排序号: "abc", 状态: "没有这个" }) },
      { __row: 5, type: "imp", value: "d", name: "by keys", status: "Unavailable", number: 3 },
      { __row: 6, "*字典类型": "", "*字典值": " ", 状态: null },
    ];
    const answer = await importRows(path, { importId: crypto.randomUUID(), chunk: 0, mode: "valid", rows });
    expect(answer.body.code).toBe(0);
    expect(answer.body.data).toMatchObject({ read: 5, stored: 2, refused: 2, skipped: 1 });
    expect(answer.body.data.errors).toEqual([
      { row: 3, field: "status", label: "状态", message: t("required", "zh-CN", { name: "状态" }) },
      { row: 4, field: "status", label: "状态", message: t("valueNotAllowed", "zh-CN", { name: "状态" }) },
      { row: 4, field: "number", label: "排序号", message: t("mustBeNumber", "zh-CN", { name: "排序号" }) },
    ]);
    expect(await dictRows("imp")).toEqual([
      { type: "imp", value: "a", name: "标签a", enName: "Tag a", number: 12, status: "1", remark: null },
      { type: "imp", value: "d", name: "by keys", enName: null, number: 3, status: "0", remark: null },
    ]);

    const en = await importRows(path, { importId: crypto.randomUUID(), chunk: 0, dryRun: true, rows: [{ __row: 9, ...good("e", { 状态: "" }) }] }, "en-US");
    expect(en.body.data.errors).toEqual([{ row: 9, field: "status", label: "Status", message: t("required", "en-US", { name: "Status" }) }]);
  });

  it("stores nothing with mode=all when a row is bad, nor on a dry run", async () => {
    const rows = [{ __row: 2, ...good("all1") }, { __row: 3, ...good("all2", { "*字典值": "" }) }];
    const all = await importRows(path, { importId: crypto.randomUUID(), chunk: 0, mode: "all", rows });
    expect(all.body.data).toMatchObject({ read: 2, stored: 0, refused: 1 });
    expect(all.body.data.errors[0]).toMatchObject({ row: 3, field: "value" });
    const dry = await importRows(path, { importId: crypto.randomUUID(), chunk: 0, mode: "valid", dryRun: true, rows: [rows[0]] });
    expect(dry.body.data).toMatchObject({ read: 1, stored: 0, refused: 0, errors: [] });
    expect(await countOf("SELECT COUNT(*) AS n FROM sys_dict WHERE type = 'imp' AND value LIKE 'all%'")).toBe(0);
  });

  it("stores a chunk sent twice only once and answers the first answer", async () => {
    const body = { importId: crypto.randomUUID(), chunk: 3, mode: "valid", rows: [good("twice1"), good("twice2")] };
    const events = await countOf("SELECT COUNT(*) AS n FROM events");
    const first = await importRows(path, body);
    const second = await importRows(path, body);
    expect(first.body.data.stored).toBe(2);
    expect(second.body).toEqual(first.body);
    expect(await countOf("SELECT COUNT(*) AS n FROM sys_dict WHERE type = 'imp' AND value LIKE 'twice%'")).toBe(2);
    expect(await countOf("SELECT COUNT(*) AS n FROM events")).toBe(events + 2);
  });

  it("reports duplicates of a unique key within the chunk and against stored records", async () => {
    const rows = [
      { __row: 2, ...good("dup") },
      { __row: 3, ...good("dup") },
      { __row: 4, "*字典类型": "dictStatus", "*字典值": "1", 字典标签: "again", 状态: "可用" },
    ];
    const answer = await importRows(path, { importId: crypto.randomUUID(), chunk: 0, rows });
    const message = t("alreadyExists", "zh-CN", { fields: "字典类型、字典值" });
    expect(answer.body.data).toMatchObject({ stored: 1, refused: 2 });
    expect(answer.body.data.errors).toEqual([
      { row: 3, field: "type", label: "字典类型", message },
      { row: 4, field: "type", label: "字典类型", message },
    ]);
  });

  it("turns division names into codes and organisation names (or codes) into the parent's id", async () => {
    const xian = await env.DB.prepare("SELECT id, code FROM sys_organization WHERE name = '西安市企业服务中心'").first<{ id: string; code: string }>();
    const rows = [
      { __row: 2, 机构名称: "导入机构一", 机构代码: "IMP-ORG-1", 机构层级: "区县级", 上级机构: "西安市企业服务中心", 行政区划: "雁塔区" },
      { __row: 3, 机构名称: "导入机构二", 机构代码: "IMP-ORG-2", 机构层级: "County", 上级机构: xian!.code, 行政区划: "陕西省/西安市/未央区" },
      { __row: 4, 机构名称: "导入机构三", 机构代码: "IMP-ORG-3", 机构层级: "区县级", 上级机构: xian!.id, 行政区划: "610113" },
      { __row: 5, 机构名称: "导入机构四", 机构代码: "IMP-ORG-4", 机构层级: "区县级", 上级机构: xian!.id, 行政区划: "没有这个区" },
    ];
    const answer = await importRows("/sys/organization", { importId: crypto.randomUUID(), chunk: 0, rows });
    expect(answer.body.data).toMatchObject({ stored: 3, refused: 1 });
    expect(answer.body.data.errors).toEqual([{ row: 5, field: "areaCode", label: "行政区划", message: t("zoningCode", "zh-CN", { name: "行政区划" }) }]);
    const { results } = await env.DB.prepare("SELECT code, type, parent_id AS parentId, area_code AS areaCode FROM sys_organization WHERE code LIKE 'IMP-ORG-%' ORDER BY code").all();
    expect(results).toEqual([
      { code: "IMP-ORG-1", type: "3", parentId: xian!.id, areaCode: "610113" },
      { code: "IMP-ORG-2", type: "3", parentId: xian!.id, areaCode: "610112" },
      { code: "IMP-ORG-3", type: "3", parentId: xian!.id, areaCode: "610113" },
    ]);
  });

  it("refuses a chunk above 1,000 rows and a body without its parts", async () => {
    const big = await importRows(path, { importId: "x", chunk: 0, rows: Array.from({ length: 1001 }, () => good("big")) });
    expect(big.body).toMatchObject({ code: 422, msg: "每批最多导入 1000 行" });
    const empty = await importRows(path, {});
    expect(empty.body.code).toBe(422);
    expect(empty.body.errors).toMatchObject({ importId: t("required", "zh-CN", { name: "导入编号" }) });
  });
});

// ---- files as real offices make them

describe("import of files", () => {
  let deptId: string;
  let postId: string;
  beforeAll(async () => {
    const post = await env.DB.prepare("SELECT id, dept_id AS deptId FROM project_org_post LIMIT 1").first<{ id: string; deptId: string }>();
    postId = post!.id;
    deptId = post!.deptId;
  });

  it("reads an xlsx with a merged title row, serial and text dates, numbers as text, full-width digits and trailing blank rows", async () => {
    const header = ["*姓名", "*登录名", "*性别", "*所属部门", "*岗位", "*状态", "*人员类型", "*入职时间", "出生日期", "年龄", "*手机号码", "允许登录", "排序号"];
    const base = (n: number) => [`成员${n}`, `office${n}`, n % 2 ? "男" : "Female", deptId, postId, "启用", "正式员工"];
    const aoa: unknown[][] = [
      ["成员导入（2024 年）"],
      header,
      [...base(1), { t: "n", v: 45296, z: "yyyy-mm-dd" }, "2024-01-05", "35", "13800138001", "是", 1],
      [...base(2), "2024/1/5", "2024年1月5日", "３６", "１３８００１３８００２", "否", "2"],
      [...base(3), "2024.1.5", { t: "n", v: 45296, z: "yyyy/m/d" }, 37, 13800138003, "yes", "３"],
      [...base(4), "2024年1月5日", "2024/1/5", null, "13800138004", "", null],
      [...base(5), "2024-1x-05", null, "old", "12345", "", null],
      [],
      ["", " ", null],
    ];
    const ws = XLSX.utils.aoa_to_sheet(aoa);
    ws["!merges"] = [{ s: { r: 0, c: 0 }, e: { r: 0, c: header.length - 1 } }];
    ws["!ref"] = `A1:M30`;
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, "成员");

    const answer = await uploadFile("/common/proorgmember", "成员.xlsx", xlsxBytes(wb));
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    expect(answer.data).toMatchObject({ stored: 4, refused: 1 });
    expect(answer.data.errors.map((e) => [e.row, e.field]).sort()).toEqual([
      [7, "age"],
      [7, "entryDate"],
      [7, "phone"],
    ]);
    const { results } = await env.DB.prepare(
      "SELECT name, gender, status, type, entry_date AS entryDate, birth_date AS birthDate, age, phone, enabled, sort FROM pro_org_member WHERE login_name LIKE 'office%' ORDER BY login_name",
    ).all();
    expect(results).toEqual([
      { name: "成员1", gender: "1", status: "1", type: "1", entryDate: "2024-01-05", birthDate: "2024-01-05", age: 35, phone: "13800138001", enabled: 1, sort: 1 },
      { name: "成员2", gender: "2", status: "1", type: "1", entryDate: "2024-01-05", birthDate: "2024-01-05", age: 36, phone: "13800138002", enabled: 0, sort: 2 },
      { name: "成员3", gender: "1", status: "1", type: "1", entryDate: "2024-01-05", birthDate: "2024-01-05", age: 37, phone: "13800138003", enabled: 1, sort: 3 },
      { name: "成员4", gender: "2", status: "1", type: "1", entryDate: "2024-01-05", birthDate: "2024-01-05", age: null, phone: "13800138004", enabled: null, sort: null },
    ]);

    // the refused rows come back with their reasons in a last column
    expect(answer.data.resultUrl).toMatch(/^\/common\/proorgmember\/excel\/result\/[0-9a-f-]{36}$/);
    const result = await SELF.fetch(`http://qifu.test/api${answer.data.resultUrl}?token=${token}`);
    expect(result.headers.get("content-disposition")).toContain("filename*=UTF-8''");
    const back = sheetRows(await workbookOf(result));
    expect(back[0]).toEqual(["行号", ...header, "错误原因"]);
    expect(back).toHaveLength(2);
    expect(back[1]!.slice(0, 3)).toEqual([7, "成员5", "office5"]);
    for (const e of answer.data.errors) expect(back[1]!.at(-1)).toContain(e.message);
    // another user may not read it
    const other = await userWithPermissions(token, ["common:proorgmember:import"]);
    const theirs = await SELF.fetch(`http://qifu.test/api${answer.data.resultUrl}?token=${other.token}`);
    expect(((await theirs.json()) as { code: number }).code).toBe(404);
  });

  it("reads an xls (BIFF8) file", async () => {
    const ws = XLSX.utils.aoa_to_sheet([
      ["Type", "Value", "Tag", "Status"],
      ["xls", "1", "一", "Available"],
    ]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, "Sheet1");
    const answer = await uploadFile("/sys/sysdict", "dict.xls", xlsxBytes(wb, "biff8"));
    expect(answer.data).toMatchObject({ read: 1, stored: 1 });
    expect(await dictRows("xls")).toMatchObject([{ value: "1", name: "一", status: "1" }]);
  });

  it("reads CSV in UTF-8 with a BOM and in GBK", async () => {
    const text = "字典类型,字典值,字典标签,状态,备注\r\ncsv,01,北京,可用,\"含,逗号\"\r\ncsv,02,上海,不可用,\r\n";
    const utf8 = await uploadFile("/sys/sysdict", "字典.csv", `\ufeff${text.replace(/csv,0/g, "csvutf8,0")}`);
    expect(utf8.data).toMatchObject({ read: 2, stored: 2 });
    expect(await dictRows("csvutf8")).toMatchObject([
      { value: "01", name: "北京", status: "1", remark: "含,逗号" },
      { value: "02", name: "上海", status: "0", remark: null },
    ]);
    const gbk = new Uint8Array(cptable.utils.encode(936, text.replace(/csv,0/g, "csvgbk,0")));
    expect(() => new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(gbk)).toThrow();
    const answer = await uploadFile("/sys/sysdict", "字典.csv", gbk);
    expect(answer.data).toMatchObject({ read: 2, stored: 2 });
    expect(await dictRows("csvgbk")).toMatchObject([{ value: "01", name: "北京" }, { value: "02", name: "上海" }]);
  });

  it("refuses a file above the row limit with a message pointing to the web page, in both languages", async () => {
    const lines = ["字典类型,字典值,字典标签,状态", ...Array.from({ length: 5001 }, (_, i) => `big,${i},x,可用`)];
    const zh = await uploadFile("/sys/sysdict", "big.csv", lines.join("\n"));
    expect(zh).toMatchObject({ code: 422 });
    expect(zh.msg).toContain("5000");
    expect(zh.msg).toContain("网页");
    const en = await uploadFile("/sys/sysdict", "big.csv", lines.join("\n"), {}, "en-US");
    expect(en.msg).toContain("through the web page");
    expect(await countOf("SELECT COUNT(*) AS n FROM sys_dict WHERE type = 'big'")).toBe(0);
  });

  it("refuses what is not a spreadsheet of the family", async () => {
    expect((await uploadFile("/sys/sysdict", "a.pdf", "%PDF-1.4")).msg).toBe("仅支持 xlsx、xls、csv 格式的文件");
    expect((await uploadFile("/sys/sysdict", "a.csv", "foo,bar\n1,2")).msg).toContain("未找到表头");
    expect((await uploadFile("/sys/sysdict", "a.xlsx", "PK\u0003\u0004garbage")).code).toBe(422);
  });
});

// ---- export

describe("export", () => {
  beforeAll(async () => {
    const rows = ["c", "a", "b"].map((v, i) => ({ type: "exp", value: v, name: `导出${v}`, enName: `Export ${v}`, number: 3 - i, status: v === "b" ? "0" : "1", remark: v === "a" ? "=1+1" : null }));
    const answer = await importRows("/sys/sysdict", { importId: crypto.randomUUID(), chunk: 0, rows });
    expect(answer.body.data.stored).toBe(3);
  });

  it("writes xlsx with labels in the request's language, filtered and sorted, named in Chinese", async () => {
    const body = { filters: { type: "exp" }, keyword: "", sort: { field: "number", order: "desc" }, columns: ["value", "name", "number", "status"], format: "xlsx" };
    const response = await raw("/sys/sysdict/excel/export", { body });
    expect(response.headers.get("content-disposition")).toMatch(new RegExp(`filename\\*=UTF-8''${encodeURIComponent("字典")}-\\d{8}\\.xlsx$`));
    expect(sheetRows(await workbookOf(response))).toEqual([
      ["字典值", "字典标签", "排序号", "状态"],
      ["c", "导出c", 3, "可用"],
      ["a", "导出a", 2, "可用"],
      ["b", "导出b", 1, "不可用"],
    ]);
    const en = await raw("/sys/sysdict/excel/export", { body: { ...body, filters: { type: "exp", status: "1" }, sort: { field: "number", order: "asc" } }, lang: "en-US" });
    expect(sheetRows(await workbookOf(en))).toEqual([
      ["Value", "Tag", "Number", "Status"],
      ["a", "导出a", 2, "Available"],
      ["c", "导出c", 3, "Available"],
    ]);
  });

  it("writes CSV with a BOM, and guards text that would run as a formula", async () => {
    const response = await raw("/sys/sysdict/excel/export", { body: { filters: { type: "exp" }, sort: { field: "number", order: "asc" }, columns: ["value", "status", "remark"], format: "csv" } });
    expect(response.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n")).toEqual(["字典值,状态,备注", "b,不可用,", 'a,可用,"\'=1+1"', "c,可用,", ""]);
    const parsed = sheetRows(XLSX.read(text, { type: "string", raw: true }));
    expect(parsed[2]).toEqual(["a", "可用", "'=1+1"]);
  });

  it("writes dates as dates and booleans as yes/no, and reads them back the same", async () => {
    const post = await env.DB.prepare("SELECT id, dept_id AS deptId FROM project_org_post LIMIT 1").first<{ id: string; deptId: string }>();
    const person = (n: number, extra: Record<string, unknown>) => ({ name: `导出成员${n}`, loginName: `export${n}`, gender: "1", deptId: post!.deptId, postId: post!.id, status: "1", type: "1", entryDate: "2024-01-05", phone: `1390000000${n}`, ...extra });
    const stored = await importRows("/common/proorgmember", { importId: crypto.randomUUID(), chunk: 0, rows: [person(1, { enabled: true, birthDate: "1990-12-31" }), person(2, { enabled: false })] });
    expect(stored.body.data.stored).toBe(2);
    const body = { filters: { loginName: "export" }, sort: { field: "name", order: "asc" }, columns: ["loginName", "entryDate", "birthDate", "enabled"], format: "xlsx" };
    const response = await raw("/common/proorgmember/excel/export", { body });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const ws = XLSX.read(bytes, { type: "array", cellNF: true }).Sheets["成员"]!;
    expect(ws.B2).toMatchObject({ t: "n", v: 45296, z: "yyyy\\-mm\\-dd" });
    expect(sheetRows(XLSX.read(bytes, { type: "array" }))).toEqual([
      ["登录名", "入职时间", "出生日期", "允许登录"],
      ["export1", 45296, 33238, "是"],
      ["export2", 45296, null, "否"],
    ]);
    const csv = await raw("/common/proorgmember/excel/export", { body: { ...body, format: "csv" }, lang: "en-US" });
    expect((await csv.text()).split("\r\n")).toEqual(["Login name,Entry time,Birth date,Login allowed", "export1,2024-01-05,1990-12-31,Yes", "export2,2024-01-05,,No", ""]);
  });

  it("honours the keyword", async () => {
    const response = await raw("/sys/sysdict/excel/export", { body: { filters: { type: "exp" }, keyword: "Export b", columns: ["value"], format: "csv" } });
    expect((await response.text()).split("\r\n")).toEqual(["字典值", "b", ""]);
  });

  it("refuses undeclared filters, sorts and columns", async () => {
    const bad = await call("/sys/sysdict/excel/export", { token, body: { columns: ["nope"], format: "xlsx" } });
    expect(bad.body.code).toBe(422);
    const sort = await call("/sys/sysdict/excel/export", { token, body: { sort: { field: "remark", order: "asc" }, format: "xlsx" } });
    expect(sort.body.code).toBe(422);
  });
});

// ---- permissions

describe("permission tags", () => {
  it("gives every family screen of the seeded menu import and export buttons", async () => {
    const { results } = await env.DB.prepare(
      "SELECT b.name, b.en_name AS enName, b.perms FROM sys_menu s JOIN sys_menu b ON b.parent_id = s.menu_id WHERE s.url = '/sys/dict' AND b.type = 2 AND (b.perms LIKE '%:import' OR b.perms LIKE '%:export') ORDER BY b.perms",
    ).all();
    expect(results).toEqual([
      { name: "导出", enName: "Export", perms: "sys:sysdict:export" },
      { name: "导入", enName: "Import", perms: "sys:sysdict:import" },
    ]);
  });

  it("lets a user holding only the export tag export, and refuses import to them", async () => {
    const { token: exporter } = await userWithPermissions(token, ["sys:sysdict:list", "sys:sysdict:export"]);
    const response = await raw("/sys/sysdict/excel/export", { token: exporter, body: { filters: { type: "exp" }, format: "csv" } });
    expect(response.headers.get("content-type")).toContain("text/csv");
    await response.arrayBuffer();
    const refused = await call("/sys/sysdict/excel/import", { token: exporter, body: { importId: "x", chunk: 0, rows: [] } });
    expect(refused.body).toMatchObject({ code: 403, msg: t("forbidden", "zh-CN", { perm: "sys:sysdict:import" }) });
  });
});

// ---- round trip

describe("round trip", () => {
  it("exports 10,000 records and imports them into an empty family, identical field by field", { timeout: 240_000 }, async () => {
    const type = "roundtrip";
    const record = (i: number) => ({
      type,
      value: String(i).padStart(5, "0"),
      name: i % 3 ? `名称${i}，含“引号”和,逗号` : `Name ${i}`,
      enName: i % 4 ? `Tag ${i}` : null,
      number: i % 7 ? i : null,
      status: i % 5 ? "1" : "0",
      remark: i % 2 ? `备注 ${i}\n第二行 & <xml> "quotes"` : null,
    });
    for (let chunk = 0; chunk < 10; chunk++) {
      const rows = Array.from({ length: 1000 }, (_, j) => record(chunk * 1000 + j));
      const answer = await importRows("/sys/sysdict", { importId: `rt-${chunk}`, chunk, rows });
      expect(answer.body.data, JSON.stringify(answer.body).slice(0, 500)).toMatchObject({ stored: 1000, refused: 0 });
    }
    const before = await dictRows(type);
    expect(before).toHaveLength(10_000);

    const response = await raw("/sys/sysdict/excel/export", { body: { filters: { type }, columns: ["type", "value", "name", "enName", "number", "status", "remark"], format: "xlsx" } });
    const exported = sheetRows(await workbookOf(response));
    expect(exported).toHaveLength(10_001);

    // empty the family's records of this type
    const ids = (await env.DB.prepare("SELECT id FROM sys_dict WHERE type = ?").bind(type).all<{ id: string }>()).results.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 100) {
      const deleted = await call("/sys/sysdict/delete", { token, body: ids.slice(i, i + 100) });
      expect(deleted.body.code).toBe(0);
    }
    expect(await dictRows(type)).toHaveLength(0);

    // back in, as the web page sends it: rows by title with their row numbers, 1,000 per chunk
    const [header, ...data] = exported;
    const importId = crypto.randomUUID();
    for (let chunk = 0; chunk * 1000 < data.length; chunk++) {
      const rows = data.slice(chunk * 1000, chunk * 1000 + 1000).map((cells, j) => ({ __row: chunk * 1000 + j + 2, ...Object.fromEntries(header!.map((h, k) => [String(h), cells[k]])) }));
      const answer = await importRows("/sys/sysdict", { importId, chunk, rows });
      expect(answer.body.data, JSON.stringify(answer.body).slice(0, 500)).toMatchObject({ stored: rows.length, refused: 0 });
    }
    expect(await dictRows(type)).toEqual(before);
  });
});
