/**
 * Believable sample items for a synchronised list, in the upstream's own field names and formats: what the
 * built-in offline source serves (worker/sync/builtin.ts) and what the tests' local server pages through.
 * Deterministic: the same enterprise, list and index always give the same item, so a second pass over an
 * unchanged source changes nothing. Values follow the list's declaration (field kinds, dictionaries), with
 * key-name conventions for the texts a reader recognises (case numbers, courts, authorities, names).
 */
import type { Family } from "../family.ts";
import type { Field } from "../fields.ts";
import type { SynList } from "../families/syn-common.ts";
import { allDictionarySeeds } from "../seed/all-dictionaries.ts";
import { issuerKinds, namesIssuer, orderDates, penaltyActs, pickIssuer, statusDates } from "../coherence.ts";

/** FNV-1a: a stable 32-bit seed from a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for sample data. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const courtCodes = ["01", "0113", "0112", "0116", "0402", "0302", "0502", ""];
const xianDistricts = ["雁塔区", "未央区", "碑林区", "长安区", "新城区", "莲湖区"];
const surnames = "王李张刘陈杨赵黄周吴徐孙马朱胡郭何高林罗";
const givenNames = ["伟", "芳", "娜", "敏", "静", "磊", "军", "洋", "勇", "艳", "杰", "涛", "明", "超", "秀英", "建华", "志强", "海燕"];
const companies = ["陕西秦创科技有限公司", "西安华鼎建设工程有限公司", "陕西长隆商贸有限公司", "西安瑞丰物流有限公司", "陕西汉唐新材料有限公司", "西安启明电子科技有限公司"];
const causes = ["买卖合同纠纷", "借款合同纠纷", "建设工程施工合同纠纷", "劳动争议", "租赁合同纠纷", "服务合同纠纷", "金融借款合同纠纷"];

const dictLabels = new Map<string, string[]>();
/** dictionary type → Chinese label → code, to read the sample's labels against rules written in codes */
const dictCodes = new Map<string, Map<string, string>>();
for (const { type, entries } of allDictionarySeeds) {
  dictLabels.set(type, [...(dictLabels.get(type) ?? []), ...entries.map(([, name]) => name)]);
  const codes = dictCodes.get(type) ?? new Map<string, string>();
  for (const [code, name] of entries) codes.set(name, code);
  dictCodes.set(type, codes);
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const pad = (n: number) => String(n).padStart(2, "0");

function sampleDate(rnd: () => number, offset = 0): string {
  const day = new Date(Date.UTC(2019, 0, 1) + Math.floor(rnd() * 2500 + offset) * 86_400_000);
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
}

/** A value in our normalised form for one field, by its kind and its key's conventions; unique-ish by `n`. */
function ourValue(key: string, f: Field, rnd: () => number, n: number, entName: string): unknown {
  const k = key.toLowerCase();
  switch (f.kind) {
    case "int":
      if (k.includes("year")) return 2025 - n;
      return 1 + Math.floor(rnd() * 200);
    case "number":
      if (k.includes("ratio") || k.includes("percent") || k.includes("rate")) return Math.round(rnd() * 10000) / 100;
      return Math.round(rnd() * 500_000) / 100 + n;
    case "bool":
      return rnd() < 0.2;
    case "date":
      return sampleDate(rnd, n);
    case "datetime":
      return `${sampleDate(rnd, n)} ${pad(8 + Math.floor(rnd() * 10))}:${pad(Math.floor(rnd() * 60))}:00`;
    case "dict":
      return f.dict ? (pick(rnd, dictLabels.get(f.dict) ?? [null]) ?? null) : null;
    case "json":
      return [pick(rnd, companies), entName];
    case "ref":
    case "refs":
      return null;
    case "text":
      break;
  }
  const year = 2019 + Math.floor(rnd() * 7);
  if (k.includes("caseno")) return caseNo(rnd, year, n);
  // a credit code is checked before "authority": the authority's credit code is a code, not a name
  if (k.includes("creditcode") || k.includes("idno") || k.includes("cardnum")) return k.includes("idno") || k.includes("cardnum") ? `6101**********${String(1000 + Math.floor(rnd() * 9000))}` : null;
  if (k.includes("docno") || k.endsWith("no") || k.includes("number") || k.includes("code")) return `陕${pick(rnd, ["市监罚", "环罚", "税稽罚", "应急罚", "许"])}〔${year}〕${100 + n}号`;
  if (k.includes("url")) return `https://www.example.gov.cn/notice/${year}/${100000 + n}`;
  if (k.includes("cause") || k.includes("reason")) return pick(rnd, causes);
  if (k.includes("title")) return `${entName}与${pick(rnd, companies)}${pick(rnd, causes)}一审民事判决书`;
  if ((k.includes("name") || k.includes("person") || k.includes("principal") || k.includes("legal")) && !k.includes("ent") && !k.includes("company") && !k.includes("item")) return `${pick(rnd, [...surnames])}${pick(rnd, givenNames)}`;
  if (k.includes("ent") || k.includes("company") || k.includes("investee") || k.includes("applicant") || k.includes("respondent") || k.includes("party") || k.includes("parties")) return pick(rnd, companies);
  if (k.includes("address") || k.includes("location") || k === "landposition") return address(rnd, pick(rnd, xianDistricts));
  if (k === "district" || k === "administrativearea") return pick(rnd, xianDistricts);
  return `${f.label["zh-CN"].replace(/\(.*\)|（.*）/g, "")}${n + 1}`.slice(0, 24);
}

const caseNo = (rnd: () => number, year: number, n: number) => `(${year})陕${pick(rnd, courtCodes) || "01"}${pick(rnd, ["民初", "民终", "执", "执恢", "破"])}${1000 + n}号`;
const address = (rnd: () => number, district: string) => `陕西省西安市${district}${pick(rnd, ["科技路", "丈八东路", "凤城八路", "锦业路"])}${1 + Math.floor(rnd() * 300)}号`;

/**
 * Makes an item read right (events/coherence.ts): a penalty's violation from the known ones, every issuing body
 * of the kind its list and record call for, decision numbers with that body's abbreviation, dates in their
 * order, a status agreeing with its date, addresses in the item's district. Values are ours, dictionaries as labels.
 */
function cohere(family: Family, ours: Record<string, unknown>, rnd: () => number): void {
  const short = family.perm.slice(family.perm.indexOf(":") + 1);
  const fields = family.fields;
  if ("illegalActType" in ours) {
    const act = pick(rnd, penaltyActs);
    ours.illegalActType = act.act;
    if ("illegalFacts" in ours) ours.illegalFacts = act.facts;
    if ("penaltyContent" in ours) ours.penaltyContent = act.penalty;
  }
  // the rules read codes: the sample holds a dictionary value as its label
  const coded = Object.fromEntries(Object.entries(ours).map(([k, v]) => [k, fields[k]?.dict ? (dictCodes.get(fields[k]!.dict!)?.get(String(v)) ?? v) : v]));
  let abbr: string | undefined;
  for (const key of Object.keys(ours)) {
    if (fields[key]?.kind !== "text" || !namesIssuer(key)) continue;
    const kinds = issuerKinds(short, key, coded);
    if (!kinds.length) continue;
    const body = pickIssuer(kinds, (list) => pick(rnd, list));
    ours[key] = body.name;
    abbr ??= body.abbr;
  }
  const year = 2019 + Math.floor(rnd() * 7);
  for (const key of Object.keys(ours)) {
    if (!/DocNo$|^docNo$/.test(key) || abbr === undefined || ours[key] === null) continue;
    // a court's basis is a case number; an agency's decision carries its abbreviation
    ours[key] = abbr === "" ? caseNo(rnd, year, Math.floor(rnd() * 900)) : `陕${abbr}${/licen/i.test(family.name) ? "许" : "罚"}〔${year}〕${100 + Math.floor(rnd() * 900)}号`;
  }
  orderDates(ours);
  for (const rule of statusDates) {
    if (fields[rule.status]?.dict !== rule.dict || !(rule.date in ours) || ours[rule.status] === null) continue;
    if (!rule.with.includes(String(coded[rule.status]))) ours[rule.date] = null;
  }
  const district = ours.district ?? ours.administrativeArea;
  if (typeof district === "string") for (const key of ["landPosition", "address", "location"]) if (typeof ours[key] === "string") ours[key] = address(rnd, district);
}

/** Our value in the upstream's format: dates sometimes in Chinese, booleans as 是/否 (the adapter normalises them back). */
function upstreamValue(f: Field, value: unknown, rnd: () => number): unknown {
  if (value === null) return null;
  if (f.kind === "date" && rnd() < 0.3) {
    const [y, m, d] = String(value).split("-");
    return `${y}年${m}月${d}日`;
  }
  if (f.kind === "bool") return value ? "是" : "否";
  if (f.kind === "text" && typeof value === "string" && value.startsWith("(") && rnd() < 0.5) return value.replace("(", "（").replace(")", "）");
  return value;
}

/** The `index`-th item (0-based) the source holds for an enterprise in a list; `revision` > 0 changes a field. */
export function sampleItem(list: SynList, creditCode: string, entName: string, index: number, revision = 0): Record<string, unknown> {
  const family: Family = list.family;
  const rnd = random(hash(`${list.family.name}|${creditCode}|${index}`));
  const item: Record<string, unknown> = {};
  const keyParts = new Set(list.source.key);
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(list.source.fields)) {
    const f = family.fields[key];
    if (!f) continue;
    // the first key part carries the index, so every item of a page has its own natural key
    const n = keyParts.has(key) && list.source.key[0] === key ? index : Math.floor(rnd() * 50);
    values[key] = ourValue(key, f, rnd, n, entName);
  }
  cohere(family, values, rnd);
  for (const [key, upstream] of Object.entries(list.source.fields)) {
    const f = family.fields[key];
    if (!f) continue;
    let value = values[key];
    if (value !== null && f.kind !== "dict" && !f.schema.safeParse(value).success) value = null;
    item[upstream] = upstreamValue(f, value, rnd);
  }
  if (list.source.idField) item[list.source.idField] = `${list.source.product}-${hash(`${creditCode}|${list.family.name}`).toString(16)}-${index}`;
  if (revision > 0) {
    const text = Object.entries(list.source.fields).find(([ours]) => !keyParts.has(ours) && family.fields[ours]?.kind === "text" && !namesIssuer(ours));
    if (text) item[text[1]] = `${String(item[text[1]] ?? "")}（更正${revision}）`.slice(-40);
  }
  return item;
}

/** How many items the built-in source holds for an enterprise in a list: none for some, up to 4. */
export function sampleCount(list: SynList, creditCode: string): number {
  const r = hash(`count|${list.family.name}|${creditCode}`) % 10;
  return r < 3 ? 0 : r - 2 > 4 ? 4 : r - 2;
}
