/**
 * What an approver decides on: the business record an instance is about (an application, a filled form,
 * or the model's own start form), as one list of labelled fields the check page draws the same way for
 * every kind. The server builds it from the record's declaration, in the reader's language, with the fields
 * hidden at the reader's node left out (absent, not blanked).
 */

export type BusinessFieldKind = "text" | "longText" | "number" | "date" | "dict" | "bool" | "ref" | "files" | "enterprise" | "json";

export interface BusinessFile {
  id: string;
  name: string;
  size: number | null;
}

export interface BusinessField {
  key: string;
  label: string;
  kind: BusinessFieldKind;
  value: unknown;
  /** number: the unit it is counted in (万元) */
  unit?: string;
  /** dict: the dictionary type */
  dict?: string;
  /** ref: the referenced record's name */
  name?: string;
  /** files: the uploaded files the ids name */
  files?: BusinessFile[];
  /** enterprise: the credit code of the enterprise profile it opens */
  creditCode?: string;
}

export interface BusinessView {
  /** `family` (a declared record family), `form` (a filled form over a data model), `process` (the model's own start form) */
  kind: "family" | "form" | "process";
  /** the record kind's name (融资申请, a form's name, the process's name) */
  title: string;
  recordId: string | null;
  status: string | null;
  /** the dictionary of `status` */
  statusDict?: string;
  fields: BusinessField[];
}

/** The view without the fields the reader's node hides. */
export function withoutHiddenFields(view: BusinessView, hidden: Set<string>): BusinessView {
  return hidden.size ? { ...view, fields: view.fields.filter((f) => !hidden.has(f.key)) } : view;
}
