/**
 * Reports over HTTP: a grouped report over a declared family and over a run-time data model (counts and
 * sums against the values inserted), undeclared fields refused by name, filter values bound (an injection
 * attempt finds nothing and changes nothing), publish → getByCode → run with the viewer's filters, copy,
 * the balance sheet empty and with data, and the xlsx export.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { unzipSync, strFromU8 } from "fflate";
import { call, login, userWithPermissions } from "./helpers.ts";

let admin: string;

/** A valid unified social credit code (check digit as GB 32100 computes it). */
function creditCode(org: string): string {
  const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const body = `91610131${org}`;
  const sum = [...body].reduce((acc, ch, i) => acc + chars.indexOf(ch) * weights[i]!, 0);
  return body + chars[(31 - (sum % 31)) % 31];
}

const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
const financial = { kind: "family", id: "common.enfinancialinfo" } as const;
const code = creditCode("200000001");

const rows = [
  { period: "2022", periodType: "annual", operatingIncome: 100, netProfit: 10, totalAssets: 1000, totalLiabilities: 400, ownersEquity: 600, dataSource: "enterprise" },
  { period: "2023", periodType: "annual", operatingIncome: 200, netProfit: 25, totalAssets: 1200, totalLiabilities: 500, ownersEquity: 700, dataSource: "enterprise" },
  { period: "2023", periodType: "annual", operatingIncome: 210, netProfit: 30, totalAssets: 1250, totalLiabilities: 450, ownersEquity: 800, dataSource: "audit" },
  { period: "2024-03", periodType: "quarter", operatingIncome: 50, netProfit: 5, totalAssets: 1300, totalLiabilities: 520, ownersEquity: 780, dataSource: "enterprise" },
  { period: "2024-06", periodType: "quarter", operatingIncome: 70, netProfit: 8, totalAssets: 1350, totalLiabilities: 530, ownersEquity: 820, dataSource: "enterprise" },
];

/** A grouped definition: by period type, count and sums, filtered to the test enterprise. */
const grouped = (extra: Record<string, unknown> = {}) => ({
  filters: [{ field: "creditCode", op: "eq", value: code }],
  groupBy: [{ field: "periodType" }],
  aggregates: [{ fn: "count" }, { fn: "sum", field: "operatingIncome" }, { fn: "avg", field: "netProfit" }, { fn: "max", field: "totalAssets" }],
  sort: [{ key: "sum_operatingIncome", dir: "desc" }],
  chart: { type: "bar", x: "periodType", y: ["sum_operatingIncome"] },
  ...extra,
});

beforeAll(async () => {
  admin = await login();
  for (const r of rows) {
    const saved = await call("/common/enfinancialinfo/save", { token: admin, body: { creditCode: code, entName: "报表测试企业有限公司", ...r } });
    if (saved.body.code !== 0) throw new Error(JSON.stringify(saved.body));
  }
});

