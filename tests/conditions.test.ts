/**
 * Enterprise facts read from the read models (worker/conditions) and conditions compiled to SQL: facts of
 * hand-made records written through the real record engine (a patent added counts, a deleted one does not,
 * an expired certificate is not valid…), and the SQL path agreeing with the pure evaluator over every
 * enterprise of the demo region for generated condition trees.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { factCatalogue, operatorsFor, type FactDef } from "../events/conditions/facts.ts";
import { evaluate } from "../events/conditions/evaluate.ts";
import type { Condition, FactValue, Facts, Leaf } from "../events/conditions/tree.ts";
import { compileCondition, enterprisesMeeting, factSql, loadFacts } from "../worker/conditions/index.ts";
import { call, creditCode, login } from "./helpers.ts";
import { families } from "../events/families/index.ts";
import { buildEnterpriseDemo } from "../worker/seed/enterprise-demo/index.ts";
import { seedId, seedMeta } from "../worker/seed/index.ts";
import { seal } from "../worker/store/append.ts";
import { store } from "../worker/modules.ts";
import { newCreate } from "../worker/resources/commands.ts";
import type { Family } from "../events/family.ts";
import type { StreamWrite } from "../worker/store/types.ts";

const asOf = "2026-11-27";
let token: string;

beforeAll(async () => {
  token = await login();
});

async function save(path: string, body: Record<string, unknown>): Promise<string> {
  const answer = await call(`${path}/save`, { token, body });
  if (answer.body.code !== 0) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.body.data.id as string;
}
async function remove(path: string, id: string) {
  const answer = await call(`${path}/delete`, { token, body: [id] });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
}

/** A new enterprise with its master record; answers its code and name. */
async function enterprise(extra: Record<string, unknown> = {}): Promise<{ creditCode: string; entName: string }> {
  const code = creditCode();
  const entName = `条件测试${code.slice(-8)}有限公司`;
  await save("/common/enenterprisebasicinfo", { creditCode: code, entName, areaCode: "610100", ...extra });
  return { creditCode: code, entName };
}
const factsOf = async (code: string, day = asOf) => (await loadFacts(env.DB, [code], day)).get(code)!;

