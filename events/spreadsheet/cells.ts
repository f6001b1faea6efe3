/**
 * Spreadsheet cells → record values, as they come from real offices: numbers stored as text, full-width
 * digits, dates as Excel serial numbers or as text in the usual Chinese forms, 是/否 for booleans,
 * dictionary labels in either language. Shared by the worker's import and the browser's preview; pure.
 *
 * @example
 * normaliseCell(field.date(l("日期", "Date")), 45296)            // "2024-01-05"
 * normaliseCell(field.int(l("年龄", "Age")), "１２")              // 12
 */
import type { Field } from "../fields.ts";

/** How a cell is read beyond its field: dictionary labels, and the workbook's date system. */
export interface CellContext {
  /** the dictionary value a label (in either language) or value names, for a dictionary type; undefined when none */
  dictValue?: (type: string, text: string) => string | undefined;
  /** the workbook counts days from 1904 (old Mac Excel) instead of 1900 */
  date1904?: boolean;
}

// ---- blank cells and rows

/** Whether a cell holds nothing (absent, null, or only spaces of any width). */
export function isBlankCell(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return cleanText(value) === "";
  return false;
}

/** Whether a row holds nothing: blank rows and rows with formatting only are skipped by an import. */
export const isBlankRow = (cells: readonly unknown[]) => cells.every(isBlankCell);

