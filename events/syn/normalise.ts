/**
 * Normalisation of upstream values (FIELDS.md §1.4), pure so the natural key is computed the same way wherever
 * it is: trimmed; full-width letters, digits and brackets to half-width; dates to ISO from `2026年07月07日`,
 * `2026/7/7`, `20260707` or epoch milliseconds; amounts from numbers or numeric strings (commas allowed).
 */
export function halfWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, " ");
}

export function normText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = halfWidth(String(value)).trim();
  return text === "" ? null : text;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO date (YYYY-MM-DD) or null when the value is not a plausible date. */
export function normDate(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number" || (typeof value === "string" && /^\d{12,13}$/.test(value))) {
    const d = new Date(Number(value) + 8 * 3600_000); // China time
    return Number.isNaN(d.getTime()) ? null : `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  }
  const text = halfWidth(String(value)).trim();
  const m = /^(\d{4})\s*[-/.年]?\s*(\d{1,2})\s*[-/.月]?\s*(\d{1,2})\s*日?/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2100 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** `YYYY-MM-DD HH:mm:ss` or null. */
export function normDateTime(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number" || (typeof value === "string" && /^\d{12,13}$/.test(value))) {
    const d = new Date(Number(value) + 8 * 3600_000);
    if (Number.isNaN(d.getTime())) return null;
    return `${normDate(value)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  }
  const date = normDate(value);
  if (!date) return null;
  const time = /(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$/.exec(halfWidth(String(value)));
  return `${date} ${time ? `${pad(Number(time[1]))}:${time[2]}:${time[3] ?? "00"}` : "00:00:00"}`;
}

export function normNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = halfWidth(value).replace(/[,\s]/g, "");
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

export function normBool(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === "1" || value === "true" || value === "是" || value === "Y") return true;
  if (value === 0 || value === "0" || value === "false" || value === "否" || value === "N") return false;
  return null;
}
