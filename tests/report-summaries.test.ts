/**
 * Grouped reports answered from the summary totals kept beside the counters (worker/resources/summaries.ts,
 * worker/reports/summary.ts) answer exactly what the SQL over the table answers: after creates, updates that
 * move a record between groups or change its amounts, deletions, restores, a field that becomes counted by
 * a type change, a field added later, and a rebuild from the log.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ReportDefinition } from "../events/reports/definition.ts";
import { reportDefinitionSchema } from "../events/reports/definition.ts";
import { modelFamily } from "../worker/datamodel/runtime.ts";
import { store } from "../worker/modules.ts";
import { runReport } from "../worker/reports/run.ts";
import { summaryServes } from "../worker/reports/summary.ts";
import { compileReport } from "../worker/reports/compile.ts";
import { call, login } from "./helpers.ts";

let token: string;
let modelId: string;
const code = `s${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
const base = () => `/datamodel/data/${modelId}`;

const fields = [
  { name: "title", title: "标题", type: "text", length: 64, required: true },
  { name: "kind", title: "类别", type: "dict", dictType: "examStatus" },
  { name: "amount", title: "金额", type: "decimal" },
  { name: "qty", title: "数量", type: "int" },
  { name: "grade", title: "等级", type: "text", length: 8 },
];

async function ok(path: string, body?: unknown) {
  const answer = await call(path, { token, body });
  expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(0);
  return answer.body;
}

const byKind: ReportDefinition = reportDefinitionSchema.parse({
  groupBy: [{ field: "kind" }],
  aggregates: [{ fn: "count" }, { fn: "sum", field: "amount" }, { fn: "avg", field: "amount" }, { fn: "count", field: "amount" }, { fn: "sum", field: "qty" }],
  sort: [{ key: "sum_amount", dir: "desc" }],
});

/** The report both ways: from the totals and from the table, which must agree (sums to the cent). */
async function bothWays(def: ReportDefinition) {
  const family = await modelFamily(env.DB, modelId);
  expect(summaryServes(family, def, compileReport(family, def))).toBe(true);
  const round = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" ? Math.round(v * 100) / 100 : v])));
  const fromTotals = await runReport(env.DB, family, def);
  const fromTable = await runReport(env.DB, family, def, { summary: false });
  expect(round(fromTotals.rows)).toEqual(round(fromTable.rows));
  return fromTable.rows;
}

beforeAll(async () => {
  token = await login();
  modelId = (await ok("/datamodel/save", { name: "汇总测试", code, type: "table", fields })).data.id;
});

describe("summary totals of a run-time model", () => {
  it("answer a grouped report as the table does through creates, moves, edits, deletions and restores", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) {
      const record = { title: `记录${i}`, kind: String(i % 3), amount: i % 5 === 0 ? null : i * 10.25, qty: i, grade: ["0", "1", "2"][i % 3] };
      ids.push((await ok(`${base()}/save`, record)).data.id);
    }
    const first = await bothWays(byKind);
    expect(first.map((r) => r.count)).toEqual(expect.arrayContaining([8, 8, 8]));
    // a record moves to another group, another changes its amount, a third both, a fourth loses its amount
    await ok(`${base()}/update`, { id: ids[1], kind: "2" });
    await ok(`${base()}/update`, { id: ids[2], amount: 999.5 });
    await ok(`${base()}/update`, { id: ids[3], kind: "1", amount: 1.25 });
    await ok(`${base()}/update`, { id: ids[4], amount: null });
    await ok(`${base()}/delete`, [ids[6], ids[7]]);
    await ok(`${base()}/restore/${ids[6]}`, {});
    const moved = await bothWays(byKind);
    expect(moved.reduce((n, r) => n + Number(r.count), 0)).toBe(23);
  });

  it("are computed for a field that becomes a dictionary, and for a numeric field added later", async () => {
    const model = (await ok(`/datamodel/info/${modelId}`)).data;
    const changed = (model.fields as { name: string; type: string }[]).map((f) => (f.name === "grade" ? { ...f, type: "dict", dictType: "examStatus" } : f));
    await ok("/datamodel/update", { id: modelId, fields: [...changed, { name: "weight", title: "重量", type: "decimal", required: true, defaultValue: 2.5 }] });
    const byGrade = reportDefinitionSchema.parse({ groupBy: [{ field: "grade" }], aggregates: [{ fn: "count" }, { fn: "sum", field: "weight" }, { fn: "sum", field: "amount" }] });
    const rows = await bothWays(byGrade);
    // old records read the new field's default: 2.5 each
    expect(rows.reduce((n, r) => n + Number(r.sum_weight), 0)).toBeCloseTo(23 * 2.5);
  });

  it("come back identical from a rebuild", async () => {
    const totals = () => env.DB.prepare("SELECT scope, value, field, n, round(total, 6) AS total FROM counter_sums WHERE scope LIKE ? ORDER BY scope, value, field").bind(`dm_${code}.%`).all();
    const before = (await totals()).results;
    expect(before.length).toBeGreaterThan(0);
    await env.DB.prepare("DELETE FROM counter_sums WHERE scope LIKE ?").bind(`dm_${code}.%`).run();
    for (let r = await store.rebuild(env.DB); !r.done; r = await store.rebuild(env.DB, { from: r.position })) {
      /* resumable: continue until done */
    }
    expect((await totals()).results).toEqual(before);
    await bothWays(byKind);
  });

  it("are not used where they cannot answer: a filter with a value, a date bucket, min and max", async () => {
    const family = await modelFamily(env.DB, modelId);
    for (const def of [
      { ...byKind, filters: [{ field: "qty", op: "range", from: 3, exposed: true }] },
      { groupBy: [{ field: "kind" }], aggregates: [{ fn: "max", field: "amount" }] },
      { groupBy: [{ field: "title" }], aggregates: [{ fn: "count" }] },
    ]) {
      const parsed = reportDefinitionSchema.parse(def);
      expect(summaryServes(family, parsed, compileReport(family, parsed))).toBe(false);
    }
  });

  it("answer the report preview route the same way", async () => {
    const preview = await call("/report/model/preview", { token, body: { source: { kind: "model", id: modelId }, definition: byKind } });
    expect(preview.body.code, JSON.stringify(preview.body)).toBe(0);
    const family = await modelFamily(env.DB, modelId);
    const fromTable = await runReport(env.DB, family, byKind, { summary: false });
    expect(preview.body.data.rows.map((r: Record<string, unknown>) => r.count)).toEqual(fromTable.rows.map((r) => r.count));
  });
});
