/**
 * Save and update hold a dictionary field to its dictionary, as imports do: a code that is not an entry of
 * the field's dictionary is refused naming the field, in either language, and nothing is written.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { t } from "../events/i18n.ts";
import { call, login } from "./helpers.ts";

let token: string;
beforeAll(async () => {
  token = await login();
});

const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
const visit = (extra: Record<string, unknown> = {}) => ({ creditCode: "91610113MA6TXXTR1X", entName: "西安字典校验有限公司", visitDate: "2026-03-02", visitorId: "u1", visitType: "onsite", status: "planned", ...extra });

describe("dictionary codes on save and update", () => {
  it("refuses a save whose code is not in the field's dictionary, naming the field in both languages, and writes nothing", async () => {
    const before = await eventCount();
    for (const lang of ["zh-CN", "en-US"] as const) {
      const refused = await call("/common/encompanyvisit/save", { token, lang, body: visit({ visitType: "teleport" }) });
      expect(refused.body.code).toBe(422);
      const name = lang === "zh-CN" ? "走访方式" : "Visit type";
      expect(refused.body.errors).toEqual({ visitType: t("valueNotAllowed", lang, { name }) });
    }
    // one bad item of a multiple field is enough; every broken field is named
    const several = await call("/common/encompanyvisit/save", { token, body: visit({ demandTypes: ["financing", "nonsense"], status: "lost" }) });
    expect(several.body.code).toBe(422);
    expect(Object.keys(several.body.errors ?? {}).sort()).toEqual(["demandTypes", "status"]);
    expect(await eventCount()).toBe(before);
  });

  it("accepts the dictionary's codes", async () => {
    const saved = await call("/common/encompanyvisit/save", { token, body: visit({ demandTypes: ["financing", "policy"] }) });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
  });

  it("refuses an update (and a save with the id) to a code outside the dictionary, leaving the record as it was", async () => {
    const id = (await call("/common/encompanyvisit/save", { token, body: visit() })).body.data.id as string;
    const before = await eventCount();
    const update = await call("/common/encompanyvisit/update", { token, body: { id, status: "lost" } });
    expect(update.body.code).toBe(422);
    expect(update.body.errors).toEqual({ status: t("valueNotAllowed", "zh-CN", { name: "走访状态" }) });
    const save = await call("/common/encompanyvisit/save", { token, lang: "en-US", body: { id, visitType: "teleport" } });
    expect(save.body.errors).toEqual({ visitType: t("valueNotAllowed", "en-US", { name: "Visit type" }) });
    expect(await eventCount()).toBe(before);
    const info = (await call(`/common/encompanyvisit/info/${id}`, { token })).body.data;
    expect([info.status, info.visitType, info.version]).toEqual(["planned", "onsite", 1]);
    // a good code still goes through
    expect((await call("/common/encompanyvisit/update", { token, body: { id, status: "visited" } })).body.code).toBe(0);
  });

  it("refuses a code outside the dictionary on a user (a system family) too", async () => {
    const refused = await call("/sys/user/save", { token, body: { userNo: `dictcheck${Date.now()}`, name: "字典校验", status: "1", gender: "9", password: "Demo@123456" } });
    expect(refused.body.code).toBe(422);
    expect(refused.body.errors).toMatchObject({ gender: t("valueNotAllowed", "zh-CN", { name: "性别" }) });
  });
});
