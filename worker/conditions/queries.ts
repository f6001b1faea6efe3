/**
 * How each fact of the catalogue (events/conditions/facts.ts) is read from the read models: one SQL
 * expression per fact over the enterprise master row `e`, as of a day. The same expression serves both
 * paths — loadFacts selects it for the evaluator, compileCondition compares it in a WHERE — so the two
 * agree by construction. Table and column names come from the family declarations, so a renamed field
 * breaks the type check here rather than the SQL at run time.
 *
 * Rules every expression keeps:
 * - a count of tab or list records is 0, never NULL; a figure the enterprise has no record for is NULL;
 * - "in force", "last 3 years" and ages are relative to `asOf` (YYYY-MM-DD), never to the clock;
 * - a deleted record is gone from its read model (the engine deletes the row and keeps it in the recycle
 *   bin), and a synchronised item the source stopped returning (`sourceRemoved`) does not count;
 * - a flag is 0/1, read back as a boolean.
 */
import type { Family } from "../../events/family.ts";
import type { Field } from "../../events/fields.ts";
import { factCatalogue, type FactDef } from "../../events/conditions/facts.ts";
import { isLeaf, type Comparison, type ComparisonOp, type Condition, type FactValue, type Facts, type Leaf, type Scalar } from "../../events/conditions/tree.ts";
import { containsPattern } from "../http/input.ts";
import {
  enterpriseBasicInfo,
  enterpriseGrade,
  annualReport,
  financialInfo,
  hitech,
  honoraryQualifications,
  patentInfo,
  restrictionHighConsumptionCase,
  socialSecurityInfo,
  softwareCopyright,
  trademarkInfo,
} from "../../events/families/enterprise.ts";
import { synDisSxbzxrList, synJudDocList, synPerformerList } from "../../events/families/syn-courts.ts";
import { synDetailListPenalty } from "../../events/families/syn-registration.ts";

