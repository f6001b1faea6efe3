/**
 * Policy matching and notices against hand-made enterprises and policies, each outcome computed by hand
 * from the near-miss definition (events/policy/match.ts): at most 2 failing leaves, each a numeric
 * shortfall within reach (a count ≤ 2 items, an amount ≤ 30 % of its bound). Publishing tells each
 * enterprise's service staff once per enterprise and policy.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, creditCode, login, userWithPermissions } from "./helpers.ts";
import { matchPolicy, nearMiss, shortfallOf, shortfallText } from "../events/policy/match.ts";
import { evaluate } from "../events/conditions/evaluate.ts";
import type { PolicyCondition } from "../events/policy/conditions.ts";
import { importPolicies, type PolicySource } from "../worker/policy/import.ts";
import { demoPolicies, seedDemoPolicies } from "../worker/seed/policy-demo.ts";
import { store } from "../worker/modules.ts";
import { seedId } from "../worker/seed/index.ts";
import type { Library } from "./policy-source/server.ts";
import { notifyPending, notifyPolicy } from "../worker/policy/notify.ts";
import { chinaToday } from "../worker/policy/match.ts";
import { execute, principal } from "../worker/commands/execute.ts";
import { newTransition } from "../worker/resources/commands.ts";
import { decidePublish } from "../worker/policy/lifecycle.ts";
import { policy as policyFamily } from "../events/families/casework.ts";
import type { Family } from "../events/family.ts";

let admin: string;
const run = crypto.randomUUID().slice(0, 6);
/** every policy of this file carries this module code, so seeded policies stay out of its lists */
const moduleCode = `t${run}`;
const prefix = `政策测试${run}`;

