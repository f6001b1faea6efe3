/**
 * GET /report/tyc/balanceSheet?creditCode&year: an enterprise's balance sheet by period, read from the
 * financial data family (`enfinancialinfo`) through the report compiler like any report. Several records of
 * one period (two data sources) show the larger figure and `records` says how many there were. No data:
 * the same columns and no rows.
 *
 * Indexes: the creditCode eq filter has (credit_code, period, id), so the report reads one enterprise's
 * records off that index in period order, whatever the table holds.
 */
import * as z from "zod";
import { financialInfo } from "../../events/families/enterprise.ts";
import type { Family } from "../../events/family.ts";
import { rules } from "../../events/rules.ts";
import { reportDefinitionSchema } from "../../events/reports/definition.ts";
import { runReport, type ReportAnswer } from "./run.ts";
import { lazySchema } from "../../events/lazy.ts";

export const balanceSheetQuery = lazySchema(() => z.object({
  creditCode: z.string().refine((v) => rules.creditCode.test(v), { params: { rule: "creditCode" } }),
  year: z.coerce.number().int().min(1900).max(2100).optional(),
}));

const items = ["totalAssets", "totalLiabilities", "ownersEquity", "debtRatio"] as const;

export const balanceSheetDefinition = (creditCode: string, year?: number) =>
  reportDefinitionSchema.parse({
    filters: [
      { field: "creditCode", op: "eq", value: creditCode },
      // periods are "2024" or "2024-06": a year's periods sort between "2024" and "2024-99"
      ...(year ? [{ field: "period", op: "range", from: String(year), to: `${year}-99` }] : []),
    ],
    groupBy: [{ field: "period" }],
    aggregates: [...items.map((field) => ({ fn: "max", field })), { fn: "count" }],
    sort: [{ key: "period", dir: "asc" }],
    limit: 1000,
    chart: { type: "bar", x: "period", y: ["max_totalAssets", "max_totalLiabilities", "max_ownersEquity"] },
  });

export async function balanceSheet(db: D1Database, creditCode: string, year?: number): Promise<ReportAnswer & { creditCode: string; year: number | null }> {
  const answer = await runReport(db, financialInfo as unknown as Family, balanceSheetDefinition(creditCode, year));
  return { creditCode, year: year ?? null, ...answer };
}