describe("the facts read", () => {
  it("has one SQL expression for every fact of the catalogue, and no other", () => {
    expect(Object.keys(factSql).sort()).toEqual(factCatalogue.map((f) => f.key).sort());
  });

  it("a new enterprise: its master fields, every count 0, figures it has no record for missing, not high-tech", async () => {
    const ent = await enterprise({ industry: "I", scale: "3", regCapital: 500, estDate: "2020-11-28", regStatus: "existing" });
    const facts = await factsOf(ent.creditCode);
    expect(facts).toMatchObject({ industry: "I", scale: "3", regCapital: 500, estDate: "2020-11-28", regStatus: "existing", areaCode: "610100", entType: null, hitechValid: false, revenue: null, rdRatio: null, taxCreditGrade: null, employees: null });
    for (const f of factCatalogue.filter((d) => d.type === "count" && !["employees", "insuredEmployees"].includes(d.key))) expect(facts[f.key], f.key).toBe(0);
    // completed years: the day before the sixth anniversary it is 5 years old
    expect(facts.ageYears).toBe(5);
    expect((await factsOf(ent.creditCode, "2026-11-28")).ageYears).toBe(6);
    expect((await factsOf(ent.creditCode, "2020-11-28")).ageYears).toBe(0);
  });

  it("patents: a granted invention counts once added, not once deleted; pending, lapsed, other types and expired terms do not", async () => {
    const ent = await enterprise();
    const path = "/common/enpatentinfo";
    const patent = (extra: Record<string, unknown>) => save(path, { ...ent, title: "一种测试方法", appNo: `CN${Math.floor(Math.random() * 1e9)}`, ...extra });
    const first = await patent({ patentType: "invention", legalStatus: "granted", appDate: "2022-01-10", grantDate: "2024-05-06" });
    let facts = await factsOf(ent.creditCode);
    expect([facts.inventionPatents, facts.inventionPatents3y, facts.ipClass1, facts.ipClass2]).toEqual([1, 1, 1, 0]);
    await patent({ patentType: "invention", legalStatus: "granted", appDate: "2015-01-10", grantDate: "2018-05-06" }); // in force, granted long ago
    await patent({ patentType: "invention", legalStatus: "examining", appDate: "2025-01-10" });
    await patent({ patentType: "invention", legalStatus: "terminated", appDate: "2019-01-10", grantDate: "2021-05-06" });
    await patent({ patentType: "invention", legalStatus: "granted", appDate: "2005-01-10", grantDate: "2008-05-06" }); // 20 years ran out
    await patent({ patentType: "utilityModel", legalStatus: "granted", appDate: "2023-01-10", grantDate: "2023-08-06" });
    await patent({ patentType: "utilityModel", legalStatus: "granted", appDate: "2015-01-10", grantDate: "2015-08-06" }); // 10 years ran out
    await patent({ patentType: "design", legalStatus: "granted", appDate: "2023-01-10", grantDate: "2023-08-06" });
    facts = await factsOf(ent.creditCode);
    expect([facts.inventionPatents, facts.inventionPatents3y, facts.utilityPatents, facts.designPatents, facts.ipClass1, facts.ipClass2]).toEqual([2, 1, 1, 1, 2, 2]);
    // a day before the first grant: not counted yet, while the one filed in 2005 still ran then
    expect((await factsOf(ent.creditCode, "2024-05-05")).inventionPatents).toBe(2);
    expect((await factsOf(ent.creditCode, "2025-01-10")).inventionPatents).toBe(2);
    await remove(path, first);
    facts = await factsOf(ent.creditCode);
    expect([facts.inventionPatents, facts.inventionPatents3y]).toEqual([1, 0]);
  });

  it("software copyrights and trademarks: revoked, not yet registered or past their term do not count", async () => {
    const ent = await enterprise();
    const sw = (extra: Record<string, unknown>) => save("/common/ensoftwarecopyright", { ...ent, softwareName: "测试软件", regNo: `2024SR${Math.floor(Math.random() * 1e7)}`, ...extra });
    await sw({ status: "registered", regDate: "2024-03-01" });
    await sw({ regDate: "2025-03-01" });
    await sw({ status: "revoked", regDate: "2024-03-01" });
    await sw({ status: "registered", regDate: "2026-12-01" });
    const tm = (extra: Record<string, unknown>) => save("/common/entrademarkinfo", { ...ent, tmName: "测试", regNo: String(Math.floor(Math.random() * 1e8)), ...extra });
    await tm({ status: "registered", regPubDate: "2020-01-01", validTo: "2030-01-01" });
    await tm({ status: "registered", regPubDate: "2010-01-01", validTo: "2020-01-01" });
    await tm({ status: "applying" });
    const facts = await factsOf(ent.creditCode);
    expect([facts.softwareCopyrights, facts.ipClass2, facts.trademarks]).toEqual([2, 2, 1]);
  });

  it("high-tech: valid on the day while its certificate runs (3 years from issue when no end is recorded); an expired or revoked one is not", async () => {
    const path = "/common/hitech";
    const a = await enterprise();
    const expired = await save(path, { ...a, issueDate: "2021-10-01", validUntil: "2024-10-01", status: "expired" });
    expect((await factsOf(a.creditCode)).hitechValid).toBe(false);
    expect((await factsOf(a.creditCode, "2023-01-01")).hitechValid).toBe(true);
    await save(path, { ...a, issueDate: "2024-12-01", status: "valid" });
    expect((await factsOf(a.creditCode)).hitechValid).toBe(true);
    expect((await factsOf(a.creditCode, "2027-12-02")).hitechValid).toBe(false);
    const b = await enterprise();
    await save(path, { ...b, issueDate: "2025-10-01", validUntil: "2028-10-01", status: "revoked" });
    expect((await factsOf(b.creditCode)).hitechValid).toBe(false);
    await remove(path, expired);
    expect((await factsOf(a.creditCode, "2023-01-01")).hitechValid).toBe(false);
  });

  it("honours by level, in force on the day", async () => {
    const ent = await enterprise();
    const honour = (extra: Record<string, unknown>) => save("/common/enhonoraryqualifications", { ...ent, honorName: "专精特新中小企业", ...extra });
    await honour({ level: "national", status: "valid", validFrom: "2024-01-01", validTo: "2027-01-01" });
    await honour({ level: "national", status: "expired", validFrom: "2020-01-01", validTo: "2023-01-01" });
    await honour({ level: "provincial", status: "valid" });
    await honour({ level: "provincial", status: "publicity" });
    await honour({ level: "municipal", status: "valid", validFrom: "2026-01-01" });
    const facts = await factsOf(ent.creditCode);
    expect([facts.honoursNational, facts.honoursProvincial, facts.honours]).toEqual([1, 1, 3]);
    expect([(await factsOf(ent.creditCode, "2022-06-01")).honoursNational]).toEqual([1]);
  });

  it("finance: the latest annual period up to the day's year, ratios in percent, growth over the year before", async () => {
    const ent = await enterprise();
    const fin = (extra: Record<string, unknown>) => save("/common/enfinancialinfo", { ...ent, periodType: "annual", ...extra });
    await fin({ period: "2024", operatingIncome: 800, rdExpense: 40, netProfit: 80, taxPaid: 30, totalAssets: 1000, totalLiabilities: 400, employeeCount: 50 });
    await fin({ period: "2025", operatingIncome: 1000, rdExpense: 55, netProfit: 120, taxPaid: 40, totalAssets: 1200, totalLiabilities: 300, employeeCount: 60 });
    await fin({ period: "2026-09", periodType: "quarter", operatingIncome: 9999 });
    await fin({ period: "2027", operatingIncome: 5000 }); // a year after the day: not yet
    const facts = await factsOf(ent.creditCode);
    expect(facts).toMatchObject({ revenue: 1000, rdExpense: 55, netProfit: 120, taxPaid: 40, totalAssets: 1200, employees: 60, rdRatio: 5.5, netMargin: 12, debtRatio: 25, revenueGrowth: 25 });
    const earlier = await factsOf(ent.creditCode, "2024-12-31");
    expect(earlier).toMatchObject({ revenue: 800, rdRatio: 5, revenueGrowth: null, debtRatio: 40 });
    // the year without an annual report of its own reads the annual report's head count
    const other = await enterprise();
    await save("/common/enenterprisetycannualreport", { ...other, reportYear: 2025, employeeCount: 33 });
    await save("/common/ensocialsecurityinfo", { ...other, reportYear: 2025, pensionCount: 21, medicalCount: 25 });
    await save("/common/ensocialsecurityinfo", { ...other, reportYear: 2024, pensionCount: 11 });
    expect(await factsOf(other.creditCode)).toMatchObject({ employees: 33, insuredEmployees: 21 });
    expect(await factsOf(other.creditCode, "2024-06-01")).toMatchObject({ employees: null, insuredEmployees: 11 });
  });

  it("risk lists count what the source still lists on the day; the tax credit grade is the latest", async () => {
    const ent = await enterprise();
    await save("/syn/synperformerlist", { ...ent, caseNo: "(2025)陕0113执1号", executedName: ent.entName, filingDate: "2025-01-02" });
    await save("/syn/synperformerlist", { ...ent, caseNo: "(2025)陕0113执2号", executedName: ent.entName, filingDate: "2025-01-02", sourceRemoved: true });
    await save("/syn/synDisSxbzxrlist", { ...ent, caseNo: "(2025)陕0113执3号", debtorName: ent.entName, publishDate: "2025-02-01" });
    await save("/syn/synDisSxbzxrlist", { ...ent, caseNo: "(2024)陕0113执4号", debtorName: ent.entName, publishDate: "2024-02-01", exitDate: "2025-02-01" });
    await save("/common/enrestrictionhighconsumptioncase", { ...ent, caseNo: "(2025)陕0113执5号", restrictedName: ent.entName, publishDate: "2025-03-01" });
    await save("/common/enrestrictionhighconsumptioncase", { ...ent, caseNo: "(2024)陕0113执6号", restrictedName: ent.entName, publishDate: "2024-03-01", isHistorical: true });
    await save("/syn/syndetaillistpenalty", { ...ent, penaltyDocNo: "西市监罚〔2025〕1号", decisionDate: "2025-04-01" });
    await save("/syn/synjuddoclist", { ...ent, title: "买卖合同纠纷", caseNo: "(2025)陕0113民初7号", judgeDate: "2025-05-01" });
    await save("/syn/synjuddoclist", { ...ent, title: "买卖合同纠纷", caseNo: "(2026)陕0113民初8号", judgeDate: "2026-12-01" });
    await save("/common/enenterprisegrade", { ...ent, gradeType: "taxCredit", grade: "B", gradeYear: 2024 });
    await save("/common/enenterprisegrade", { ...ent, gradeType: "taxCredit", grade: "A", gradeYear: 2025 });
    await save("/common/enenterprisegrade", { ...ent, gradeType: "customsCredit", grade: "AA", gradeYear: 2026 });
    const facts = await factsOf(ent.creditCode);
    expect(facts).toMatchObject({ executedCases: 1, dishonestRecords: 1, highConsumptionRestrictions: 1, administrativePenalties: 1, litigations: 1, taxCreditGrade: "A" });
    expect(await factsOf(ent.creditCode, "2024-06-01")).toMatchObject({ executedCases: 0, dishonestRecords: 1, highConsumptionRestrictions: 0, taxCreditGrade: "B" });
  });

  it("reads only the keys asked for, several enterprises at once, more than one statement's worth of codes", async () => {
    const a = await enterprise({ regCapital: 10 });
    const b = await enterprise({ regCapital: 20 });
    const codes = [a.creditCode, ...Array.from({ length: 1200 }, () => creditCode()), b.creditCode, a.creditCode];
    const facts = await loadFacts(env.DB, codes, asOf, ["regCapital", "q:unknown", "inventionPatents"]);
    expect(facts.size).toBe(2);
    expect(facts.get(a.creditCode)).toEqual({ regCapital: 10, inventionPatents: 0 });
    expect(facts.get(b.creditCode)).toEqual({ regCapital: 20, inventionPatents: 0 });
  });

  it("refuses a day that is not one", async () => {
    await expect(loadFacts(env.DB, [], "2026-02-30")).rejects.toThrow(/asOf/);
    expect(() => compileCondition({ fact: "regCapital", op: "gt", value: 1 }, "2026-1-1")).toThrow(/asOf/);
    expect(() => compileCondition({ fact: "q:A1", op: "gt", value: 1 }, asOf)).toThrow(/q:A1/);
  });
});

