/**
 * One declaration per record family. Everything else — routes, commands and events, the read-model table,
 * counters, permission tags, list screens — is derived from it by the engine and the web app.
 *
 * @example
 * export const post = defineFamily({ path: "/common/projectorgpost", perm: "common:projectorgpost",
 *   table: "project_org_post", label: { "zh-CN": "岗位", "en-US": "Post" }, fields: { name: field.text(...) }, ... });
 */
import * as z from "zod";
import type { MessageKey, Text } from "./i18n.ts";
import { columnName, fieldInputSchema, type Field } from "./fields.ts";
import { lazyProperty } from "./lazy.ts";
import type { MaterialRule } from "./declare-materials.ts";

export type IdKey = "id" | "roleId" | "menuId" | "jobId";
export type FilterOp = "eq" | "like" | "prefix";
export type SortDir = "asc" | "desc";

/** Bookkeeping columns every read model carries, in answers as createTime/updateTime/createBy/updateBy/version. */
export const metaColumns = [
  { key: "version", column: "version", sql: "INTEGER" },
  { key: "createTime", column: "create_time", sql: "TEXT" },
  { key: "createBy", column: "create_by", sql: "TEXT" },
  { key: "updateTime", column: "update_time", sql: "TEXT" },
  { key: "updateBy", column: "update_by", sql: "TEXT" },
] as const;
export type MetaKey = (typeof metaColumns)[number]["key"];

export interface FamilySpec<F extends Record<string, Field>> {
  /** API path below /api, e.g. "/sys/sysdict" */
  path: string;
  /** permission prefix `<module>:<family>`; tags are `<perm>:list|info|save|update|delete` */
  perm: string;
  /** read-model table */
  table: string;
  /** id key of the record in answers and commands (spec section 3) */
  idKey?: IdKey;
  label: Text;
  fields: F;
  /** columns of the list screen */
  columns: (keyof F & string)[];
  /** query parameters the list accepts, by field; nothing else can filter */
  filters?: { [K in keyof F & string]?: FilterOp };
  /** the only keys a list may be sorted by */
  sorts: (keyof F & string | MetaKey)[];
  defaultSort: [keyof F & string | MetaKey, SortDir];
  /** eq filters whose per-value totals are kept as counters (broad filters: status, type) */
  counted?: (keyof F & string)[];
  /**
   * Numeric fields whose count and sum are kept per value of each counted field (worker/resources/summaries.ts),
   * so a grouped report of count, sum and average by a counted field reads a few rows at any size.
   */
  summed?: (keyof F & string)[];
  /**
   * Text fields the list's `keyword` searches (full-text: Chinese substrings of two characters or more,
   * Latin words and prefixes). A family without them has no search box.
   */
  search?: (keyof F & string)[];
  /** field groups that must be unique among live records (enforced by a unique index, reported by name) */
  unique?: (keyof F & string)[][];
  /**
   * Further composite indexes a module's own reads need beyond the list's (statistics grouping by several
   * columns over a range): each costs every write one more B-tree insert, so only what a measured read needs.
   */
  indexes?: (keyof F & string | MetaKey | IdKey)[][];
  /** the field pointing at a record's parent in the same family: a record with children cannot be deleted */
  parentKey?: keyof F & string;
  /**
   * Rules across fields, checked on the whole record after each field's own schema (a screen's URL is
   * required for menus, a parent below the top level…). Pure: returns the broken rules by field.
   */
  check?: (record: Record<string, unknown>) => RecordProblem[];
  /**
   * State commands of the family beyond save/update/delete (spec section 4), each with its rules in
   * worker/services: `publish` (publish/{id}/{status}, revokeData; managed `status` of publishStatus and
   * `publishTime`), `examine` (examData, showChange, revokeData; managed examStatus, examBy, examOpinion,
   * examTime, isShow, status), `apply` (pcSave, submit into the approval flow `flowKey`, historyList;
   * managed status of applyStatus, procInsId, applyTime, applicantId).
   */
  lifecycle?: Lifecycle;
}

export interface Lifecycle {
  publish?: true;
  examine?: true;
  /** `materials`: a field of uploaded file ids whose stored files must follow `rule` (type and size), checked at save */
  apply?: { flowKey: string; materials?: { field: string; rule: MaterialRule } };
}

/** A rule broken by a whole record, reported on one of its fields with a catalogue message. */
export interface RecordProblem {
  field: string;
  key: MessageKey;
  params?: Record<string, string | number>;
}

