/**
 * The record aggregate every family shares: pure `evolve` over its events and `decide` for its commands
 * (create, update, delete, revert to an earlier version, restore after a deletion). Validation of field
 * values happens before (parsing); decide guards the record's life cycle.
 */
import type { Family } from "../../events/family.ts";
import type { PendingEvent, StoredEvent } from "../store/types.ts";
import { DomainError, codes, notFound } from "../errors.ts";

export type RecordValues = Record<string, unknown>;

export interface RecordState {
  version: number;
  record: RecordValues | null;
  deleted: boolean;
  /** the values a deletion took away (what a restore brings back) */
  deletedRecord: RecordValues | null;
  /** when and by whom the record was created (a restore carries them back to the read model) */
  created: { at: string; by: string | null } | null;
}

export const initialState: RecordState = { version: 0, record: null, deleted: false, deletedRecord: null, created: null };

export type RecordCommand =
  | { kind: "create"; id: string; record: RecordValues }
  /** `action` names a state command (publish, examine…) that history shows instead of a plain edit */
  | { kind: "update"; id: string; patch: RecordValues; action?: string }
  | { kind: "delete"; id: string }
  /** `record` holds the values of version `version`, already read from the stream and validated */
  | { kind: "revert"; id: string; version: number; record: RecordValues }
  | { kind: "restore"; id: string };

/**
 * A stored record with the fallback of each field it lacks (Field.fallback: a required field added to a data
 * model after records existed), as the read model shows it.
 */
export function withFallbacks(family: Family, record: RecordValues): RecordValues {
  let out = record;
  for (const key of fallbackKeys(family)) {
    if (record[key] !== undefined) continue;
    if (out === record) out = { ...record };
    out[key] = family.fields[key]!.fallback;
  }
  return out;
}

/** The fields of a family that have a fallback, found once per family (the projection asks for every event). */
const withFallback = new WeakMap<Family, string[]>();
function fallbackKeys(family: Family): string[] {
  let keys = withFallback.get(family);
  if (!keys) withFallback.set(family, (keys = Object.entries(family.fields).filter(([, f]) => f.fallback !== undefined).map(([k]) => k)));
  return keys;
}

export function evolve(family: Family, state: RecordState, event: StoredEvent): RecordState {
  const record = () => withFallbacks(family, event.data.record as RecordValues);
  switch (event.type) {
    case family.events.created:
      return { ...state, version: event.version, record: record(), deleted: false, created: { at: event.at, by: event.meta.actorId } };
    case family.events.updated:
    case family.events.restored:
      return { ...state, version: event.version, record: record(), deleted: false, deletedRecord: null };
    case family.events.deleted:
      return { ...state, version: event.version, record: null, deleted: true, deletedRecord: record() };
    default:
      return { ...state, version: event.version };
  }
}

export const fold = (family: Family, events: StoredEvent[]) => events.reduce((s, e) => evolve(family, s, e), initialState);

/** The state as it was right after version `version` (as-of reads, reverts). */
export const foldTo = (family: Family, events: StoredEvent[], version: number) => fold(family, events.filter((e) => e.version <= version));

/** Field-by-field difference, for the updated event's `changes` (history shows it). */
export function diff(before: RecordValues, after: RecordValues): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key] ?? null;
    const b = after[key] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = [a, b];
  }
  return changes;
}

export function decide(family: Family, command: RecordCommand, state: RecordState): PendingEvent[] {
  switch (command.kind) {
    case "create":
      if (state.version !== 0) throw new Error(`stream ${family.name}:${command.id} already exists`);
      return [{ type: family.events.created, data: { id: command.id, record: command.record } }];
    case "update": {
      if (!state.record) throw notFound(family.label);
      const record = { ...state.record, ...command.patch };
      const changes = diff(state.record, record);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: family.events.updated, data: { id: command.id, record, changes, ...(command.action ? { action: command.action } : {}) } }];
    }
    case "delete":
      if (!state.record) throw notFound(family.label);
      return [{ type: family.events.deleted, data: { id: command.id, record: state.record } }];
    case "revert": {
      if (!state.record) throw notFound(family.label);
      if (command.version < 1 || command.version >= state.version) throw new DomainError(codes.validation, "noSuchVersion", { version: command.version });
      // a revert brings back what a client may edit; what only the family's commands set (a status, a reviewer, a
      // distribution) stays as those commands left it, so a revert cannot undo a review or an approval
      const current = state.record;
      const record = Object.fromEntries(
        Object.keys({ ...command.record, ...current }).map((key) => [key, family.fields[key]?.managed ? current[key] : command.record[key]]).filter(([, value]) => value !== undefined),
      ) as RecordValues;
      const changes = diff(current, record);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: family.events.updated, data: { id: command.id, record, changes, revertedTo: command.version } }];
    }
    case "restore":
      if (!state.deleted || !state.deletedRecord) throw new DomainError(codes.validation, "notDeleted");
      return [{ type: family.events.restored, data: { id: command.id, record: state.deletedRecord, createdAt: state.created?.at ?? null, createdBy: state.created?.by ?? null } }];
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknownCommand)}`);
    }
  }
}