// ---------------------------------------------------------------- the two paths agree

/** The generated trees' randomness: mulberry32, seeded, so a failure names a tree that can be replayed. */
function rng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}
type Rng = ReturnType<typeof rng>;

/** Families the facts read: the demo region is built with these only (the rest do not change a fact). */
const factFamilies = families.filter((f) =>
  ["en_enterprise_basic_info", "en_patent_info", "en_software_copyright", "en_trademark_info", "en_financial_info", "en_social_security_info", "en_enterprise_tyc_annual_report", "en_honorary_qualifications", "hitech", "en_restriction_high_consumption_case", "en_enterprise_grade"].includes(f.table),
);
const synFamily = (table: string) => families.find((f) => f.table === table)! as Family;

/** Risk-list records for the region (the demo leaves synchronised lists empty): some still listed, some removed at source or exited. */
function riskWrites(codes: { creditCode: string; entName: string }[], r: Rng): StreamWrite[] {
  const writes: StreamWrite[] = [];
  const day = () => `20${r.int(20, 26)}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}`;
  codes.forEach((ent, i) => {
    if (i % 3) return;
    for (let n = r.int(0, 3); n > 0; n--) {
      const caseNo = `(2025)陕0113执${i}${n}号`;
      writes.push(newCreate(synFamily("syn_performer_list"), { ...ent, caseNo, executedName: ent.entName, filingDate: day(), sourceRemoved: r.next() < 0.2 }));
      writes.push(newCreate(synFamily("syn_dis_sxbzxr_list"), { ...ent, caseNo, debtorName: ent.entName, publishDate: day(), ...(r.next() < 0.4 ? { exitDate: "2026-06-01" } : {}) }));
      writes.push(newCreate(synFamily("syn_detail_list_penalty"), { ...ent, penaltyDocNo: `西市监罚〔2025〕${i}${n}号`, decisionDate: day(), sourceRemoved: r.next() < 0.2 }));
      if (r.next() < 0.5) writes.push(newCreate(synFamily("syn_jud_doc_list"), { ...ent, title: "合同纠纷", caseNo: `(2025)陕0113民初${i}${n}号`, judgeDate: day() }));
    }
  });
  return writes;
}

