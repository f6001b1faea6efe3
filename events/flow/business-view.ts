/**
 * What an approver decides on: the business record an instance is about (an application, a filled form,
 * or the model's own start form), as one list of labelled fields the check page draws the same way for
 * every kind. The server builds it from the record's declaration, in the reader's language, with the fields
 * hidden at the reader's node left out (absent, not blanked).
 */

import * as z from "zod";
import { lazySchema } from "../lazy.ts";

export const businessFieldKinds = ["text", "longText", "number", "date", "dict", "bool", "ref", "files", "enterprise", "json"] as const;
export type BusinessFieldKind = (typeof businessFieldKinds)[number];

export const businessFile = lazySchema(() => z.strictObject({ id: z.string(), name: z.string(), size: z.number().nullable() }));
export type BusinessFile = z.infer<typeof businessFile>;

export const businessField = lazySchema(() => z.strictObject({
  key: z.string(),
  label: z.string(),
  kind: z.enum(businessFieldKinds),
  value: z.unknown(),
  /** number: the unit it is counted in (万元) */
  unit: z.string().optional(),
  /** dict: the dictionary type */
  dict: z.string().optional(),
  /** ref: the referenced record's name */
  name: z.string().optional(),
  /** files: the uploaded files the ids name */
  files: z.array(businessFile).optional(),
  /** enterprise: the credit code of the enterprise profile it opens */
  creditCode: z.string().optional(),
}));
export type BusinessField = z.infer<typeof businessField>;

export const businessView = lazySchema(() => z.strictObject({
  /** `family` (a declared record family), `form` (a filled form over a data model), `process` (the model's own start form) */
  kind: z.enum(["family", "form", "process"]),
  /** the record kind's name (融资申请, a form's name, the process's name) */
  title: z.string(),
  recordId: z.string().nullable(),
  status: z.string().nullable(),
  /** the dictionary of `status` */
  statusDict: z.string().optional(),
  fields: z.array(businessField),
}));
export type BusinessView = z.infer<typeof businessView>;

/** The view without the fields the reader's node hides. */
export function withoutHiddenFields(view: BusinessView, hidden: Set<string>): BusinessView {
  return hidden.size ? { ...view, fields: view.fields.filter((f) => !hidden.has(f.key)) } : view;
}
