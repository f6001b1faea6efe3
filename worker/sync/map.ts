/**
 * From an upstream item to our record: each mapped field normalised by its kind (FIELDS.md §1.4), dictionary
 * texts turned into our codes, the item kept as received in `raw`, and the natural key — sha-256 of the
 * enterprise's credit code and the normalised key parts — that makes the upsert idempotent.
 */
import type { Family } from "../../events/family.ts";
import type { SynList } from "../../events/families/syn-common.ts";
import { normBool, normDate, normDateTime, normNumber, normText } from "../../events/syn/normalise.ts";
import { sha256Hex } from "../store/canonical.ts";
import type { RecordValues } from "../resources/decide.ts";

/** dictionary type → (a value's code, Chinese or English name) → its code */
export type DictionaryCodes = Map<string, Map<string, string>>;

/** The fields a sync owns on a record: compared to decide whether an item changed, and replaced when it did. */
export function sourceOwned(list: SynList): string[] {
  return [...Object.keys(list.source.fields), "creditCode", "entName", "sourceCode", "sourceProduct", "sourceRecordId", "raw", "sourceRemoved"];
}

function valueOf(family: Family, key: string, raw: unknown, codes: DictionaryCodes): unknown {
  const f = family.fields[key]!;
  switch (f.kind) {
    case "text": {
      const text = normText(raw);
      return text !== null && /creditcode|regno/i.test(key) ? text.toUpperCase() : text;
    }
    case "int": {
      const n = normNumber(raw);
      return n === null ? null : Math.trunc(n);
    }
    case "number":
      return normNumber(raw);
    case "date":
      return normDate(raw);
    case "datetime":
      return normDateTime(raw);
    case "bool":
      return normBool(raw);
    case "dict": {
      const text = normText(raw);
      if (text === null || !f.dict) return null;
      const code = codes.get(f.dict)?.get(text) ?? null;
      return f.multiple ? (code === null ? null : [code]) : code;
    }
    case "json":
      return raw === null || raw === undefined ? null : typeof raw === "object" ? raw : [raw];
    default:
      return null;
  }
}

export interface Mapped {
  naturalKey: string;
  values: RecordValues;
}

export interface Origin {
  creditCode: string;
  entName: string;
  sourceCode: string;
  runId: string;
  syncedAt: string;
}

/** Maps one item; the natural key's parts are the key fields' normalised values (empty ones count as ""). */
export async function mapItem(list: SynList, item: Record<string, unknown>, origin: Origin, codes: DictionaryCodes): Promise<Mapped> {
  const { family, source } = list;
  const values: RecordValues = {};
  for (const [ours, upstream] of Object.entries(source.fields)) if (family.fields[ours]) values[ours] = valueOf(family, ours, item[upstream], codes);
  const parts = [origin.creditCode, ...source.key.map((k) => (values[k] === null || values[k] === undefined ? "" : String(values[k])))];
  const naturalKey = await sha256Hex(JSON.stringify(parts));
  const sourceRecordId = source.idField ? normText(item[source.idField]) : null;
  return {
    naturalKey,
    values: {
      ...values,
      creditCode: origin.creditCode,
      entName: origin.entName,
      sourceCode: origin.sourceCode,
      sourceProduct: source.product,
      sourceRecordId,
      naturalKey,
      syncedAt: origin.syncedAt,
      syncJobId: origin.runId,
      raw: item,
      sourceRemoved: false,
    },
  };
}
