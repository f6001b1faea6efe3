/**
 * `POST /wutong/v1/jsonrpc`: the second door onto the gateway's one method table — the same methods, the
 * same params schemas and permissions, the same §8 envelope (plus the caller's call id), and the API
 * document listing every method it reaches.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, login, userWithPermissions } from "./helpers.ts";
import { gatewayMethods } from "../worker/gateway/methods.ts";
import { methodsOf } from "../worker/gateway/routes.ts";
import { reachedBy } from "../events/api/gateway.ts";

let admin: string;
const rpc = (body: unknown, token = admin, lang?: "zh-CN" | "en-US") => call("/wutong/v1/jsonrpc", { token, body, lang });

beforeAll(async () => {
  admin = await login();
});

describe("the JSON-RPC door", () => {
  it("answers a method of the table as the gateway does, echoing the call id", async () => {
    const viaRpc = await rpc({ method: "policy.followType", params: {}, moduleCode: "m1", id: 7 });
    const viaGateway = await call("/gateway", { token: admin, body: { method: "policy.followType", params: {} } });
    expect(viaRpc.status).toBe(200);
    expect(viaRpc.body).toEqual({ ...viaGateway.body, id: 7 });
    expect(viaRpc.body.code).toBe(200);
    expect((viaRpc.body.data as unknown[]).length).toBeGreaterThan(0);
    // without an id, none comes back
    expect((await rpc({ method: "policy.followType" })).body).not.toHaveProperty("id");
  });

  it("an unknown method: 404 naming it, in the request's language", async () => {
    expect((await rpc({ method: "credit.noSuchThing", id: "a1" })).body).toEqual({ id: "a1", code: 404, msg: "网关没有方法“credit.noSuchThing”" });
    expect((await rpc({ method: "credit.noSuchThing" }, admin, "en-US")).body.msg).toBe('The gateway has no method "credit.noSuchThing"');
  });

  it("bad params and a bad envelope name the field", async () => {
    const bad = await rpc({ method: "policy.matchList", params: { creditCode: "123" }, id: 2 });
    expect([bad.status, bad.body.code, bad.body.id, Object.keys(bad.body.errors!)]).toEqual([200, 400, 2, ["creditCode"]]);
    const none = await rpc({ params: {} });
    expect([none.body.code, Object.keys(none.body.errors!)]).toEqual([400, ["method"]]);
    const badId = await rpc({ method: "policy.followType", id: { no: 1 } });
    expect([badId.body.code, Object.keys(badId.body.errors!)]).toEqual([400, ["id"]]);
  });

  it("checks each method's permission: 403 (HTTP 403) without it; 401 signed out", async () => {
    const matcher = await userWithPermissions(admin, ["common:paclist:match"]);
    const refused = await rpc({ method: "policy.declareList", params: {} }, matcher.token);
    expect([refused.status, refused.body.code]).toEqual([403, 403]);
    expect((await call("/wutong/v1/jsonrpc", { body: { method: "policy.followType" } })).body.code).toBe(401);
  });

  it("a method naming its doors is reached only through them", () => {
    expect(reachedBy({}, "jsonrpc")).toBe(true);
    expect(reachedBy({ doors: ["gateway"] }, "jsonrpc")).toBe(false);
    expect(reachedBy({ doors: ["gateway"] }, "gateway")).toBe(true);
    expect(methodsOf("jsonrpc").map((m) => m.name)).toEqual(gatewayMethods.filter((m) => !m.doors || m.doors.includes("jsonrpc")).map((m) => m.name));
  });

  it("the API document lists the door with every method it reaches", async () => {
    const doc = (await (await SELF.fetch("http://qifu.test/api/openapi/gateway.json", { headers: { "x-hbi-token": admin } })).json()) as { paths: Record<string, { post: { summary: string } }> };
    const op = doc.paths["/wutong/v1/jsonrpc"]!.post;
    for (const m of methodsOf("jsonrpc")) expect(op.summary).toContain(m.name);
    expect(JSON.stringify(op)).toContain("firmName");
  });
});
