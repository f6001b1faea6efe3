/**
 * The portals' webhook intake: signed deliveries become commands (a portal demand, the enterprise master
 * upserted) in one append with their delivery record; bad or missing signatures, stale timestamps, unknown
 * portals and oversized bodies are refused and write nothing; a retried delivery answers its first outcome;
 * a failed delivery keeps its field errors and can be replayed by an administrator; a portal reads an
 * outcome with a signed GET.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, login } from "./helpers.ts";

const secrets = { oa: "test-oa-portal-secret", pf: "test-pf-portal-secret" } as const;
let admin: string;

beforeAll(async () => {
  admin = await login();
});

function creditCode(org: string): string {
  const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const body = `91610131${org}`;
  const sum = [...body].reduce((acc, ch, i) => acc + chars.indexOf(ch) * weights[i]!, 0);
  return body + chars[(31 - (sum % 31)) % 31];
}

async function sign(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return `sha256=${[...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

const now = () => Math.floor(Date.now() / 1000);
const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
const lastPosition = async () => (await env.DB.prepare("SELECT MAX(position) AS p FROM events").first<{ p: number }>())!.p;

interface Delivery {
  portal?: string;
  deliveryId?: string;
  body: unknown;
  timestamp?: number;
  secret?: string;
  headers?: Record<string, string | undefined>;
}

async function deliver({ portal = "oa", deliveryId = crypto.randomUUID(), body, timestamp = now(), secret, headers = {} }: Delivery) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const signature = await sign(secret ?? secrets[portal as keyof typeof secrets] ?? "x", `${timestamp}.${raw}`);
  const all: Record<string, string | undefined> = { "content-type": "application/json", "X-Qifu-Timestamp": String(timestamp), "X-Qifu-Signature": signature, "X-Qifu-Delivery": deliveryId, ...headers };
  const response = await SELF.fetch(`http://qifu.test/api/webhooks/${portal}`, { method: "POST", headers: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>, body: raw });
  return { status: response.status, body: (await response.json()) as any, deliveryId };
}

async function readOutcome(portal: string, deliveryId: string, secret = secrets[portal as keyof typeof secrets], timestamp = now()) {
  const path = `/api/webhooks/${portal}/deliveries/${encodeURIComponent(deliveryId)}`;
  const response = await SELF.fetch(`http://qifu.test${path}`, { headers: { "X-Qifu-Timestamp": String(timestamp), "X-Qifu-Signature": await sign(secret, `${timestamp}.${path}`) } });
  return { status: response.status, body: (await response.json()) as any };
}

const demand = (org: string, externalId = `D-${org}`) => ({
  type: "demand.created",
  data: { externalId, creditCode: creditCode(org), entName: `门户企业${org}有限公司`, title: "寻求设备融资", demandType: "1", content: "需要 500 万元设备贷款", amount: 500 },
});

describe("intake", () => {
  it("turns a good demand delivery into a pending portal demand and an accepted delivery in one append", async () => {
    const before = await lastPosition();
    const answer = await deliver({ body: demand("200000001") });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ code: 0, data: { deliveryId: answer.deliveryId, outcome: "accepted", error: null } });
    const recordId = answer.body.data.recordId as string;

    const events = (await env.DB.prepare("SELECT stream, type, meta FROM events WHERE position > ? ORDER BY position").bind(before).all<{ stream: string; type: string; meta: string }>()).results;
    expect(events.map((e) => e.type).sort()).toEqual(["common.portaldemand.created", "sys.webhook.created"]);
    // one append: the same request and time on both events
    expect(new Set(events.map((e) => JSON.parse(e.meta).requestId)).size).toBe(1);
    expect(events.find((e) => e.type === "common.portaldemand.created")!.stream).toBe(`common.portaldemand:${recordId}`);

    const record = (await call(`/common/portalDemand/info/${recordId}`, { token: admin })).body.data;
    expect(record).toMatchObject({ portalCode: "oa", externalId: "D-200000001", title: "寻求设备融资", examStatus: "0", status: "0", isShow: false });

    const list = await call(`/webhooks/delivery/list?deliveryId=${answer.deliveryId}`, { token: admin });
    expect(list.body.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({ portal: "oa", type: "demand.created", outcome: "accepted", recordFamily: "common.portaldemand", recordId, attempts: 1 });
  });

  it("refuses a bad signature, missing headers, a stale timestamp, an unknown portal and a large body, writing nothing", async () => {
    const before = await eventCount();
    const bad = await deliver({ body: demand("200000002"), secret: "not-the-secret" });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe(401);
    const otherPortal = await deliver({ portal: "oa", body: demand("200000002"), secret: secrets.pf });
    expect(otherPortal.status).toBe(401);
    for (const missing of ["X-Qifu-Timestamp", "X-Qifu-Signature"]) {
      const answer = await deliver({ body: demand("200000002"), headers: { [missing]: undefined } });
      expect(answer.status, missing).toBe(401);
    }
    expect((await deliver({ body: demand("200000002"), headers: { "X-Qifu-Delivery": undefined } })).status).toBe(422);
    expect((await deliver({ body: demand("200000002"), headers: { "X-Qifu-Delivery": "x".repeat(65) } })).status).toBe(422);
    const stale = await deliver({ body: demand("200000002"), timestamp: now() - 360 });
    expect(stale.status).toBe(401);
    const future = await deliver({ body: demand("200000002"), timestamp: now() + 360 });
    expect(future.status).toBe(401);
    const unknown = await deliver({ portal: "zz", body: demand("200000002") });
    expect(unknown.status).toBe(404);
    const large = await deliver({ body: { type: "demand.created", data: { pad: "x".repeat(1_100_000) } } });
    expect(large.status).toBe(413);
    expect(await eventCount()).toBe(before);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM portal_demand WHERE external_id = 'D-200000002'").first<{ n: number }>())!.n).toBe(0);
  });

  it("answers a retried delivery with its first outcome and writes nothing again", async () => {
    const first = await deliver({ portal: "pf", body: demand("200000003") });
    expect(first.body.data.outcome).toBe("accepted");
    const before = await eventCount();
    const again = await deliver({ portal: "pf", deliveryId: first.deliveryId, body: demand("200000003") });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    // even with another body under the same delivery id
    const other = await deliver({ portal: "pf", deliveryId: first.deliveryId, body: demand("200000004") });
    expect(other.body.data).toEqual(first.body.data);
    expect(await eventCount()).toBe(before);
    // the same delivery id from the other portal is another delivery
    const oa = await deliver({ portal: "oa", deliveryId: first.deliveryId, body: demand("200000005") });
    expect(oa.body.data.outcome).toBe("accepted");
    expect(oa.body.data.recordId).not.toBe(first.body.data.recordId);
  });

  it("stores a second delivery of the same portal demand as a duplicate, pointing at the first record", async () => {
    const first = await deliver({ body: demand("200000006", "DUP-1") });
    const second = await deliver({ body: demand("200000006", "DUP-1") });
    expect(second.body.data).toMatchObject({ outcome: "duplicate", recordId: first.body.data.recordId });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM portal_demand WHERE external_id = 'DUP-1'").first<{ n: number }>())!.n).toBe(1);
  });

  it("upserts one enterprise master from enterprise.registered then enterprise.updated", async () => {
    const code = creditCode("200000007");
    const registered = await deliver({ body: { type: "enterprise.registered", data: { creditCode: code, entName: "门户注册企业有限公司", legalPerson: "张三", regCapital: 100 } } });
    expect(registered.body, JSON.stringify(registered.body)).toMatchObject({ code: 0, data: { outcome: "accepted" } });
    const updated = await deliver({ portal: "pf", body: { type: "enterprise.updated", data: { creditCode: code, legalPerson: "李四", regAddress: "西安市高新区" } } });
    expect(updated.body.data).toMatchObject({ outcome: "accepted", recordId: registered.body.data.recordId });
    const rows = (await env.DB.prepare("SELECT id, ent_name, legal_person, reg_capital, reg_address FROM en_enterprise_basic_info WHERE credit_code = ?").bind(code).all()).results;
    expect(rows).toEqual([{ id: registered.body.data.recordId, ent_name: "门户注册企业有限公司", legal_person: "李四", reg_capital: 100, reg_address: "西安市高新区" }]);
    const history = (await call(`/common/enenterprisebasicinfo/history/${registered.body.data.recordId}`, { token: admin })).body.data as unknown[];
    expect(history).toHaveLength(2);
  });

  it("stores an invalid payload as failed with its field errors; an admin replay records a new attempt", async () => {
    const before = await eventCount();
    const answer = await deliver({ body: { type: "enterprise.registered", data: { creditCode: "91610131BAD", entName: "" } } });
    expect(answer.status).toBe(422);
    expect(answer.body.data.outcome).toBe("failed");
    expect(Object.keys(answer.body.data.error.errors).sort()).toEqual(["data.entName"]);
    // a credit code with a wrong check digit is refused by the family's rules
    const badCode = await deliver({ body: { type: "enterprise.registered", data: { creditCode: "916101312000000080", entName: "校验位错误企业" } } });
    expect(badCode.body.data.outcome).toBe("failed");
    expect(Object.keys(badCode.body.data.error.errors)).toContain("data.creditCode");
    const notJson = await deliver({ body: "{not json" });
    expect(notJson.body.data.outcome).toBe("failed");
    const unknownType = await deliver({ body: { type: "demand.deleted", data: {} } });
    expect(unknownType.body.data.error.errors).toHaveProperty("type");
    // only the four delivery records were written
    expect(await eventCount()).toBe(before + 4);

    const row = (await call(`/webhooks/delivery/list?deliveryId=${answer.deliveryId}`, { token: admin })).body.data[0];
    expect(row).toMatchObject({ outcome: "failed", attempts: 1 });
    const info = (await call(`/webhooks/delivery/info/${row.id}`, { token: admin })).body.data;
    expect(info.payload).toEqual({ type: "enterprise.registered", data: { creditCode: "91610131BAD", entName: "" } });
    expect(info.error.errors).toHaveProperty("data.entName");

    // the same payload fails again, and the attempt is recorded
    const replayed = await call(`/webhooks/delivery/replay/${row.id}`, { token: admin, body: {} });
    expect(replayed.body, JSON.stringify(replayed.body)).toMatchObject({ code: 0, data: { outcome: "failed", attempts: 2 } });
    const after = (await call(`/webhooks/delivery/info/${row.id}`, { token: admin })).body.data;
    expect(after).toMatchObject({ outcome: "failed", attempts: 2 });
    const history = (await call(`/webhooks/delivery/history/${row.id}`, { token: admin })).body.data as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(["created", "replay"]);
    // the portal reads the latest outcome
    expect((await readOutcome("oa", answer.deliveryId)).body.data).toMatchObject({ outcome: "failed" });

    // an accepted delivery is not replayed; the generic writes are refused
    const good = await deliver({ body: demand("200000008") });
    const goodRow = (await call(`/webhooks/delivery/list?deliveryId=${good.deliveryId}`, { token: admin })).body.data[0];
    expect((await call(`/webhooks/delivery/replay/${goodRow.id}`, { token: admin, body: {} })).body.code).toBe(422);
    const count = await eventCount();
    expect((await call("/webhooks/delivery/save", { token: admin, body: { portal: "oa", deliveryId: "forged", receivedAt: "2026-01-01 00:00:00", outcome: "accepted" } })).body.code).toBe(422);
    expect((await call("/webhooks/delivery/update", { token: admin, body: { id: row.id, outcome: "accepted" } })).body.code).toBe(422);
    expect((await call("/webhooks/delivery/delete", { token: admin, body: { ids: [row.id] } })).body.code).toBe(422);
    expect(await eventCount()).toBe(count);
    // replay needs a session and the permission
    expect((await call(`/webhooks/delivery/replay/${row.id}`, { body: {} })).body.code).toBe(401);
  });

  it("lets a portal read a delivery's outcome with a signed GET, and refuses an unsigned one", async () => {
    const answer = await deliver({ portal: "pf", body: demand("200000009") });
    const read = await readOutcome("pf", answer.deliveryId);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ code: 0, data: { deliveryId: answer.deliveryId, outcome: "accepted", error: null, recordId: answer.body.data.recordId } });

    const path = `/api/webhooks/pf/deliveries/${answer.deliveryId}`;
    const unsigned = await SELF.fetch(`http://qifu.test${path}`);
    expect(unsigned.status).toBe(401);
    await unsigned.arrayBuffer();
    expect((await readOutcome("pf", answer.deliveryId, secrets.oa)).status).toBe(401);
    expect((await readOutcome("pf", answer.deliveryId, secrets.pf, now() - 360)).status).toBe(401);
    // another portal's delivery is not found under this portal
    expect((await readOutcome("oa", answer.deliveryId)).status).toBe(404);
    expect((await readOutcome("pf", "no-such-delivery")).status).toBe(404);
  });

  it("documents the webhook routes as public in the API document", async () => {
    const doc = (await call("/openapi.json", { token: admin, lang: "en-US" })).body;
    const intake = doc.paths["/webhooks/{portal}"].post;
    expect(intake["x-permission"]).toBe("public");
    expect(intake.security).toEqual([]);
    expect(doc.paths["/webhooks/{portal}/deliveries/{id}"].get["x-permission"]).toBe("public");
    expect(doc.paths["/webhooks/delivery/replay/{id}"].post["x-permission"]).toBe("sys:webhook:update");
  });

  it("replays an update that arrived before its registration: failed first, accepted once the master exists", async () => {
    const code = creditCode("200000010");
    const early = await deliver({ body: { type: "enterprise.updated", data: { creditCode: code, legalPerson: "王五" } } });
    expect(early.body.data.outcome).toBe("failed");
    expect(early.body.data.error.errors).toHaveProperty("data.entName");
    const registered = await deliver({ body: { type: "enterprise.registered", data: { creditCode: code, entName: "先更新后注册企业有限公司" } } });
    expect(registered.body.data.outcome).toBe("accepted");
    const row = (await call(`/webhooks/delivery/list?deliveryId=${early.deliveryId}`, { token: admin })).body.data[0];
    const before = await lastPosition();
    const replayed = await call(`/webhooks/delivery/replay/${row.id}`, { token: admin, body: {} });
    expect(replayed.body.data).toMatchObject({ outcome: "accepted", error: null, recordId: registered.body.data.recordId, attempts: 2 });
    // the delivery's update and the master's update in one append
    const events = (await env.DB.prepare("SELECT type, meta FROM events WHERE position > ?").bind(before).all<{ type: string; meta: string }>()).results;
    expect(events.map((e) => e.type).sort()).toEqual(["common.enenterprisebasicinfo.updated", "sys.webhook.updated"]);
    expect(new Set(events.map((e) => JSON.parse(e.meta).requestId)).size).toBe(1);
    expect((await env.DB.prepare("SELECT legal_person FROM en_enterprise_basic_info WHERE credit_code = ?").bind(code).first())!.legal_person).toBe("王五");
    expect((await readOutcome("oa", early.deliveryId)).body.data).toMatchObject({ outcome: "accepted", recordId: registered.body.data.recordId });
    // a retry of the original delivery now answers the stored (replayed) outcome
    expect((await deliver({ deliveryId: early.deliveryId, body: { type: "enterprise.updated", data: { creditCode: code, legalPerson: "王五" } } })).body.data.outcome).toBe("accepted");
  });
});
