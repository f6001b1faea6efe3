/**
 * Credit query: the methods through both doors over the demo region (its master records, risk and
 * relevance lists), the report page with its assembly time and the hash the log keeps, authorisations
 * granted and revoked through the pipeline, every read checked against a live authorisation and logged
 * (refusals too: none, expired, not yet valid, revoked), permissions, and the bureau adapter against a
 * local server speaking its protocol, its errors as §8 answers them.
 */
import { SELF, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, login, userWithPermissions } from "./helpers.ts";
import { creditTags, creditReport } from "../events/api/credit.ts";
import { enterpriseBasicInfo, shareholderInfo } from "../events/families/enterprise.ts";
import { profileGroups } from "../events/families/profile-groups.ts";
import { families } from "../events/families/index.ts";
import { synEntInvItemList, synFiliationList, synRyPosPerList } from "../events/families/syn-registration.ts";
import type { Family } from "../events/family.ts";
import { buildEnterpriseDemo, showcaseEnterprise } from "../worker/seed/enterprise-demo/index.ts";
import { seedId, seedMeta } from "../worker/seed/index.ts";
import { seal } from "../worker/store/append.ts";
import { store } from "../worker/modules.ts";
import { createApp } from "../worker/app.ts";
import { principal } from "../worker/commands/execute.ts";
import { accredit } from "../worker/credit/accredit.ts";
import { checkRead, type Authorisation } from "../worker/credit/rules.ts";
import { chinaToday } from "../worker/policy/match.ts";
import type { Bureau } from "./credit-bureau/server.ts";

const firm = showcaseEnterprise;
const riskFamilies = profileGroups(families).filter((g) => ["judicial", "credit", "administrative"].includes(g.id)).flatMap((g) => g.tabs.flat());
const regionFamilies = [enterpriseBasicInfo, shareholderInfo, synEntInvItemList, synFiliationList, synRyPosPerList, ...riskFamilies] as unknown as Family[];

let admin: string;
let reader: { token: string; userId: string };
let stranger: { token: string; userId: string };
let authId: string;

const rpc = (method: string, params: unknown, token = admin, lang?: "zh-CN" | "en-US") => call("/wutong/v1/jsonrpc", { token, body: { method, params }, lang });
const gateway = (method: string, params: unknown, token = admin) => call("/gateway", { token, body: { method, params } });
const page = (code: string, token: string, lang: "zh-CN" | "en-US" = "zh-CN") => SELF.fetch(`http://qifu.test/api/wutong/v1/creditreprot/${code}`, { headers: { "x-hbi-token": token, cookie: `language=${lang}` } });
const readsOf = async (userId: string) =>
  (await env.DB.prepare("SELECT outcome, reason, kind, hash, auth_id AS authId, credit_code AS creditCode, source FROM credit_read WHERE reader_id = ? ORDER BY at, rowid").bind(userId).all<Record<string, string | null>>()).results;
