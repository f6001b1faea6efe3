/**
 * The enterprise module through the real worker: an enterprise's tabs scoped by its credit code, its
 * timeline across families (and after a rebuild), the service-staff and manager assignments, the
 * spreadsheet aliases with a real xlsx, the home and dashboard statistics, and the extra reads.
 */
import { SELF, env } from "cloudflare:test";
import * as XLSX from "@e965/xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { call, creditCode, login, userWithPermissions } from "./helpers.ts";
import { store } from "../worker/modules.ts";
import { execute, principal } from "../worker/commands/execute.ts";
import { createOf } from "../worker/resources/commands.ts";
import { synPatentsList } from "../events/families/syn-registration.ts";
import type { Family } from "../events/family.ts";

const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const master = "/common/enenterprisebasicinfo";

let token: string;
const ok = async (path: string, body?: unknown) => {
  const answer = await call(path, { token, body });
  if (answer.body.code !== 0) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};
const save = async (path: string, body: Record<string, unknown>) => (await ok(`${path}/save`, body)).data.id as string;

interface Enterprise {
  id: string;
  creditCode: string;
  entName: string;
}
async function enterprise(entName: string, extra: Record<string, unknown> = {}): Promise<Enterprise> {
  const code = creditCode((extra.areaCode as string | undefined) ?? "610100");
  const id = await save(master, { creditCode: code, entName, areaCode: "610100", industry: "I", scale: "3", listingStatus: "1", estDate: today, ...extra });
  return { id, creditCode: code, entName };
}
const scope = (e: Enterprise) => ({ creditCode: e.creditCode, entName: e.entName });

let a: Enterprise;
let b: Enterprise;
let staff: { userId: string };
let adminId: string;

beforeAll(async () => {
  token = await login();
  adminId = (await env.DB.prepare("SELECT id FROM sys_user WHERE user_no = 'admin'").first<{ id: string }>())!.id;
  staff = await userWithPermissions(token, ["common:enenterprisebasicinfo:list"]);
  a = await enterprise("西安甲科技有限公司");
  b = await enterprise("宝鸡乙制造有限公司", { areaCode: "610300", industry: "C" });
});

describe("an enterprise's tabs", () => {
  it("lists a tab's records of one enterprise only, scoped by its credit code", async () => {
    await save("/common/enpatentinfo", { ...scope(a), title: "一种数据处理方法", appNo: "CN202410000001" });
    await save("/common/enpatentinfo", { ...scope(a), title: "一种图像识别装置", appNo: "CN202410000002" });
    await save("/common/enpatentinfo", { ...scope(b), title: "一种齿轮箱", appNo: "CN202410000003" });
    const list = await ok(`/common/enpatentinfo/list?creditCode=${a.creditCode}`);
    expect(list.total).toBe(2);
    expect(list.data.map((r: { creditCode: string }) => r.creditCode)).toEqual([a.creditCode, a.creditCode]);
    expect((await ok(`/common/enpatentinfo/list?creditCode=${b.creditCode}`)).total).toBe(1);
  });

  it("finds the master record by credit code, and answers 404 for an unknown one", async () => {
    expect((await ok(`${master}/byCreditCode/${a.creditCode}`)).data).toMatchObject({ id: a.id, entName: a.entName });
    expect((await call(`${master}/byCreditCode/${creditCode("610400")}`, { token })).body.code).toBe(404);
    expect((await call(`${master}/byCreditCode/not-a-code`, { token })).body.code).toBe(422);
  });

  it("counts each profile list's records of one enterprise as its list does, only for lists the reader may open", async () => {
    const counts = (await ok(`${master}/tabCounts?creditCode=${a.creditCode}`)).data as Record<string, number>;
    expect(counts["common.enpatentinfo"]).toBe((await ok(`/common/enpatentinfo/list?creditCode=${a.creditCode}`)).total);
    expect(counts["common.enpatentinfo"]).toBeGreaterThanOrEqual(2);
    expect(counts["syn.synxzgxflist"]).toBe(0);
    expect(counts[`common.enenterprisebasicinfo`]).toBeUndefined();
    const reader = await userWithPermissions(token, ["common:enenterprisebasicinfo:info", "common:enpatentinfo:list"]);
    const seen = (await call(`${master}/tabCounts?creditCode=${a.creditCode}`, { token: reader.token })).body;
    expect(seen.data).toEqual({ "common.enpatentinfo": counts["common.enpatentinfo"] });
    expect((await call(`${master}/tabCounts?creditCode=bad`, { token })).body.code).toBe(422);
  });

  it("offers enterprises to pickers by name fragment or exact code", async () => {
    expect((await ok(`${master}/enterList?keyword=${encodeURIComponent("甲科技")}`)).data).toEqual([{ id: a.id, creditCode: a.creditCode, entName: a.entName }]);
    expect((await ok(`${master}/enterList?keyword=${b.creditCode}`)).data).toEqual([{ id: b.id, creditCode: b.creditCode, entName: b.entName }]);
  });
});