async function ok(path: string, body: unknown, token = admin) {
  const answer = await call(path, { token, body });
  if (answer.body.code !== 0) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const cond = (code: string, zh: string, condition: PolicyCondition["condition"]): PolicyCondition => ({ code, label: { "zh-CN": zh, "en-US": code }, condition });

/** The four policies, as a policy editor splits them out of their texts. */
const policies = {
  P1: [cond("capital", "注册资本不低于 100 万元", { fact: "regCapital", op: "gte", value: 100 }), cond("ip", "拥有发明专利", { fact: "inventionPatents", op: "gte", value: 1 })],
  P2: [
    cond("ip", "2 项发明专利或 3 项软件著作权", { any: [{ fact: "inventionPatents", op: "gte", value: 2 }, { fact: "softwareCopyrights", op: "gte", value: 3 }] }),
    cond("credit", "无失信记录", { fact: "dishonestRecords", op: "eq", value: 0 }),
  ],
  P3: [cond("capital", "注册资本不低于 1000 万元", { fact: "regCapital", op: "gte", value: 1000 })],
  P4: [cond("all3", "三类知识产权齐备", { all: [{ fact: "inventionPatents", op: "gte", value: 1 }, { fact: "softwareCopyrights", op: "gte", value: 1 }, { fact: "utilityPatents", op: "gte", value: 1 }] })],
} satisfies Record<string, PolicyCondition[]>;
type Name = keyof typeof policies;
const ids = {} as Record<Name, string>;

interface Firm {
  creditCode: string;
  entName: string;
}
const firms = {} as Record<"A" | "B" | "C" | "D", Firm>;
let staffX: { token: string; userId: string };
let staffY: { token: string; userId: string };

async function firm(key: string, regCapital: number, patents: number, software: number, serviceUserId: string | null): Promise<Firm> {
  const code = creditCode();
  const entName = `${prefix}${key}有限公司`;
  await ok("/common/enenterprisebasicinfo/save", { creditCode: code, entName, areaCode: "610100", regCapital, ...(serviceUserId ? { serviceUserId } : {}) });
  for (let i = 0; i < patents; i++) await addPatent({ creditCode: code, entName });
  for (let i = 0; i < software; i++) await ok("/common/ensoftwarecopyright/save", { creditCode: code, entName, softwareName: "测试软件", regNo: `2024SR${Math.floor(Math.random() * 1e7)}`, regDate: "2024-03-01" });
  return { creditCode: code, entName };
}
const addPatent = (f: Firm) => ok("/common/enpatentinfo/save", { ...f, title: "一种测试方法", appNo: `CN${Math.floor(Math.random() * 1e9)}`, patentType: "invention", legalStatus: "granted", appDate: "2022-01-10", grantDate: "2024-05-06" });

beforeAll(async () => {
  admin = await login();
  staffX = await userWithPermissions(admin, ["msg:detail:list"]);
  staffY = await userWithPermissions(admin, ["msg:detail:list"]);
  // by hand: A 500 万元, 2 invention patents, 3 software copyrights; B 500, none; C 50, none; D 80, 1 patent
  firms.A = await firm("A", 500, 2, 3, staffX.userId);
  firms.B = await firm("B", 500, 0, 0, staffY.userId);
  firms.C = await firm("C", 50, 0, 0, null);
  firms.D = await firm("D", 80, 1, 0, staffX.userId);
  for (const name of Object.keys(policies) as Name[]) {
    ids[name] = (await ok("/common/paclist/save", { policyName: `${prefix}${name}`, policyLevel: "provincial", policyType: "technology", moduleCode, subsidy: "最高 50 万元", conditions: policies[name] })).id;
  }
  // P2 is published by the notices test; the matching tests read the other three published
  for (const name of ["P1", "P3", "P4"] as const) await ok(`/common/paclist/publish/${ids[name]}`, {});
});

const match = async (f: Firm, lang: "zh-CN" | "en-US" = "zh-CN", query = "") =>
  (await call(`/common/paclist/matchList?creditCode=${f.creditCode}&moduleCode=${moduleCode}&size=100${query}`, { token: admin, lang })).body;
const byName = (rows: { policyName: string; kind: string; missing: string[] }[]) => Object.fromEntries(rows.map((r) => [r.policyName.slice(prefix.length), { kind: r.kind, missing: r.missing }]));

describe("the near-miss rule (pure)", () => {
  it("a count short by at most 2 items is within reach, 3 is not; an amount within 30 % of its bound", () => {
    const leaf = (fact: string, op: "gte" | "gt" | "lte", value: number, actual: number) => shortfallOf(evaluate({ fact, op, value }, { [fact]: actual }));
    expect(leaf("inventionPatents", "gte", 2, 0)).toMatchObject({ n: 2, direction: "up" });
    expect(leaf("inventionPatents", "gte", 3, 0)).toBeNull();
    // "more than 1": one more than the bound is needed
    expect(leaf("inventionPatents", "gt", 1, 1)).toMatchObject({ n: 1 });
    expect(leaf("regCapital", "gte", 100, 70)).toMatchObject({ n: 30 });
    expect(leaf("regCapital", "gte", 100, 69)).toBeNull();
    expect(leaf("debtRatio", "lte", 60, 70)).toMatchObject({ n: 10, direction: "down" });
    expect(nearMiss).toEqual({ maxLeaves: 2, maxCountGap: 2, maxShare: 0.3 });
  });

  it("a missing fact, a flag or a dictionary is never nearly met", () => {
    expect(matchPolicy(policies.P1, { inventionPatents: 1 }).kind).toBe("unmet"); // regCapital missing
    expect(matchPolicy([cond("h", "高企", { fact: "hitechValid", op: "eq", value: true })], { hitechValid: false }).kind).toBe("unmet");
    expect(matchPolicy([cond("s", "规模", { fact: "scale", op: "in", values: ["1", "2"] })], { scale: "3" }).kind).toBe("unmet");
  });

  it("phrases a shortfall with the fact's near-miss words in both languages", () => {
    const s = shortfallOf(evaluate({ fact: "inventionPatents", op: "gte", value: 1 }, { inventionPatents: 0 }))!;
    expect(shortfallText(s, "zh-CN")).toBe("需再获得 1 项发明专利");
    expect(shortfallText(s, "en-US")).toBe("needs 1 more invention patent(s)");
  });
});

describe("matching for an enterprise", () => {
  it("A meets P1 and nearly meets P4 (one utility patent short); P3 (half its capital) is not listed", async () => {
    const answer = await match(firms.A);
    expect(answer.code).toBe(0);
    expect(byName(answer.data)).toEqual({ P1: { kind: "met", missing: [] }, P4: { kind: "near", missing: ["需再获得 1 项实用新型专利"] } });
    expect(answer.data[0].kind).toBe("met");
    const p1 = answer.data.find((r: { policyId: string }) => r.policyId === ids.P1);
    expect(p1.reasons.map((r: { text: string }) => r.text)).toEqual(["注册资本：500 万元（要求 ≥ 100 万元）", "有效发明专利：2 项（要求 ≥ 1 项）"]);
    expect(p1.conditions).toEqual([
      { code: "capital", label: "注册资本不低于 100 万元", pass: true },
      { code: "ip", label: "拥有发明专利", pass: true },
    ]);
  });

  it("B nearly meets P1 (需再获得 1 项发明专利); P4 misses by 3 leaves and is not listed", async () => {
    const answer = await match(firms.B);
    expect(byName(answer.data)).toEqual({ P1: { kind: "near", missing: ["需再获得 1 项发明专利"] } });
    const [reason] = answer.data[0].reasons;
    expect(reason).toMatchObject({ condition: "ip", fact: "inventionPatents", op: "gte", actual: 0, expected: 1, pass: false, gap: 1 });
  });

  it("C: P1 fails on capital by half (beyond reach), so nothing is listed", async () => {
    expect((await match(firms.C)).data).toEqual([]);
  });

  it("D nearly meets P1 on capital (20 of 100) and P4 by two leaves; in English too", async () => {
    expect(byName((await match(firms.D)).data)).toEqual({
      P1: { kind: "near", missing: ["注册资本需再增加 20 万元"] },
      P4: { kind: "near", missing: ["需再登记 1 项软件著作权", "需再获得 1 项实用新型专利"] },
    });
    expect(byName((await match(firms.D, "en-US")).data)).toEqual({
      P1: { kind: "near", missing: ["Registered capital needs 20 10k CNY more"] },
      P4: { kind: "near", missing: ["needs 1 more software copyright(s)", "needs 1 more utility-model patent(s)"] },
    });
  });

  it("filters by kind, name and module, pages with page/size", async () => {
    expect(byName((await match(firms.D, "zh-CN", "&kind=met")).data)).toEqual({});
    expect(byName((await match(firms.A, "zh-CN", "&kind=near")).data)).toEqual({ P4: expect.anything() });
    expect(byName((await match(firms.A, "zh-CN", `&name=${encodeURIComponent(`${prefix}P1`)}`)).data)).toEqual({ P1: expect.anything() });
    const paged = (await call(`/common/paclist/matchList?creditCode=${firms.D.creditCode}&moduleCode=${moduleCode}&page=2&size=1`, { token: admin })).body;
    expect([paged.total, paged.data.length]).toEqual([2, 1]);
    expect((await call(`/common/paclist/matchList?creditCode=${firms.D.creditCode}&moduleCode=other${run}`, { token: admin })).body.total).toBe(0);
  });

  it("refuses a bad credit code naming the field, an unknown enterprise, and a user without the match tag", async () => {
    const bad = await call("/common/paclist/matchList?creditCode=123", { token: admin });
    expect(bad.body.code).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(["creditCode"]);
    expect((await call(`/common/paclist/matchList?creditCode=${creditCode()}`, { token: admin })).body.code).toBe(404);
    expect((await call(`/common/paclist/matchList?creditCode=${firms.A.creditCode}`, { token: staffX.token })).body.code).toBe(403);
  });
});

describe("matching for a policy", () => {
  it("P1 is met by A alone among this file's enterprises, with its reasons", async () => {
    const answer = (await call(`/common/paclist/matchEnterprises?policyId=${ids.P1}&firmName=${encodeURIComponent(prefix)}`, { token: admin })).body;
    expect(answer.code).toBe(0);
    expect(answer.total).toBe(1);
    expect(answer.data[0]).toMatchObject({ creditCode: firms.A.creditCode, entName: firms.A.entName, serviceUserId: staffX.userId });
    expect(answer.data[0].reasons.map((r: { fact: string }) => r.fact)).toEqual(["regCapital", "inventionPatents"]);
  });

  it("a draft can be tried too (P2: A by its patents)", async () => {
    const answer = (await call(`/common/paclist/matchEnterprises?policyId=${ids.P2}&firmName=${encodeURIComponent(prefix)}`, { token: admin })).body;
    expect(answer.data.map((r: Firm) => r.creditCode)).toEqual([firms.A.creditCode]);
    expect(answer.data[0].reasons.map((r: { text: string }) => r.text)).toEqual(["有效发明专利：2 项（要求 ≥ 2 项）", "失信被执行记录：0（要求 = 0）"]);
  });

  it("one policy on one enterprise: every condition with its trace", async () => {
    const trial = (await call(`/common/paclist/matchDetail?policyId=${ids.P4}&creditCode=${firms.D.creditCode}`, { token: admin })).body.data;
    expect(trial.kind).toBe("near");
    expect(trial.conditions[0].reasons.map((r: { fact: string; pass: boolean }) => [r.fact, r.pass])).toEqual([
      ["inventionPatents", true],
      ["softwareCopyrights", false],
      ["utilityPatents", false],
    ]);
  });
});

describe("publishing tells the service staff once per enterprise and policy", () => {
  /** the policy notices a member of staff received about P2 (A meets P1 too, whose publication told X) */
  const notices = async (token: string) => (((await call("/msg/detail/list?limit=100&type=policy-match", { token })).body.data ?? []) as { title: string }[]).filter((m) => m.title.endsWith(`「${prefix}P2」`));

  it("publish P2: X is told about A; again later, only newly meeting B's staff Y is told", async () => {
    const first = await ok(`/common/paclist/publish/${ids.P2}`, {});
    expect(first).toMatchObject({ status: "published", complete: true });
    const mine = await env.DB.prepare("SELECT credit_code AS c, user_id AS u FROM policy_notice WHERE policy_id = ?").bind(ids.P2).all<{ c: string; u: string }>();
    expect(mine.results.filter((r) => Object.values(firms).some((f) => f.creditCode === r.c))).toEqual([{ c: firms.A.creditCode, u: staffX.userId }]);
    expect((await notices(staffX.token)).map((m) => m.title)).toEqual([`【政策推送】您服务的 1 家企业符合「${prefix}P2」`]);
    expect(await notices(staffY.token)).toEqual([]);

    // publishing a published policy is refused and tells nobody
    expect((await call(`/common/paclist/publish/${ids.P2}`, { token: admin, method: "POST" })).body.code).toBe(422);

    // B gains two patents and meets P2; expire and publish again
    await addPatent(firms.B);
    await addPatent(firms.B);
    await ok(`/common/paclist/expire/${ids.P2}`, {});
    const again = await ok(`/common/paclist/publish/${ids.P2}`, {});
    expect(again.notified).toBeGreaterThanOrEqual(1);
    expect((await notices(staffX.token)).length).toBe(1);
    expect((await notices(staffY.token)).map((m) => m.title)).toEqual([`【政策推送】您服务的 1 家企业符合「${prefix}P2」`]);

    // and a third publication with nothing new tells nobody
    await ok(`/common/paclist/expire/${ids.P2}`, {});
    const third = await ok(`/common/paclist/publish/${ids.P2}`, {});
    expect(third.notified).toBe(0);
    expect((await notices(staffX.token)).length + (await notices(staffY.token)).length).toBe(2);
  });

  it("a publication cut short by its budget is finished by the cron, telling nobody twice", async () => {
    const id = (await ok("/common/paclist/save", { policyName: `${prefix}定时推送`, policyLevel: "county", policyType: "subsidy", moduleCode: `cron${run}`, conditions: policies.P1 })).id;
    const scheduler = principal("scheduler");
    // published as the route does it, then the notices cut short before their first chunk
    await execute({ name: "policy.publish", decide: async ({ db, at }) => ({ writes: [await newTransition(db, policyFamily as unknown as Family, id, "publish", (r) => decidePublish(r, at))], answer: null }) }, scheduler, { db: env.DB, store });
    const cut = await notifyPolicy({ db: env.DB, store, actor: scheduler, asOf: chinaToday(), budgetMs: -1 }, id);
    expect(cut).toEqual({ notified: 0, messages: 0, complete: false });
    const state = () => env.DB.prepare("SELECT noticed_at AS at, (SELECT COUNT(*) FROM policy_notice n WHERE n.policy_id = p.id AND n.credit_code = ?) AS a FROM policy_pac_list p WHERE p.id = ?").bind(firms.A.creditCode, id).first<{ at: string | null; a: number }>();
    expect(await state()).toEqual({ at: null, a: 0 });
    const tick = await notifyPending({ db: env.DB, store, actor: scheduler, asOf: chinaToday(), budgetMs: 60_000 });
    expect(tick).toMatchObject({ complete: true });
    expect(tick.notified).toBeGreaterThanOrEqual(1);
    expect(await state()).toEqual({ at: expect.any(String), a: 1 });
    expect((await notifyPending({ db: env.DB, store, actor: scheduler, asOf: chinaToday() })).notified).toBe(0);
  });

  it("the notice ledger is a read model: emptied and rebuilt from the log, it holds the same rows", async () => {
    const rows = async () => (await env.DB.prepare("SELECT policy_id, credit_code, user_id, msg_id, at FROM policy_notice ORDER BY policy_id, credit_code, user_id").all()).results;
    const before = await rows();
    expect(before.length).toBeGreaterThan(1);
    await env.DB.prepare("DELETE FROM policy_notice").run();
    await store.rebuild(env.DB);
    expect(await rows()).toEqual(before);
  });

  it("an expired policy is not matched; expiring a draft is refused", async () => {
    await ok(`/common/paclist/expire/${ids.P3}`, {});
    expect((await call(`/common/paclist/expire/${ids.P3}`, { token: admin, method: "POST" })).body.code).toBe(422);
    await ok(`/common/paclist/expire/${ids.P1}`, {});
    expect(byName((await match(firms.A)).data)).toEqual({ P2: { kind: "met", missing: [] }, P4: expect.anything() });
    await ok(`/common/paclist/publish/${ids.P1}`, {});
  });
});

describe("a policy's conditions are checked when saved", () => {
  const save = (conditions: unknown) => call("/common/paclist/save", { token: admin, body: { policyName: `${prefix}坏条件`, policyLevel: "national", policyType: "subsidy", conditions } });

  it("an unknown fact, an operator its type does not take, a repeated code: each names the field and the rule", async () => {
    const unknown = await save([cond("x", "未知", { fact: "noSuchFact", op: "gte", value: 1 })]);
    expect(unknown.body.code).toBe(422);
    expect(unknown.body.errors?.conditions).toBe("申报条件：条件 x 的第 0 项引用了未知的事实“noSuchFact”");
    const operator = await save([cond("h", "高企", { all: [{ fact: "regCapital", op: "gte", value: 1 }, { fact: "hitechValid", op: "gt", value: true }] })]);
    expect(operator.body.errors?.conditions).toBe("申报条件：条件 h 的第 1 项，事实“hitechValid”不支持所选的比较方式");
    const twice = await save([cond("a", "一", { fact: "regCapital", op: "gte", value: 1 }), cond("a", "二", { fact: "regCapital", op: "lt", value: 9 })]);
    expect(twice.body.errors?.conditions).toBe("申报条件：条件编码“a”重复");
    const valueType = await call("/common/paclist/save", { token: admin, lang: "en-US", body: { policyName: "x", policyLevel: "national", policyType: "subsidy", conditions: [cond("v", "v", { fact: "regCapital", op: "gte", value: "100" })] } });
    expect(valueType.body.errors?.conditions).toBe('Eligibility conditions: condition v at 0: the value does not fit the fact "regCapital"');
  });

  it("a policy without conditions cannot be published", async () => {
    const bare = await ok("/common/paclist/save", { policyName: `${prefix}无条件`, policyLevel: "national", policyType: "subsidy" });
    const refused = await call(`/common/paclist/publish/${bare.id}`, { token: admin, method: "POST" });
    expect(refused.body).toMatchObject({ code: 422, msg: "政策尚未拆分条件，不能发布" });
  });
});

describe("importing policies from an external library over HTTP", () => {
  const sourceUrl = inject("policySourceUrl");
  const library = async (lib: Library) => {
    const answer = await fetch(`${sourceUrl}/__library`, { method: "POST", body: JSON.stringify(lib) });
    expect(answer.ok).toBe(true);
  };
  const hits = async (name: string) => (await (await fetch(`${sourceUrl}/__hits?name=${name}`)).json()) as Record<string, number>;
  const source = (name: string, extra: Partial<PolicySource> = {}): PolicySource => ({ base: `${sourceUrl}/lib/${name}`, sourceCode: `src${run}`, pageSize: 5, backoff: () => 0, timeoutMs: 2_000, moduleCode, ...extra });
  const imported = (externalId: string) => env.DB.prepare("SELECT policy_name AS name, status, conditions, source_code AS sourceCode FROM policy_pac_list WHERE source_code = ? AND external_id = ?").bind(`src${run}`, externalId).first<{ name: string; status: string | null; conditions: string; sourceCode: string }>();

  it("brings every demo policy in as a draft over three pages; again, nothing changes; a changed title updates its one policy", async () => {
    const name = `demo${run}`;
    await library({ name, items: demoPolicies });
    const first = await importPolicies({ db: env.DB, store }, source(name));
    expect(first).toMatchObject({ pages: 3, read: demoPolicies.length, created: demoPolicies.length, updated: 0, rejected: 0 });
    const hitech = await imported("gov-hitech-2016");
    expect(hitech).toMatchObject({ name: "高新技术企业认定管理办法", status: null });
    expect(JSON.parse(hitech!.conditions)).toEqual(demoPolicies[0]!.conditions);

    expect(await importPolicies({ db: env.DB, store }, source(name))).toMatchObject({ created: 0, updated: 0, unchanged: demoPolicies.length });
    await library({ name, items: demoPolicies.map((p, i) => (i === 1 ? { ...p, title: `${p.title}（2024年修订）` } : p)) });
    expect(await importPolicies({ db: env.DB, store }, source(name))).toMatchObject({ created: 0, updated: 1, unchanged: demoPolicies.length - 1 });
    expect((await imported("gov-tsme-2022"))!.name).toBe("科技型中小企业评价办法（2024年修订）");
  });

  it("an item the family refuses is reported with its reason; the rest of its page goes in", async () => {
    const name = `bad${run}`;
    const good = { id: "ok-1", title: `${prefix}可导入`, level: "provincial", category: "subsidy", conditions: [{ code: "c", label: { "zh-CN": "注册资本", "en-US": "Capital" }, condition: { fact: "regCapital", op: "gte", value: 1 } }] };
    const unknownFact = { ...good, id: "bad-fact", conditions: [{ ...good.conditions[0], condition: { fact: "noSuchFact", op: "gte", value: 1 } }] };
    const badLevel = { ...good, id: "bad-level", level: "galactic" };
    await library({ name, items: [good, unknownFact, badLevel] });
    const outcome = await importPolicies({ db: env.DB, store }, source(name));
    expect(outcome).toMatchObject({ created: 1, rejected: 2 });
    expect(outcome.rejections[0]).toBe("bad-fact: 申报条件：条件 c 的第 0 项引用了未知的事实“noSuchFact”");
    expect(outcome.rejections[1]).toMatch(/^bad-level: level /);
    expect(await imported("ok-1")).not.toBeNull();
    expect(await imported("bad-fact")).toBeNull();
  });

  it("retries a 500, a 429 and a malformed page; an error answer of the source is not retried and writes nothing", async () => {
    const flaky = `flaky${run}`;
    const item = (id: string) => ({ id, title: `${prefix}${id}`, level: "national", category: "tax" });
    await library({ name: flaky, items: [item("f1")], faults: { "1": { kind: "500", times: 1 } } });
    expect(await importPolicies({ db: env.DB, store }, source(flaky))).toMatchObject({ created: 1 });
    expect((await hits(flaky))["1"]).toBe(2);
    await library({ name: flaky, items: [item("f2")], faults: { "1": { kind: "malformed", times: 2 } } });
    expect(await importPolicies({ db: env.DB, store }, source(flaky))).toMatchObject({ created: 1 });
    await library({ name: flaky, items: [item("f3")], faults: { "1": { kind: "429", times: 5 } } });
    await expect(importPolicies({ db: env.DB, store }, source(flaky))).rejects.toMatchObject({ name: "PageFailed", retryable: true });
    expect((await hits(flaky))["1"]).toBe(3);

    const closed = `closed${run}`;
    await library({ name: closed, items: [item("c1")], faults: { "1": { kind: "refuse", times: 1 } } });
    await expect(importPolicies({ db: env.DB, store }, source(closed))).rejects.toMatchObject({ retryable: false, message: "the source refused: 5003 library closed for maintenance" });
    expect((await hits(closed))["1"]).toBe(1);
    expect(await imported("c1")).toBeNull();
  });

  it("sends its key; a wrong one is the source's refusal; a timeout is retried then fails", async () => {
    const locked = `locked${run}`;
    await library({ name: locked, key: "s3cret", items: [{ id: "k1", title: `${prefix}k1`, level: "county", category: "talent" }] });
    await expect(importPolicies({ db: env.DB, store }, source(locked, { key: "wrong" }))).rejects.toMatchObject({ retryable: false });
    expect(await importPolicies({ db: env.DB, store }, source(locked, { key: "s3cret" }))).toMatchObject({ created: 1 });
    const slow = `slow${run}`;
    await library({ name: slow, items: [], faults: { "1": { kind: "timeout", times: 9 } } });
    await expect(importPolicies({ db: env.DB, store }, source(slow, { timeoutMs: 200, attempts: 2 }))).rejects.toMatchObject({ retryable: true, message: expect.stringContaining("timed out after 200 ms") });
  });
});

describe("the demo policies", () => {
  it("are created and published through the module's rules, and explain themselves on an enterprise", async () => {
    const count = await seedDemoPolicies(env.DB, store, seedId, new Date().toISOString());
    expect(count).toBe(demoPolicies.length);
    const rows = await env.DB.prepare("SELECT status, COUNT(*) AS n FROM policy_pac_list WHERE source_code = 'demo' GROUP BY status").all<{ status: string; n: number }>();
    expect(rows.results).toEqual([{ status: "published", n: demoPolicies.length }]);
    // the Xi'an award asks one thing: a high-tech certificate in force, which none of this file's enterprises holds
    const award = await seedId("policy:xa-hitech-award-2024");
    const matched = (await call(`/common/paclist/matchEnterprises?policyId=${award}&firmName=${encodeURIComponent(prefix)}`, { token: admin })).body;
    expect(matched.total).toBe(0);
    const trial = (await call(`/common/paclist/matchDetail?policyId=${award}&creditCode=${firms.A.creditCode}`, { token: admin, lang: "en-US" })).body.data;
    expect(trial.conditions[0].reasons[0].text).toBe("High-tech enterprise (in force): no (required = yes)");
  });
});