/** The day facts are read as of, checked so it can be written into SQL as a literal. */
export interface AsOf {
  /** 'YYYY-MM-DD' as an SQL literal */
  day: string;
  year: number;
  /** 'MM-DD' as an SQL literal */
  monthDay: string;
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A checked `asOf`: a real calendar day. Anything else is refused, naming the rule. */
export function asOfDay(asOf: string): AsOf {
  const m = dayPattern.exec(asOf);
  const valid = m && new Date(`${asOf}T00:00:00Z`).toISOString().slice(0, 10) === asOf;
  if (!m || !valid) throw new RangeError(`asOf must be a calendar day written YYYY-MM-DD, got ${JSON.stringify(asOf)}`);
  return { day: `'${asOf}'`, year: Number(m[1]), monthDay: `'${m[2]}-${m[3]}'` };
}

/** A family's columns as `<alias>.<column>`, by field key (typed: a key the family lacks does not compile). */
const columnsOf =
  <F extends Record<string, Field>>(family: Family<F>) =>
  (key: keyof F & string, alias = "x") =>
    `${alias}.${family.column[key]}`;
const E = (key: keyof (typeof enterpriseBasicInfo)["fields"] & string) => columnsOf(enterpriseBasicInfo)(key, "e");

/** Records of a family attached to the enterprise, with a condition. */
const count = (family: { table: string }, where: string) => `(SELECT COUNT(*) FROM ${family.table} x WHERE x.credit_code = e.credit_code AND ${where})`;
/** A synchronised item still returned by its source. */
const stillListed = "COALESCE(x.source_removed, 0) = 0";
/**
 * A column compared but never used to pick an index (SQLite's unary +): every subquery must seek by the
 * enterprise's credit code. Without statistics the planner otherwise takes a filter's own index (patent
 * type, legal status, period type: a few values over every enterprise's records) and scans 100,000
 * enterprises' worth of rows per enterprise; an enterprise's own records are few, so reading them all is cheap.
 */
const plain = (column: string) => `+${column}`;
/** A date on or before the day (an unknown date does not exclude the record). */
const notAfter = (column: string, d: AsOf) => `(${column} IS NULL OR ${column} <= ${d.day})`;

const P = columnsOf(patentInfo);
/** Years a patent runs from filing (专利法 art. 42: invention 20, utility model 10, design 15). */
const patentTerm: Record<string, number> = { invention: 20, utilityModel: 10, design: 15 };
/**
 * Granted patents of some types in force on the day: status granted, granted by then, term not run out.
 * Reads only the (credit code, legal status, patent type, grant date, filing date) index (migration 0021).
 */
const patentsInForce = (types: (keyof typeof patentTerm)[], d: AsOf, extra = "") => {
  const term = (type: string) => `date(${d.day}, '-${patentTerm[type]} years')`;
  const since = types.length === 1 ? term(types[0]!) : `CASE ${P("patentType")} ${types.map((t) => `WHEN '${t}' THEN ${term(t)}`).join(" ")} END`;
  return count(
    patentInfo,
    `${P("legalStatus")} = 'granted' AND ${P("patentType")} IN (${types.map((t) => `'${t}'`).join(", ")}) AND ${notAfter(P("grantDate"), d)} ` +
      `AND (${P("appDate")} IS NULL OR ${P("appDate")} > ${since})${extra}`,
  );
};

const SC = columnsOf(softwareCopyright);
const softwareInForce = (d: AsOf) => count(softwareCopyright, `COALESCE(${SC("status")}, 'registered') <> 'revoked' AND ${notAfter(SC("regDate"), d)}`);

const TM = columnsOf(trademarkInfo);
const HQ = columnsOf(honoraryQualifications);
/**
 * An honour in force on the day: not revoked nor only under public notice, valid from before the day and
 * not past its end (an honour without an end date stands unless its status says it expired).
 */
const honoursInForce = (d: AsOf, level?: string) =>
  count(
    honoraryQualifications,
    `COALESCE(${HQ("status")}, 'valid') NOT IN ('revoked', 'publicity') AND ${notAfter(HQ("validFrom"), d)} ` +
      `AND CASE WHEN ${HQ("validTo")} IS NULL THEN COALESCE(${HQ("status")}, 'valid') <> 'expired' ELSE ${HQ("validTo")} >= ${d.day} END` +
      (level ? ` AND ${plain(HQ("level"))} = '${level}'` : ""),
  );

const H = columnsOf(hitech);
/** A high-tech certificate runs 3 years from issue (高新技术企业认定管理办法 art. 9) when no end date is recorded. */
const hitechValid = (d: AsOf) =>
  `(EXISTS (SELECT 1 FROM ${hitech.table} x WHERE x.credit_code = e.credit_code AND COALESCE(${H("status")}, 'valid') NOT IN ('revoked', 'publicity') ` +
  `AND ${notAfter(H("issueDate"), d)} AND COALESCE(${H("validUntil")}, date(${H("issueDate")}, '+3 years')) >= ${d.day}))`;

const F = columnsOf(financialInfo);
/** The latest annual period up to the day's year (ties, which are data errors, by id: the order of the (credit code, period, id) index, read backwards without a sort). */
const latestAnnual = (d: AsOf, alias = "x") =>
  `${alias}.credit_code = e.credit_code AND ${plain(F("periodType", alias))} = 'annual' AND substr(${F("period", alias)}, 1, 4) <= '${d.year}' ` +
  `ORDER BY ${F("period", alias)} DESC, ${alias}.id DESC LIMIT 1`;
const finance = (expr: string, d: AsOf) => `(SELECT ${expr} FROM ${financialInfo.table} x WHERE ${latestAnnual(d)})`;
const ratio = (num: string, den: string) => `CASE WHEN ${den} > 0 THEN ${num} * 100.0 / ${den} END`;
const revenue = F("operatingIncome");
/** Growth over the previous calendar year's annual figure (NULL without one, or when it was not positive). */
const revenueGrowth = (d: AsOf) => {
  const prev = F("operatingIncome", "p");
  const previous =
    `(SELECT ${ratio(`(${revenue} - ${prev})`, prev)} FROM ${financialInfo.table} p WHERE p.credit_code = x.credit_code AND ${plain(F("periodType", "p"))} = 'annual' ` +
    `AND substr(${F("period", "p")}, 1, 4) = CAST(CAST(substr(${F("period")}, 1, 4) AS INTEGER) - 1 AS TEXT) ` +
    `ORDER BY ${F("period", "p")} DESC, p.id DESC LIMIT 1)`;
  return finance(previous, d);
};

/** A figure (over the alias `p`) of the annual period the calendar year before the latest one (NULL without one). */
const previousYear = (expr: string, d: AsOf) =>
  finance(
    `(SELECT ${expr} FROM ${financialInfo.table} p WHERE p.credit_code = x.credit_code AND ${plain(F("periodType", "p"))} = 'annual' ` +
      `AND substr(${F("period", "p")}, 1, 4) = CAST(CAST(substr(${F("period")}, 1, 4) AS INTEGER) - 1 AS TEXT) ` +
      `ORDER BY ${F("period", "p")} DESC, p.update_time DESC, p.id DESC LIMIT 1)`,
    d,
  );

const SS = columnsOf(socialSecurityInfo);
const AR = columnsOf(annualReport);
const G = columnsOf(enterpriseGrade);
const upToYear = (column: string, d: AsOf) => `(${column} IS NULL OR ${column} <= ${d.year})`;

const RH = columnsOf(restrictionHighConsumptionCase);
const PERF = columnsOf(synPerformerList);
const DIS = columnsOf(synDisSxbzxrList);
const PEN = columnsOf(synDetailListPenalty);
const JUD = columnsOf(synJudDocList);

/** One SQL expression per fact key, over `e`, as of the day. */
export const factSql: Readonly<Record<string, (d: AsOf) => string>> = {
  industry: () => E("industry"),
  areaCode: () => E("areaCode"),
  scale: () => E("scale"),
  entType: () => E("entType"),
  regStatus: () => E("regStatus"),
  listingStatus: () => E("listingStatus"),
  regCapital: () => E("regCapital"),
  estDate: () => E("estDate"),
  // completed years (满 N 年): the day's year less the founding year, less one before the anniversary
  ageYears: (d) => `CASE WHEN ${E("estDate")} IS NULL OR ${E("estDate")} = '' THEN NULL ELSE ${d.year} - CAST(substr(${E("estDate")}, 1, 4) AS INTEGER) - (${d.monthDay} < substr(${E("estDate")}, 6, 5)) END`,

  inventionPatents: (d) => patentsInForce(["invention"], d),
  inventionPatents3y: (d) => patentsInForce(["invention"], d, ` AND ${P("grantDate")} > date(${d.day}, '-3 years')`),
  utilityPatents: (d) => patentsInForce(["utilityModel"], d),
  designPatents: (d) => patentsInForce(["design"], d),
  softwareCopyrights: softwareInForce,
  trademarks: (d) => count(trademarkInfo, `${plain(TM("status"))} = 'registered' AND ${notAfter(TM("regPubDate"), d)} AND (${TM("validTo")} IS NULL OR ${TM("validTo")} >= ${d.day})`),
  // 科技型中小企业评价办法: class I is invention patents (the other class I kinds — plant varieties, new drugs,
  // layout designs — have no read model); class II is utility models, designs and software copyrights
  ipClass1: (d) => patentsInForce(["invention"], d),
  ipClass2: (d) => `(${patentsInForce(["utilityModel", "design"], d)} + ${softwareInForce(d)})`,

  revenue: (d) => finance(revenue, d),
  revenueGrowth,
  netProfit: (d) => finance(F("netProfit"), d),
  netMargin: (d) => finance(ratio(F("netProfit"), revenue), d),
  totalAssets: (d) => finance(F("totalAssets"), d),
  debtRatio: (d) => finance(`COALESCE(${F("debtRatio")}, ${ratio(F("totalLiabilities"), F("totalAssets"))})`, d),
  taxPaid: (d) => finance(F("taxPaid"), d),
  rdExpense: (d) => finance(F("rdExpense"), d),
  rdRatio: (d) => finance(ratio(F("rdExpense"), revenue), d),
  rdExpensePrev: (d) => previousYear(F("rdExpense", "p"), d),
  rdRatioPrev: (d) => previousYear(ratio(F("rdExpense", "p"), F("operatingIncome", "p")), d),
  // both years' figures or none: an average of one year is not the two-year average a scheme asks
  rdExpense2yAvg: (d) => previousYear(`(${F("rdExpense")} + ${F("rdExpense", "p")}) / 2.0`, d),

  // the latest annual financial figure, else the latest annual report's
  employees: (d) =>
    `COALESCE(${finance(F("employeeCount"), d)}, (SELECT ${AR("employeeCount")} FROM ${annualReport.table} x WHERE x.credit_code = e.credit_code AND ${AR("employeeCount")} IS NOT NULL ` +
    `AND ${upToYear(AR("reportYear"), d)} ORDER BY ${AR("reportYear")} DESC, x.id DESC LIMIT 1))`,
  // pension insurance is the one every employee has; medical when the report left it out
  insuredEmployees: (d) =>
    `(SELECT COALESCE(${SS("pensionCount")}, ${SS("medicalCount")}) FROM ${socialSecurityInfo.table} x WHERE x.credit_code = e.credit_code ` +
    `AND ${upToYear(SS("reportYear"), d)} ORDER BY ${SS("reportYear")} DESC, x.id DESC LIMIT 1)`,

  hitechValid,
  honoursNational: (d) => honoursInForce(d, "national"),
  honoursProvincial: (d) => honoursInForce(d, "provincial"),
  honours: (d) => honoursInForce(d),

  executedCases: (d) => count(synPerformerList, `${stillListed} AND ${notAfter(PERF("filingDate"), d)}`),
  // listed on the day: published by then and not yet removed from the list
  dishonestRecords: (d) => count(synDisSxbzxrList, `${stillListed} AND ${notAfter(DIS("publishDate"), d)} AND (${DIS("exitDate")} IS NULL OR ${DIS("exitDate")} > ${d.day})`),
  // orders not lifted (the record keeps no lifting date, so a lifted order never counts)
  highConsumptionRestrictions: (d) => count(restrictionHighConsumptionCase, `COALESCE(${RH("isHistorical")}, 0) = 0 AND ${notAfter(`COALESCE(${RH("publishDate")}, ${RH("filingDate")})`, d)}`),
  administrativePenalties: (d) => count(synDetailListPenalty, `${stillListed} AND ${notAfter(PEN("decisionDate"), d)}`),
  litigations: (d) => count(synJudDocList, `${stillListed} AND ${notAfter(JUD("judgeDate"), d)}`),

  taxCreditGrade: (d) =>
    `(SELECT ${G("grade")} FROM ${enterpriseGrade.table} x WHERE x.credit_code = e.credit_code AND ${plain(G("gradeType"))} = 'taxCredit' AND ${upToYear(G("gradeYear"), d)} ` +
    `AND ${notAfter(G("publishDate"), d)} ORDER BY ${G("gradeYear")} DESC, ${G("publishDate")} DESC, x.id DESC LIMIT 1)`,
};

/** The catalogue's facts that have an expression (all of them; a test holds the two lists equal). */
export const readableFacts: readonly FactDef[] = factCatalogue.filter((f) => f.key in factSql);
const readableByKey = new Map(readableFacts.map((f) => [f.key, f]));

/** How a fact's value reads in JavaScript, which decides which leaf values can ever match it. */
export type FactKind = "number" | "string" | "boolean" | "list";
export const kindOf = (def: FactDef): FactKind =>
  def.type === "number" || def.type === "count" || def.type === "percent" ? "number" : def.type === "bool" ? "boolean" : def.type === "dictList" ? "list" : "string";

// ---------------------------------------------------------------- compiling a condition

type Param = string | number;

/** Binds a value and answers its placeholder. Booleans bind as 1/0 (flags are stored so). */
const binder = (params: Param[]) => (value: Scalar) => {
  params.push(typeof value === "boolean" ? (value ? 1 : 0) : value);
  return "?";
};
const kindOfValue = (v: unknown): FactKind | undefined => (typeof v === "number" ? "number" : typeof v === "string" ? "string" : typeof v === "boolean" ? "boolean" : undefined);

/**
 * One leaf as SQL, following evaluate.ts's `holds`: a value of another kind than the fact's never matches
 * (the evaluator's sameKind), a missing fact fails everything but `missing`, and a list-valued fact
 * (a multi-value dictionary stored as a JSON array) is `eq v` when it holds v, `in` when it shares a value.
 * The caller wraps the answer in coalesce(…, 0): NULL (a comparison with a missing fact) is false.
 */
function leafSql(leaf: Leaf, def: FactDef, x: string, bind: (v: Scalar) => string): string {
  const kind = kindOf(def);
  const present = kind === "list" ? `json_array_length(${x}) > 0` : `${x} IS NOT NULL`;
  if (leaf.op === "exists") return present;
  if (leaf.op === "missing") return `NOT (${present})`;
  if (kind === "list") {
    const holdsAny = (values: (string | number)[]) => `EXISTS (SELECT 1 FROM json_each(${x}) WHERE value IN ${oneOf(values.map(String), bind)})`;
    switch (leaf.op) {
      case "eq": return holdsAny([leaf.value as string]);
      case "ne": return `${present} AND NOT ${holdsAny([String(leaf.value)])}`;
      case "in": return holdsAny(leaf.values);
      case "notIn": return `${present} AND NOT ${holdsAny(leaf.values)}`;
      default: return "0";
    }
  }
  if (leaf.op === "between") {
    const ends = [leaf.min, leaf.max].filter((v) => v !== undefined);
    if (ends.some((v) => kindOfValue(v) !== kind)) return "0";
    return [leaf.min !== undefined ? `${x} >= ${bind(leaf.min)}` : "", leaf.max !== undefined ? `${x} < ${bind(leaf.max)}` : ""].filter(Boolean).join(" AND ");
  }
  if (leaf.op === "in" || leaf.op === "notIn") {
    const same = leaf.values.filter((v) => kindOfValue(v) === kind);
    const shares = same.length ? `${x} IN ${oneOf(same, bind)}` : "0";
    return leaf.op === "in" ? shares : `${present} AND NOT (${shares})`;
  }
  const c = leaf as Comparison;
  if (kindOfValue(c.value) !== kind) return "0";
  return `${x} ${sqlOperator[c.op]} ${bind(c.value)}`;
}
/**
 * The right side of an IN: texts as one JSON parameter (a list may hold 200 values, twice what D1 binds in
 * a statement), numbers bound one by one (SQLite reading a JSON number need not give back the very same double).
 */
function oneOf(values: (string | number)[], bind: (v: Scalar) => string): string {
  if (values.every((v) => typeof v === "string")) return `(SELECT value FROM json_each(${bind(JSON.stringify(values))}))`;
  return `(${values.map(bind).join(", ")})`;
}
const sqlOperator: Record<ComparisonOp, string> = { eq: "=", ne: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" };

/** Leaves on the master row cost nothing; aggregates cost a subquery: cheap ones go first so AND/OR stop early. */
const costOf = (c: Condition): number => (isLeaf(c) ? (readableByKey.get(c.fact)?.group === "master" ? 0 : 1) : "not" in c ? costOf(c.not) : Math.max(...("all" in c ? c.all : c.any).map(costOf)));

/**
 * A condition tree as one boolean SQL expression over the master row `e` (en_enterprise_basic_info), true
 * exactly when evaluate(tree, facts).pass is. Every leaf is wrapped in coalesce(…, 0); values are bound
 * (`params` in placeholder order), the day is written as a checked literal. A fact outside the catalogue
 * (a paper's answer `q:…`) has no SQL: the caller evaluates such trees over loaded facts instead.
 */
export function compileCondition(tree: Condition, asOf: string): { sql: string; params: Param[] } {
  const d = asOfDay(asOf);
  const params: Param[] = [];
  const bind = binder(params);
  const go = (c: Condition): string => {
    if (isLeaf(c)) {
      const def = readableByKey.get(c.fact);
      if (!def) throw new RangeError(`the fact ${c.fact} cannot be read from the read models`);
      return `coalesce(${leafSql(c, def, `(${factSql[c.fact]!(d)})`, bind)}, 0)`;
    }
    if ("not" in c) return `(NOT ${go(c.not)})`;
    const kids = [...("all" in c ? c.all : c.any)].sort((a, b) => costOf(a) - costOf(b));
    return `(${kids.map(go).join("all" in c ? " AND " : " OR ")})`;
  };
  return { sql: go(tree), params };
}

// ---------------------------------------------------------------- reading

/** Enterprises per statement in loadFacts: their codes travel as one JSON parameter. */
const codesPerStatement = 500;
/** Statements per D1 batch call. */
const statementsPerBatch = 20;

/** The statement reading facts (all, or `keys`) of the enterprises whose codes its one parameter lists as a JSON array. */
export function factsStatement(asOf: string, keys?: readonly string[]): { sql: string; defs: readonly FactDef[] } {
  const d = asOfDay(asOf);
  const defs = keys ? readableFacts.filter((f) => keys.includes(f.key)) : readableFacts;
  const select = ["e.credit_code AS creditCode", ...defs.map((f, i) => `${factSql[f.key]!(d)} AS f${i}`)].join(", ");
  return { sql: `SELECT ${select} FROM ${enterpriseBasicInfo.table} e WHERE e.credit_code IN (SELECT value FROM json_each(?))`, defs };
}

/**
 * The facts of each enterprise (by credit code) as of a day, for the evaluator: the catalogue's facts, or
 * only `keys` (keys outside the catalogue, such as a paper's answers, are not read here and are left out).
 * An unknown credit code has no entry. Codes go 500 to a statement as one bound JSON array.
 */
export async function loadFacts(db: D1Database, creditCodes: readonly string[], asOf: string, keys?: readonly string[]): Promise<Map<string, Facts>> {
  const { sql, defs } = factsStatement(asOf, keys);
  const codes = [...new Set(creditCodes)];
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < codes.length; i += codesPerStatement) statements.push(db.prepare(sql).bind(JSON.stringify(codes.slice(i, i + codesPerStatement))));
  const out = new Map<string, Facts>();
  for (let i = 0; i < statements.length; i += statementsPerBatch) {
    const answers = await db.batch<Record<string, unknown>>(statements.slice(i, i + statementsPerBatch));
    for (const { results } of answers) {
      for (const row of results) {
        const facts: Record<string, FactValue> = {};
        defs.forEach((f, j) => (facts[f.key] = fromSql(f, row[`f${j}`])));
        out.set(row.creditCode as string, facts);
      }
    }
  }
  return out;
}

/** A column's value as the evaluator reads the fact. */
function fromSql(def: FactDef, value: unknown): FactValue {
  if (value === null || value === undefined) return null;
  switch (kindOf(def)) {
    case "boolean": return value === 1 || value === true;
    case "list": {
      const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
      return Array.isArray(parsed) ? parsed.map(String) : null;
    }
    case "number": return typeof value === "number" ? value : Number(value);
    default: return typeof value === "string" ? value : String(value);
  }
}

export interface MeetingPage {
  limit: number;
  offset: number;
  /** part of the enterprise's name */
  name?: string | undefined;
}

/**
 * The enterprises that meet a condition as of a day (a page of credit codes in code order, and how many
 * meet it), found in SQL over every enterprise: one statement reads the page and the total together.
 */
export async function enterprisesMeeting(db: D1Database, tree: Condition, asOf: string, page: MeetingPage): Promise<{ total: number; creditCodes: string[] }> {
  const limit = Math.max(0, Math.floor(page.limit));
  const offset = Math.max(0, Math.floor(page.offset));
  const condition = compileCondition(tree, asOf);
  const where = [condition.sql];
  const params: Param[] = [...condition.params];
  if (page.name) {
    where.push(`e.ent_name LIKE ? ESCAPE '\\'`);
    params.push(containsPattern(page.name));
  }
  const from = `FROM ${enterpriseBasicInfo.table} e WHERE ${where.join(" AND ")}`;
  const { results } = await db
    .prepare(`SELECT e.credit_code AS creditCode, COUNT(*) OVER () AS total ${from} ORDER BY e.credit_code LIMIT ? OFFSET ?`)
    .bind(...params, limit, offset)
    .all<{ creditCode: string; total: number }>();
  if (results.length > 0) return { total: results[0]!.total, creditCodes: results.map((r) => r.creditCode) };
  // past the last page (or an empty page asked for): the total alone
  const counted = await db.prepare(`SELECT COUNT(*) AS n ${from}`).bind(...params).first<{ n: number }>();
  return { total: counted?.n ?? 0, creditCodes: [] };
}