const countOf = async (family: Family, code: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${family.table} WHERE ${family.column.creditCode} = ?`).bind(code).first<{ n: number }>())!.n;
const day = (offset: number) => chinaToday(Date.now() + offset * 86_400_000);

beforeAll(async () => {
  const at = "2026-11-23T08:00:00.000Z";
  const demo = await buildEnterpriseDemo(seedId, at, { families: regionFamilies });
  const sealed = (await Promise.all(demo.writes.map((w) => seal(w, seedMeta(at))))).flat();
  await store.appendSealed(env.DB, sealed);
  admin = await login();
  reader = await userWithPermissions(admin, [creditTags.list, creditTags.info]);
  stranger = await userWithPermissions(admin, [creditTags.list, creditTags.info]);
  const granted = await rpc("credit.accredit", { creditCode: firm.creditCode, granteeKind: "user", granteeId: reader.userId, validFrom: day(-1), validTo: day(30), purpose: "贷款审查" });
  expect(granted.body).toMatchObject({ code: 200 });
  authId = granted.body.data.authId;
}, 180_000);

describe("reading under a live authorisation", () => {
  it("the report page shows the demo enterprise from its master, facts, tabs and risk lists, with its time and the hash the log keeps", async () => {
    const response = await page(firm.creditCode, reader.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("frame-ancestors 'self'");
    // the one inline handler, allowed by its hash
    const handler = /onclick="([^"]+)"/.exec(await response.clone().text())![1]!;
    const digest = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(handler)))));
    expect(policy).toContain(`'sha256-${digest}'`);
    const html = await response.text();
    expect(html).toContain(firm.entName);
    expect(html).toContain("企业信用报告");
    expect(html).toContain("信用概览");
    const hash = /data-testid="report-hash">([0-9a-f]{64})</.exec(html)?.[1];
    expect(hash).toBeDefined();
    expect(html).toMatch(/data-testid="report-assembled">\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}</);
    // every risk list of the region is a section; one with records shows them and their total
    const withRecords = [];
    for (const f of riskFamilies) if ((await countOf(f, firm.creditCode)) > 0) withRecords.push(f);
    expect(withRecords.length).toBeGreaterThan(0);
    for (const f of riskFamilies) expect(html).toContain(`<h2>${f.label["zh-CN"]}</h2>`);
    const reads = await readsOf(reader.userId);
    expect(reads.at(-1)).toEqual({ outcome: "granted", reason: null, kind: "report", hash, authId, creditCode: firm.creditCode, source: "qifu" });
  });

  it("the page speaks English on the English cookie", async () => {
    const html = await (await page(firm.creditCode, reader.token, "en-US")).text();
    expect(html).toContain("Enterprise credit report");
    expect(html).toContain("Content digest (SHA-256)");
  });

  it("info URL, enterprises, relevance, the accredit list and letter answer from the region through both doors", async () => {
    const info = await rpc("credit.infoUrl", { creditCode: firm.creditCode }, reader.token);
    expect(info.body.data).toEqual({ creditCode: firm.creditCode, url: `/api/wutong/v1/creditreprot/${firm.creditCode}`, authorised: true, authId, validTo: day(30) });
    expect((await gateway("credit.infoUrl", { creditCode: firm.creditCode }, stranger.token)).body.data).toMatchObject({ authorised: false, authId: null });

    const found = await rpc("credit.enterprises", { corpName: firm.entName.slice(2, 6), page: 1, size: 10 }, reader.token);
    expect(found.body.total).toBeGreaterThan(0);
    expect(found.body.data.find((r: { creditCode: string }) => r.creditCode === firm.creditCode)).toMatchObject({ entName: firm.entName, authId });

    const holders = await rpc("credit.relevance", { type: "shareholders", authId }, reader.token);
    expect(holders.body.code).toBe(200);
    expect(holders.body.data.total).toBe(await countOf(shareholderInfo as unknown as Family, firm.creditCode));
    expect(holders.body.data.rows.length).toBe(Math.min(100, holders.body.data.total));
    expect(holders.body.data.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await readsOf(reader.userId)).at(-1)).toMatchObject({ kind: "relevance", outcome: "granted", hash: holders.body.data.hash });

    const list = await gateway("credit.accreditList", { corpId: firm.creditCode, status: "live" });
    const row = list.body.data.find((a: { authId: string }) => a.authId === authId);
    expect(row).toMatchObject({ granteeKind: "user", granteeId: reader.userId, status: "live", purpose: "贷款审查" });
    expect(row.credentialId).toMatch(/^urn:uuid:/);
    const mine = await rpc("credit.accreditList", { mine: true }, stranger.token);
    expect(mine.body.total).toBe(0);
    // no filter at all: every authorisation, and every enterprise
    const all = await rpc("credit.accreditList", {});
    expect([all.body.code, all.body.data.some((a: { authId: string }) => a.authId === authId)]).toEqual([200, true]);
    const every = await rpc("credit.enterprises", {}, reader.token);
    expect([every.body.code, every.body.total]).toEqual([200, (await env.DB.prepare("SELECT COUNT(*) AS n FROM en_enterprise_basic_info").first<{ n: number }>())!.n]);

    const letter = await SELF.fetch("http://qifu.test/api/wutong/v1/jsonrpc", { method: "POST", headers: { "x-hbi-token": admin, "content-type": "application/json" }, body: JSON.stringify({ method: "credit.accreditLetter", params: { authId } }) });
    expect(letter.headers.get("content-type")).toContain("text/html");
    expect(letter.headers.get("content-disposition")).toContain("attachment");
    const text = await letter.text();
    expect(text).toContain(firm.entName);
    expect(text).toContain("贷款审查");
  });

  it("query records list every read, filtered by enterprise and name", async () => {
    const records = await rpc("credit.queryRecord", { corpId: firm.creditCode, page: 1, size: 100 });
    expect(records.body.code).toBe(200);
    const ofReader = records.body.data.filter((r: { readerId: string }) => r.readerId === reader.userId);
    expect(ofReader.length).toBe((await readsOf(reader.userId)).length);
    expect(ofReader[0]).toMatchObject({ entName: firm.entName, outcome: "granted" });
    const byName = await rpc("credit.queryRecord", { corpName: firm.entName.slice(2, 6) });
    expect(byName.body.total).toBeGreaterThanOrEqual(ofReader.length);
    expect((await rpc("credit.queryRecord", { corpName: "没有这个名字的企业" })).body.total).toBe(0);
  });
});

describe("reads without a live authorisation are refused and logged", () => {
  it("none at all: the page says so (HTTP 403), the method answers 422 with the reason, both logged", async () => {
    const response = await page(firm.creditCode, stranger.token);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("您没有该企业的信用报告授权，本次查询已记录");
    const relevance = await rpc("credit.relevance", { type: "branches", authId }, stranger.token, "en-US");
    expect(relevance.body).toEqual({ code: 422, msg: "You hold no authorisation to read this enterprise's credit report; the attempt is logged" });
    expect(await readsOf(stranger.userId)).toEqual([
      { outcome: "refused", reason: "noAuthorisation", kind: "report", hash: null, authId: null, creditCode: firm.creditCode, source: null },
      { outcome: "refused", reason: "noAuthorisation", kind: "relevance", hash: null, authId: null, creditCode: firm.creditCode, source: null },
    ]);
    const refused = await rpc("credit.queryRecord", { corpId: firm.creditCode, outcome: "refused", size: 100 });
    expect(refused.body.data.filter((r: { readerId: string }) => r.readerId === stranger.userId)).toHaveLength(2);
  });

  it("an expired one, one not yet valid, and a revoked one: each refused with its reason", async () => {
    const someone = await userWithPermissions(admin, [creditTags.info]);
    const context = { db: env.DB, store };
    // granted last year for last year (the command's clock is its context's)
    await accredit({ creditCode: firm.creditCode, granteeKind: "user", granteeId: someone.userId, validFrom: "2025-01-01", validTo: "2025-06-30", purpose: "旧授权" }, principal("system"), { ...context, at: "2025-01-01T02:00:00.000Z" }, "zh-CN", env);
    const expired = await page(firm.creditCode, someone.token);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain("您对该企业的授权已过期");

    const later = await rpc("credit.accredit", { creditCode: firm.creditCode, granteeKind: "user", granteeId: someone.userId, validFrom: day(10), validTo: day(20), purpose: "将来" });
    expect(later.body.code).toBe(200);
    expect(await (await page(firm.creditCode, someone.token)).text()).toContain("您对该企业的授权尚未生效");

    const now = await rpc("credit.accredit", { creditCode: firm.creditCode, granteeKind: "user", granteeId: someone.userId, validFrom: day(0), validTo: day(0), purpose: "今天" });
    expect((await page(firm.creditCode, someone.token)).status).toBe(200);
    expect((await rpc("credit.revokeAccredit", { authId: now.body.data.authId, reason: "企业撤回" })).body.code).toBe(200);
    expect((await rpc("credit.revokeAccredit", { authId: now.body.data.authId, reason: "再次" })).body).toEqual({ code: 422, msg: "授权已撤销" });
    // its credential is revoked with it; a live one's verifies
    expect((await rpc("did.checkAccreditVC", { authId: now.body.data.authId })).body.data).toMatchObject({ credentialId: now.body.data.credentialId, valid: false, reason: "revoked" });
    expect((await rpc("did.checkAccreditVC", { authId })).body.data).toMatchObject({ valid: true });
    // with the live one revoked, the most telling remaining reason is the coming grant's
    expect(await (await page(firm.creditCode, someone.token)).text()).toContain("您对该企业的授权尚未生效");
    expect((await readsOf(someone.userId)).map((r) => [r.outcome, r.reason])).toEqual([
      ["refused", "expired"],
      ["refused", "notYetValid"],
      ["granted", null],
      ["refused", "notYetValid"],
    ]);
    expect((await gateway("credit.accreditList", { corpId: firm.creditCode, status: "revoked" })).body.data.map((a: { authId: string; revokeReason: string }) => [a.authId, a.revokeReason])).toEqual([[now.body.data.authId, "企业撤回"]]);

    const once = await userWithPermissions(admin, [creditTags.info]);
    const only = await rpc("credit.accredit", { creditCode: firm.creditCode, granteeKind: "user", granteeId: once.userId, validFrom: day(0), validTo: day(3), purpose: "一次" });
    await rpc("credit.revokeAccredit", { authId: only.body.data.authId, reason: "撤回" });
    expect(await (await page(firm.creditCode, once.token)).text()).toContain("您对该企业的授权已撤销");
    expect((await readsOf(once.userId)).map((r) => r.reason)).toEqual(["revoked"]);
  });

  it("the rule itself: a live grant covering the reader wins; else the closest reason; an institution covers its users", () => {
    const today = "2026-11-27";
    const base: Authorisation = { authId: "a", creditCode: firm.creditCode, entName: firm.entName, granteeKind: "user", granteeId: "u1", granteeName: "u", validFrom: "2026-11-01", validTo: "2026-11-30", purpose: "p", revoked: false, credentialId: null };
    const me = { userId: "u1", deptId: "d1" };
    expect(checkRead([base], me, today)).toEqual({ granted: true, authId: "a" });
    expect(checkRead([base], { userId: "u2", deptId: "d1" }, today)).toEqual({ granted: false, reason: "noAuthorisation" });
    expect(checkRead([{ ...base, revoked: true }], me, today)).toEqual({ granted: false, reason: "revoked" });
    expect(checkRead([{ ...base, validTo: "2026-11-26" }], me, today)).toEqual({ granted: false, reason: "expired" });
    expect(checkRead([{ ...base, validTo: "2026-11-27" }], me, today)).toEqual({ granted: true, authId: "a" });
    expect(checkRead([{ ...base, validFrom: "2026-11-28" }], me, today)).toEqual({ granted: false, reason: "notYetValid" });
    expect(checkRead([{ ...base, validTo: "2026-11-26" }, { ...base, authId: "b", validFrom: "2026-12-01", validTo: "2026-12-31" }], me, today)).toEqual({ granted: false, reason: "notYetValid" });
    const institution = { ...base, authId: "i", granteeKind: "institution" as const, granteeId: "d1" };
    expect(checkRead([institution], { userId: "u9", deptId: "d1" }, today)).toEqual({ granted: true, authId: "i" });
    expect(checkRead([institution], { userId: "u9", deptId: null }, today)).toEqual({ granted: false, reason: "noAuthorisation" });
  });
});

describe("granting and permissions", () => {
  it("bad grants name the field; unknown grantees and enterprises are 404; a past period is refused", async () => {
    const reversed = await rpc("credit.accredit", { creditCode: firm.creditCode, granteeKind: "user", granteeId: reader.userId, validFrom: day(5), validTo: day(1), purpose: "x" });
    expect([reversed.body.code, Object.keys(reversed.body.errors ?? {})]).toEqual([400, ["validTo"]]);
    const noPurpose = await rpc("credit.accredit", { creditCode: firm.creditCode, granteeKind: "user", granteeId: reader.userId, validFrom: day(0), validTo: day(1) });
    expect(Object.keys(noPurpose.body.errors ?? {})).toEqual(["purpose"]);
    expect((await rpc("credit.accredit", { creditCode: firm.creditCode, granteeKind: "institution", granteeId: "no-such-dept", validFrom: day(0), validTo: day(1), purpose: "x" })).body).toEqual({ code: 404, msg: "被授权的机构不存在" });
    expect((await rpc("credit.accredit", { creditCode: "91610000MA0000000X", granteeKind: "user", granteeId: reader.userId, validFrom: day(0), validTo: day(1), purpose: "x" })).body.code).toBe(404);
    const past = await rpc("credit.accredit", { creditCode: firm.creditCode, granteeKind: "user", granteeId: reader.userId, validFrom: day(-10), validTo: day(-1), purpose: "x" });
    expect(past.body).toEqual({ code: 422, msg: "授权期限已过，不能授权" });
  });

  it("each method needs its tag: 403 without it (HTTP 403), and the page too", async () => {
    const lister = await userWithPermissions(admin, [creditTags.list]);
    expect((await rpc("credit.accredit", { creditCode: firm.creditCode, granteeKind: "user", granteeId: lister.userId, validFrom: day(0), validTo: day(1), purpose: "自己给自己" }, reader.token)).status).toBe(403);
    expect((await rpc("credit.queryRecord", {}, lister.token)).body.code).toBe(200);
    const refused = await rpc("credit.relevance", { type: "persons", authId }, lister.token);
    expect([refused.status, refused.body.code]).toEqual([403, 403]);
    expect((await call(`/wutong/v1/creditreprot/${firm.creditCode}`, { token: lister.token })).body.code).toBe(403);
    expect((await call(`/wutong/v1/creditreprot/${firm.creditCode}`)).body.code).toBe(401);
    // the permission alone reads nothing: the authorisation is checked for administrators too
    expect((await page(firm.creditCode, admin)).status).toBe(403);
  });
});

describe("the credit bureau adapter", () => {
  const base = inject("creditBureauUrl");
  const run = crypto.randomUUID().slice(0, 6);
  const sections = [{ kind: "fields", title: "征信概要", items: [{ label: "信用评分", value: "812" }] }];
  const bureau = async (b: Bureau) => {
    await fetch(`${base}/__bureau`, { method: "POST", body: JSON.stringify(b) });
    return { ...env, CREDIT_BUREAU_URL: `${base}/b/${b.name}`, CREDIT_BUREAU_KEY: b.key, CREDIT_BUREAU_NAME: "本地征信", CREDIT_BUREAU_TIMEOUT_MS: "1500" };
  };
  const hits = async (name: string) => (await (await fetch(`${base}/__hits?name=${name}`)).json()) as { hits: Record<string, number>; lastBody: { body: unknown; authorization: string | null } | null };
  async function through(bureauEnv: typeof env, path: string, token: string, init: RequestInit = {}) {
    const ctx = createExecutionContext();
    const response = await createApp().fetch(new Request(`http://qifu.test/api${path}`, { ...init, headers: { "x-hbi-token": token, "content-type": "application/json", ...(init.headers ?? {}) } }), bureauEnv, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("forwards the report to the bureau (key as bearer) and shows its sections, source and hash, logged as read", async () => {
    const name = `ok${run}`;
    const bureauEnv = await bureau({ name, key: "k-123", reports: { [firm.creditCode]: { entName: firm.entName, sections } } });
    const response = await through(bureauEnv, `/wutong/v1/creditreprot/${firm.creditCode}`, reader.token);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("征信概要");
    expect(html).toContain("812");
    expect(html).toContain("本地征信");
    expect(html).not.toContain("信用概览");
    expect((await hits(name)).lastBody).toEqual({ path: "/reports", body: { creditCode: firm.creditCode, lang: "zh-CN" }, authorization: "Bearer k-123" });
    const hash = /data-testid="report-hash">([0-9a-f]{64})</.exec(html)![1];
    expect((await readsOf(reader.userId)).at(-1)).toMatchObject({ outcome: "granted", source: "本地征信", hash });
    expect(creditReport.shape.sections.safeParse(sections).success).toBe(true);
  });

  it("relevance through the bureau; its refusal and its failures answer 502 with the bureau's words", async () => {
    const name = `rel${run}`;
    const bureauEnv = await bureau({ name, reports: {}, relevance: { columns: ["股东", "比例"], rows: [["张三", "60%"]] } });
    const rel = await through(bureauEnv, "/wutong/v1/jsonrpc", reader.token, { method: "POST", body: JSON.stringify({ method: "credit.relevance", params: { type: "shareholders", authId } }) });
    expect(await rel.json()).toMatchObject({ code: 200, data: { columns: ["股东", "比例"], rows: [["张三", "60%"]], source: "本地征信" } });

    const unknown = await through(bureauEnv, `/wutong/v1/creditreprot/${firm.creditCode}`, reader.token);
    expect(unknown.status).toBe(502);
    expect(await unknown.text()).toContain(`信用机构拒绝了查询：no record of ${firm.creditCode}`);

    const closed = await bureau({ name: `closed${run}`, reports: {}, fault: { path: "/relevance", kind: "refuse", times: 9 } });
    const refused = await through(closed, "/wutong/v1/jsonrpc", reader.token, { method: "POST", body: JSON.stringify({ method: "credit.relevance", params: { type: "persons", authId } }) });
    expect([refused.status, await refused.json()]).toEqual([200, { code: 502, msg: "信用机构拒绝了查询：bureau closed for maintenance" }]);

    const down = await bureau({ name: `down${run}`, reports: {}, fault: { path: "/relevance", kind: "500", times: 9 } });
    const failed = await through(down, "/gateway", reader.token, { method: "POST", body: JSON.stringify({ method: "credit.relevance", params: { type: "persons", authId } }) });
    expect(await failed.json()).toEqual({ code: 502, msg: "信用机构访问失败：HTTP 500" });
    expect((await hits(`down${run}`)).hits).toEqual({ 2: 2 });

    const flaky = await bureau({ name: `flaky${run}`, reports: {}, relevance: { columns: ["a"], rows: [] }, fault: { path: "/relevance", kind: "429", times: 1 } });
    const retried = await through(flaky, "/gateway", reader.token, { method: "POST", body: JSON.stringify({ method: "credit.relevance", params: { type: "persons", authId } }) });
    expect(((await retried.json()) as { code: number }).code).toBe(200);

    const garbled = await bureau({ name: `bad${run}`, reports: {}, fault: { path: "/relevance", kind: "malformed", times: 9 } });
    const malformed = await through(garbled, "/gateway", reader.token, { method: "POST", body: JSON.stringify({ method: "credit.relevance", params: { type: "persons", authId } }) });
    expect(await malformed.json()).toEqual({ code: 502, msg: "信用机构访问失败：malformed answer" });

    const slow = await bureau({ name: `slow${run}`, reports: {}, fault: { path: "/relevance", kind: "timeout", times: 9 } });
    const timedOut = await through(slow, "/gateway", reader.token, { method: "POST", body: JSON.stringify({ method: "credit.relevance", params: { type: "persons", authId } }) });
    expect(await timedOut.json()).toEqual({ code: 502, msg: "信用机构访问失败：timed out after 1500 ms" });
  });

  it("without a live authorisation nothing is forwarded", async () => {
    const name = `none${run}`;
    const bureauEnv = await bureau({ name, reports: { [firm.creditCode]: { entName: firm.entName, sections } } });
    expect((await through(bureauEnv, `/wutong/v1/creditreprot/${firm.creditCode}`, stranger.token)).status).toBe(403);
    expect((await hits(name)).hits).toEqual({});
  });
});

describe("the read models are projections of the log", () => {
  it("a rebuild recreates every authorisation (revoked ones with their reason) and every logged read", async () => {
    const snapshot = async () => [
      (await env.DB.prepare("SELECT * FROM credit_authorization ORDER BY auth_id").all()).results,
      (await env.DB.prepare("SELECT * FROM credit_read ORDER BY read_id").all()).results,
    ];
    const before = await snapshot();
    expect(before[0]!.some((a) => a.revoked_at !== null && a.revoke_reason === "企业撤回")).toBe(true);
    expect(before[1]!.length).toBeGreaterThan(10);
    await store.rebuild(env.DB);
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
