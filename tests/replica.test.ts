/**
 * Reads from the nearest replica with read-your-writes (D1's Sessions API): every API answer carries its
 * session's bookmark, a request that sends one back is served no earlier than it, and a malformed one is
 * ignored. Locally the session is the primary, so what is checked is the bookmark's journey: the browser
 * keeps the newest and a replica can then never answer from before the user's own write.
 */
import { describe, expect, it, beforeAll } from "vitest";
import { call, login } from "./helpers.ts";

const header = "x-d1-bookmark";
const shape = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
let token: string;
beforeAll(async () => {
  token = await login();
});

describe("D1 session bookmarks", () => {
  it("a write answers its bookmark; a read sent with it sees the write and answers a bookmark no earlier", async () => {
    const type = `replica${crypto.randomUUID().slice(0, 8)}`;
    const write = await call("/sys/sysdict/save", { token, body: { type, value: "1", name: "读己所写", status: "1" } });
    expect(write.body.code).toBe(0);
    const afterWrite = write.headers.get(header);
    expect(afterWrite).toMatch(shape);

    const read = await call(`/sys/sysdict/list?type=${type}`, { token, headers: { [header]: afterWrite! } });
    expect(read.body.code).toBe(0);
    expect(read.body.data.map((r: { name: string }) => r.name)).toEqual(["读己所写"]);
    const afterRead = read.headers.get(header);
    expect(afterRead).toMatch(shape);
    expect(afterRead! >= afterWrite!).toBe(true);
  });

  it("each write moves the bookmark on, so the newest one the browser keeps covers every write before it", async () => {
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await call("/sys/sysdict/save", { token, body: { type: `replica${crypto.randomUUID().slice(0, 8)}`, value: "1", name: `第${i}`, status: "1" }, headers: seen.length ? { [header]: seen.at(-1)! } : {} });
      expect(answer.body.code).toBe(0);
      seen.push(answer.headers.get(header)!);
    }
    expect([...seen].sort()).toEqual(seen);
    expect(new Set(seen).size).toBe(3);
  });

  it("a malformed bookmark is ignored, not handed to D1: the request is served and answers a real one", async () => {
    for (const bad of ["garbage", "00000000-0000000e-00000000-0000000000000000000000000000000z", "' OR 1=1 --", "x".repeat(500)]) {
      const answer = await call("/sys/menu/nav", { token, headers: { [header]: bad } });
      expect(answer.body.code).toBe(0);
      expect(answer.headers.get(header)).toMatch(shape);
    }
  });

  it("refusals and public routes answer a bookmark too (the guard's own reads run on the session)", async () => {
    const refused = await call("/sys/menu/nav", { token: "not-a-token" });
    expect(refused.body.code).toBe(401);
    expect(refused.headers.get(header)).toMatch(shape);
  });
});