const kinds = { number: ["number", "count", "percent"], string: ["text", "dict", "date"] };
/** A value for a leaf on a fact: mostly one some enterprise has (so edges are hit exactly), sometimes moved, now and then of another kind. */
function valueFor(def: FactDef, seen: FactValue[], r: Rng): string | number | boolean {
  const present = seen.filter((v) => v !== null);
  if (def.type === "bool") return r.next() < 0.5;
  if (r.next() < 0.05) return kinds.number.includes(def.type) ? String(r.int(0, 10)) : r.int(0, 10);
  const v = present.length ? r.pick(present) : kinds.number.includes(def.type) ? r.int(0, 5) : "x";
  if (typeof v === "number" && r.next() < 0.3) return v + r.pick([-1, 1, 0.5, -0.5]);
  return v as string | number;
}

function leafFor(def: FactDef, seen: FactValue[], r: Rng): Leaf {
  const op = r.pick(operatorsFor(def.type));
  switch (op) {
    case "exists":
    case "missing":
      return { fact: def.key, op };
    case "between": {
      const [a, b] = [valueFor(def, seen, r), valueFor(def, seen, r)];
      const ends = (typeof a === typeof b && a > b ? [b, a] : [a, b]) as (number | string)[];
      const open = r.int(0, 2);
      return { fact: def.key, op, ...(open !== 1 ? { min: ends[0] } : {}), ...(open !== 2 ? { max: ends[1] } : {}) };
    }
    case "in":
    case "notIn":
      return { fact: def.key, op, values: Array.from({ length: r.int(1, 3) }, () => valueFor(def, seen, r)).filter((v): v is string | number => typeof v !== "boolean") };
    default:
      return { fact: def.key, op, value: valueFor(def, seen, r) };
  }
}

