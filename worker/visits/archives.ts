/**
 * The three kinds of visit archive (走访 zf, 服务 fw, 需求 xq) and the details each one carries beyond the
 * shared visit fields. Pure: the Worker validates an archive's `details` by its kind here, and
 * `zfdaFields` answers these declarations so the browser's form shows the same fields.
 */
import * as z from "zod";
import { l } from "../../events/family.ts";
import type { Text } from "../../events/i18n.ts";
import { lazySchema } from "../../events/lazy.ts";

export const archiveKinds = ["zfda", "fwda", "xqda"] as const;
export type ArchiveKind = (typeof archiveKinds)[number];

export interface DetailField {
  key: string;
  label: Text;
  kind: "text" | "longText" | "date" | "dict" | "number";
  required: boolean;
  /** the dictionary of a dict field */
  dict?: string;
  max?: number;
}

const text = (key: string, label: Text, max: number, required = false): DetailField => ({ key, label, kind: "text", required, max });
const long = (key: string, label: Text, max: number, required = false): DetailField => ({ key, label, kind: "longText", required, max });

/** The details of each archive kind, in the form's order. */
export const archiveDetails: Record<ArchiveKind, DetailField[]> = {
  zfda: [
    text("purpose", l("走访目的", "Purpose"), 200, true),
    text("participants", l("参与人员", "Participants"), 200),
    long("operation", l("经营情况", "Business situation"), 2000),
    long("suggestion", l("意见建议", "Suggestions"), 2000),
  ],
  fwda: [
    text("serviceItem", l("服务事项", "Service item"), 200, true),
    { key: "serviceType", label: l("服务类型", "Service type"), kind: "dict", dict: "serviceType", required: true },
    long("serviceResult", l("服务成效", "Result"), 2000),
    { key: "serviceHours", label: l("服务时长(小时)", "Hours"), kind: "number", required: false },
  ],
  xqda: [
    { key: "demandType", label: l("需求类型", "Demand type"), kind: "dict", dict: "demandType", required: true },
    text("demandTitle", l("需求标题", "Demand title"), 128, true),
    { key: "expectedDate", label: l("期望解决日期", "Wanted by"), kind: "date", required: false },
    long("checkOpinion", l("审核意见", "Check opinion"), 1000),
  ],
};

/** The labels of the archive kinds (the dictionary visitArchiveType has the same). */
export const archiveKindLabels: Record<ArchiveKind, Text> = { zfda: l("走访档案", "Visit file"), fwda: l("服务档案", "Service file"), xqda: l("需求档案", "Demand file") };

const isoDate = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

function schemaOf(f: DetailField): z.ZodType {
  const base =
    f.kind === "number" ? z.number().min(0).max(100000) : f.kind === "date" ? isoDate : z.string().trim().max(f.max ?? 64);
  const value = f.kind === "text" || f.kind === "longText" || f.kind === "dict" ? (base as z.ZodString).min(f.required ? 1 : 0) : base;
  return f.required ? value : value.optional().nullable();
}

/** The strict schema of one kind's details: an unknown key is refused, so a typo is named, not dropped. */
export const detailsSchema = (kind: ArchiveKind) => z.strictObject(Object.fromEntries(archiveDetails[kind].map((f) => [f.key, schemaOf(f)])));

/** The detail fields of a kind that the user gets wrong, each by key; empty when the details fit. */
export function detailProblems(kind: ArchiveKind, details: unknown): { field: string; label: Text }[] {
  const parsed = detailsSchema(kind).safeParse(details ?? {});
  if (parsed.success) return [];
  const byKey = new Map(archiveDetails[kind].map((f) => [f.key, f]));
  const seen = new Set<string>();
  const problems: { field: string; label: Text }[] = [];
  for (const issue of parsed.error.issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [String(issue.path[0] ?? "details")];
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push({ field: `details.${key}`, label: byKey.get(key)?.label ?? l(key, key) });
    }
  }
  return problems;
}