describe("preview", () => {
  it("groups a declared family in SQL: counts, sums, averages and maxima match the records inserted", async () => {
    const answer = await call("/report/model/preview", { token: admin, body: { source: financial, definition: grouped() } });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    const data = answer.body.data;
    expect(data.kind).toBe("grouped");
    expect(data.columns.map((c: { key: string }) => c.key)).toEqual(["periodType", "count", "sum_operatingIncome", "avg_netProfit", "max_totalAssets"]);
    expect(data.columns[0]).toMatchObject({ role: "group", dict: "financialPeriodType" });
    expect(data.rows).toEqual([
      { periodType: "annual", count: 3, sum_operatingIncome: 510, avg_netProfit: (10 + 25 + 30) / 3, max_totalAssets: 1250 },
      { periodType: "quarter", count: 2, sum_operatingIncome: 120, avg_netProfit: 6.5, max_totalAssets: 1350 },
    ]);
    // both are eq filters of the family, so each leads an index
    expect(data.indexes).toEqual(expect.arrayContaining([{ field: "creditCode", indexed: true }, { field: "periodType", indexed: true }]));
  });

  it("buckets dates by year, filters with in and range, and lists plain rows a page at a time", async () => {
    const byYear = await call("/report/model/preview", {
      token: admin,
      body: {
        source: financial,
        definition: { filters: [{ field: "creditCode", op: "eq", value: code }, { field: "createTime", op: "range", from: "2000-01-01" }], groupBy: [{ field: "createTime", by: "year" }], aggregates: [{ fn: "count" }] },
      },
    });
    expect(byYear.body.code, JSON.stringify(byYear.body)).toBe(0);
    expect(byYear.body.data.rows).toEqual([{ createTime_year: expect.stringMatching(/^\d{4}$/), count: 5 }]);

    const listing = await call("/report/model/preview", {
      token: admin,
      body: {
        source: financial,
        page: 2,
        definition: {
          columns: ["period", "operatingIncome", "dataSource"],
          filters: [{ field: "creditCode", op: "eq", value: code }, { field: "dataSource", op: "in", values: ["enterprise", "audit"] }, { field: "operatingIncome", op: "range", from: 60, to: 250 }],
          sort: [{ key: "operatingIncome", dir: "asc" }],
          limit: 2,
        },
      },
    });
    expect(listing.body.code, JSON.stringify(listing.body)).toBe(0);
    // 70, 100, 200, 210 match; page 2 of 2 rows
    expect(listing.body.data).toMatchObject({ kind: "rows", total: 4, page: 2, limit: 2 });
    expect(listing.body.data.rows).toEqual([
      { period: "2023", operatingIncome: 200, dataSource: "enterprise" },
      { period: "2023", operatingIncome: 210, dataSource: "audit" },
    ]);
  });

  it("refuses a field the source does not declare, naming it, and writes nothing", async () => {
    const before = await eventCount();
    const answer = await call("/report/model/preview", {
      token: admin,
      lang: "en-US",
      body: { source: financial, definition: grouped({ groupBy: [{ field: "secretColumn" }], aggregates: [{ fn: "sum", field: "entName" }, { fn: "sum", field: "nope" }] }) },
    });
    expect(answer.body.code).toBe(422);
    expect(answer.body.errors).toMatchObject({
      "groupBy.secretColumn": expect.stringContaining('"secretColumn" is not a declared field'),
      "aggregates.entName": expect.stringContaining('"entName" is not a numeric field'),
      "aggregates.nope": expect.stringContaining('"nope" is not a declared field'),
    });
    const saved = await call("/report/model/create", { token: admin, body: { name: "坏报表", code: "bad-report", source: financial, definition: grouped({ columns: [], groupBy: [{ field: "password" }] }) } });
    expect(saved.body.code).toBe(422);
    // a secret field (a user's password hash) is no field a report may read
    const secret = await call("/report/model/preview", { token: admin, body: { source: { kind: "family", id: "sys.user" }, definition: { columns: ["password"] } } });
    expect(secret.body.code).toBe(422);
    expect(Object.keys(secret.body.errors ?? {})).toEqual(["columns.password"]);
    expect(await eventCount()).toBe(before);
  });

  it("binds filter values: an injection attempt matches nothing and leaves the tables alone", async () => {
    const attempts = [`${code}' OR '1'='1`, `x"; DROP TABLE en_financial_info; --`, "%' OR 1=1 --"];
    for (const value of attempts) {
      for (const op of ["eq", "like"] as const) {
        const answer = await call("/report/model/preview", { token: admin, body: { source: financial, definition: { columns: ["period"], filters: [{ field: "entName", op, value }] } } });
        expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
        expect(answer.body.data.total).toBe(0);
      }
    }
    // a field name is never SQL either: one that is not a plain key is refused by the schema
    const named = await call("/report/model/preview", { token: admin, body: { source: financial, definition: { columns: ["period\" FROM users --"] } } });
    expect(named.body.code).toBe(422);
    const still = await env.DB.prepare("SELECT COUNT(*) AS n FROM en_financial_info WHERE credit_code = ?").bind(code).first<{ n: number }>();
    expect(still!.n).toBe(rows.length);
  });

  it("refuses more than 100 bound values", async () => {
    const filters = Array.from({ length: 3 }, () => ({ field: "period", op: "in", values: Array.from({ length: 40 }, (_, i) => String(2000 + i)) }));
    const answer = await call("/report/model/preview", { token: admin, body: { source: financial, definition: { columns: ["period"], filters } } });
    expect(answer.body.code).toBe(422);
    expect(Object.keys(answer.body.errors ?? {})).toEqual(["filters"]);
  });

  it("reads a source only with the source's own list permission", async () => {
    const designer = await userWithPermissions(admin, ["report:model:list", "report:model:info"]);
    const answer = await call("/report/model/preview", { token: designer.token, body: { source: financial, definition: grouped() } });
    expect(answer.body).toMatchObject({ code: 403 });
    const sources = await call("/report/model/sources", { token: designer.token });
    expect(sources.body.data.some((s: { id: string }) => s.id === "common.enfinancialinfo")).toBe(false);
  });
});

