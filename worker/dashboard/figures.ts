/**
 * Pure shaping of the dashboard's rows: labelled buckets, districts rolled up into their prefectures by
 * the seeded divisions, periods filled with zeros. No I/O: the methods (./methods.ts) hand rows in.
 */
import type { Bucket, Trend } from "../../events/api/dashboard.ts";
import type { Lang } from "../../events/i18n.ts";
import type { Row } from "./queries.ts";

export type Labels = Map<string, Map<string, string>>;

/** Dictionary rows → type → value → label in the reader's language. */
export function labelsOf(rows: Row[], lang: Lang): Labels {
  const out: Labels = new Map();
  for (const r of rows) {
    const byValue = out.get(String(r.type)) ?? new Map<string, string>();
    byValue.set(String(r.value), lang === "en-US" && r.enName ? String(r.enName) : String(r.name));
    out.set(String(r.type), byValue);
  }
  return out;
}

export const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : 0);
/** Amounts (万元) to two decimals, so sums of floats read as the figures they are. */
export const round2 = (v: number) => Math.round(v * 100) / 100;

/** The first value of a one-row answer. */
export const single = (rows: Row[]) => num(rows[0]?.value);

/**
 * Rows {key, value} as buckets labelled from a dictionary (an unknown or empty value keeps its code; empty
 * reads "—"), largest first; `order` keeps the dictionary's order instead.
 */
export function buckets(rows: Row[], labels: Map<string, string> | undefined, options: { order?: boolean; limit?: number } = {}): Bucket[] {
  const list = rows.map((r) => ({ key: String(r.key ?? ""), label: labels?.get(String(r.key ?? "")) ?? (String(r.key ?? "") || "—"), value: round2(num(r.value)) })).filter((b) => b.value !== 0);
  if (options.order && labels) {
    const rank = new Map([...labels.keys()].map((k, i) => [k, i]));
    list.sort((a, b) => (rank.get(a.key) ?? 1e9) - (rank.get(b.key) ?? 1e9) || a.key.localeCompare(b.key));
  } else list.sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
  return options.limit ? list.slice(0, options.limit) : list;
}

/** A dictionary's every value as a bucket (zero where the rows have none), in the dictionary's order. */
export function allBuckets(rows: Row[], labels: Map<string, string> | undefined): Bucket[] {
  const byKey = new Map(rows.map((r) => [String(r.key ?? ""), num(r.value)]));
  return [...(labels ?? new Map<string, string>()).entries()].map(([key, label]) => ({ key, label, value: round2(byKey.get(key) ?? 0) }));
}

/** A figure's map rows: the sum of the matching buckets. */
export const sumOf = (rows: Row[], keys?: readonly string[]) => round2(rows.filter((r) => !keys || keys.includes(String(r.key))).reduce((s, r) => s + num(r.value), 0));

export interface Division {
  code: string;
  name: string;
  type: string;
  prefecture: string | null;
}

/** A division's name in the reader's language, by its code and its Chinese name. */
export type DivisionName = (code: string, name: string) => string;

/**
 * The division names of `lang`: English from the seeded divisions' English names, a table that loads with the
 * first answer in English (not with the Worker: start-up budget).
 */
export async function divisionNames(lang: Lang): Promise<DivisionName> {
  if (lang !== "en-US") return (_code, name) => name;
  const { areaEnglish } = await import("../../events/seed/areas-en.ts");
  return (code, name) => areaEnglish[code] ?? name;
}

/** The divisions with their names in the reader's language. */
export const divisionsOf = (rows: Row[], nameOf: DivisionName): Division[] =>
  rows.map((r) => ({ code: String(r.code), name: nameOf(String(r.code), String(r.name)), type: String(r.type), prefecture: r.prefecture === null || r.prefecture === undefined ? null : String(r.prefecture) }));

export interface PrefectureFigure {
  code: string;
  name: string;
  value: number;
  districts: Bucket[];
}

/**
 * Per-district values summed into their prefectures; every prefecture of the province is present (zero
 * when none), with its districts that have a value. A value on a prefecture's own code counts to it.
 */
export function rollUp(districtRows: Row[], divisions: Division[]): PrefectureFigure[] {
  const byCode = new Map(divisions.map((d) => [d.code, d]));
  const prefectures = new Map<string, PrefectureFigure>(
    divisions.filter((d) => d.type === "2").map((d) => [d.code, { code: d.code, name: d.name, value: 0, districts: [] }]),
  );
  for (const r of districtRows) {
    const division = byCode.get(String(r.key ?? ""));
    const prefecture = division?.prefecture ? prefectures.get(division.prefecture) : undefined;
    if (!division || !prefecture) continue;
    const value = num(r.value);
    prefecture.value = round2(prefecture.value + value);
    if (division.type !== "2" && value !== 0) prefecture.districts.push({ key: division.code, label: division.name, value: round2(value) });
  }
  for (const p of prefectures.values()) p.districts.sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
  return [...prefectures.values()];
}

/** A ranking of prefectures by value (those with none left out). */
export const prefectureRanking = (figures: PrefectureFigure[]): Bucket[] =>
  figures.filter((f) => f.value !== 0).map((f) => ({ key: f.code, label: f.name, value: f.value })).sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));

/** The twelve months ending with `today`'s month, oldest first (yyyy-MM). */
export function lastMonths(today: string, count = 12): string[] {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return Array.from({ length: count }, (_, i) => {
    const back = count - 1 - i;
    const total = y * 12 + (m - 1) - back;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
  });
}

/** The last `count` years ending with `today`'s year. */
export const lastYears = (today: string, count = 10) => Array.from({ length: count }, (_, i) => String(Number(today.slice(0, 4)) - (count - 1 - i)));

/** Series over periods: each series' rows {key: period, value}, zero where a period has none. */
export function trendOf(periods: string[], series: Record<string, Row[]>): Trend {
  return {
    periods,
    series: Object.entries(series).map(([key, rows]) => {
      const byPeriod = new Map(rows.map((r) => [String(r.key), num(r.value)]));
      return { key, values: periods.map((p) => round2(byPeriod.get(p) ?? 0)) };
    }),
  };
}