/** 合计, 总计, 小计 (spaces inside and a trailing colon allowed): what a totals row says. */
const totalsWord = /^(合计|总计|小计):?$/;
/** …or how its first cell starts: the word, then nothing, a colon, a parenthesis or a figure (not 总计划). */
const totalsStart = /^(合计|总计|小计)([:(\d]|$)/;
const totalsText = (value: unknown) => (typeof value === "string" ? foldText(value).replace(/\s+/g, "") : "");

/**
 * Whether a row is the totals line an office adds under its data (合计/总计/小计): its first non-empty cell
 * is one of those words or starts with one followed by a colon, a parenthesis or a figure (合计：1200,
 * 小计（元）), or any cell is exactly one of them. An import skips it.
 *
 * @example
 * isTotalsRow(["合计", null, 1200])        // true
 * isTotalsRow([null, "西安", "小计", 300])  // true
 */
export function isTotalsRow(cells: readonly unknown[]): boolean {
  const first = cells.find((c) => !isBlankCell(c));
  if (totalsStart.test(totalsText(first))) return true;
  return cells.some((c) => totalsWord.test(totalsText(c)));
}

/** Trimmed text without zero-width characters and non-breaking spaces at its ends. */
const cleanText = (text: string) => text.replace(/^[\s\u200b\ufeff\u00a0\u3000]+|[\s\u200b\ufeff\u00a0\u3000]+$/g, "");

/** NFKC (full-width digits and letters → half-width), trimmed. */
export const foldText = (text: string) => cleanText(text.normalize("NFKC"));

/** The key a dictionary label or value is compared by: folded and lower case. */
export const dictKey = (text: string) => foldText(text).toLowerCase();

// ---- numbers

/** A number's text without exponent notation for integers (phone numbers kept in number cells). */
export function numberText(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return BigInt(n).toString();
  return String(n);
}

/** "１,２３４.５" → 1234.5; null when the text is not a plain decimal number. */
export function parseNumberText(text: string): number | null {
  const folded = foldText(text).replace(/[\s,]/g, "");
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(folded) ? Number(folded) : null;
}

// ---- booleans

const yes = new Set(["是", "yes", "y", "true", "1", "√", "✓", "对"]);
const no = new Set(["否", "no", "n", "false", "0", "×", "✗", "错"]);

/** 是/否, yes/no, true/false, 1/0 → a boolean; null when the text says neither. */
export function parseBoolText(text: string): boolean | null {
  const key = foldText(text).toLowerCase();
  if (yes.has(key)) return true;
  if (no.has(key)) return false;
  return null;
}

// ---- dates

const dayMs = 86_400_000;
/** Days from 1899-12-30 (Excel's day 0 in the 1900 system, after its phantom 1900-02-29) to 1970-01-01. */
const unixEpochSerial = 25569;
/** The largest serial Excel has: 9999-12-31. */
const maxSerial = 2958465;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
/** The product shows times in China Standard Time (UTC+8, no daylight saving). */
const chinaOffsetMinutes = 8 * 60;

function validDate(year: number, month: number, day: number): boolean {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** An Excel serial number (days, the fraction is the time of day) → "yyyy-MM-dd HH:mm:ss"; null out of range. */
export function serialToDateTime(serial: number, date1904 = false): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > maxSerial) return null;
  // the 1900 system counts a 1900-02-29 that never was: serials before it are one day early
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  const ms = Math.round((days - unixEpochSerial) * 86400) * 1000;
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

/** "yyyy-MM-dd" or "yyyy-MM-dd HH:mm:ss" → the Excel serial number (1900 system) a date cell holds. */
export function dateTimeToSerial(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return null;
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  return ms / dayMs + unixEpochSerial;
}

const dateTextPattern =
  /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*[日号]?(?:(?:\s+|\s*T\s*)(\d{1,2})\s*[:时]\s*(\d{1,2})(?:\s*[:分]\s*(\d{1,2})(?:\.\d+)?\s*秒?|\s*分)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * A date (and time) written as text: 2024-01-05, 2024/1/5, 2024.1.5, 2024年1月5日, 20240105, each
 * optionally followed by a time 8:30, 08:30:15 or 8时30分. Null when it is none of those or no real date.
 */
export function parseDateText(text: string): { date: string; time: string | null } | null {
  const folded = foldText(text);
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(folded);
  const m = compact ?? dateTextPattern.exec(folded);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!validDate(year, month, day)) return null;
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (compact || m[4] === undefined) return { date, time: null };
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const zone = m[7];
  if (zone) {
    // an instant (2024-01-04T16:00:00.000Z, what a JavaScript Date becomes in JSON) is read in China time
    const offset = zone.toUpperCase() === "Z" ? 0 : (zone[0] === "-" ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
    const china = new Date(Date.UTC(year, month - 1, day, hour, minute, second) + (chinaOffsetMinutes - offset) * 60_000).toISOString();
    return { date: china.slice(0, 10), time: china.slice(11, 19) };
  }
  return { date, time: `${pad(hour)}:${pad(minute)}:${pad(second)}` };
}

function dateValue(value: unknown, withTime: boolean, context: CellContext): unknown {
  let stamp: string | null = null;
  if (value instanceof Date) {
    stamp = Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 19).replace("T", " ");
  } else if (typeof value === "number" || typeof value === "string") {
    // a serial number (as text only with five digits or more: "2024" is not a day of 1905);
    // 20240105 is a date written without separators
    const serial = typeof value === "number" ? value : /^\s*\d{5,}(\.\d+)?\s*$/.test(foldText(value)) ? parseNumberText(value) : null;
    if (serial !== null && serial <= maxSerial) stamp = serialToDateTime(serial, context.date1904);
    else {
      const parsed = parseDateText(String(value));
      stamp = parsed ? dateStamp(parsed) : null;
    }
  }
  if (stamp === null) return typeof value === "string" ? foldText(value) : value;
  return withTime ? stamp : stamp.slice(0, 10);
}

const dateStamp = (p: { date: string; time: string | null }) => `${p.date} ${p.time ?? "00:00:00"}`;

// ---- one cell, one record

const listSeparators = /[,，、;；\n]+/;

/**
 * A cell's value for a field, ready for the field's schema: undefined when blank; otherwise the value in
 * the field's own type when the cell can be read as one, else the cell's text (the schema then reports it).
 */
export function normaliseCell(field: Field, value: unknown, context: CellContext = {}): unknown {
  if (isBlankCell(value)) return undefined;
  const text = typeof value === "string" ? cleanText(value) : value;
  switch (field.kind) {
    case "text":
      if (typeof text === "number") return numberText(text);
      if (typeof text === "boolean") return String(text);
      // free text is kept as written (but for the apostrophe that keeps a CSV cell from being a formula);
      // coded text (phone, e-mail, codes) folds full-width characters
      return field.rules.length ? foldText(String(text)) : String(text).replace(/^'(?=[=+\-@\t\r])/, "");
    case "int":
    case "number": {
      if (typeof text === "number") return text;
      if (typeof text === "string") return parseNumberText(text) ?? foldText(text);
      return text;
    }
    case "bool":
      if (typeof text === "boolean") return text;
      if (typeof text === "number") return text === 1 ? true : text === 0 ? false : text;
      return typeof text === "string" ? (parseBoolText(text) ?? foldText(text)) : text;
    case "date":
    case "datetime":
      return dateValue(text, field.kind === "datetime", context);
    case "dict": {
      const lookup = (item: string) => (field.dict && context.dictValue?.(field.dict, item)) ?? foldText(item);
      if (field.multiple) {
        const items = Array.isArray(text) ? text.map(String) : String(typeof text === "number" ? numberText(text) : text).split(listSeparators);
        return items.map((s) => cleanText(s)).filter(Boolean).map(lookup);
      }
      return lookup(typeof text === "number" ? numberText(text) : String(text));
    }
    case "ref":
      return typeof text === "number" ? numberText(text) : foldText(String(text));
    case "refs":
      if (Array.isArray(text)) return text.map(String);
      return String(text).split(listSeparators).map(foldText).filter(Boolean);
    case "json": {
      if (typeof text !== "string") return text;
      if (/^[[{"]/.test(text)) {
        try {
          return JSON.parse(text);
        } catch {
          return text;
        }
      }
      return text;
    }
  }
}

/**
 * A record from a row's cells by field key (blank cells left out, so they are absent as in a form).
 *
 * @example
 * rowRecord(dictionary, { type: "sex", value: 1, name: "男", status: "可用" }, { dictValue }) // { type: "sex", value: "1", name: "男", status: "1" }
 */
export function rowRecord(family: { fields: Record<string, Field> }, cells: Record<string, unknown>, context: CellContext = {}): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(cells)) {
    const f = family.fields[key];
    if (!f) continue;
    const normalised = normaliseCell(f, value, context);
    if (normalised !== undefined) record[key] = normalised;
  }
  return record;
}

/** A label's short form: the part before its first parenthesis (full-width or ASCII), 存续 of 存续（在营、开业、在册）. */
export const shortLabel = (label: string) => foldText(label.normalize("NFKC").split("(")[0]!);

/**
 * A dictionary look-up for `CellContext.dictValue` from dictionary entries: labels in either language
 * first (what a person writes and an export holds), then the values themselves, then a label's short form
 * (the part before a parenthesis) when it names one entry of its type only and no label or value is written so.
 */
export function dictionaryLookup(entries: Iterable<{ type: string; value: string; name?: string | null; enName?: string | null }>): (type: string, text: string) => string | undefined {
  const byType = new Map<string, Map<string, string>>();
  const values: [string, string][] = [];
  for (const e of entries) {
    let map = byType.get(e.type);
    if (!map) byType.set(e.type, (map = new Map()));
    for (const label of [e.name, e.enName]) if (label && !map.has(dictKey(label))) map.set(dictKey(label), e.value);
    values.push([e.type, e.value]);
  }
  for (const [type, value] of values) {
    const map = byType.get(type)!;
    if (!map.has(dictKey(value))) map.set(dictKey(value), value);
  }
  const shortForms = new Map<string, Set<string>>();
  for (const e of entries) {
    for (const label of [e.name, e.enName]) {
      const short = label ? shortLabel(label) : "";
      if (!short || dictKey(short) === dictKey(label!)) continue;
      const key = `${e.type}\u0000${dictKey(short)}`;
      shortForms.set(key, (shortForms.get(key) ?? new Set()).add(e.value));
    }
  }
  for (const [key, found] of shortForms) {
    const [type, short] = key.split("\u0000") as [string, string];
    const map = byType.get(type)!;
    if (found.size === 1 && !map.has(short)) map.set(short, [...found][0]!);
  }
  return (type, text) => byType.get(type)?.get(dictKey(text));
}
