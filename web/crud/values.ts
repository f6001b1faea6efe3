/** Record values ↔ form values, by field kind (inputs want "" and arrays where records hold null). */
import type { Family } from "../../events/family.ts";
import type { Field } from "../../events/fields.ts";
import type { Row } from "../core/api/records.ts";

export type FormValues = Record<string, unknown>;

/** Fields the form shows or carries, in declaration order (secret ones never travel). */
export const formFields = (family: Family) => Object.entries(family.fields).filter(([, f]) => !f.secret);

/** Fields a user may write: managed ones are set only by the family's own commands (publish, examine, submit…). */
export const editableFields = (family: Family) => formFields(family).filter(([, f]) => !f.managed);

/** A text field longer than 255 characters is edited in a textarea. */
export const isLongText = (field: Field) => field.kind === "text" && ((field.schema as { maxLength?: number | null }).maxLength ?? 255) > 255;

export function toFormValue(field: Field, value: unknown): unknown {
  const empty = value === undefined || value === null;
  switch (field.kind) {
    case "bool":
      return value === true || value === 1 || value === "1" || value === "true";
    case "int":
    case "number":
      return empty ? "" : value;
    case "date":
    case "datetime":
      return empty || value === "" ? null : String(value);
    case "dict":
      return field.multiple ? (Array.isArray(value) ? value.map(String) : []) : empty || value === "" ? null : String(value);
    case "ref":
      return empty || value === "" ? null : String(value);
    case "refs":
      return Array.isArray(value) ? value.map(String) : [];
    case "json":
      return empty ? "" : JSON.stringify(value, null, 2);
    default:
      return empty ? "" : String(value);
  }
}

export const emptyValues = (family: Family): FormValues => Object.fromEntries(formFields(family).map(([key, f]) => [key, toFormValue(f, null)]));

export const recordToForm = (family: Family, record: Row): FormValues => Object.fromEntries(formFields(family).map(([key, f]) => [key, toFormValue(f, record[key])]));

/** Form values → the record to check and send ("" stays "": the server reads it as empty), and the JSON fields whose text does not parse. */
export function formToRecord(family: Family, values: FormValues): { record: Row; badJson: string[] } {
  const record: Row = {};
  const badJson: string[] = [];
  // managed fields are never sent: the server ignores them, and a stale copy must not look like an edit
  for (const [key, field] of editableFields(family)) {
    const value = values[key];
    switch (field.kind) {
      case "int":
      case "number":
      case "date":
      case "datetime":
      case "ref":
        record[key] = value === "" || value === undefined ? null : value;
        break;
      case "json": {
        const text = String(value ?? "").trim();
        try {
          record[key] = text === "" ? null : JSON.parse(text);
        } catch {
          badJson.push(key);
          record[key] = text;
        }
        break;
      }
      default:
        record[key] = value;
    }
  }
  return { record, badJson };
}
