/**
 * Updates of the enterprise master that set one field on many records (service staff, assigned manager):
 * the streams are read together, each decided as an ordinary update, appended in one batch or not at all.
 */
import type { Family } from "../../events/family.ts";
import { headOf, readStreams } from "../store/read.ts";
import type { StreamWrite } from "../store/types.ts";
import { ValidationError, notFound } from "../errors.ts";
import { decide, fold } from "../resources/decide.ts";
import { streamOf } from "../resources/commands.ts";
import { parseUpdate } from "../resources/validate.ts";
import { column } from "./families.ts";

export async function newPatches(db: D1Database, family: Family, ids: string[], input: Record<string, unknown>): Promise<StreamWrite[]> {
  const streams = await readStreams(db, ids.map((id) => streamOf(family, id)));
  return ids.map((id) => {
    const events = streams.get(streamOf(family, id)) ?? [];
    const state = fold(family, events);
    // a bad input is reported before a missing record, as for a single update
    const { patch } = parseUpdate(family, state.record, input);
    if (!state.record) throw notFound(family.label);
    return { stream: streamOf(family, id), head: headOf(events), events: decide(family, { kind: "update", id, patch }, state) };
  });
}

/** A user id given for a `ref` field of `family` must name an existing user. */
export async function requireUser(db: D1Database, family: Family, key: string, userId: string | null) {
  if (userId === null) return;
  column(family, key);
  const row = await db.prepare("SELECT 1 FROM sys_user WHERE id = ?").bind(userId).first();
  if (!row) throw new ValidationError([{ field: key, label: family.fields[key]!.label, key: "valueNotAllowed" }]);
}
