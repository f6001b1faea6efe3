/**
 * Fill-in links through the real worker: staff issue a signed, expiring link of a released form for one
 * enterprise (permission, checks, recorded as an event); the public side reads the form by token and submits
 * it once, landing as a filled form attributed to the enterprise; expired, altered, foreign and reused
 * tokens are refused by name; the token opens no other route.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { t } from "../events/i18n.ts";
import { buildRoutes } from "../worker/app.ts";
import { signLinkToken } from "../worker/forms/link-token.ts";
import { call, creditCode, login, userWithPermissions } from "./helpers.ts";

let admin: string;
let modelId: string;
let formId: string;
const code = `fl${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
const enterprise = { creditCode: creditCode(), entName: `链接测试企业${code}` };

const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
const col = (field: string, widget: string, extra: Record<string, unknown> = {}) => ({ field, widget, span: 12, ...extra });
const layout = {
  sections: [
    {
      rows: [
        { cols: [col("title", "input", { required: true }), col("score", "number")] },
        // the reason is required once the answer is "no"
        { cols: [col("agree", "select"), col("reason", "textarea", { required: { field: "agree", op: "eq", value: "0" } })] },
      ],
    },
  ],
};

async function ok(path: string, body?: unknown, token = admin) {
  const answer = await call(path, { token, body, ...(body === undefined ? {} : { method: "POST" as const }) });
  expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(0);
  return answer.body.data;
}

async function releasedForm(name: string, formLayout: unknown = layout) {
  const id = (await ok("/datamodel/form/save", { name, code: `${code}_${name}`, dataModelId: modelId, layout: formLayout })).id as string;
  await ok(`/datamodel/form/release/${id}`, {});
  return id;
}

const issue = (form: string, body: Record<string, unknown>, token = admin, lang: "zh-CN" | "en-US" = "zh-CN") => call(`/datamodel/form/link/${form}`, { token, lang, body });
const tokenOf = (path: string) => decodeURIComponent(path.slice(path.indexOf("token=") + 6));
const open = (token: string, lang: "zh-CN" | "en-US" = "zh-CN") => call(`/form/link?token=${encodeURIComponent(token)}`, { lang });
const submit = (token: string, data: Record<string, unknown>, lang: "zh-CN" | "en-US" = "zh-CN") => call("/form/link", { lang, body: { token, data } });

async function newLink(form = formId, days = 7) {
  const data = await ok(`/datamodel/form/link/${form}`, { enterpriseCode: enterprise.creditCode, days });
  return { ...data, token: tokenOf(data.path) } as { id: string; token: string; path: string; url: string; expiresAt: string; enterpriseName: string };
}

beforeAll(async () => {
  admin = await login();
  await ok("/common/enenterprisebasicinfo/save", { ...enterprise, areaCode: "610100" });
  const model = await ok("/datamodel/save", {
    name: "问卷",
    code,
    type: "table",
    fields: [
      { name: "title", title: "名称", type: "text", length: 64 },
      { name: "score", title: "评分", type: "int" },
      { name: "agree", title: "是否同意", type: "dict", dictType: "yesNo" },
      { name: "reason", title: "原因", type: "longText" },
      { name: "secret", title: "内部备注", type: "text", length: 64 },
      { name: "owner", title: "负责人", type: "user" },
    ],
  });
  modelId = model.id;
  formId = await releasedForm("q");
});

describe("issuing a link", () => {
  it("needs the forms permission, a released form, a known enterprise and 1–30 days, each refused by name", async () => {
    const nobody = (await userWithPermissions(admin, ["datamodel:form:list"])).token;
    expect((await issue(formId, { enterpriseCode: enterprise.creditCode, days: 7 }, nobody)).body).toMatchObject({ code: 403, msg: t("forbidden", "zh-CN", { perm: "datamodel:form:update" }) });
    expect((await call(`/datamodel/form/link/${formId}`, { body: { enterpriseCode: enterprise.creditCode, days: 7 } })).body.code).toBe(401);

    const tooLong = await issue(formId, { enterpriseCode: enterprise.creditCode, days: 31 }, admin, "en-US");
    expect(tooLong.body.code).toBe(422);
    expect(Object.keys(tooLong.body.errors ?? {})).toEqual(["days"]);
    expect((await issue(formId, { enterpriseCode: enterprise.creditCode, days: 0 })).body.errors).toHaveProperty("days");

    const unknown = await issue(formId, { enterpriseCode: "91610100MA00000000", days: 7 }, admin, "en-US");
    expect(unknown.body).toMatchObject({ code: 422, errors: { enterpriseCode: t("formLinkEnterpriseUnknown", "en-US", { code: "91610100MA00000000" }) } });

    const draft = (await ok("/datamodel/form/save", { name: "draft", code: `${code}_draft`, dataModelId: modelId, layout })).id as string;
    expect((await issue(draft, { enterpriseCode: enterprise.creditCode, days: 7 })).body).toMatchObject({ code: 422, msg: t("formNotReleased", "zh-CN", { code: `${code}_draft` }) });

    // a user picker reads the signed-in people directory: such a form cannot go out as a link
    const withUser = await releasedForm("u", { sections: [{ rows: [{ cols: [col("title", "input"), col("owner", "user")] }] }] });
    const refused = await issue(withUser, { enterpriseCode: enterprise.creditCode, days: 7 }, admin, "en-US");
    expect(refused.body).toMatchObject({ code: 422, msg: t("formLinkWidget", "en-US", { field: "owner", widget: "user" }) });
  });

  it("answers /vueedit?token=… and records the link (who issued it, for which enterprise and release) as an event", async () => {
    const before = await eventCount();
    const link = await newLink();
    expect(link.path).toMatch(/^\/vueedit\?token=[\w.%-]+$/);
    expect(link.url).toBe(`http://qifu.test${link.path}`);
    expect(link.enterpriseName).toBe(enterprise.entName);
    expect(await eventCount()).toBe(before + 1);
    const event = await env.DB.prepare("SELECT type, data, json_extract(meta, '$.actorName') AS actor FROM events WHERE stream = ?").bind(`datamodel.formlink:${link.id}`).first<{ type: string; data: string; actor: string }>();
    expect(event?.actor).toBe("系统管理员");
    expect(JSON.parse(event!.data).record).toMatchObject({ formId, formVersion: 1, enterpriseCode: enterprise.creditCode, enterpriseName: enterprise.entName });
    // the token itself is not kept in the log
    expect(event!.data).not.toContain(link.token);
    const listed = await ok(`/datamodel/formlink/list?formId=${formId}`);
    expect(listed.map((r: { id: string }) => r.id)).toContain(link.id);
    // links are written by issuing and submitting only
    expect((await call("/datamodel/formlink/delete", { token: admin, body: [link.id] })).body).toMatchObject({ code: 422, msg: t("formLinkWrittenByIssue", "zh-CN") });
  });
});

describe("the public side", () => {
  it("reads the form by token: the release's layout, only the model fields on it, their dictionaries, the enterprise", async () => {
    const link = await newLink();
    const answer = await open(link.token);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    const data = answer.body.data;
    expect(data.layout).toEqual(layout);
    expect(data.form).toMatchObject({ code: `${code}_q`, version: 1 });
    expect(data.model.model.fields.map((f: { name: string }) => f.name).sort()).toEqual(["agree", "reason", "score", "title"]);
    expect(data.dicts.yesNo.map((e: { value: string }) => e.value).sort()).toEqual(["0", "1"]);
    expect(data.enterprise).toEqual({ code: enterprise.creditCode, name: enterprise.entName });
  });

  it("refuses an altered, foreign-signed, expired or mismatched token by name, and a missing one", async () => {
    const link = await newLink();
    const [head, payload, signature] = link.token.split(".") as [string, string, string];
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    const otherForm = await releasedForm("other");
    const otherRelease = (await ok(`/datamodel/form/release/${otherForm}/1`)).id as string;
    const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const invalid = { code: 422, msg: t("formLinkInvalid", "en-US") };

    // the payload pointed at another release with the signature kept
    expect((await open(`${head}.${encode({ ...claims, rel: otherRelease })}.${signature}`, "en-US")).body).toMatchObject(invalid);
    // a changed signature
    expect((await open(`${head}.${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`, "en-US")).body).toMatchObject(invalid);
    // signed with another secret
    const foreign = await signLinkToken("not-our-secret", { linkId: link.id, releaseId: claims.rel, enterpriseCode: claims.ent, expiresAt: claims.exp });
    expect((await open(foreign, "en-US")).body).toMatchObject(invalid);
    // properly signed but naming another release than its link record (not made by issuing)
    const mismatched = await signLinkToken(env.FORM_LINK_SECRET!, { linkId: link.id, releaseId: otherRelease, enterpriseCode: claims.ent, expiresAt: claims.exp });
    expect((await open(mismatched, "en-US")).body).toMatchObject(invalid);
    expect((await submit(mismatched, { title: "x" }, "en-US")).body).toMatchObject(invalid);
    // expired: the time shown is the one signed
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await signLinkToken(env.FORM_LINK_SECRET!, { linkId: link.id, releaseId: claims.rel, enterpriseCode: claims.ent, expiresAt: past }, Date.now() - 7200_000);
    const stale = await open(expired, "en-US");
    expect(stale.body.code).toBe(422);
    expect(stale.body.msg).toBe(t("formLinkExpired", "en-US", { time: new Date(past * 1000 + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ") }));
    expect((await submit(expired, { title: "late" })).body.code).toBe(422);
    expect((await call("/form/link", { lang: "en-US" })).body).toMatchObject(invalid);
    // the genuine token still works after all that
    expect((await open(link.token)).body.code).toBe(0);
  });

  it("checks the form's rules on the server, naming the field, and writes nothing on a refusal", async () => {
    const link = await newLink();
    const before = await eventCount();
    const missing = await submit(link.token, { score: 3 }, "en-US");
    expect(missing.body).toMatchObject({ code: 422 });
    expect(Object.keys(missing.body.errors ?? {})).toEqual(["title"]);
    const conditional = await submit(link.token, { title: "t", agree: "0" });
    expect(Object.keys(conditional.body.errors ?? {})).toEqual(["reason"]);
    const badType = await submit(link.token, { title: "t", score: "many" });
    expect(Object.keys(badType.body.errors ?? {})).toEqual(["score"]);
    expect(await eventCount()).toBe(before);
    // still open after refusals
    expect((await open(link.token)).body.code).toBe(0);
  });

  it("lands as a filled form of that release attributed to the enterprise, once; the second submission is refused", async () => {
    const link = await newLink();
    const sent = await submit(link.token, { title: "满意度调查", score: 9, agree: "1", secret: "ignored: not on the form" });
    expect(sent.body.code, JSON.stringify(sent.body)).toBe(0);
    const filledId = sent.body.data.id as string;

    const rows = await ok(`/form/data/list?enterpriseCode=${enterprise.creditCode}`);
    const row = rows.find((r: { id: string }) => r.id === filledId);
    expect(row).toMatchObject({ formId, formVersion: 1, enterpriseCode: enterprise.creditCode, enterpriseName: enterprise.entName, linkId: link.id, status: "draft" });
    const info = await ok(`/form/data/info/${formId}/${filledId}`);
    expect(info.values).toMatchObject({ title: "满意度调查", score: 9, agree: "1", secret: null });
    // the actor of the append is the link, in the enterprise's name
    const meta = await env.DB.prepare("SELECT json_extract(meta, '$.actorId') AS id, json_extract(meta, '$.actorName') AS name FROM events WHERE stream = ?").bind(`form.data:${filledId}`).first<{ id: string; name: string }>();
    expect(meta).toEqual({ id: link.id, name: enterprise.entName });
    expect((await ok(`/datamodel/formlink/info/${link.id}`)).formDataId).toBe(filledId);

    const before = await eventCount();
    const again = await submit(link.token, { title: "再来一次" }, "en-US");
    expect(again.body.code).toBe(422);
    expect(again.body.msg).toMatch(/^The form of this link was submitted on \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}: a link can be submitted once only$/);
    expect((await open(link.token, "en-US")).body.msg).toBe(again.body.msg);
    expect(await eventCount()).toBe(before);
  });

  it("lets exactly one of two simultaneous submissions through", async () => {
    const link = await newLink();
    const answers = await Promise.all([submit(link.token, { title: "a" }), submit(link.token, { title: "b" })]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 422]);
    const rows = await ok(`/form/data/list?enterpriseCode=${enterprise.creditCode}&limit=100`);
    expect(rows.filter((r: { linkId: string }) => r.linkId === link.id)).toHaveLength(1);
  });

  it("closes when the form is revoked", async () => {
    const form = await releasedForm("rev");
    const link = await newLink(form);
    await ok(`/datamodel/form/revoke/${form}`, {});
    expect((await open(link.token, "en-US")).body).toMatchObject({ code: 422, msg: t("formLinkFormGone", "en-US") });
    expect((await submit(link.token, { title: "x" })).body.code).toBe(422);
  });
});

describe("what the token opens", () => {
  const routes = buildRoutes().routes;

  it("the public API gains the two link routes and nothing else", () => {
    const linkish = routes.filter((r) => r.access === "public" && r.path.includes("link")).map((r) => `${r.method} ${r.path}`);
    expect(linkish.sort()).toEqual(["GET /form/link", "POST /form/link"]);
  });

  it("every other route refuses it, as a header and as ?token=", async () => {
    const link = await newLink();
    const guarded = routes.filter((r) => r.access !== "public");
    expect(guarded.length).toBeGreaterThan(100);
    const notRefused: string[] = [];
    for (const r of guarded) {
      const path = r.path.replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000");
      const asHeader = await call(path, { method: r.method, token: link.token, body: r.method === "POST" ? {} : undefined });
      const inQuery = await call(`${path}?token=${encodeURIComponent(link.token)}`, { method: r.method, body: r.method === "POST" ? {} : undefined });
      if (asHeader.body.code !== 401 || inQuery.body.code !== 401) notRefused.push(`${r.method} ${r.path}`);
    }
    expect(notRefused).toEqual([]);
  }, 180_000);
});