export interface Family<F extends Record<string, Field> = Record<string, Field>> extends FamilySpec<F> {
  idKey: IdKey;
  idColumn: string;
  /** stream prefix and event-type prefix, e.g. "sys.sysdict" */
  name: string;
  /** a revert is an `updated` event carrying `revertedTo`; `restored` undoes a deletion */
  events: { created: string; updated: string; deleted: string; restored: string };
  tags: { list: string; info: string; save: string; update: string; delete: string; import: string; export: string };
  /** field key → column name */
  column: Record<keyof F & string, string>;
  /** schema of a create command (required fields present) */
  createSchema: z.ZodObject;
  /** schema of an update command (every field optional) */
  patchSchema: z.ZodObject;
  filters: { [K in keyof F & string]?: FilterOp };
  counted: (keyof F & string)[];
  summed: (keyof F & string)[];
  search: (keyof F & string)[];
  unique: (keyof F & string)[][];
  indexes: (keyof F & string | MetaKey)[][];
  check: (record: Record<string, unknown>) => RecordProblem[];
}

/** The permission tags of the standard verbs under a perm prefix: `<perm>:list|info|save|update|delete|import|export`. */
export function familyTags(perm: string): Family["tags"] {
  const tag = (verb: string) => `${perm}:${verb}`;
  return { list: tag("list"), info: tag("info"), save: tag("save"), update: tag("update"), delete: tag("delete"), import: tag("import"), export: tag("export") };
}

const isBlank = (value: unknown) => typeof value === "string" && value.trim() === "";

export function defineFamily<F extends Record<string, Field>>(spec: FamilySpec<F>): Family<F> {
  const idKey = spec.idKey ?? "id";
  const name = spec.perm.replace(/:/g, ".");
  const keys = Object.keys(spec.fields) as (keyof F & string)[];
  const column = Object.fromEntries(keys.map((k) => [k, columnName(k)])) as Record<keyof F & string, string>;
  const patchSchema = () => z.object(Object.fromEntries(keys.map((k) => [k, fieldInputSchema(spec.fields[k]!)])));
  const createSchema = () =>
    z.object(
      Object.fromEntries(
        keys.map((k) => {
          const f = spec.fields[k]!;
          // a required field left blank (or only spaces) is missing, reported as "cannot be empty" before any other rule
          return [k, f.required ? z.preprocess((v) => (isBlank(v) ? null : v), f.schema) : fieldInputSchema(f)];
        }),
      ),
    );
  for (const key of [...spec.columns, ...Object.keys(spec.filters ?? {}), ...(spec.counted ?? []), ...(spec.summed ?? []), ...(spec.search ?? []), ...(spec.indexes ?? []).flat().filter((k) => k !== idKey && !metaColumns.some((m) => m.key === k))]) {
    if (!(key in spec.fields)) throw new Error(`${spec.perm}: ${key} is not a declared field`);
  }
  const family = {
    ...spec,
    idKey,
    idColumn: columnName(idKey),
    name,
    events: { created: `${name}.created`, updated: `${name}.updated`, deleted: `${name}.deleted`, restored: `${name}.restored` },
    tags: familyTags(spec.perm),
    column,
    filters: spec.filters ?? {},
    counted: spec.counted ?? [],
    summed: spec.summed ?? [],
    search: spec.search ?? [],
    unique: spec.unique ?? [],
    indexes: spec.indexes ?? [],
    check: spec.check ?? (() => []),
  } as Family<F>;
  // the command schemas are built by the family's first command (or the API document), not at import
  lazyProperty(family, "createSchema", createSchema);
  return lazyProperty(family, "patchSchema", patchSchema);
}

/**
 * The state a new record of a lifecycle family starts in (its managed fields are no client's to set): a
 * draft to publish, a submission waiting for its examination, an application not yet submitted.
 */
export function initialState(family: Family): Record<string, unknown> {
  const lc = family.lifecycle;
  const start: Record<string, unknown> = lc?.apply ? { status: "draft" } : lc?.examine ? { examStatus: "0", status: "0", isShow: false } : lc?.publish ? { status: "0" } : {};
  return Object.fromEntries(Object.entries(start).filter(([key]) => family.fields[key]?.managed));
}

/** Reports `field` as required when `when(record)` holds and the field is empty. */
export const requiredWhen =
  (when: (record: Record<string, unknown>) => boolean, ...fields: string[]) =>
  (record: Record<string, unknown>): RecordProblem[] =>
    when(record) ? fields.filter((f) => record[f] === undefined || record[f] === null || isBlank(record[f])).map((field) => ({ field, key: "required" as const })) : [];

/** Label helper: `l("字典", "Dictionary")`. */
export const l = (zh: string, en: string): Text => ({ "zh-CN": zh, "en-US": en });