function treeFor(observed: Map<string, FactValue[]>, r: Rng, depth = 0): Condition {
  const roll = r.next();
  if (depth >= 3 || roll < 0.45) {
    const def = r.pick(factCatalogue);
    const leaf = leafFor(def, observed.get(def.key)!, r);
    return leaf.op === "in" || leaf.op === "notIn" ? (leaf.values.length ? leaf : { fact: def.key, op: "exists" }) : leaf;
  }
  if (roll < 0.55) return { not: treeFor(observed, r, depth + 1) };
  const kids = Array.from({ length: r.int(1, 4) }, () => treeFor(observed, r, depth + 1));
  return roll < 0.8 ? { all: kids } : { any: kids };
}

describe("the SQL path and the evaluator agree", () => {
  let facts: Map<string, Facts>;
  let codes: string[];
  const days = ["2026-11-27", "2024-06-30"];
  const byDay = new Map<string, Map<string, Facts>>();

  beforeAll(async () => {
    const at = "2026-11-23T08:00:00.000Z";
    const demo = await buildEnterpriseDemo(seedId, at, { families: factFamilies as unknown as Family[] });
    const writes = [...demo.writes, ...riskWrites(demo.enterprises, rng(7))];
    const meta = seedMeta(at);
    for (let i = 0; i < writes.length; i += 2000) {
      const sealed = (await Promise.all(writes.slice(i, i + 2000).map((w) => seal(w, meta)))).flat();
      const statements = store.statementsFor(sealed);
      for (let j = 0; j < statements.length; j += 500) await env.DB.batch(statements.slice(j, j + 500).map((s) => env.DB.prepare(s.sql).bind(...s.params)));
    }
    const { results } = await env.DB.prepare("SELECT credit_code AS c FROM en_enterprise_basic_info").all<{ c: string }>();
    codes = results.map((row) => row.c);
    for (const day of days) byDay.set(day, await loadFacts(env.DB, codes, day));
    facts = byDay.get(days[0]!)!;
  }, 180_000);

  it("the region is there, with facts that vary", () => {
    expect(codes.length).toBeGreaterThanOrEqual(300);
    const values = (key: string) => new Set([...facts.values()].map((f) => JSON.stringify(f[key])));
    for (const key of ["industry", "revenue", "rdRatio", "inventionPatents", "honours", "executedCases", "dishonestRecords", "hitechValid", "taxCreditGrade", "ageYears"]) expect(values(key).size, key).toBeGreaterThan(1);
  });

  it("on every enterprise of the region, for 150 generated trees on two days", async () => {
    for (const day of days) {
      const dayFacts = byDay.get(day)!;
      const observed = new Map(factCatalogue.map((d) => [d.key, [...dayFacts.values()].map((f) => f[d.key] ?? null)]));
      const r = rng(day === days[0] ? 2311 : 4099);
      let nonTrivial = 0;
      for (let n = 0; n < 75; n++) {
        const tree = treeFor(observed, r);
        const expected = codes.filter((c) => evaluate(tree, dayFacts.get(c)!).pass).sort();
        const { total, creditCodes } = await enterprisesMeeting(env.DB, tree, day, { limit: 100_000, offset: 0 });
        expect({ tree, day, codes: creditCodes }).toEqual({ tree, day, codes: expected });
        expect(total).toBe(expected.length);
        if (expected.length > 0 && expected.length < codes.length) nonTrivial++;
      }
      // the generator is not vacuous: most trees split the region
      expect(nonTrivial).toBeGreaterThan(30);
    }
  }, 120_000);

  it("pages and names: a page of the matches in code order, the total beside it, past the end only the total", async () => {
    const tree: Condition = { all: [{ fact: "revenue", op: "exists" }, { fact: "inventionPatents", op: "gte", value: 0 }] };
    const all = codes.filter((c) => evaluate(tree, facts.get(c)!).pass).sort();
    expect(all.length).toBeGreaterThan(20);
    expect(await enterprisesMeeting(env.DB, tree, asOf, { limit: 10, offset: 5 })).toEqual({ total: all.length, creditCodes: all.slice(5, 15) });
    expect(await enterprisesMeeting(env.DB, tree, asOf, { limit: 10, offset: all.length })).toEqual({ total: all.length, creditCodes: [] });
    const { results } = await env.DB.prepare("SELECT credit_code AS c, ent_name AS n FROM en_enterprise_basic_info WHERE credit_code = ?").bind(all[3]).all<{ c: string; n: string }>();
    const named = await enterprisesMeeting(env.DB, tree, asOf, { limit: 10, offset: 0, name: results[0]!.n.slice(0, -4) });
    expect(named.creditCodes).toContain(all[3]);
    expect(named.total).toBe(named.creditCodes.length);
  });

  it("compiles a leaf to a coalesced expression with its values bound", () => {
    const { sql, params } = compileCondition({ all: [{ fact: "inventionPatents", op: "gte", value: 2 }, { fact: "industry", op: "in", values: ["C", "I", 3] }] }, asOf);
    // the master leaf first (no subquery), the number 3 never matches a text fact so it is not bound
    expect(sql.indexOf("e.industry")).toBeLessThan(sql.indexOf("en_patent_info"));
    expect(sql.match(/coalesce\(/g)!.length).toBe(2);
    expect(params).toEqual(["C", "I", 2]);
  });
});