describe("models, publish and the viewer", () => {
  let modelId: string;

  it("saves a model, publishes it under a code, finds it by code and runs it with the viewer's filters", async () => {
    const created = await call("/report/model/create", { token: admin, body: { name: "营收按期间类型", code: "income-by-type", source: financial, definition: grouped() } });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    modelId = created.body.data.id;
    const model = (await call(`/report/model/getModel/${modelId}`, { token: admin })).body.data;
    expect(model).toMatchObject({ name: "营收按期间类型", status: "0", publishedVersion: 0, source: financial });

    const listed = await call("/report/models?search=营收&page=1&limit=10", { token: admin });
    expect(listed.body.data.map((m: { id: string }) => m.id)).toContain(modelId);

    // not published yet: the viewer cannot run it
    expect((await call("/report/run/income-by-type", { token: admin })).body.code).toBe(404);

    const published = await call(`/flow/service/publish?id=${modelId}&code=income-report`, { token: admin });
    expect(published.body.code, JSON.stringify(published.body)).toBe(0);
    expect(published.body.data).toMatchObject({ id: modelId, code: "income-report", publishedVersion: 1 });
    const file = (await call("/report/reportfile/getByCode/income-report", { token: admin })).body.data;
    expect(file).toMatchObject({ code: "income-report", reportModelId: modelId, status: "1", modelVersion: 1, source: financial });

    // a later edit of the model leaves the published file as it was until it is published again
    const edited = await call("/report/model/update", { token: admin, body: { id: modelId, definition: grouped({ aggregates: [{ fn: "count" }], sort: [], chart: null }) } });
    expect(edited.body.code, JSON.stringify(edited.body)).toBe(0);
    const viewer = await userWithPermissions(admin, ["report:reportfile:list", "report:reportfile:info"]);
    let run = await call("/report/run/income-report", { token: viewer.token });
    expect(run.body.code, JSON.stringify(run.body)).toBe(0);
    expect(run.body.data.rows).toHaveLength(2);
    expect(run.body.data.rows[0]).toHaveProperty("sum_operatingIncome", 510);
    // the offered filter's field is no column of the answer: its label and type come with the answer
    expect(run.body.data.columns.some((c: { field?: string }) => c.field === "creditCode")).toBe(false);
    expect(run.body.data.filterFields).toEqual([expect.objectContaining({ key: "creditCode", type: "text", label: expect.objectContaining({ "zh-CN": expect.any(String), "en-US": expect.any(String) }) })]);
    expect(run.body.data.filterFields[0].label["zh-CN"]).not.toBe("creditCode");

    // the viewer's filter: only the exposed filter fields, values bound
    const filters = encodeURIComponent(JSON.stringify({ creditCode: creditCode("200000002") }));
    run = await call(`/report/run/income-report?filters=${filters}`, { token: viewer.token });
    expect(run.body.data.rows).toEqual([]);
    const other = encodeURIComponent(JSON.stringify({ entName: "x" }));
    expect((await call(`/report/run/income-report?filters=${other}`, { token: viewer.token })).body).toMatchObject({ code: 422 });

    // publishing again (through the report file) takes the edited definition and counts the version up
    const again = await call(`/report/reportfile/publish?id=${file.id}`, { token: admin });
    expect(again.body.data).toMatchObject({ publishedVersion: 2, fileId: file.id });
    run = await call("/report/run/income-report", { token: viewer.token });
    expect(run.body.data.columns.map((c: { key: string }) => c.key)).toEqual(["periodType", "count"]);

    // taken back, it no longer runs
    expect((await call("/report/reportfile/revokeData", { token: admin, body: { id: file.id } })).body.code).toBe(0);
    expect((await call("/report/run/income-report", { token: viewer.token })).body.code).toBe(422);
  });

  it("refuses a code another model's report file holds, writing nothing", async () => {
    const other = await call("/report/model/create", { token: admin, body: { name: "另一个", code: "other-model", source: financial, definition: grouped() } });
    const before = await eventCount();
    const clash = await call(`/flow/service/publish?id=${other.body.data.id}&code=income-report`, { token: admin });
    expect(clash.body.code).toBe(422);
    expect(await eventCount()).toBe(before);
  });

  it("copies a model onto another, or into a new one when the target is 0", async () => {
    const fresh = await call("/flow/service/copyModel/" + modelId + "/0", { token: admin, body: {} });
    expect(fresh.body.code, JSON.stringify(fresh.body)).toBe(0);
    const copy = (await call(`/report/model/getModel/${fresh.body.data.id}`, { token: admin })).body.data;
    const original = (await call(`/report/model/getModel/${modelId}`, { token: admin })).body.data;
    expect(copy).toMatchObject({ code: "income-by-type_copy", name: "营收按期间类型 (copy)", status: "0", source: original.source, definition: original.definition });

    const target = await call("/report/model/create", { token: admin, body: { name: "目标", code: "copy-target", source: { kind: "family", id: "sys.sysdict" }, definition: { columns: ["type"] } } });
    expect(target.body.code, JSON.stringify(target.body)).toBe(0);
    const onto = await call(`/flow/service/copyModel/${modelId}/${target.body.data.id}`, { token: admin, body: {} });
    expect(onto.body.code, JSON.stringify(onto.body)).toBe(0);
    const after = (await call(`/report/model/getModel/${target.body.data.id}`, { token: admin })).body.data;
    expect(after).toMatchObject({ name: "目标", code: "copy-target", source: financial, definition: original.definition });
    const removed = await call(`/report/model/del/${target.body.data.id}`, { token: admin, method: "POST" });
    expect(removed.body.code, JSON.stringify(removed.body)).toBe(0);
    expect((await call(`/report/model/getModel/${target.body.data.id}`, { token: admin })).body.code).toBe(404);
  });

  it("exports a run as a real xlsx with the dictionary labels", async () => {
    const m = await call("/report/model/create", { token: admin, body: { name: "导出", code: "export-model", source: financial, definition: grouped() } });
    await call(`/flow/service/publish?id=${m.body.data.id}`, { token: admin });
    const response = await SELF.fetch(`http://qifu.test/api/report/run/export-model/export?token=${admin}`);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toContain(encodeURIComponent("导出"));
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const sheet = strFromU8(files["xl/worksheets/sheet1.xml"]!);
    expect(sheet).toContain("年度");
    expect(sheet).toContain("季度");
    expect(sheet).toContain("<v>510</v>");
  });
});

