/**
 * A record as a reader sees it, from its family's declaration: every field labelled in the reader's
 * language, dictionaries by type, numbers with their declared unit, references by the name of the record
 * they point at (`refers`), file ids as the files' names, and the enterprise fields as a link to the
 * enterprise's profile. The approval check page draws it (events/flow/business-view.ts).
 */
import type { Family } from "../../events/family.ts";
import type { Field } from "../../events/fields.ts";
import type { Lang } from "../../events/i18n.ts";
import type { BusinessField, BusinessFieldKind, BusinessFile } from "../../events/flow/business-view.ts";
import { file } from "../../events/families/sys.ts";
import { families } from "../../events/families/index.ts";
import { findById, findByIds } from "./query.ts";

const familyByPerm = new Map(families.map((f) => [f.perm, f as unknown as Family]));
const files = file as unknown as Family;

/** Bookkeeping of the approval itself, not of the business: the instance is the page. */
const bookkeeping = new Set(["procInsId"]);

/** The name a record goes by: its `name` or `title`, else its first declared required text field (productName…). */
function nameOf(family: Family, record: Record<string, unknown>): string {
  const key = ["name", "title"].find((k) => family.fields[k]?.kind === "text") ?? Object.entries(family.fields).find(([, f]) => f.kind === "text" && f.required)?.[0];
  return key && record[key] != null ? String(record[key]) : String(record[family.idKey] ?? "");
}

const kindOf = (family: Family, key: string, f: Field): BusinessFieldKind => {
  if (f.rules.includes("creditCode") || (key === "entName" && Object.values(family.fields).some((g) => g.rules.includes("creditCode")))) return "enterprise";
  if (f.files) return "files";
  switch (f.kind) {
    case "int":
    case "number":
      return "number";
    case "date":
    case "datetime":
      return "date";
    case "dict":
    case "bool":
    case "ref":
    case "json":
      return f.kind;
    case "refs":
      return "json";
    default:
      return "text";
  }
};

async function referenced(db: D1Database, f: Field, value: unknown): Promise<string | undefined> {
  const target = f.refers ? familyByPerm.get(f.refers) : undefined;
  if (!target || value == null || value === "") return undefined;
  const record = await findById(db, target, String(value));
  return record ? nameOf(target, record) : undefined;
}

async function filesOf(db: D1Database, value: unknown): Promise<BusinessFile[]> {
  const ids = Array.isArray(value) ? value.map(String) : [];
  const rows = await findByIds(db, files, ids);
  return rows.map((r) => ({ id: String(r.id), name: String(r.name), size: typeof r.size === "number" ? r.size : null }));
}

/** The record's fields as the view shows them, in declaration order (less `except`: what the view shows otherwise, its status). */
export async function recordView(db: D1Database, family: Family, record: Record<string, unknown>, lang: Lang, except: string[] = []): Promise<BusinessField[]> {
  const creditCode = Object.entries(family.fields).find(([, f]) => f.rules.includes("creditCode"))?.[0];
  const out: BusinessField[] = [];
  for (const [key, f] of Object.entries(family.fields)) {
    if (f.secret || bookkeeping.has(key) || except.includes(key)) continue;
    const value = record[key] ?? null;
    const kind = kindOf(family, key, f);
    const field: BusinessField = { key, label: f.label[lang], kind, value };
    if (f.unit) field.unit = f.unit[lang];
    if (f.dict) field.dict = f.dict;
    if (kind === "ref") {
      const name = await referenced(db, f, value);
      if (name !== undefined) field.name = name;
    }
    if (kind === "files") field.files = await filesOf(db, value);
    if (kind === "enterprise" && creditCode && record[creditCode]) field.creditCode = String(record[creditCode]);
    if (kind === "text" && f.sql === "TEXT" && typeof value === "string" && (value.length > 60 || value.includes("\n"))) field.kind = "longText";
    out.push(field);
  }
  return out;
}
