/**
 * A ledger read model declared once: an event that lists items (the tasks a reminder covered, the
 * enterprises a policy notice told about) becomes one row per item. The same declaration gives the live
 * projection (the event's data bound once, its list walked with json_each) and the rebuild (the same
 * walk over the log), so the two cannot drift apart.
 */
import type { Projection, StoredEvent } from "./types.ts";
import { logAs } from "./sql.ts";

/** A ledger column's value: a path into the listed item (`"$"` for the item itself), a path into the event's data, or the event's time. */
export type LedgerColumn = { item: string } | { data: string } | "at";

export interface LedgerSpec {
  /** the projection's and the table's name */
  table: string;
  eventType: string;
  /** where the event's data lists its items */
  items: string;
  columns: Readonly<Record<string, LedgerColumn>>;
}

const path = (p: string) => `'${p.replace(/'/g, "''")}'`;

function select(spec: LedgerSpec, data: string, at: string): string {
  const exprs = Object.values(spec.columns).map((c) =>
    c === "at" ? at : "item" in c ? (c.item === "$" ? "i.value" : `json_extract(i.value, ${path(c.item)})`) : `json_extract(${data}, ${path(c.data)})`,
  );
  return `INSERT INTO ${spec.table} (${Object.keys(spec.columns).join(", ")}) SELECT ${exprs.join(", ")}`;
}

export function ledgerProjection(spec: LedgerSpec): Projection {
  const live = `${select(spec, "?1", "?2")} FROM json_each(json_extract(?1, ${path(spec.items)})) i`;
  const rebuild = `${select(spec, "e.data", "e.at")} FROM ${logAs("e")} CROSS JOIN json_each(json_extract(e.data, ${path(spec.items)})) i WHERE e.type = ?1 AND e.position > ?2 AND e.position <= ?3`;
  return {
    name: spec.table,
    tables: [spec.table],
    canHandle: [spec.eventType],
    project: (events: StoredEvent[]) => events.filter((e) => e.type === spec.eventType).map((e) => ({ sql: live, params: [JSON.stringify(e.data), e.at] })),
    rebuildRange: (from: number, to: number) => [{ sql: rebuild, params: [spec.eventType, from, to] }],
  };
}
