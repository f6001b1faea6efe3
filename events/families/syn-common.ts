/**
 * What every synchronised list (`/syn/{name}`, FIELDS.md §3) shares: the sync bookkeeping fields of §1.1 and
 * the declaration of where its items come from upstream. A list is declared once — its family and its
 * `UpstreamSource` side by side — and the sync adapter (worker/sync) reads only these declarations, so adding
 * a list is adding a declaration, never adapter code.
 */
import * as z from "zod";
import { defineFamily, l, type Family, type FamilySpec } from "../family.ts";
import { field, type Field } from "../fields.ts";

/**
 * Where a synchronised record came from. `naturalKey` (sha-256 hex of the normalised business key) lets
 * two providers' copies of one item dedupe; `sourceRemoved` marks an item the source stopped returning,
 * which is kept rather than deleted silently.
 */
export const syncFields = () => ({
  sourceCode: field.dict(l("数据来源", "Source"), "synSource"),
  sourceProduct: field.text(l("来源产品", "Source product"), { max: 32 }),
  sourceRecordId: field.text(l("来源记录ID", "Source record ID"), { max: 128 }),
  naturalKey: field.text(l("业务主键", "Natural key"), { max: 64 }),
  syncedAt: field.datetime(l("同步时间", "Synchronised at")),
  syncJobId: field.text(l("同步任务", "Sync job"), { max: 64 }),
  raw: field.json(l("原始数据", "Raw item"), () => z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())])),
  sourceRemoved: field.bool(l("来源已删除", "Removed at source")),
});

/**
 * A synchronised list's family: unique by its natural key, so one item is one record however many runs or
 * providers send it (records typed in by hand have no natural key; SQLite's unique index lets NULLs repeat).
 */
export function defineSynFamily<F extends Record<string, Field>>(spec: FamilySpec<F>): Family<F> {
  return defineFamily({ ...spec, unique: [...(spec.unique ?? []), ["naturalKey"]] });
}

/**
 * One upstream response array feeding one list, in the enterprise-credit API's envelope
 * (`resultData.<product>Data.<array>`, paged by `<array>Meta.totalCount/pageNo/range`; FIELDS.md intro).
 */
export interface UpstreamSource {
  /** the provider's product code, e.g. "P0010058" */
  product: string;
  /** the response array, e.g. "alterList" */
  array: string;
  /** our field key → the upstream item's key (only mapped fields; the whole item is kept in `raw`) */
  fields: Record<string, string>;
  /** our field keys whose normalised values form the natural key, after the enterprise's creditCode (FIELDS.md "Key:") */
  key: readonly string[];
  /** the upstream key of a stable provider id, when the array has one (kept in `sourceRecordId`) */
  idField?: string;
}

/** A synchronised list: its record family and where its items come from. */
export interface SynList {
  family: Family;
  source: UpstreamSource;
}

/** Declares a synchronised list (typed so `fields` and `key` may only name the family's own fields). */
export function synList<F extends { fields: Record<string, unknown> }>(
  family: F,
  source: Omit<UpstreamSource, "fields" | "key"> & { fields: Partial<Record<keyof F["fields"] & string, string>>; key: readonly (keyof F["fields"] & string)[] },
): SynList {
  return { family: family as unknown as Family, source: source as UpstreamSource };
}
