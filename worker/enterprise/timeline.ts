/**
 * The enterprise timeline: a projection of the record events of every family with a `creditCode` field
 * (read from the event's `record`), and its query. Both the append path and the rebuild compute the rows
 * with the same SQL over the log — the append finds its just-inserted events by (stream,
 * version) in the same batch — so the two cannot drift and a rebuild recreates the table.
 */
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { recordTitleKey } from "../../events/families/enterprise.ts";
import { logByKeys, logRange } from "../store/sql.ts";
import type { Projection, Statement, StoredEvent } from "../store/types.ts";
import { displayTime } from "../time.ts";

/**
 * One event → its timeline row, from the log as `e`. The family is the stream's prefix; the action is the state
 * command an update names (publish, examine…), "reverted", or the event's kind (as history tells it); the title
 * is the record's naming field (recordTitleKey) as the event left it.
 */
function rowSelect(families: Family[]): string {
  const titled = families.flatMap((f) => {
    const key = recordTitleKey(f);
    return key ? [`WHEN '${f.name}' THEN CAST(json_extract(e.data, '$.record.${key}') AS TEXT)`] : [];
  });
  const title = titled.length ? `CASE substr(e.stream, 1, instr(e.stream, ':') - 1) ${titled.join(" ")} END` : "NULL";
  return `
  SELECT json_extract(e.data, '$.record.creditCode') AS credit_code,
         e.position,
         e.at,
         substr(e.stream, 1, instr(e.stream, ':') - 1) AS family,
         json_extract(e.data, '$.id') AS record_id,
         ${title} AS title,
         e.type,
         COALESCE(json_extract(e.data, '$.action'), CASE WHEN json_extract(e.data, '$.revertedTo') IS NOT NULL THEN 'reverted' END, substr(e.type, instr(e.stream, ':') + 1)) AS action,
         CASE WHEN json_type(e.data, '$.changes') = 'object' THEN (SELECT json_group_array(c.key) FROM json_each(e.data, '$.changes') c) ELSE '[]' END AS changed,
         json_extract(e.meta, '$.actorId') AS actor_id,
         json_extract(e.meta, '$.actorName') AS actor_name,
         json_extract(e.meta, '$.actorKind') AS actor_kind`;
}

/** Records without a code (a draft, a platform-wide record) belong to no enterprise's timeline. */
const named = `json_extract(e.data, '$.record.creditCode') IS NOT NULL AND json_extract(e.data, '$.record.creditCode') <> ''`;

/** Events per statement of an append (a seed or an import hands over thousands at once). */
const keysPerStatement = 5000;

const insert = "INSERT OR IGNORE INTO enterprise_timeline (credit_code, position, at, family, record_id, title, type, action, changed, actor_id, actor_name, actor_kind)";

export function timelineProjection(families: Family[]): Projection {
  const types = families.flatMap((f) => [f.events.created, f.events.updated, f.events.deleted, f.events.restored]);
  const select = rowSelect(families);
  return {
    name: "enterprise.timeline",
    tables: ["enterprise_timeline"],
    canHandle: types,
    project(events: StoredEvent[]): Statement[] {
      const keys = events.filter((e) => typeof (e.data.record as Record<string, unknown> | undefined)?.creditCode === "string").map((e) => [e.stream, e.version]);
      const statements: Statement[] = [];
      // keys travel as one JSON parameter per slice, well under D1's 2 MB value limit
      for (let i = 0; i < keys.length; i += keysPerStatement) {
        statements.push({
          sql: `${insert} ${select} ${logByKeys("e")} WHERE ${named}`,
          params: [JSON.stringify(keys.slice(i, i + keysPerStatement))],
        });
      }
      return statements;
    },
    rebuildRange(from, to) {
      return [{ sql: `${insert} ${select} ${logRange("e", { types })} AND ${named}`, params: [from, to] }];
    },
  };
}

export interface TimelineRow {
  at: string;
  family: string;
  familyLabel: string;
  recordId: string;
  /** the record's naming field when the change was made (null: it had none) */
  title: string | null;
  type: string;
  action: string;
  changed: string[];
  changedLabels: string[];
  actorName: string | null;
  /** who made the change: a user (by name) or the code acting for the system (a sync run, the scheduler, a portal…) */
  by: Actor;
}

export interface Actor {
  kind: "user" | "sync" | "scheduler" | "portal" | "link" | "system";
  name: string | null;
}

/**
 * Who an event's meta names. Code acting for the system records its principal's kind (worker/commands/types.ts):
 * a fill-in link names the enterprise that filled it, a portal its name, the seed acting as a person is that
 * person. Rows from before the kind was recorded are told by id and name: a user has an id; a principal
 * recorded only its name ("sync", "scheduler", "portal:<portal>", "system").
 */
export function changedBy(actorId: string | null, actorName: string | null, actorKind: string | null = null): Actor {
  switch (actorKind) {
    case null:
      break;
    case "sync":
    case "scheduler":
      return { kind: actorKind, name: null };
    case "portal":
      return { kind: "portal", name: actorName?.replace(/^portal:/, "") ?? null };
    case "link":
      return { kind: "link", name: actorName };
    case "seed":
      return actorId ? { kind: "user", name: actorName } : { kind: "system", name: null };
    default:
      return { kind: "system", name: null };
  }
  if (actorId) return { kind: "user", name: actorName };
  if (actorName === "sync" || actorName === "scheduler") return { kind: actorName, name: null };
  if (actorName?.startsWith("portal:")) return { kind: "portal", name: actorName.slice("portal:".length) };
  // rows projected before actor_id was kept carry a user's name only
  if (actorName && actorName !== "system") return { kind: "user", name: actorName };
  return { kind: "system", name: null };
}

/**
 * A page of one enterprise's timeline, newest first, limited to the families the reader may list. Reads
 * the (credit_code, position) key only: the cost is one enterprise's rows, whatever the store holds.
 */
export async function timelinePage(db: D1Database, creditCode: string, visible: Family[], page: { limit: number; offset: number }, lang: Lang): Promise<{ total: number; rows: TimelineRow[] }> {
  const byName = new Map(visible.map((f) => [f.name, f]));
  const allowed = JSON.stringify([...byName.keys()]);
  const where = "credit_code = ?1 AND family IN (SELECT value FROM json_each(?2))";
  const [rows, total] = await db.batch([
    db.prepare(`SELECT at, family, record_id, title, type, action, changed, actor_id, actor_name, actor_kind FROM enterprise_timeline WHERE ${where} ORDER BY position DESC LIMIT ?3 OFFSET ?4`).bind(creditCode, allowed, page.limit, page.offset),
    db.prepare(`SELECT COUNT(*) AS n FROM enterprise_timeline WHERE ${where}`).bind(creditCode, allowed),
  ]);
  return {
    total: (total!.results[0] as { n: number }).n,
    rows: (rows!.results as Record<string, string | null>[]).map((r) => {
      const family = byName.get(r.family!)!;
      const changed = JSON.parse(r.changed ?? "[]") as string[];
      return {
        at: displayTime(r.at!),
        family: r.family!,
        familyLabel: family.label[lang],
        recordId: r.record_id!,
        title: r.title || null,
        type: r.type!,
        action: r.action!,
        changed,
        changedLabels: changed.map((k) => family.fields[k]?.label[lang] ?? k),
        actorName: r.actor_name,
        by: changedBy(r.actor_id, r.actor_name, r.actor_kind),
      };
    }),
  };
}
