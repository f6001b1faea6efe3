/**
 * Records the user opened lately (edit or history on a list), kept in this browser's local storage for the
 * command palette: newest first, at most 20, one entry per record.
 */
export interface RecentRecord {
  /** the screen's route path, e.g. "/sys/dict" */
  path: string;
  /** the family's API path, e.g. "/sys/sysdict" */
  familyPath: string;
  id: string;
  /** what the palette shows: the record's name or title */
  label: string;
  /** epoch milliseconds */
  at: number;
}

const key = "qifu.recentRecords";
const max = 20;

export function recentRecords(): RecentRecord[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? "[]") as unknown;
    return Array.isArray(parsed) ? (parsed as RecentRecord[]).filter((r) => r && typeof r.id === "string" && typeof r.path === "string") : [];
  } catch {
    return [];
  }
}

export function rememberRecent(entry: Omit<RecentRecord, "at">) {
  const rest = recentRecords().filter((r) => !(r.familyPath === entry.familyPath && r.id === entry.id));
  localStorage.setItem(key, JSON.stringify([{ ...entry, at: Date.now() }, ...rest].slice(0, max)));
}