describe("run-time data model source", () => {
  it("groups a data model's records like a declared family's", async () => {
    const model = await call("/datamodel/save", {
      token: admin,
      body: {
        name: "报表测试模型",
        code: "rpt_orders",
        type: "table",
        fields: [
          { name: "region", title: "区域", type: "text" },
          { name: "amount", title: "金额", type: "decimal" },
        ],
      },
    });
    expect(model.body.code, JSON.stringify(model.body)).toBe(0);
    const id = model.body.data.id as string;
    for (const [region, amount] of [["东区", 10], ["东区", 15.5], ["西区", 7]] as const) {
      const saved = await call(`/datamodel/data/${id}/save`, { token: admin, body: { region, amount } });
      expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    }
    const answer = await call("/report/model/preview", {
      token: admin,
      body: { source: { kind: "model", id }, definition: { groupBy: [{ field: "region" }], aggregates: [{ fn: "count" }, { fn: "sum", field: "amount" }], sort: [{ key: "region", dir: "asc" }] } },
    });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    expect(answer.body.data.rows).toEqual([{ region: "东区", count: 2, sum_amount: 25.5 }, { region: "西区", count: 1, sum_amount: 7 }]);
    expect(answer.body.data.indexes).toEqual([{ field: "region", indexed: true }]);
    const refused = await call("/report/model/preview", { token: admin, body: { source: { kind: "model", id }, definition: { columns: ["colour"] } } });
    expect(refused.body.errors).toHaveProperty("columns.colour");
  });
});

describe("balance sheet", () => {
  it("answers an empty, well-formed report for an enterprise without financial data", async () => {
    const answer = await call(`/report/tyc/balanceSheet?creditCode=${creditCode("200000003")}&year=2023`, { token: admin });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    expect(answer.body.data).toMatchObject({ creditCode: creditCode("200000003"), year: 2023, kind: "grouped", rows: [], total: 0 });
    expect(answer.body.data.columns.map((c: { key: string }) => c.key)).toEqual(["period", "max_totalAssets", "max_totalLiabilities", "max_ownersEquity", "max_debtRatio", "count"]);
  });

  it("groups the enterprise's records by period, within the year asked", async () => {
    const all = await call(`/report/tyc/balanceSheet?creditCode=${code}`, { token: admin });
    expect(all.body.data.rows.map((r: { period: string }) => r.period)).toEqual(["2022", "2023", "2024-03", "2024-06"]);
    const year = await call(`/report/tyc/balanceSheet?creditCode=${code}&year=2023`, { token: admin });
    expect(year.body.data.rows).toEqual([{ period: "2023", max_totalAssets: 1250, max_totalLiabilities: 500, max_ownersEquity: 800, max_debtRatio: null, count: 2 }]);
    const bad = await call("/report/tyc/balanceSheet?creditCode=123", { token: admin });
    expect(bad.body.code).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(["creditCode"]);
  });
});
