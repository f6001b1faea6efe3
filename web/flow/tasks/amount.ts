/** An amount in the reader's language with the unit its field declares (元, 万元): no currency is assumed. */
export function amountText(value: unknown, unit: string | undefined, lang: string): string {
  const n = Number(value);
  const shown = Number.isFinite(n) ? n.toLocaleString(lang, { maximumFractionDigits: 6 }) : String(value);
  return unit ? `${shown} ${unit}` : shown;
}
