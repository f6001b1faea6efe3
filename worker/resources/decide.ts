/**
 * The record aggregate every family shares: pure `evolve` over its events and `decide` for the three
 * commands. Validation of field values happens before (parsing); decide guards the record's life cycle.
 */
import type { Family } from "../../events/family.ts";
import type { PendingEvent, StoredEvent } from "../store/types.ts";
import { notFound } from "../errors.ts";

export type RecordValues = Record<string, unknown>;

export interface RecordState {
  version: number;
  record: RecordValues | null;
  deleted: boolean;
}

export const initialState: RecordState = { version: 0, record: null, deleted: false };

export type RecordCommand =
  | { kind: "create"; id: string; record: RecordValues }
  | { kind: "update"; id: string; patch: RecordValues }
  | { kind: "delete"; id: string };

export function evolve(family: Family, state: RecordState, event: StoredEvent): RecordState {
  switch (event.type) {
    case family.events.created:
    case family.events.updated:
      return { version: event.version, record: event.data.record as RecordValues, deleted: false };
    case family.events.deleted:
      return { version: event.version, record: null, deleted: true };
    default:
      return { ...state, version: event.version };
  }
}

export const fold = (family: Family, events: StoredEvent[]) => events.reduce((s, e) => evolve(family, s, e), initialState);

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
      return [{ type: family.events.updated, data: { id: command.id, record, changes } }];
    }
    case "delete":
      if (!state.record) throw notFound(family.label);
      return [{ type: family.events.deleted, data: { id: command.id, record: state.record } }];
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknownCommand)}`);
    }
  }
}
