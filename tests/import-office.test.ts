/**
 * Imports read what offices write, over HTTP into real D1: a person by name or account in a user field (a
 * name two users share is refused naming both accounts), a dictionary label's short form, a division written
 * as its path, and totals rows skipped and counted, in JSON chunks and in files.
 */
import { SELF, env } from "cloudflare:test";
import * as XLSX from "@e965/xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { t } from "../events/i18n.ts";
import { orgCodeCheck, usccCheck } from "../worker/seed/enterprise-demo/uscc.ts";
import { call, login } from "./helpers.ts";

const path = "/common/enenterprisebasicinfo";
let token: string;
const suffix = crypto.randomUUID().slice(0, 6);
let serial = 0;
/** A valid unified social credit code, new on each call. */
function creditCode(): string {
  const org = `MB${String(++serial + Math.floor(Math.random() * 1e4) * 100).padStart(6, "0")}`;
  const first17 = `91610113${org}${orgCodeCheck(org)}`;
  return first17 + usccCheck(first17);
}

const users: Record<string, string> = {};
async function newUser(userNo: string, name: string) {
  const saved = await call("/sys/user/save", { token, body: { userNo, name, status: "1" } });
  if (saved.body.code !== 0) throw new Error(JSON.stringify(saved.body));
  users[userNo] = saved.body.data.id as string;
}

beforeAll(async () => {
  token = await login();
  await newUser(`liuce${suffix}`, `刘测${suffix}`);
  await newUser(`liuce${suffix}b`, `刘测${suffix}`);
  await newUser(`zhaoce${suffix}`, `赵测${suffix}`);
});

const importRows = (rows: Record<string, unknown>[], lang?: "zh-CN" | "en-US") =>
  call(`${path}/excel/import`, { token, lang, body: { importId: crypto.randomUUID(), chunk: 0, mode: "valid", rows } });
const stored = (code: string) =>
  env.DB.prepare("SELECT reg_status AS regStatus, area_code AS areaCode, service_user_id AS serviceUserId FROM en_enterprise_basic_info WHERE credit_code = ?").bind(code).first<Record<string, string | null>>();

describe("a user field", () => {
  it("finds the user by account or by a name one user has; a shared name is refused naming the accounts, an unknown one too", async () => {
    const codes = [creditCode(), creditCode(), creditCode(), creditCode(), creditCode()];
    const row = (n: number, officer: string) => ({ __row: n + 2, 统一社会信用代码: codes[n], 企业名称: `导入用户测试${suffix}${n}`, 服务专员: officer });
    const answer = await importRows([row(0, `LIUCE${suffix}B`), row(1, `赵测${suffix}`), row(2, `刘测${suffix}`), row(3, "没有这个人"), row(4, users[`zhaoce${suffix}`]!)]);
    expect(answer.body.code).toBe(0);
    expect(answer.body.data).toMatchObject({ read: 5, stored: 3, refused: 2 });
    expect(answer.body.data.errors).toEqual([
      { row: 4, field: "serviceUserId", label: "服务专员", message: t("userAmbiguous", "zh-CN", { name: "服务专员", value: `刘测${suffix}`, count: 2, accounts: `liuce${suffix}, liuce${suffix}b` }) },
      { row: 5, field: "serviceUserId", label: "服务专员", message: t("userUnknown", "zh-CN", { name: "服务专员", value: "没有这个人" }) },
    ]);
    expect(answer.body.data.errors[0].message).toBe(`服务专员：“刘测${suffix}”对应 2 个用户：liuce${suffix}, liuce${suffix}b，请填写账号`);
    expect((await stored(codes[0]!))!.serviceUserId).toBe(users[`liuce${suffix}b`]);
    expect((await stored(codes[1]!))!.serviceUserId).toBe(users[`zhaoce${suffix}`]);
    expect((await stored(codes[4]!))!.serviceUserId).toBe(users[`zhaoce${suffix}`]);
    expect(await stored(codes[2]!)).toBeNull();

    const en = await importRows([{ __row: 2, creditCode: creditCode(), entName: `导入用户测试${suffix}en`, serviceUserId: `刘测${suffix}` }], "en-US");
    expect(en.body.data.errors[0].message).toBe(`Service officer: "刘测${suffix}" matches 2 users: liuce${suffix}, liuce${suffix}b; write the account instead`);
  });
});

describe("a dictionary field and a division field", () => {
  it("take a label's short form (the part before the parenthesis) and a division written as its path", async () => {
    const codes = [creditCode(), creditCode(), creditCode(), creditCode(), creditCode()];
    const row = (n: number, regStatus: string, area: string) => ({ __row: n + 2, 统一社会信用代码: codes[n], 企业名称: `导入字典测试${suffix}${n}`, 登记状态: regStatus, 所属区划: area });
    const answer = await importRows([
      row(0, "存续", "陕西省西安市雁塔区"),
      row(1, "存续(在营、开业、在册)", "西安市 / 长安区"),
      row(2, "存续（在营、开业、在册）", "陕西西安未央区"),
      row(3, "注销", "雁塔区"),
      row(4, "存", "陕西省铜川市雁塔区"),
    ]);
    expect(answer.body.data).toMatchObject({ read: 5, stored: 4, refused: 1 });
    // 存 is a prefix, not a short form; 雁塔区 is not in 铜川市: the text stays as written and its rules refuse it
    expect(answer.body.data.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([[6, "regStatus"], [6, "areaCode"]]);
    expect(answer.body.data.errors[0].message).toBe(t("valueNotAllowed", "zh-CN", { name: "登记状态" }));
    const rows = await Promise.all(codes.slice(0, 4).map(stored));
    expect(rows.map((r) => [r!.regStatus, r!.areaCode])).toEqual([
      ["existing", "610113"],
      ["existing", "610116"],
      ["existing", "610112"],
      ["cancelled", "610113"],
    ]);
  });
});

describe("totals rows", () => {
  it("are skipped and counted in a JSON chunk", async () => {
    const code = creditCode();
    const answer = await importRows([
      { __row: 2, 统一社会信用代码: code, 企业名称: `导入合计测试${suffix}`, "注册资本(万元)": 100 },
      { __row: 3, 企业名称: "合计", "注册资本(万元)": 100 },
    ]);
    expect(answer.body.data).toMatchObject({ read: 2, stored: 1, refused: 0, skipped: 1, errors: [] });
  });

  it("are skipped and counted in a file, the word in a column nobody maps included", async () => {
    const codes = [creditCode(), creditCode()];
    const sheet = XLSX.utils.aoa_to_sheet([
      ["序号", "统一社会信用代码", "企业名称", "注册资本(万元)"],
      [1, codes[0], `导入合计文件${suffix}1`, 100],
      [2, codes[1], `导入合计文件${suffix}2`, 50],
      ["合计", null, null, 150],
      [null, null, "总计", 150],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "企业");
    const form = new FormData();
    form.append("file", new File([XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer], "企业.xlsx"));
    const response = await SELF.fetch(`http://qifu.test/api${path}/excel/import`, { method: "POST", headers: { "x-hbi-token": token }, body: form });
    const answer = (await response.json()) as { code: number; data: Record<string, unknown> };
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ read: 4, stored: 2, refused: 0, skipped: 2, errors: [] });
  });
});
