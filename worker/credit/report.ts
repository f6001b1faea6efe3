/**
 * An enterprise's credit report assembled from our own read models: its master record, the credit-relevant
 * facts worker/conditions reads (risk, honours, intellectual property, tax), the count of every list of its
 * profile (the tabs of events/families/profile-groups.ts), and the records of its synchronised risk lists
 * (the judicial, credit and administrative groups). Values are shown as a person reads them (dictionary
 * labels, yes/no) in the request's language; the page (./page.ts) prints exactly these sections.
 */
import type { CreditReport, ReportSection } from "../../events/api/credit.ts";
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import { profileGroups } from "../../events/families/profile-groups.ts";
import { families } from "../../events/families/index.ts";
import type { Family } from "../../events/family.ts";
import type { Field } from "../../events/fields.ts";
import type { Lang } from "../../events/i18n.ts";
import { factCatalogue } from "../../events/conditions/facts.ts";
import { loadFacts } from "../conditions/index.ts";
import { enterpriseCounts } from "../enterprise/counts.ts";
import { dictionaryEntries, labelsByValue } from "../resources/spreadsheet/lookups.ts";
import { notFound } from "../errors.ts";
import { reportTexts } from "./texts.ts";
import * as q from "./queries.ts";

/** The profile groups whose lists are risk lists, shown record by record. */
const riskGroups = new Set(["judicial", "credit", "administrative"]);
/** The groups counted in the overview (visits and services are our own work, not the enterprise's credit). */
const countedGroups = new Set(["operations", "ip", "finance", "judicial", "credit", "tax", "administrative"]);
const factGroups = new Set(["risk", "honour", "ip", "tax"]);
const masterKeys = ["entName", "creditCode", "legalPerson", "entType", "regStatus", "regCapital", "estDate", "regAddress", "areaCode", "industry", "scale", "listingStatus", "businessScope"];
/** Records of one risk list shown (its total says how many there are). */
export const rowsPerList = 20;
const columnsPerList = 6;

type Labels = Map<string, Map<string, string>>;

/** A stored value as a person reads it. */
export function shown(field: Field | undefined, value: unknown, labels: Labels, lang: Lang): string {
  if (value === null || value === undefined || value === "") return "";
  if (field?.kind === "bool" || typeof value === "boolean") return value === true || value === 1 ? reportTexts.yes[lang] : reportTexts.no[lang];
  if (field?.kind === "dict" && field.dict) {
    const byValue = labels.get(field.dict);
    const one = (v: unknown) => byValue?.get(String(v)) ?? String(v);
    return Array.isArray(value) ? value.map(one).join(lang === "zh-CN" ? "、" : ", ") : one(value);
  }
  if (Array.isArray(value)) return value.map(String).join(lang === "zh-CN" ? "、" : ", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The columns a list shows: its own (not the enterprise's name and code), no secret field. */
export const listColumns = (family: Family, count = columnsPerList) => family.columns.filter((k) => k !== "creditCode" && k !== "entName" && !family.fields[k]?.secret).slice(0, count);
/** The dictionaries those columns read. */
export const dictionariesOf = (family: Family, keys: readonly string[]) => keys.flatMap((k) => (family.fields[k]?.kind === "dict" && family.fields[k]!.dict ? [family.fields[k]!.dict!] : []));
/** A list's records as the text a reader sees: headed columns and rows. */
export const listTable = (family: Family, keys: readonly string[], records: readonly Record<string, unknown>[], labels: Labels, lang: Lang) => ({
  columns: keys.map((k) => family.fields[k]!.label[lang]),
  rows: records.map((r) => keys.map((k) => shown(family.fields[k], r[k], labels, lang))),
});

/** Our own report of the enterprise, assembled at `at` (ISO) as of `today`. */
export async function ownReport(db: D1Database, creditCode: string, lang: Lang, at: string, today: string): Promise<CreditReport> {
  const master = await q.masterOf(db, creditCode);
  if (!master) throw notFound(enterpriseBasicInfo.label);
  const groups = profileGroups(families).filter((g) => countedGroups.has(g.id));
  const risky = groups.filter((g) => riskGroups.has(g.id)).flatMap((g) => g.tabs.flat());
  const facts = factCatalogue.filter((f) => factGroups.has(f.group));
  const masterFamily = enterpriseBasicInfo as unknown as Family;
  const dictTypes = [...dictionariesOf(masterFamily, masterKeys), ...risky.flatMap((f) => dictionariesOf(f, listColumns(f)))];
  const [factValues, counts, entries, lists] = await Promise.all([
    loadFacts(db, [creditCode], today, facts.map((f) => f.key)),
    enterpriseCounts(db, groups.flatMap((g) => g.tabs.flat()), creditCode),
    dictionaryEntries(db, [...new Set(dictTypes)]),
    Promise.all(risky.map((f) => q.recordsNaming(db, f, creditCode, rowsPerList))),
  ]);
  const labels = labelsByValue(entries, lang);
  const valueOf = factValues.get(creditCode) ?? {};
  const sections: ReportSection[] = [
    {
      kind: "fields",
      title: reportTexts.basics[lang],
      items: masterKeys.map((k) => ({ label: masterFamily.fields[k]!.label[lang], value: shown(masterFamily.fields[k], master[k], labels, lang) })),
    },
    {
      kind: "fields",
      title: reportTexts.facts[lang],
      items: facts.map((f) => {
        const value = valueOf[f.key];
        const text = shown(undefined, value, labels, lang);
        return { label: f.label[lang], value: text && f.unit && typeof value === "number" ? `${text} ${f.unit[lang]}` : text };
      }),
    },
    {
      kind: "table",
      title: reportTexts.overview[lang],
      columns: [reportTexts.group[lang], reportTexts.list[lang], reportTexts.records[lang]],
      rows: groups.flatMap((g) => g.tabs.flat().map((f) => [g.label[lang], f.label[lang], String(counts[f.name] ?? 0)])),
      total: groups.reduce((n, g) => n + g.tabs.flat().length, 0),
    },
    ...risky.map((family, i): ReportSection => {
      return { kind: "table", title: family.label[lang], ...listTable(family, listColumns(family), lists[i]!.rows, labels, lang), total: lists[i]!.total };
    }),
  ];
  return { creditCode, entName: String(master.entName ?? ""), source: "qifu", assembledAt: at, sections };
}
