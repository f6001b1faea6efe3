/**
 * The log as SQL sources for projections that compute their rows inside SQLite (a rebuild replays a range
 * without shipping events out of the database; an append reads back the events of its own batch). Only
 * the store names the log's table: a projection takes these fragments and writes its columns over the
 * alias it chose (`e.data`, `e.meta`, `e.at`…).
 *
 * @example
 * `INSERT INTO t (id) SELECT json_extract(e.data, '$.id') ${logRange("e", { types: [created] })} ORDER BY e.position`
 */

/** A type list as SQL literals (types are code, never input; quotes are doubled all the same). */
const literal = (t: string) => `'${t.replace(/'/g, "''")}'`;

/** The log as a relation named `alias` (`FROM ${logAs("e")} WHERE …`). */
export const logAs = (alias: string) => `events ${alias}`;

/**
 * `FROM events <alias> WHERE <alias>.position > <from> AND <alias>.position <= <to>`, and `AND <alias>.type IN (…)`
 * when types are given: the events of one replay range (positions bound as ?1 and ?2 unless named otherwise).
 * More conditions follow with `AND`.
 */
export function logRange(alias: string, options: { from?: string; to?: string; types?: readonly string[] } = {}): string {
  const { from = "?1", to = "?2", types } = options;
  const range = `FROM events ${alias} WHERE ${alias}.position > ${from} AND ${alias}.position <= ${to}`;
  if (!types) return range;
  if (types.length === 1) return `${range} AND ${alias}.type = ${literal(types[0]!)}`;
  return `${range} AND ${alias}.type IN (${types.map(literal).join(", ") || "''"})`;
}

/**
 * `FROM json_each(<keys>) k CROSS JOIN events <alias> ON …`: the events named by a JSON array of
 * [stream, version] pairs (an append finding its own events in the same batch), by the unique key.
 */
export const logByKeys = (alias: string, keys = "?") =>
  `FROM json_each(${keys}) k CROSS JOIN events ${alias} ON ${alias}.stream = json_extract(k.value, '$[0]') AND ${alias}.version = json_extract(k.value, '$[1]')`;

/** True for the event `alias` that is its stream's last. */
export const isLastInStream = (alias: string) => `${alias}.version = (SELECT MAX(version) FROM events x WHERE x.stream = ${alias}.stream)`;

/** True for the event `alias` when its stream has a later event at a position up to `to`. */
export const hasLaterInStream = (alias: string, to = "?2") =>
  `EXISTS (SELECT 1 FROM events l WHERE l.stream = ${alias}.stream AND l.version > ${alias}.version AND l.position <= ${to})`;
