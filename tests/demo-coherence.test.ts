/**
 * What the product shows out of the box reads right to a domain reader: every item the built-in sync source
 * serves for every synchronised list, every record of the demo region and of the data-model demo, held to the
 * rules of events/coherence.ts — dates in their declared order, a status agreeing with its date, every field
 * naming an issuing body declared and naming the right kind of body (a tax list's by a tax bureau, a
 * decision number's abbreviation its body's), and places agreeing with the names.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { dateOrderProblems, districtOfAddress, docNoIssuer, isIssuerOf, issuerRule, namesIssuer, placeProblems, statusProblems } from "../events/coherence.ts";
import type { Family } from "../events/family.ts";
import { companyVisit, visitHistory } from "../events/families/casework.ts";
import { families } from "../events/families/index.ts";
import { synLists } from "../events/families/syn-lists.ts";
import { allDictionarySeeds } from "../events/seed/all-dictionaries.ts";
import { sampleCount, sampleItem } from "../events/syn/sample.ts";
import { demoProjects } from "../worker/seed/datamodel-demo.ts";
import { buildEnterpriseDemo, type DemoResult } from "../worker/seed/enterprise-demo/index.ts";
import { seedId } from "../worker/seed/index.ts";
import { mapItem, type DictionaryCodes } from "../worker/sync/map.ts";

const at = "2026-11-23T08:00:00.000Z";
const shortOf = (f: Family) => f.perm.slice(f.perm.indexOf(":") + 1);

/** Every rule of events/coherence.ts a record of a family breaks, each problem naming the family and field. */
function problemsOf(family: Family, record: Record<string, unknown>): string[] {
  const where = `${family.name} ${String(record.entName ?? "")}`;
  const problems = [...dateOrderProblems(record), ...statusProblems(record, (k) => family.fields[k]?.dict)];
  const allowed = new Map<string, string[]>();
  for (const [key, field] of Object.entries(family.fields)) {
    if (field.kind !== "text" || !namesIssuer(key)) continue;
    const rule = issuerRule(shortOf(family), key);
    if (!rule) {
      problems.push(`${key} names an issuing body but no rule says which`);
      continue;
    }
    const kinds = rule(record);
    allowed.set(key, kinds);
    const value = record[key];
    if (typeof value === "string" && !isIssuerOf(value, kinds)) problems.push(`${key} ${value} is not a ${kinds.join("/")} body`);
  }
  // a decision number's abbreviation is its issuing body's
  const bodies = [...allowed.values()].flat() as Parameters<typeof isIssuerOf>[1][number][];
  for (const [key, value] of Object.entries(record)) {
    if (!/DocNo$|^docNo$/.test(key) || typeof value !== "string" || !bodies.length) continue;
    const kind = docNoIssuer(value);
    if (kind && !bodies.includes(kind)) problems.push(`${key} ${value} is a ${kind} number, issued by ${bodies.join("/")}`);
  }
  // a district and an address of the same record agree
  const district = ["district", "administrativeArea"].map((k) => record[k]).find((v) => typeof v === "string") as string | undefined;
  for (const key of ["landPosition", "address", "location"]) {
    const address = record[key];
    if (typeof address !== "string" || !district) continue;
    const named = districtOfAddress(address);
    if (named && named.name !== district) problems.push(`${key} ${address} is not in ${district}`);
  }
  return problems.map((p) => `${where}: ${p}`);
}

const codes: DictionaryCodes = new Map();
for (const { type, entries } of allDictionarySeeds) {
  const map = codes.get(type) ?? new Map<string, string>();
  for (const [value, zh, en] of entries) for (const name of [value, zh, en]) if (name) map.set(name, value);
  codes.set(type, map);
}

let demo: DemoResult;
beforeAll(async () => {
  demo = await buildEnterpriseDemo(seedId, at);
}, 120_000);

describe("demo data coherence", () => {
  it("the built-in sync source: every item of every synchronised list, as stored", async () => {
    const problems: string[] = [];
    let items = 0;
    for (const list of synLists) {
      let listItems = 0;
      for (const ent of demo.enterprises.slice(0, 40)) {
        for (let i = 0; i < sampleCount(list, ent.creditCode); i++) {
          const origin = { creditCode: ent.creditCode, entName: ent.entName, sourceCode: "builtin", runId: "r", syncedAt: "2026-11-23 08:00:00" };
          const { values } = await mapItem(list, sampleItem(list, ent.creditCode, ent.entName, i), origin, codes);
          problems.push(...problemsOf(list.family, values as Record<string, unknown>));
          listItems++;
        }
      }
      expect(listItems, list.family.name).toBeGreaterThan(0);
      items += listItems;
    }
    expect(items).toBeGreaterThan(synLists.length * 20);
    expect(problems.slice(0, 30)).toEqual([]);
  });

  it("the demo region: every record of every family", () => {
    const byName = new Map(families.map((f) => [f.name, f]));
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const write of demo.writes) {
      const family = byName.get(write.stream.slice(0, write.stream.indexOf(":")));
      if (!family) continue;
      seen.add(family.name);
      problems.push(...problemsOf(family, write.events[0]!.data.record as Record<string, unknown>));
    }
    expect(seen.size).toBe(Object.keys(demo.counts).length);
    expect(problems.slice(0, 30)).toEqual([]);
  });

  it("the region's visits and archives made outside a task claim no task (task visits are recorded against their tasks)", () => {
    const records = (family: Family) => demo.writes.filter((w) => w.stream.startsWith(`${family.name}:`)).map((w) => w.events[0]!.data.record as Record<string, unknown>);
    const visits = records(companyVisit as unknown as Family);
    const archives = records(visitHistory as unknown as Family);
    expect(visits.length).toBeGreaterThan(0);
    expect(archives.length).toBeGreaterThan(0);
    expect([...visits, ...archives].filter((r) => r.taskId !== undefined || r.taskPlanId !== undefined)).toEqual([]);
  });

  it("places agree with names: each enterprise lies where its name says, addresses name its district, projects lie in their city", () => {
    const problems: string[] = [];
    for (const e of demo.enterprises) {
      problems.push(...placeProblems(e.entName, e.district.code));
      if (districtOfAddress(e.address)?.code !== e.district.code) problems.push(`${e.entName}: ${e.address} is not in ${e.district.name}`);
    }
    for (const p of demoProjects(160)) problems.push(...placeProblems(p.projectName, p.region));
    expect(problems.slice(0, 30)).toEqual([]);
  });

  it("the rules catch what a reader would: each kind of contradiction is found", () => {
    const list = synLists.find((l) => l.family.name.endsWith("synlosspromiselist"))!.family;
    expect(problemsOf(list, { listType: "taxViolation", decisionAuthority: "西安市生态环境局" })).toHaveLength(1);
    expect(problemsOf(list, { inclusionDate: "2024-05-01", removalDate: "2023-01-01", status: "removed" })).toHaveLength(1);
    expect(problemsOf(list, { inclusionDate: "2023-05-01", removalDate: "2024-01-01", status: "listed" })).toHaveLength(1);
    const penalty = synLists.find((l) => l.family.name.endsWith("syndetaillistpenalty"))!.family;
    expect(problemsOf(penalty, { illegalActType: "超标排放大气污染物", authority: "西安市生态环境局", penaltyDocNo: "陕税稽罚〔2024〕12号" })).toHaveLength(1);
    expect(placeProblems("西安雁塔装备制造有限公司", "610114")).toHaveLength(1);
    expect(placeProblems("渭南研发中心二期", "610111")).toHaveLength(1);
    expect(placeProblems("西安雁塔装备制造有限公司", "610113")).toEqual([]);
  });
});
