/**
 * `POST /gateway` and its method table: every method called with good params against our own data, bad
 * params named, an unknown method refused, each method's permission checked (403 without it), the
 * multipart declaration upload with the module code in a header, the file download by FileNo, and the
 * API document listing every method of the table.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, creditCode, login, userWithPermissions } from "./helpers.ts";
import { gatewayMethods } from "../worker/gateway/methods.ts";

let admin: string;
const run = crypto.randomUUID().slice(0, 6);
const moduleCode = `g${run}`;
const firm = { creditCode: creditCode(), entName: `网关测试${run}有限公司` };
let policyId: string;
let declareId: string;

const gateway = (method: string, params: unknown = {}, token = admin, extra: Record<string, unknown> = {}) => call("/gateway", { token, body: { method, params, ...extra } });

async function ok(path: string, body: unknown) {
  const answer = await call(path, { token: admin, body });
  if (answer.body.code !== 0) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

beforeAll(async () => {
  admin = await login();
  await ok("/common/enenterprisebasicinfo/save", { ...firm, areaCode: "610100", regCapital: 300 });
  await ok("/common/enpatentinfo/save", { ...firm, title: "一种网关方法", appNo: `CN${run}1`, patentType: "invention", legalStatus: "granted", appDate: "2022-01-10", grantDate: "2024-05-06" });
  const conditions = [{ code: "ip", label: { "zh-CN": "拥有 2 项发明专利", "en-US": "Two invention patents" }, condition: { fact: "inventionPatents", op: "gte", value: 2 } }];
  policyId = (await ok("/common/paclist/save", { policyName: `网关政策${run}`, policyLevel: "municipal", policyType: "technology", moduleCode, conditions })).id;
  await ok(`/common/paclist/publish/${policyId}`, {});
  declareId = (await ok("/common/policyDeclare/save", { ...firm, policyId, policyName: `网关政策${run}`, status: "draft", declareTime: "2026-11-20 10:00:00" })).id;
});

describe("the method table", () => {
  it("names each method once, with a params schema and a <module>:<family>:<verb> permission", () => {
    const names = gatewayMethods.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    // the policy operations; other modules' methods join the same table
    expect(names).toEqual(expect.arrayContaining(["policy.queryCompany", "policy.matchList", "policy.matchFirms", "policy.declareList", "policy.declareDetail", "policy.tagInfo", "policy.followType", "policy.followUpdate", "policy.fileDownload", "policy.declareUpload"]));
    for (const m of gatewayMethods) {
      expect(m.permission, m.name).toMatch(/^[a-z]+:[a-z]+:[a-z]+$/);
      expect(typeof m.params.safeParse, m.name).toBe("function");
    }
  });

  it("the API document lists every method with its params", async () => {
    const doc = (await (await SELF.fetch("http://qifu.test/api/openapi/gateway.json", { headers: { "x-hbi-token": admin } })).json()) as { paths: Record<string, { post: { summary: string } }> };
    const op = doc.paths["/gateway"]!.post;
    for (const m of gatewayMethods) expect(op.summary).toContain(m.name);
    const text = JSON.stringify(op);
    expect(text).toContain("FileNo");
    expect(text).toContain("firmName");
  });
});

describe("errors as the spec's gateway answers them", () => {
  it("an unknown method: 404 with the text naming it", async () => {
    expect((await gateway("policy.noSuchThing")).body).toEqual({ code: 404, msg: "网关没有方法“policy.noSuchThing”" });
    expect((await call("/gateway", { token: admin, lang: "en-US", body: { method: "credit.query" } })).body.msg).toBe('The gateway has no method "credit.query"');
  });

  it("bad params name the field and the rule; a missing method names method", async () => {
    const bad = await gateway("policy.matchList", { creditCode: "123" });
    expect(bad.status).toBe(200);
    expect(bad.body.code).toBe(400);
    expect(Object.keys(bad.body.errors!)).toEqual(["creditCode"]);
    expect(bad.body.msg).toContain("creditCode");
    const none = await call("/gateway", { token: admin, body: {} });
    expect([none.body.code, Object.keys(none.body.errors!)]).toEqual([400, ["method"]]);
  });

  it("a method needs its own permission: 403 (HTTP 403) without it, answers with it", async () => {
    const matcher = await userWithPermissions(admin, ["common:paclist:match"]);
    const refused = await gateway("policy.declareList", {}, matcher.token);
    expect([refused.status, refused.body.code]).toEqual([403, 403]);
    const allowed = await gateway("policy.matchList", { creditCode: firm.creditCode, moduleCode }, matcher.token);
    expect(allowed.body.code).toBe(200);
    expect((await call("/gateway", { body: { method: "policy.followType" } })).body.code).toBe(401);
  });

  it("an unknown record: 404 with its text", async () => {
    const missing = await gateway("policy.declareDetail", { id: "no-such-declaration" });
    expect(missing.body).toEqual({ code: 404, msg: "政策申报不存在或已被删除" });
  });
});

describe("the policy operations from our data", () => {
  it("query company data: the master record and its facts", async () => {
    const { body } = await gateway("policy.queryCompany", { creditCode: firm.creditCode });
    expect(body.code).toBe(200);
    expect(body.data.enterprise).toMatchObject(firm);
    expect(body.data.facts).toContainEqual({ key: "inventionPatents", label: "有效发明专利", value: 1, unit: "项" });
  });

  it("match list and the firms meeting a policy, paged, with the module code of the envelope", async () => {
    const near = await gateway("policy.matchList", { creditCode: firm.creditCode, page: 1, size: 10 }, admin, { moduleCode });
    expect(near.body).toMatchObject({ code: 200, total: 1 });
    expect(near.body.data[0]).toMatchObject({ policyId, kind: "near", missing: ["需再获得 1 项发明专利"] });
    const elsewhere = await gateway("policy.matchList", { creditCode: firm.creditCode }, admin, { moduleCode: "nowhere" });
    expect(elsewhere.body.total).toBe(0);
    const firms = await gateway("policy.matchFirms", { policyId, firmName: firm.entName });
    expect(firms.body).toMatchObject({ code: 200, total: 0, data: [] });
  });

  it("declaration upload (multipart, moduleCode header) joins the declaration; detail lists it; FileNo downloads it", async () => {
    const form = new FormData();
    form.set("method", "policy.declareUpload");
    form.set("params", JSON.stringify({ declareId }));
    form.append("file", new File(["申报材料内容"], "申报书.txt", { type: "text/plain" }));
    const uploaded = await call("/gateway", { token: admin, body: form, headers: { moduleCode } });
    expect(uploaded.body.code, JSON.stringify(uploaded.body)).toBe(200);
    const [{ FileNo }] = uploaded.body.data;
    const detail = await gateway("policy.declareDetail", { id: declareId });
    expect(detail.body.data.declaration.materials).toEqual([FileNo]);
    expect(detail.body.data.files).toEqual([{ FileNo, name: "申报书.txt", contentType: "text/plain; charset=utf-8" }]);
    const download = await SELF.fetch("http://qifu.test/api/gateway", { method: "POST", headers: { "x-hbi-token": admin, "content-type": "application/json" }, body: JSON.stringify({ method: "policy.fileDownload", params: { FileNo } }) });
    expect(download.headers.get("content-disposition")).toContain(encodeURIComponent("申报书.txt"));
    expect(await download.text()).toBe("申报材料内容");
    // two files in one call are refused, and nothing is stored
    const two = new FormData();
    two.set("method", "policy.declareUpload");
    two.append("file", new File(["a"], "a.txt"));
    two.append("file", new File(["b"], "b.txt"));
    expect((await call("/gateway", { token: admin, body: two })).body).toMatchObject({ code: 422, msg: "不支持多文件上传" });
    expect((await gateway("policy.fileDownload", { FileNo: "not-a-file" })).body.code).toBe(404);
  });

  it("follow types, follow update (add then change) and the declaration list by firm name and module", async () => {
    const types = await gateway("policy.followType");
    expect(types.body.data).toContainEqual({ value: "technology", label: "科技创新" });
    const added = await gateway("policy.followUpdate", { declareId, policyType: "technology", followName: "材料已补齐" }, admin, { moduleCode });
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    await gateway("policy.followUpdate", { id: added.body.data.id, declareId, policyType: "technology", followName: "材料已补齐并盖章" });
    const detail = await gateway("policy.declareDetail", { id: declareId });
    expect(detail.body.data.follows).toMatchObject([{ followName: "材料已补齐并盖章", moduleCode, operator: expect.any(String) }]);
    const list = await gateway("policy.declareList", { firmName: `网关测试${run}`, page: 1, size: 10, moduleCode });
    expect(list.body).toMatchObject({ code: 200, total: 1 });
    expect(list.body.data[0]).toMatchObject({ id: declareId, creditCode: firm.creditCode });
    expect((await gateway("policy.declareList", { firmName: `网关测试${run}`, moduleCode: "nowhere" })).body.total).toBe(0);
  });

  it("tag info: synchronised labels in force and tags read off the facts", async () => {
    const { body } = await gateway("policy.tagInfo", { creditCode: firm.creditCode });
    expect(body.code).toBe(200);
    expect(body.data.derived).toEqual([{ key: "inventionPatents", label: "有效发明专利", value: 1 }]);
    expect(body.data.labels).toEqual([]);
  });
});
