/**
 * One form input per declared field, chosen by its kind: text (a textarea past 255 characters), numbers,
 * switch, dates, dictionaries, references, role lists and JSON. Every input carries `name=<field key>`.
 */
import { NumberInput, Select, Switch, Textarea, TextInput } from "@mantine/core";
import { DatePickerInput, DatesProvider, DateTimePicker } from "@mantine/dates";
import "dayjs/locale/zh-cn";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { DictSelect } from "../widgets/DictSelect/index.ts";
import { RegionCascader } from "../widgets/RegionCascader/index.ts";
import { namedInput, RefSelect, RoleSelect, refTarget } from "./refs.tsx";
import { isLongText } from "./values.ts";

export interface FieldInputProps {
  family: Family;
  fieldKey: string;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: ReactNode;
  /** in the search form: no required marks, nothing is long */
  compact?: boolean;
}

/** Replaces the input of one field (a bespoke screen's override). */
export type FieldInputs = Record<string, (props: FieldInputProps) => ReactNode>;

/** Whether the field's input takes a whole row of the form. */
export const isWide = (family: Family, key: string) => {
  const field = family.fields[key]!;
  return isLongText(field) || field.kind === "json" || field.kind === "refs" || !!field.multiple;
};

/** Calendar texts in the page's language, weeks from Monday. */
const datesSettings = (lang: Lang) => ({ locale: lang === "zh-CN" ? "zh-cn" : "en", firstDayOfWeek: 1 as const });

export function FieldInput({ family, fieldKey, value, onChange, error, compact = false }: FieldInputProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const field = family.fields[fieldKey]!;
  const label = field.label[lang];
  const common = { label, name: fieldKey, error, withAsterisk: !compact && field.required, "data-field": fieldKey };
  const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

  switch (field.kind) {
    case "int":
    case "number":
      return <NumberInput {...common} value={(value ?? "") as number | string} onChange={onChange} allowDecimal={field.kind === "number"} hideControls={compact} />;
    case "bool":
      if (compact) return <BoolFilter label={label} name={fieldKey} value={value} onChange={onChange} />;
      return <Switch label={label} name={fieldKey} checked={!!value} onChange={(e) => onChange(e.currentTarget.checked)} mt={28} data-field={fieldKey} />;
    case "date":
      return (
        <DatesProvider settings={datesSettings(lang)}>
          <DatePickerInput {...common} value={(value as string | null) ?? null} onChange={(v) => onChange(v ?? null)} valueFormat="YYYY-MM-DD" clearable />
        </DatesProvider>
      );
    case "datetime":
      return (
        <DatesProvider settings={datesSettings(lang)}>
          <DateTimePicker {...common} value={(value as string | null) ?? null} onChange={(v) => onChange(v ?? null)} valueFormat="YYYY-MM-DD HH:mm:ss" withSeconds clearable />
        </DatesProvider>
      );
    case "dict":
      return <DictSelect {...common} type={field.dict!} multiple={!compact && field.multiple} value={value as string | string[] | null} onChange={onChange} />;
    case "ref": {
      const target = refTarget(family, fieldKey)?.family;
      if (target) return <RefSelect {...common} target={target} value={(value as string | null) ?? null} onChange={onChange} />;
      return <TextInput {...common} value={text(value)} onChange={(e) => onChange(e.currentTarget.value || null)} />;
    }
    case "refs":
      if (fieldKey === "roleIdList") return <RoleSelect {...common} value={(value as string[]) ?? []} onChange={onChange} />;
      // menus are chosen on the roles screen's own tree: carried, not shown
      return <input type="hidden" name={fieldKey} value={JSON.stringify(value ?? [])} readOnly />;
    case "json":
      return <Textarea {...common} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} autosize minRows={3} maxRows={12} ff="monospace" placeholder="JSON" />;
    default:
      // a division code other than a division's own: picked from the divisions
      if (field.rules.includes("zoningCode") && fieldKey !== "code") {
        return <RegionCascader {...common} multiple={false} width="100%" value={(value as string | null) || null} onChange={(v) => onChange((v as string | null) ?? "")} data-testid={`cascader-${fieldKey}`} />;
      }
      if (!compact && isLongText(field)) return <Textarea {...common} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} autosize minRows={2} maxRows={8} />;
      return <TextInput {...common} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/** A yes/no choice for boolean filters (cleared: either). */
function BoolFilter({ label, name, value, onChange }: { label: string; name: string; value: unknown; onChange: (v: unknown) => void }) {
  const { t } = useTranslation();
  const data = [
    { value: "true", label: t("crud.yes") },
    { value: "false", label: t("crud.no") },
  ];
  return <Select label={label} value={(value as string | null) ?? null} onChange={onChange} data={data} clearable attributes={namedInput(name)} />;
}
