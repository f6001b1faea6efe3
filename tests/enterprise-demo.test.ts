/**
 * The enterprise demo region (worker/seed/enterprise-demo): the same writes on every run, about 300
 * enterprises with valid credit codes, records on every enterprise tab, every lifecycle state present, and
 * every record accepted by its family's schema and by the store (read models, unique indexes).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { families } from "../events/families/index.ts";
import type { Family } from "../events/family.ts";
import { isCreditCode } from "../events/rules.ts";
import { buildEnterpriseDemo, demoEnterpriseCount, isEnterpriseScoped, masterName, seededAfterRegion, showcaseEnterprise, type DemoResult } from "../worker/seed/enterprise-demo/index.ts";
import { orgCodeCheck } from "../worker/seed/enterprise-demo/uscc.ts";
import { seedId, seedMeta } from "../worker/seed/index.ts";
import { parseRecord } from "../worker/resources/validate.ts";
import { store } from "../worker/modules.ts";
import { sha256Hex } from "../worker/store/canonical.ts";
import type { StreamWrite } from "../worker/store/types.ts";
import { seal } from "../worker/store/append.ts";
import { startDemoApprovals } from "../worker/seed/enterprise-demo/approvals.ts";

const at = "2026-11-23T08:00:00.000Z";
const base = (f: Family) => /^(sys|flowable|msg|report|datamodel|form|job|syn):/.test(f.perm) || f.perm === "common:projectorgpost" || f.perm === "common:proorgmember";
// plans, tasks and schedule plans come from their modules' own seeds after the region (one source each)
const demoFamilies = families.filter((f) => !base(f) && !seededAfterRegion(f));

let demo: DemoResult;
const recordsOf = (name: string) => demo.writes.filter((w) => w.stream.startsWith(`${name}:`)).map((w) => w.events[0]!.data.record as Record<string, unknown>);

beforeAll(async () => {
  demo = await buildEnterpriseDemo(seedId, at);
}, 120_000);

describe("enterprise demo region", () => {
  it("is deterministic: a second run, streamed family by family as the seed script takes it, gives the very same writes", async () => {
    const streamed: StreamWrite[] = [];
    const again = await buildEnterpriseDemo(seedId, at, { onFamily: async (writes) => void streamed.push(...writes) });
    expect(again.writes).toHaveLength(0);
    expect(streamed.length).toBe(demo.writes.length);
    expect(await sha256Hex(JSON.stringify(streamed))).toBe(await sha256Hex(JSON.stringify(demo.writes)));
    // the same enterprises (names, codes) whatever the seed time, so a browser test can name one
    const later = await buildEnterpriseDemo(seedId, "2027-06-30T00:00:00.000Z", { enterprises: 20, families: [] });
    expect(later.enterprises.map((e) => [e.creditCode, e.entName])).toEqual(demo.enterprises.slice(0, 20).map((e) => [e.creditCode, e.entName]));
  }, 120_000);

  it("has about 300 enterprises in real divisions, each with a valid, distinct credit code", () => {
    expect(demo.enterprises).toHaveLength(demoEnterpriseCount);
    const masters = recordsOf(masterName);
    expect(masters).toHaveLength(demoEnterpriseCount);
    const codes = new Set<string>();
    for (const e of demo.enterprises) {
      expect(isCreditCode(e.creditCode), e.creditCode).toBe(true);
      // the organisation code inside carries its own GB 11714 check
      expect(orgCodeCheck(e.creditCode.slice(8, 16)), e.creditCode).toBe(e.creditCode[16]);
      expect(e.creditCode.slice(2, 8)).toBe(e.district.code);
      expect(e.entName).toMatch(/(有限公司|股份有限公司)$/);
      codes.add(e.creditCode);
    }
    expect(codes.size).toBe(demoEnterpriseCount);
    expect(new Set(demo.enterprises.map((e) => e.entName)).size).toBe(demoEnterpriseCount);
    // spread over the province, not one city
    expect(new Set(demo.enterprises.map((e) => e.city.code)).size).toBeGreaterThanOrEqual(8);
  });

  it("fills every demo family, and every enterprise tab, with records", () => {
    // only families needing what the demo does not make (the app's image slides point at an uploaded file)
    expect(demo.skipped.filter((s) => !s.reason.startsWith("needs "))).toEqual([]);
    const leftOut = demo.skipped.map((s) => s.family);
    // plans, tasks and schedule plans have one source: their modules' seeds, never the generic walk
    expect(families.filter(seededAfterRegion).map((f) => f.perm).sort()).toEqual(["common:entaskmsg", "common:entaskplan", "common:projectprodscheduleplan"]);
    for (const f of families.filter(seededAfterRegion)) expect(recordsOf(f.name), f.name).toEqual([]);
    expect(leftOut.length).toBeLessThanOrEqual(2);
    const scoped = demoFamilies.filter(isEnterpriseScoped);
    expect(scoped.length).toBeGreaterThan(20);
    for (const f of demoFamilies) if (!leftOut.includes(f.name)) expect(demo.counts[f.name] ?? 0, f.name).toBeGreaterThan(0);
    // the first enterprise (the one a browser test opens) has records on every tab
    const first = demo.enterprises[0]!.creditCode;
    expect({ creditCode: first, entName: demo.enterprises[0]!.entName }).toEqual(showcaseEnterprise);
    for (const f of scoped) if (!leftOut.includes(f.name)) expect(recordsOf(f.name).some((r) => r.creditCode === first), f.name).toBe(true);
    // most enterprises have records on a regular tab
    for (const name of ["common.enpatentinfo", "common.enshareholderinfo", "common.tbfinancapplication"].filter((n) => demo.counts[n] !== undefined)) {
      expect(new Set(recordsOf(name).map((r) => r.creditCode)).size, name).toBeGreaterThan(demoEnterpriseCount * 0.7);
    }
  });

  it("holds every publish, examination and application state", () => {
    const states = (f: Family, key: string) => new Set(recordsOf(f.name).map((r) => String(r[key])));
    const publish = demoFamilies.filter((f) => f.lifecycle?.publish);
    const examine = demoFamilies.filter((f) => f.lifecycle?.examine);
    const apply = demoFamilies.filter((f) => f.lifecycle?.apply);
    expect(publish.length + examine.length + apply.length).toBeGreaterThan(5);
    for (const f of publish) expect([...states(f, "status")].sort(), f.name).toEqual(["0", "1", "2"]);
    for (const f of examine) {
      expect([...states(f, "examStatus")].sort(), f.name).toEqual(["0", "1", "2"]);
      expect([...states(f, "status")].sort(), f.name).toEqual(["0", "1", "2"]);
    }
    for (const f of apply) expect([...states(f, "status")].sort(), f.name).toEqual(["approved", "draft", "rejected", "returned", "reviewing", "withdrawn"]);
    // a published record says when
    for (const f of publish) for (const r of recordsOf(f.name)) if (r.status === "1") expect(r.publishTime, f.name).toMatch(/^\d{4}-\d{2}-\d{2} /);
  });

  it("passes every family's create schema, with every credit code valid and every date before the seed time", () => {
    const byName = new Map(demoFamilies.map((f) => [f.name, f]));
    const today = at.slice(0, 10);
    for (const w of demo.writes) {
      const f = byName.get(w.stream.slice(0, w.stream.indexOf(":")));
      if (!f) continue; // a record's companion stream (a work report's read receipt)
      const record = w.events[0]!.data.record as Record<string, unknown>;
      expect(() => parseRecord(f, f.createSchema, record), w.stream).not.toThrow();
      if (typeof record.creditCode === "string") expect(isCreditCode(record.creditCode), w.stream).toBe(true);
      for (const key of ["estDate", "applyTime", "publishTime", "examTime", "appDate", "regDate"]) if (typeof record[key] === "string") expect((record[key] as string).slice(0, 10) <= today, `${w.stream} ${key}`).toBe(true);
    }
  });

  it("is accepted by the store: events, read models, counters and unique indexes", async () => {
    const meta = seedMeta(at);
    for (let i = 0; i < demo.writes.length; i += 2000) {
      const sealed = (await Promise.all(demo.writes.slice(i, i + 2000).map((w) => seal(w, meta)))).flat();
      const statements = store.statementsFor(sealed);
      for (let j = 0; j < statements.length; j += 500) await env.DB.batch(statements.slice(j, j + 500).map((s) => env.DB.prepare(s.sql).bind(...s.params)));
    }
    const master = families.find((f) => f.name === masterName);
    if (master) {
      const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${master.table}`).first<{ n: number }>();
      expect(row!.n).toBe(demoEnterpriseCount);
    }
  }, 180_000);

  it("gives the applications in approval live instances: reviewing ones wait for the staff, returned ones for the applicant", async () => {
    const started = await startDemoApprovals(env.DB, store, seedId, at);
    const starts = new Set<string>();
    const apply = families.filter((f) => f.lifecycle?.apply);
    let expected = 0;
    for (const f of apply) {
      const open = await env.DB.prepare(`SELECT id, status, proc_ins_id AS procInsId FROM ${f.table} WHERE status IN ('reviewing', 'returned')`).all<{ id: string; status: string; procInsId: string | null }>();
      expected += open.results.length;
      for (const row of open.results) {
        expect(row.procInsId, `${f.name} ${row.id} has its instance`).toBeTruthy();
        const instance = await env.DB.prepare("SELECT status, business_key AS businessKey FROM flow_instance WHERE proc_ins_id = ?").bind(row.procInsId).first<{ status: string; businessKey: string }>();
        expect(instance).toEqual({ status: "running", businessKey: `${f.name}:${row.id}` });
        // it came in when the application says, naming its applicant; its open task is as old as that (or as the return)
        const about = await env.DB.prepare(`SELECT i.applicant, i.start_time AS startTime, a.ent_name AS entName, a.apply_time AS applyTime FROM flow_instance i JOIN ${f.table} a ON a.proc_ins_id = i.proc_ins_id WHERE i.proc_ins_id = ?`)
          .bind(row.procInsId)
          .first<{ applicant: string; startTime: string; entName: string; applyTime: string }>();
        expect(about!.applicant).toBe(about!.entName);
        expect(about!.startTime).toBe(about!.applyTime);
        starts.add(about!.startTime);
      }
    }
    expect(started).toBe(expected);
    expect(starts.size, "distinct submission times").toBeGreaterThan(started / 2);
    const times = await env.DB.prepare("SELECT COUNT(DISTINCT create_time) AS n, COUNT(*) AS total FROM flow_task").first<{ n: number; total: number }>();
    expect(times!.n).toBeGreaterThan(times!.total / 2);
    expect(started).toBeGreaterThanOrEqual(apply.length * 2);
    // a second run finds nothing left to start
    expect(await startDemoApprovals(env.DB, store, seedId, at)).toBe(0);
  }, 180_000);
});