describe("the enterprise timeline", () => {
  type Row = { at: string; family: string; familyLabel: string; recordId: string; title: string | null; type: string; action: string; changed: string[]; actorName: string | null; by: { kind: string; name: string | null } };
  const timeline = async (e: Enterprise, t = token) => (await call(`${master}/timeline?creditCode=${e.creditCode}&limit=100`, { token: t })).body as { code: number; total: number; data: Row[] };
  let historyId: string;
  let patentId: string;

  beforeAll(async () => {
    historyId = await save("/common/enotherhistory", { ...scope(a), title: "电话回访", historyType: "phone", serviceDate: today });
    patentId = await save("/common/enpatentinfo", { ...scope(a), title: "一种传感器", appNo: "CN202410000009" });
    await ok("/common/enpatentinfo/update", { id: patentId, title: "一种温度传感器" });
  });

  it("shows records of several families for one enterprise, newest first, with what changed and who", async () => {
    const answer = await timeline(a);
    expect(answer.code).toBe(0);
    const families = new Set(answer.data.map((r) => r.family));
    expect(families).toEqual(new Set(["common.enenterprisebasicinfo", "common.enpatentinfo", "common.enotherhistory"]));
    expect(answer.data[0]).toMatchObject({ family: "common.enpatentinfo", recordId: patentId, type: "common.enpatentinfo.updated", action: "updated", changed: ["title"], familyLabel: "专利", actorName: expect.any(String) });
    expect(answer.data[1]).toMatchObject({ recordId: patentId, action: "created", changed: [] });
    expect(answer.data.find((r) => r.recordId === historyId)).toMatchObject({ family: "common.enotherhistory", type: "common.enotherhistory.created" });
    expect(answer.total).toBe(answer.data.length);
    expect(answer.data[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("names the record by its title field and the change's author by name or by source", async () => {
    const answer = await timeline(a);
    // the title as each event left it: the update's new one, the creation's first one
    expect(answer.data[0]).toMatchObject({ recordId: patentId, title: "一种温度传感器", by: { kind: "user", name: expect.any(String) } });
    expect(answer.data[0]!.by.name).toBe(answer.data[0]!.actorName);
    expect(answer.data[1]).toMatchObject({ recordId: patentId, title: "一种传感器" });
    expect(answer.data.find((r) => r.recordId === historyId)).toMatchObject({ title: "电话回访" });
    // a synchronised list's record written by a sync run: the source, not a person
    const sync = principal("sync");
    await execute({ name: "test.sync", decide: () => ({ writes: [createOf(synPatentsList as unknown as Family, { ...scope(a), title: "一种同步来的专利", appNo: "CN202410000011" })], answer: null }) }, sync, { db: env.DB, store });
    const synced = (await timeline(a)).data[0]!;
    expect(synced).toMatchObject({ family: "syn.synpatentslist", title: "一种同步来的专利", action: "created", by: { kind: "sync", name: null }, actorName: "sync" });
    // a fill-in link acts with an id (the link's) and the enterprise's name: the link, not a user of that name
    const link = principal("link", "西安示例企业", "link-1");
    await execute({ name: "test.link", decide: () => ({ writes: [createOf(synPatentsList as unknown as Family, { ...scope(a), title: "一种填报的专利", appNo: "CN202410000012" })], answer: null }) }, link, { db: env.DB, store });
    expect((await timeline(a)).data[0]).toMatchObject({ title: "一种填报的专利", by: { kind: "link", name: "西安示例企业" } });
    // the seed acting as a person is that person
    const seeded = principal("seed", "王敏", "user-1");
    await execute({ name: "test.seed", decide: () => ({ writes: [createOf(synPatentsList as unknown as Family, { ...scope(a), title: "一种演示专利", appNo: "CN202410000013" })], answer: null }) }, seeded, { db: env.DB, store });
    expect((await timeline(a)).data[0]).toMatchObject({ title: "一种演示专利", by: { kind: "user", name: "王敏" } });
  });

  it("shows none of another enterprise's records", async () => {
    const mine = await timeline(a);
    const theirs = await timeline(b);
    const ids = new Set(mine.data.map((r) => r.recordId));
    expect(theirs.data.length).toBeGreaterThan(0);
    expect(theirs.data.some((r) => ids.has(r.recordId))).toBe(false);
    expect(theirs.data.find((r) => r.family === "common.enenterprisebasicinfo")!.recordId).toBe(b.id);
  });

  it("shows a deletion, and only the families the reader may list", async () => {
    await ok("/common/enotherhistory/delete", [historyId]);
    expect((await timeline(a)).data[0]).toMatchObject({ recordId: historyId, type: "common.enotherhistory.deleted", action: "deleted" });
    const reader = await userWithPermissions(token, ["common:enenterprisebasicinfo:info", "common:enotherhistory:list"]);
    const seen = await timeline(a, reader.token);
    expect(new Set(seen.data.map((r) => r.family))).toEqual(new Set(["common.enotherhistory"]));
    const nobody = await userWithPermissions(token, ["common:enenterprisebasicinfo:list"]);
    expect((await timeline(a, nobody.token)).code).toBe(403);
  });

  it("names a revert and a state command such as publish", async () => {
    await ok(`/common/enpatentinfo/revert/${patentId}`, { version: 1 });
    expect((await timeline(a)).data[0]).toMatchObject({ recordId: patentId, action: "reverted", changed: ["title"] });
    const show = await save("/common/tbroadshowpass", { ...scope(a), title: "甲科技首轮路演" });
    await ok(`/common/tbroadshowpass/publish/${show}/1`);
    expect((await timeline(a)).data[0]).toMatchObject({ family: "common.tbroadshowpass", recordId: show, action: "publish", changed: expect.arrayContaining(["status"]) });
  });

  it("is recreated by a rebuild, row for row", async () => {
    const before = await timeline(a);
    await store.rebuild(env.DB);
    expect(await timeline(a)).toEqual(before);
  });
});

describe("service staff and the assigned manager", () => {
  const info = async (e: Enterprise) => (await ok(`${master}/info/${e.id}`)).data;

  it("assigns the service staff of one enterprise, listed by fplist", async () => {
    await ok(`${master}/updateService`, { id: a.id, serviceUserId: staff.userId });
    expect((await info(a)).serviceUserId).toBe(staff.userId);
    const mine = await ok(`${master}/fplist?serviceUserId=${staff.userId}`);
    expect(mine.data.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect(mine.data[0].serviceUserName).toEqual(expect.any(String));
    const unassigned = await ok(`${master}/fplist?unassigned=1&limit=100`);
    const ids = unassigned.data.map((r: { id: string }) => r.id);
    expect(ids).toContain(b.id);
    expect(ids).not.toContain(a.id);
  });

  it("refuses an unknown user or a missing enterprise", async () => {
    expect((await call(`${master}/updateService`, { token, body: { id: a.id, serviceUserId: "no-such-user" } })).body).toMatchObject({ code: 422, errors: { serviceUserId: expect.any(String) } });
    expect((await call(`${master}/updateService`, { token, body: { serviceUserId: adminId } })).body.code).toBe(422);
    expect((await call(`${master}/updateService`, { token, body: { id: "no-such-enterprise", serviceUserId: adminId } })).body.code).toBe(404);
  });

  it("assigns several enterprises at once, all or none", async () => {
    const refused = await call(`${master}/batchUpdateService`, { token, body: { ids: [a.id, "no-such-enterprise"], serviceUserId: adminId } });
    expect(refused.body.code).toBe(404);
    expect((await info(a)).serviceUserId).toBe(staff.userId);
    expect((await ok(`${master}/batchUpdateService`, { ids: [a.id, b.id], serviceUserId: adminId })).data).toEqual({ updated: 2 });
    expect((await info(a)).serviceUserId).toBe(adminId);
    expect((await info(b)).serviceUserId).toBe(adminId);
    expect((await call(`${master}/batchUpdateService`, { token, body: { ids: [], serviceUserId: adminId } })).body.code).toBe(422);
  });

  it("clears the service staff with null", async () => {
    await ok(`${master}/updateService`, { id: b.id, serviceUserId: null });
    expect((await info(b)).serviceUserId).toBeNull();
  });

  it("removes the assigned manager (deleteBmjl), and the timeline names the field", async () => {
    await ok(`${master}/update`, { id: a.id, bmjlUserId: staff.userId });
    expect((await info(a)).bmjlUserId).toBe(staff.userId);
    await ok(`${master}/deleteBmjl/${a.id}`, {});
    expect((await info(a)).bmjlUserId).toBeNull();
    const latest = (await ok(`${master}/timeline?creditCode=${a.creditCode}&limit=1`)).data[0];
    expect(latest).toMatchObject({ family: "common.enenterprisebasicinfo", recordId: a.id, changed: ["bmjlUserId"] });
    expect((await call(`${master}/deleteBmjl/no-such-enterprise`, { token, body: {} })).body.code).toBe(404);
  });
});

describe("spreadsheet aliases", () => {
  const xlsx = (rows: unknown[][]) => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
    return new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
  };
  const upload = async (path: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append("file", new File([bytes], "import.xlsx"));
    const response = await SELF.fetch(`http://qifu.test/api${path}`, { method: "POST", headers: { "x-hbi-token": token }, body: form });
    return (await response.json()) as { code: number; data: { read: number; stored: number; refused: number; errors: { row: number; field: string; message: string }[]; resultUrl?: string } };
  };

  it("excelSaveHonor imports a real xlsx and reports the bad rows", async () => {
    const file = xlsx([
      ["*统一社会信用代码", "*企业名称", "*荣誉/资质名称", "年度", "认定部门"],
      [a.creditCode, a.entName, "专精特新中小企业", 2024, "陕西省工业和信息化厅"],
      ["91610100BADCODE000", "某企业", "高新技术企业", 2024, "科技厅"],
      [a.creditCode, a.entName, "", 3000, ""],
    ]);
    const answer = await upload("/common/enhonoraryqualifications/excelSaveHonor", file);
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ read: 3, stored: 1, refused: 2, resultUrl: expect.stringContaining("/common/enhonoraryqualifications/excel/result/") });
    expect(answer.data.errors.map((e) => [e.row, e.field])).toEqual([[3, "creditCode"], [4, "honorName"], [4, "year"]]);
    const stored = await ok(`/common/enhonoraryqualifications/list?creditCode=${a.creditCode}`);
    expect(stored.data.map((r: { honorName: string }) => r.honorName)).toEqual(["专精特新中小企业"]);
  });

  it("excelSave imports financial figures the same way as excel/import", async () => {
    const file = xlsx([
      ["*统一社会信用代码", "*企业名称", "*期间", "*期间类型", "营业收入(万元)"],
      [a.creditCode, a.entName, "2024", "annual", 1200.5],
      [b.creditCode, b.entName, "", "annual", "很多"],
    ]);
    const answer = await upload("/common/enfinancialinfo/excelSave", file);
    expect(answer.data).toMatchObject({ read: 2, stored: 1, refused: 1 });
    expect(answer.data.errors.map((e) => e.field).sort()).toEqual(["operatingIncome", "period"]);
    expect((await ok(`/common/enfinancialinfo/list?creditCode=${a.creditCode}`)).data[0]).toMatchObject({ period: "2024", operatingIncome: 1200.5 });
  });

  it("needs the family's import tag", async () => {
    const reader = await userWithPermissions(token, ["common:enfinancialinfo:list"]);
    const form = new FormData();
    form.append("file", new File([xlsx([["*期间"], ["2024"]])], "import.xlsx"));
    const response = await SELF.fetch("http://qifu.test/api/common/enfinancialinfo/excelSave", { method: "POST", headers: { "x-hbi-token": reader.token }, body: form });
    expect(((await response.json()) as { code: number }).code).toBe(403);
  });
});

describe("statistics", () => {
  const counts = async () => (await ok(`${master}/homeQYCount`)).data as { total: number; listed: number; newThisYear: number; byListingStatus: { value: string; count: number }[] };
  const countOf = (rows: { value: string; count: number }[], value: string) => rows.find((r) => r.value === value)?.count ?? 0;

  it("counts the enterprises created: total, listed, new this year, by listing status and industry", async () => {
    const before = await counts();
    const industryBefore = (await ok(`${master}/homeEnterpriseProportion`)).data;
    const listedBefore = (await ok(`${master}/enterprisesProportionListed`)).data;
    await enterprise("西安丙股份有限公司", { listingStatus: "3", industry: "M", scale: "1" });
    await enterprise("西安丁新三板公司", { listingStatus: "4", industry: "M", estDate: "2001-05-01" });
    const after = await counts();
    expect(after.total - before.total).toBe(2);
    expect(after.listed - before.listed).toBe(2);
    expect(after.newThisYear - before.newThisYear).toBe(1);
    expect(countOf(after.byListingStatus, "3") - countOf(before.byListingStatus, "3")).toBe(1);
    const industry = (await ok(`${master}/homeEnterpriseProportion`)).data;
    expect(countOf(industry, "M") - countOf(industryBefore, "M")).toBe(2);
    expect(industry.find((r: { value: string }) => r.value === "M")).toMatchObject({ name: "科学研究和技术服务业", proportion: expect.any(Number) });
    const listed = (await ok(`${master}/enterprisesProportionListed`)).data;
    expect(countOf(listed, "4") - countOf(listedBefore, "4")).toBe(1);
    const large = await ok(`${master}/largeList?limit=100`);
    expect(large.data.map((r: { entName: string }) => r.entName)).toContain("西安丙股份有限公司");
    expect(large.data.every((r: { scale: string }) => r.scale === "1")).toBe(true);
  });

  it("counts listed enterprises and roadshows per city", async () => {
    const city = async () => ((await ok("/common/adapter/getCityListingAndShowAmountList")).data as { cityCode: string; cityName: string; listedCount: number; roadshowCount: number }[]).find((r) => r.cityCode === "610100")!;
    const before = await city();
    expect(before.cityName).toBe("西安市");
    await enterprise("西安戊上市公司", { listingStatus: "5" });
    const draft = await save("/common/tbroadshowpass", { ...scope(a), title: "甲科技二轮路演" });
    expect(await city()).toMatchObject({ listedCount: before.listedCount + 1, roadshowCount: before.roadshowCount });
    await ok(`/common/tbroadshowpass/publish/${draft}/1`);
    expect((await city()).roadshowCount - before.roadshowCount).toBe(1);
  });

  it("gives the platform totals: enterprises, applications, products, roadshows, demands", async () => {
    const totals = async () => (await ok("/common/adapter/getIndexStatisticsInfo")).data;
    const before = await totals();
    await enterprise("西安己公司");
    await save("/common/tbfinancapplication", { ...scope(a), demandAmount: 500 });
    await save("/common/tbroadshowpass", { ...scope(a), title: "甲科技路演" });
    await save("/common/portalDemand", { ...scope(a), title: "融资需求", demandType: "financing" });
    const after = await totals();
    expect(after.enterprises.total - before.enterprises.total).toBe(1);
    expect(after.applications.total - before.applications.total).toBe(1);
    expect(after.roadshows.total - before.roadshows.total).toBe(1);
    expect(after.demands.total - before.demands.total).toBe(1);
    expect(after.products).toMatchObject({ total: expect.any(Number), financ: expect.any(Number) });
  });
});

describe("extra reads", () => {
  it("lists enterprises without a task plan", async () => {
    const list = await ok(`${master}/noPlanlist?limit=100`);
    expect(list.data.map((r: { id: string }) => r.id)).toContain(b.id);
    await save("/common/entaskplan", { title: "走访计划", planType: "visit", startDate: today, endDate: today, ownerId: adminId, status: "notStarted", targets: [scope(b)] });
    const after = await ok(`${master}/noPlanlist?limit=100`);
    expect(after.data.map((r: { id: string }) => r.id)).not.toContain(b.id);
    expect(after.data.map((r: { id: string }) => r.id)).toContain(a.id);
  });

  it("lists an enterprise's visit histories and the roadshow reports", async () => {
    await save("/common/envisithistory", { ...scope(a), archiveType: "zfda", visitDate: today, status: "pending" });
    expect((await ok(`${master}/visitHistoryEnter?creditCode=${a.creditCode}`)).total).toBe(1);
    expect((await ok(`${master}/visitHistoryEnter?creditCode=${b.creditCode}`)).total).toBe(0);
    const shows = await ok(`/common/tbroadshowpass/visitHistory?creditCode=${a.creditCode}`);
    expect(shows.data.every((r: { creditCode: string }) => r.creditCode === a.creditCode)).toBe(true);
    const ens = await ok("/common/tbroadshowpass/enList");
    expect(ens.data.find((r: { creditCode: string }) => r.creditCode === a.creditCode)).toMatchObject({ roadshowCount: shows.total });
  });

  it("answers the other-history detail with its enterprise, and the blacklist", async () => {
    const id = await save("/common/enotherhistory", { ...scope(a), title: "座谈会", historyType: "meeting" });
    expect((await ok(`/common/enotherhistory/pcHistoryInfo/${id}`)).data).toMatchObject({ id, title: "座谈会", enterprise: { id: a.id } });
    expect((await call("/common/enotherhistory/pcHistoryInfo/none", { token })).body.code).toBe(404);
    await save("/common/suppliers", { supplierName: "某律师事务所", supplierType: "lawFirm", status: "1", blacklisted: true, blacklistReason: "虚假宣传" });
    await save("/common/suppliers", { supplierName: "某银行", supplierType: "bank", status: "1", blacklisted: false });
    const black = await ok("/common/suppliers/blacklistList");
    expect(black.data.map((r: { supplierName: string }) => r.supplierName)).toEqual(["某律师事务所"]);
  });
});

describe("the spec's extra verbs of the service and casework families", () => {
  it("lists published services only without paging, and every service with allList", async () => {
    const draft = await save("/common/tbservicepass", { serviceName: "上市辅导服务", serviceType: "consulting" });
    const live = await save("/common/tbservicepass", { serviceName: "融资对接服务", serviceType: "financeTax" });
    await ok(`/common/tbservicepass/publish/${live}/1`);
    const published = (await ok("/common/tbservicepass/getTbserviceListNoPage")).data.map((r: { id: string }) => r.id);
    expect(published).toContain(live);
    expect(published).not.toContain(draft);
    const all = (await ok("/common/tbservicepass/allList")).data.map((r: { id: string }) => r.id);
    expect(all).toEqual(expect.arrayContaining([draft, live]));
  });

  it("answers lists without paging for customers and demands, filtered by declared fields", async () => {
    await save("/common/customermanage", { ...scope(a), customerLevel: "key" });
    await save("/common/customermanage", { ...scope(b), customerLevel: "normal" });
    const mine = (await ok(`/common/customermanage/alllist?creditCode=${a.creditCode}`)).data;
    expect(mine.map((r: { creditCode: string }) => r.creditCode)).toEqual([a.creditCode]);
    await save("/common/portalDemandPage", { ...scope(b), title: "用工需求展示" });
    expect((await ok(`/common/portalDemand/getTbjusticeListNoPage?creditCode=${a.creditCode}`)).data.length).toBeGreaterThan(0);
    expect((await ok(`/common/portalDemandPage/getTbjusticeListNoPage?creditCode=${b.creditCode}`)).data.map((r: { title: string }) => r.title)).toEqual(["用工需求展示"]);
  });

  it("reads a training by id, and an activity with GET info?id and delete?id", async () => {
    const training = await save("/common/encompanytraining", { ...scope(a), title: "上市政策宣讲", trainingDate: today });
    expect((await ok(`/common/encompanytraining/getByIdIncompanytraining/${training}`)).data).toMatchObject({ id: training, title: "上市政策宣讲" });
    const activity = await save("/common/serviceActivity", { title: "融资对接会", activityType: "matchmaking", startTime: `${today} 09:00:00` });
    expect((await ok(`/common/serviceActivity/info?id=${activity}`)).data).toMatchObject({ id: activity, title: "融资对接会" });
    await ok(`/common/serviceActivity/delete?id=${activity}`);
    expect((await call(`/common/serviceActivity/info?id=${activity}`, { token })).body.code).toBe(404);
    expect((await call("/common/serviceActivity/info", { token })).body.code).toBe(422);
  });

  it("answers the app's enabled home configuration of a code, and an indicator's keywords", async () => {
    await save("/common/appInfo", { code: "home", title: "快捷入口", sort: 2, enabled: true, items: [{ title: "融资" }] });
    await save("/common/appInfo", { code: "home", title: "已停用", sort: 1, enabled: false });
    await save("/common/appInfo", { code: "other", title: "其他", sort: 1, enabled: true });
    expect((await ok("/common/app/homeConfigInfoList/home")).data.map((r: { title: string }) => r.title)).toEqual(["快捷入口"]);
    const indicator = await save("/common/dataindicatorsconf", { dataIndicatorName: "研发投入强度", keywords: ["研发", "投入"], status: "1" });
    expect((await ok(`/common/dataindicatorsconf/getKeyWord/${indicator}`)).data).toEqual({ id: indicator, dataIndicatorName: "研发投入强度", keywords: ["研发", "投入"] });
  });

  it("adds several partners of a company at once, lists the companies, and downloads with the token in the query", async () => {
    const added = await ok("/common/companypartner/addInfo", { ...scope(a), partners: [{ partnerName: "某银行西安分行", partnerType: "bank", status: "1" }, { partnerName: "某律师事务所", partnerType: "lawFirm", status: "1" }] });
    expect(added.data.ids).toHaveLength(2);
    const refused = await call("/common/companypartner/addInfo", { token, body: { ...scope(a), partners: [{ partnerName: "某券商", partnerType: "securities", status: "1" }, { partnerType: "bank" }] } });
    expect(refused.body.code).toBe(422);
    const companies = (await ok("/common/companypartner/companys")).data;
    expect(companies.find((r: { creditCode: string }) => r.creditCode === a.creditCode)).toMatchObject({ entName: a.entName, partnerCount: 2 });
    for (const verb of ["export", "template"]) {
      const response = await SELF.fetch(`http://qifu.test/api/common/companypartner/${verb}?token=${token}&creditCode=${a.creditCode}`);
      expect(response.headers.get("content-type")).toContain("spreadsheetml");
      const wb = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array" });
      const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 });
      if (verb === "export") expect(rows).toHaveLength(3);
    }
  });

  it("tells a metric the tables and columns it may read, and lists metrics and variables without paging", async () => {
    const tables = (await ok("/common/tbevaluationmetric/tableList")).data;
    expect(tables).toContainEqual({ table: "en_patent_info", family: "common.enpatentinfo", label: "专利" });
    const columns = (await ok("/common/tbevaluationmetric/tableColumnList/en_patent_info")).data;
    expect(columns).toContainEqual({ key: "appNo", column: "app_no", label: "申请号", kind: "text", dict: null });
    expect((await call("/common/tbevaluationmetric/tableColumnList/sys_user", { token })).body.code).toBe(404);
    await save("/common/tbevaluationmetric", { name: "创新能力", code: "M01", dataSource: "manual", status: "1" });
    expect((await ok("/common/tbevaluationmetric/allList")).data.map((r: { code: string }) => r.code)).toContain("M01");
    await save("/common/tbevaluationvariable", { name: "专利数", code: "patents", variableType: "number", status: "1" });
    expect((await ok("/common/tbevaluationvariable/allList")).data.map((r: { code: string }) => r.code)).toContain("patents");
  });

  it("selects a paper's questions in its order, and edits a paper and a result", async () => {
    const q1 = await save("/common/tbevaluationquestion", { title: "研发人员占比", questionType: "single", status: "1" });
    const q2 = await save("/common/tbevaluationquestion", { title: "专利数量", questionType: "single", status: "1" });
    const model = await save("/common/tbevaluationmodel", { name: "科创评价", code: "KC01", modelType: "innovation", status: "1" });
    const paper = await save("/common/tbevaluationpaper", { name: "科创问卷", modelId: model, questionIds: [q2, q1], status: "1" });
    expect((await ok(`/common/tbevaluationquestion/select/${paper}`)).data.map((r: { id: string }) => r.id)).toEqual([q2, q1]);
    expect((await ok(`/common/tbevaluationpaper/edit`, { id: paper, name: "科创问卷（2025）" })).data).toMatchObject({ id: paper, version: 2 });
    expect((await ok(`/common/tbevaluationpaper/info/${paper}`)).data.name).toBe("科创问卷（2025）");
    const result = await save("/common/result", { ...scope(a), modelId: model, evaluationDate: today, totalScore: 80 });
    await ok("/common/result/edit", { id: result, totalScore: 85 });
    expect((await ok(`/common/result/info/${result}`)).data.totalScore).toBe(85);
    expect((await call("/common/result/edit", { token, body: { totalScore: 1 } })).body.code).toBe(422);
  });

  it("answers the organisation units as a tree and as lists", async () => {
    const root = await save("/common/projectorgunit", { name: "高新区管委会", code: "U01", unitType: "company", sort: 1 });
    const child = await save("/common/projectorgunit", { name: "企业服务局", code: "U0101", unitType: "department", parentId: root, sort: 1 });
    const tree = (await ok("/common/projectorgunit/departmentTree")).data;
    const node = tree.find((n: { id: string }) => n.id === root);
    expect(node).toMatchObject({ value: root, label: "高新区管委会", children: [{ id: child, label: "企业服务局", children: [] }] });
    expect((await ok("/common/projectorgunit/alllist")).data.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([root, child]));
    expect((await ok(`/common/projectorgunit/getLists?parentId=${root}`)).data.map((r: { id: string }) => r.id)).toEqual([child]);
  });
});
