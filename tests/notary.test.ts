/**
 * Notarisation and rights confirmation: a file uploaded through the gateway (multipart, module code in the
 * header), applied for, handled — its transaction hash is the chain value of the notarising event, as the
 * store holds it — and verified; refusing; the lists and their filters; permissions; the public verify page
 * signed out, which says so once a stored event is altered; the explorer summary.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { readStream } from "../worker/store/index.ts";
import { store } from "../worker/modules.ts";
import { streamOfApplication } from "../worker/notary/decide.ts";
import { chainInfoHeader } from "../events/api/notary.ts";
import { call, login, userWithPermissions } from "./helpers.ts";

let admin: string;
const run = crypto.randomUUID().slice(0, 6);
const moduleCode = `n${run}`;

const gateway = (method: string, params: unknown = {}, token = admin, extra: Record<string, unknown> = {}) => call("/gateway", { token, body: { method, params, ...extra } });

async function upload(name: string, text: string, token = admin) {
  const form = new FormData();
  form.set("method", "notary.upload");
  form.set("file", new File([text], name, { type: "text/plain" }));
  const answer = await call("/gateway", { token, body: form, headers: { moduleCode } });
  if (answer.body.code !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data as { id: string; name: string; sha256: string };
}

async function applyFor(fileId: string, kind: "notary" | "confirm" = "notary", reason = `合同存证${run}`) {
  const answer = await gateway("notary.apply", { id: fileId, reason, kind }, admin, { moduleCode });
  if (answer.body.code !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.applicationNo as string;
}

async function verifyPage(no: string, lang?: "zh-CN" | "en-US") {
  const response = await SELF.fetch(`http://qifu.test/api/notary/verify/${no}`, { headers: lang ? { cookie: `language=${lang}` } : {} });
  return { status: response.status, type: response.headers.get("content-type") ?? "", html: await response.text() };
}

const verifyJson = async (no: string) => (await call(`/notary/verify/${no}?format=json`)).body;

beforeAll(async () => {
  admin = await login();
});

describe("apply, handle, verify", () => {
  let no: string;
  let fileId: string;

  it("uploads through the gateway with the module code header, then applies: numbered NT + China date + 4 digits", async () => {
    const file = await upload(`合同${run}.txt`, `contract ${run}`);
    fileId = file.id;
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    const row = await env.DB.prepare("SELECT business_type AS t, business_id AS b FROM sys_file WHERE id = ?").bind(fileId).first<{ t: string; b: string }>();
    expect(row).toEqual({ t: "notary", b: moduleCode });
    no = await applyFor(fileId);
    expect(no).toMatch(/^NT\d{12}$/);
    const list = await gateway("notary.list", { keyWork: run, moduleCode });
    expect(list.body.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({ applicationNo: no, status: "applied", subjectName: `合同${run}.txt`, txHash: null, userCode: "admin" });
  });

  it("handling anchors the file: the transaction hash is the chain value of the notarising event", async () => {
    const answer = await gateway("notary.handle", { applicationNo: no, moduleCode });
    expect(answer.body.code).toBe(200);
    const events = await readStream(env.DB, streamOfApplication(no));
    expect(events.map((e) => e.type)).toEqual(["notary.applied", "notary.notarised"]);
    expect(answer.body.data.txHash).toBe(events[1]!.hash);
    const fileEvents = await readStream(env.DB, `sys.file:${fileId}`);
    expect(events[1]!.data.anchor).toMatchObject({ stream: `sys.file:${fileId}`, version: fileEvents.length, hash: fileEvents.at(-1)!.hash });
    const listed = (await gateway("notary.list", { keyWork: run })).body.data[0];
    expect(listed).toMatchObject({ status: "notarised", txHash: events[1]!.hash, handlerName: expect.any(String) });
    // handled once: a second handle or a refusal is refused and writes nothing
    const again = await gateway("notary.handle", { applicationNo: no });
    expect(again.body).toMatchObject({ code: 422, msg: "该申请已办理，不能再次办理或驳回" });
    expect((await gateway("notary.refuse", { applicationNo: no })).body.code).toBe(422);
    expect((await readStream(env.DB, streamOfApplication(no))).length).toBe(2);
  });

  it("verifies, with the path of hashes of both chains, on the public page signed out", async () => {
    const report = await verifyJson(no);
    expect(report.code).toBe(0);
    expect(report.data).toMatchObject({ valid: true, checks: { notaryChain: true, anchor: true, subjectChain: true, subjectContent: true } });
    expect(report.data.path.notary).toHaveLength(2);
    expect(report.data.path.notary[1].previous).toBe(report.data.path.notary[0].stored);
    expect(report.data.path.notary[1].computed).toBe(report.data.txHash);
    const page = await verifyPage(no);
    expect(page.status).toBe(200);
    expect(page.type).toContain("text/html");
    expect(page.html).toContain('data-valid="true"');
    expect(page.html).toContain("核验通过：记录与事件链均未被改动");
    expect(page.html).toContain(report.data.txHash);
    const english = await verifyPage(no, "en-US");
    expect(english.html).toContain("Verified: the record and its chain are unchanged");
  });

  it("an altered stored event makes verification fail, and the public page says so", async () => {
    await env.DB.prepare("UPDATE events SET data = json_set(data, '$.reason', 'forged') WHERE stream = ? AND version = 1").bind(streamOfApplication(no)).run();
    const report = (await verifyJson(no)).data;
    expect(report.valid).toBe(false);
    expect(report.checks.notaryChain).toBe(false);
    expect(report.path.notary[0].ok).toBe(false);
    const page = await verifyPage(no);
    expect(page.html).toContain('data-valid="false"');
    expect(page.html).toContain("核验未通过：记录或事件链已被改动");
    expect((await verifyPage(no, "en-US")).html).toContain("Verification failed: the record or its chain has been altered");
  });

  it("an altered event of the notarised file fails the subject chain", async () => {
    const file = await upload(`file2-${run}.txt`, "second");
    const second = await applyFor(file.id);
    await gateway("notary.handle", { applicationNo: second });
    expect((await verifyJson(second)).data.valid).toBe(true);
    await env.DB.prepare("UPDATE events SET data = json_set(data, '$.record.name', 'renamed.txt') WHERE stream = ? AND version = 1").bind(`sys.file:${file.id}`).run();
    const report = (await verifyJson(second)).data;
    expect(report).toMatchObject({ valid: false, checks: { notaryChain: true, anchor: true, subjectChain: false } });
  });

  it("changed bytes of the notarised file fail the content check", async () => {
    const file = await upload(`file3-${run}.txt`, "original bytes");
    const third = await applyFor(file.id);
    await gateway("notary.handle", { applicationNo: third });
    const key = (await env.DB.prepare("SELECT object_key AS k FROM sys_file WHERE id = ?").bind(file.id).first<{ k: string }>())!.k;
    await env.FILES.put(key, "other bytes");
    expect((await verifyJson(third)).data).toMatchObject({ valid: false, checks: { subjectChain: true, subjectContent: false } });
  });

  it("a forged transaction hash on the read model fails the anchor check", async () => {
    const file = await upload(`file4-${run}.txt`, "four");
    const fourth = await applyFor(file.id);
    await gateway("notary.handle", { applicationNo: fourth });
    await env.DB.prepare("UPDATE notary_record SET tx_hash = ? WHERE application_no = ?").bind("0".repeat(64), fourth).run();
    expect((await verifyJson(fourth)).data).toMatchObject({ valid: false, checks: { anchor: false, notaryChain: true } });
  });

  it("an unknown number: 404 page and envelope", async () => {
    expect((await verifyPage("NT209901010001")).status).toBe(404);
    expect((await verifyPage("nonsense<script>")).html).not.toContain("<script>");
    expect((await verifyJson("NT209901010001")).code).toBe(404);
  });

  it("answers each client address 30 times a minute, then 429 in its language; another address is still answered", async () => {
    const from = (address: string, lang = "zh-CN") => SELF.fetch("http://qifu.test/api/notary/verify/NT209901010002", { headers: { "cf-connecting-ip": address, cookie: `language=${lang}` } });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await from("203.0.113.7")).status);
    expect(new Set(statuses)).toEqual(new Set([404]));
    const refused = await from("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await refused.json()).toEqual({ code: 429, msg: "请求过于频繁，请一分钟后再试" });
    expect(await (await from("203.0.113.7", "en-US")).json()).toMatchObject({ msg: "Too many requests: please try again in a minute" });
    expect((await from("198.51.100.4")).status).toBe(404);
  });
});

describe("refuse", () => {
  it("refuses a waiting application with its reason; it cannot be handled after", async () => {
    const file = await upload(`refuse-${run}.txt`, "refuse me");
    const no = await applyFor(file.id, "notary", `驳回${run}`);
    const refused = await gateway("notary.refuse", { applicationNo: no, moduleCode, reason: "材料不全" });
    expect(refused.body).toMatchObject({ code: 200, data: { applicationNo: no, status: "refused" } });
    const row = (await gateway("notary.list", { keyWork: `驳回${run}` })).body.data[0];
    expect(row).toMatchObject({ status: "refused", refuseReason: "材料不全", txHash: null });
    expect((await gateway("notary.handle", { applicationNo: no })).body).toMatchObject({ code: 422, msg: "该申请已驳回，不能再次办理或驳回" });
    expect((await verifyJson(no)).data).toMatchObject({ valid: false, status: "refused" });
  });

  it("another module's application is not found; a bad number is named", async () => {
    const file = await upload(`other-${run}.txt`, "other");
    const no = await applyFor(file.id);
    expect((await gateway("notary.refuse", { applicationNo: no, moduleCode: "elsewhere" })).body.code).toBe(404);
    const bad = await gateway("notary.refuse", { applicationNo: "12" });
    expect(bad.body.code).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toContain("applicationNo");
  });

  it("applying for a file that does not exist is refused and writes nothing", async () => {
    const answer = await gateway("notary.apply", { id: "no-such-file", reason: "x" });
    expect(answer.body.code).toBe(404);
    const missing = await gateway("notary.apply", { id: "x" });
    expect(missing.body.code).toBe(400);
    expect(Object.keys(missing.body.errors ?? {})).toContain("reason");
  });
});

describe("lists", () => {
  it("the notary list filters by keyWork, notaryTime, status and moduleCode", async () => {
    const file = await upload(`list-${run}.txt`, "list");
    const no = await applyFor(file.id, "notary", `列表${run}`);
    await gateway("notary.handle", { applicationNo: no });
    const today = (await gateway("notary.list", { keyWork: `列表${run}` })).body.data[0].handleTime.slice(0, 10);
    expect((await gateway("notary.list", { keyWork: `列表${run}`, notaryTime: today })).body.total).toBe(1);
    expect((await gateway("notary.list", { keyWork: `列表${run}`, notaryTime: "2001-01-01" })).body.total).toBe(0);
    expect((await gateway("notary.list", { keyWork: no })).body.data.map((r: { applicationNo: string }) => r.applicationNo)).toEqual([no]);
    expect((await gateway("notary.list", { keyWork: `列表${run}`, moduleCode: "elsewhere" })).body.total).toBe(0);
    expect((await gateway("notary.list", { keyWork: `列表${run}`, status: "applied" })).body.total).toBe(0);
    const paged = await gateway("notary.list", { moduleCode, page: 1, size: 2 });
    expect(paged.body.data).toHaveLength(2);
    expect(paged.body.total).toBeGreaterThan(2);
    expect((await gateway("notary.list", { notaryTime: "2026-13-01" })).body.code).toBe(400);
  });

  it("the legal list holds rights confirmations only, by userCode and confirmTime", async () => {
    const file = await upload(`legal-${run}.txt`, "legal");
    const no = await applyFor(file.id, "confirm", `确权${run}`);
    expect(no).toMatch(/^QQ\d{12}$/);
    await gateway("notary.handle", { applicationNo: no });
    const legal = await gateway("notary.legalList", { userCode: "admin", moduleCode });
    expect(legal.body.data.map((r: { applicationNo: string }) => r.applicationNo)).toEqual([no]);
    expect(legal.body.data[0]).toMatchObject({ kind: "confirm", status: "notarised" });
    const day = legal.body.data[0].handleTime.slice(0, 10);
    expect((await gateway("notary.legalList", { confirmTime: day, moduleCode })).body.total).toBe(1);
    expect((await gateway("notary.legalList", { userCode: "someone-else", moduleCode })).body.total).toBe(0);
    expect((await gateway("notary.list", { keyWork: `确权${run}` })).body.total).toBe(0);
  });
});

describe("permissions", () => {
  it("a reader lists but may not apply, handle or refuse; without any tag nothing; signed out 401", async () => {
    const reader = await userWithPermissions(admin, ["bt:notary:list"]);
    expect((await gateway("notary.list", {}, reader.token)).body.code).toBe(200);
    const file = await upload(`perm-${run}.txt`, "perm");
    const no = await applyFor(file.id);
    for (const [method, params] of [["notary.apply", { id: file.id, reason: "x" }], ["notary.handle", { applicationNo: no }], ["notary.refuse", { applicationNo: no }]] as const) {
      const answer = await gateway(method, params, reader.token);
      expect(answer.status, method).toBe(403);
      expect(answer.body.code, method).toBe(403);
    }
    const form = new FormData();
    form.set("method", "notary.upload");
    form.set("file", new File(["x"], "x.txt", { type: "text/plain" }));
    expect((await call("/gateway", { token: reader.token, body: form, headers: { moduleCode } })).status).toBe(403);
    const nobody = await userWithPermissions(admin, ["sys:user:list"]);
    expect((await gateway("notary.list", {}, nobody.token)).status).toBe(403);
    expect((await call("/explorer-b", { token: nobody.token, method: "POST", headers: { [chainInfoHeader]: "all" } })).body.code).toBe(403);
    expect((await call("/gateway", { body: { method: "notary.list", params: {} } })).body.code).toBe(401);
    expect((await readStream(env.DB, streamOfApplication(no))).length).toBe(1);
    const handler = await userWithPermissions(admin, ["bt:notary:list", "bt:notary:handle"]);
    expect((await gateway("notary.handle", { applicationNo: no }, handler.token)).body.code).toBe(200);
  });
});

describe("explorer summary", () => {
  it("reports events, streams, latest hashes and verification; names a missing chain-info header", async () => {
    const all = await call("/explorer-b", { token: admin, method: "POST", headers: { [chainInfoHeader]: "all" } });
    expect(all.body.code).toBe(0);
    const counts = await env.DB.prepare("SELECT COUNT(*) AS events, COUNT(DISTINCT stream) AS streams FROM events").first<{ events: number; streams: number }>();
    expect(all.body.data).toMatchObject({ chain: "all", events: counts!.events, streams: counts!.streams });
    const last = await env.DB.prepare("SELECT stream, version, hash FROM events ORDER BY position DESC LIMIT 1").first<{ stream: string; version: number; hash: string }>();
    expect(all.body.data.latest[0]).toMatchObject(last!);
    expect(all.body.data.latest).toHaveLength(10);

    const notary = (await call("/explorer-b", { token: admin, method: "POST", headers: { [chainInfoHeader]: "notary" } })).body.data;
    expect(notary.chain).toBe("notary");
    expect(notary.latest.every((e: { stream: string }) => e.stream.startsWith("notary:"))).toBe(true);
    // the event altered above is in a notarisation stream: the summary reports it broken
    expect(notary.verification.valid).toBe(false);
    expect(notary.verification.broken).toContainEqual({ stream: expect.stringMatching(/^notary:NT/), brokenAt: 1 });
    expect(notary.verification.streamsChecked).toBe(notary.streams);

    const missing = await call("/explorer-b", { token: admin, method: "POST" });
    expect(missing.body).toMatchObject({ code: 422, msg: "请求头 chain-info 须为 all 或 notary" });
  });
});

describe("the read model", () => {
  it("a rebuild from the log writes the same rows, transaction hashes included", async () => {
    const rows = () => env.DB.prepare("SELECT * FROM notary_record ORDER BY application_no").all().then((r) => r.results);
    const before = await rows();
    expect(before.length).toBeGreaterThan(5);
    expect(before.some((r) => r.status === "refused") && before.some((r) => r.status === "notarised")).toBe(true);
    // the forged hash of the anchor test is not in the log: the rebuild restores the chain's value
    const forged = before.filter((r) => r.tx_hash === "0".repeat(64)).map((r) => r.application_no);
    let progress = await store.rebuild(env.DB, { maxEvents: 5000 });
    while (!progress.done) progress = await store.rebuild(env.DB, { from: progress.position, maxEvents: 5000 });
    const after = await rows();
    // the event whose reason was altered in the log is replayed as altered
    const altered = after.filter((r) => r.reason === "forged").map((r) => r.application_no);
    expect(altered).toHaveLength(1);
    const kept = (r: Record<string, unknown>) => !forged.includes(r.application_no) && !altered.includes(r.application_no);
    expect(after.filter(kept)).toEqual(before.filter(kept));
    for (const no of forged) expect(after.find((r) => r.application_no === no)!.tx_hash).toBe((await readStream(env.DB, streamOfApplication(no as string)))[1]!.hash);
  });
});
