/** ISO 8601 durations of boundary timers (PT24H, P2D, P1DT12H30M) as milliseconds; an absolute date as the time left. */

const pattern = /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i;

const units = [365 * 86400, 30 * 86400, 7 * 86400, 86400, 3600, 60, 1];

/** Milliseconds of a duration, or null when the text is not one. A calendar month counts 30 days. */
export function durationMs(text: string): number | null {
  const m = pattern.exec(text.trim());
  if (!m || text.trim().toUpperCase() === "P" || /T$/i.test(text.trim())) return null;
  let seconds = 0;
  for (let i = 0; i < units.length; i++) if (m[i + 1]) seconds += Number(m[i + 1]) * units[i];
  return seconds * 1000;
}

/** When a timer armed at `from` falls due: a duration after it, or an absolute date; null when unreadable. */
export function dueAt(text: string, from: string): string | null {
  const ms = durationMs(text);
  if (ms != null) return new Date(Date.parse(from) + ms).toISOString();
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}
