/**
 * What a list's runs keep of what they applied, to know it again on the next pass: the content hash (sha-256
 * of the canonical JSON) of each item by its natural key (`sync_item`) and of each one-page enterprise's
 * page by its credit code (`sync_page`). Operational tables, written in a step's own batch.
 */
import type { SynList } from "../../events/families/syn-common.ts";
import { canonicalJson, sha256Hex } from "../store/canonical.ts";
import type { Statement } from "../store/types.ts";

export const contentHash = (value: unknown) => sha256Hex(canonicalJson(value));

const kept = { item: { table: "sync_item", key: "natural_key" }, page: { table: "sync_page", key: "credit_code" } } as const;

/** Keeps `hashes` ([key, hash] pairs) of `list`'s items or pages; none when there is nothing to keep. */
export function keepHashes(kind: keyof typeof kept, list: SynList, hashes: [string, string][]): Statement[] {
  if (hashes.length === 0) return [];
  const { table, key } = kept[kind];
  return [
    {
      sql: `INSERT INTO ${table} (list, ${key}, content_hash) SELECT ?, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?) WHERE true ON CONFLICT (list, ${key}) DO UPDATE SET content_hash = excluded.content_hash`,
      params: [list.family.name, JSON.stringify(hashes)],
    },
  ];
}
