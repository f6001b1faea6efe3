/**
 * A statistics period split for the visit rollups (pure): the whole months it covers, read from the rollups,
 * and the days at either end outside them, read from the visits. Dates are 'YYYY-MM-DD' strings compared as
 * strings (as the visit filters compare them), so a month is whole when every date in it falls in the period.
 */
export interface Span {
  /** the whole months, inclusive ('YYYY-MM'); an open end is absent; absent when no month is whole */
  months?: { from?: string; to?: string };
  /** the visits to read directly: dates from `from` (inclusive) before `before` (exclusive) or up to `to` (inclusive) */
  edges: { from?: string; before?: string; to?: string }[];
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

function shift(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1, 2)}`;
}

/** The last day of a month. */
const lastDay = (month: string) => `${month}-${pad(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate(), 2)}`;

export function spanOf(period: { from?: string; to?: string }): Span {
  const { from, to } = period;
  const first = from === undefined ? undefined : from <= `${from.slice(0, 7)}-01` ? from.slice(0, 7) : shift(from.slice(0, 7), 1);
  const last = to === undefined ? undefined : to >= lastDay(to.slice(0, 7)) ? to.slice(0, 7) : shift(to.slice(0, 7), -1);
  if (first !== undefined && last !== undefined && first > last) return { edges: [{ ...(from ? { from } : {}), ...(to ? { to } : {}) }] };
  const edges: Span["edges"] = [];
  if (from !== undefined && first !== undefined && from < `${first}-01`) edges.push({ from, before: `${first}-01` });
  if (to !== undefined && last !== undefined && to > lastDay(last)) edges.push({ from: `${shift(last, 1)}-01`, to });
  return { months: { ...(first ? { from: first } : {}), ...(last ? { to: last } : {}) }, edges };
}
