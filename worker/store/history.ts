/** A record's history (its stream, told as who/when/what changed) and verification of a stream's hash chain. */
import type { z } from "zod";
import type { historyEntry } from "../../events/api/records.ts";
import { chainLink } from "./canonical.ts";
import { readStream } from "./read.ts";
import type { StoredEvent } from "./types.ts";
import { displayTime } from "../time.ts";

/** One event of a stream as the history verb answers it (the contract's schema). */
export type HistoryEntry = z.output<typeof historyEntry>;

/** One event told as history: a created or restored record lists its values, a revert names its version. */
export function describe(e: StoredEvent): HistoryEntry {
  const revertedTo = typeof e.data.revertedTo === "number" ? e.data.revertedTo : undefined;
  const kind = e.type.split(".").pop()!;
  // a state command (publish, examine…) is an update that names itself
  const action = revertedTo !== undefined ? "reverted" : typeof e.data.action === "string" ? e.data.action : kind;
  let changes = (e.data.changes ?? {}) as Record<string, [unknown, unknown]>;
  if (kind === "created" || kind === "restored") changes = Object.fromEntries(Object.entries((e.data.record ?? {}) as object).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => [k, [null, v]]));
  if (kind === "deleted") changes = {};
  const entry: HistoryEntry = { version: e.version, type: e.type, action, time: displayTime(e.at), actorId: e.meta.actorId, actorName: e.meta.actorName, changes, hash: e.hash };
  return revertedTo === undefined ? entry : { ...entry, revertedTo };
}

export async function history(db: D1Database, stream: string): Promise<HistoryEntry[]> {
  return (await readStream(db, stream)).map(describe);
}

export interface ChainReport {
  stream: string;
  events: number;
  valid: boolean;
  /** first version whose stored hash differs from the recomputed one */
  brokenAt: number | null;
  expected?: string;
  actual?: string;
}

/** Recomputes the chain of a stream and reports the first broken link. */
export async function verifyStream(db: D1Database, stream: string): Promise<ChainReport> {
  const events = await readStream(db, stream);
  let previous = "";
  for (const e of events) {
    const expected = await chainLink(previous, e);
    if (expected !== e.hash) return { stream, events: events.length, valid: false, brokenAt: e.version, expected, actual: e.hash };
    previous = e.hash;
  }
  return { stream, events: events.length, valid: true, brokenAt: null };
}
