/** Times: events carry ISO instants; screens show yyyy-MM-dd HH:mm:ss in China Standard Time (UTC+8, no DST). */
const chinaOffsetMs = 8 * 60 * 60 * 1000;

/** "2026-11-22T04:05:06.789Z" → "2026-11-22 12:05:06" */
export function displayTime(iso: string): string {
  return new Date(Date.parse(iso) + chinaOffsetMs).toISOString().slice(0, 19).replace("T", " ");
}

/** The day in China (the dates users see and rules decide on) at an instant in ms, YYYY-MM-DD. */
export function chinaDate(ms: number = Date.now()): string {
  return new Date(ms + chinaOffsetMs).toISOString().slice(0, 10);
}
