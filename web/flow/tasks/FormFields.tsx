/**
 * The model's simple form (the designer's ROOT form fields) bound to process variables. Each field is shown
 * per its permission: `edit` is an input, `read` is its value, `hidden` is left out. The start form edits
 * every field; an approval edits only the fields its node grants `edit`.
 */
import { NumberInput, Select, SimpleGrid, Text, Textarea, TextInput, Stack } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useTranslation } from "react-i18next";
import type { FormField, FormPerm } from "./api.ts";
import { useSeededName } from "../../core/seeded.ts";
import { show } from "./api.ts";
import { amountText } from "./amount.ts";

export type FormValues = Record<string, unknown>;

const optionData = (field: FormField) =>
  (field.options ?? []).map((o) => (typeof o === "string" ? { value: o, label: o } : { value: String(o.value), label: o.label }));

/** The fields that must be filled but are empty, as their labels. */
export function missingRequired(fields: FormField[], values: FormValues, perms?: Record<string, FormPerm>): string[] {
  return fields
    .filter((f) => f.required && (!perms || perms[f.key] === "edit"))
    .filter((f) => values[f.key] === undefined || values[f.key] === null || values[f.key] === "")
    .map((f) => f.label);
}

/** Values as the engine wants them: numbers for number and money fields. */
export function typedValues(fields: FormField[], values: FormValues, only?: (f: FormField) => boolean): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    if (only && !only(f)) continue;
    const v = values[f.key];
    if (v === undefined) continue;
    out[f.key] = (f.type === "number" || f.type === "money") && v !== "" && v !== null ? Number(v) : v;
  }
  return out;
}

function FieldInput({ field, value, onChange, error }: { field: FormField; value: unknown; onChange: (v: unknown) => void; error?: string }) {
  const common = { label: field.label, withAsterisk: !!field.required, name: field.key, "data-field": field.key, error };
  const text = value == null ? "" : String(value);
  switch (field.type) {
    case "number":
    case "money":
      return (
        <NumberInput
          {...common}
          value={value === null || value === undefined || value === "" ? "" : Number(value)}
          onChange={(v) => onChange(v === "" ? null : v)}
          decimalScale={field.type === "money" ? 2 : undefined}
          thousandSeparator={field.type === "money" ? "," : undefined}
          suffix={field.unit ? ` ${field.unit}` : undefined}
        />
      );
    case "textarea":
      return <Textarea {...common} autosize minRows={2} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case "date":
      return <DatePickerInput {...common} valueFormat="YYYY-MM-DD" clearable value={text || null} onChange={(v) => onChange(v ?? null)} />;
    case "select":
      return <Select {...common} data={optionData(field)} value={text || null} onChange={(v) => onChange(v)} clearable comboboxProps={{ withinPortal: true }} />;
    default:
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

function FieldValue({ field, value }: { field: FormField; value: unknown }) {
  const label = optionData(field).find((o) => o.value === String(value))?.label;
  const { i18n } = useTranslation();
  // an amount in the unit its field declares (a model's money may be 元 or 万元: no currency is assumed)
  const text = (field.type === "money" || field.type === "number") && value != null && value !== "" ? amountText(value, field.unit, i18n.language) : (label ?? show(value));
  return (
    <Stack gap={2} data-field={field.key}>
      <Text size="sm" fw={500}>{field.label}</Text>
      <Text size="sm" c={text ? undefined : "dimmed"} style={{ whiteSpace: "pre-wrap" }}>{text || "—"}</Text>
    </Stack>
  );
}

export interface FormFieldsProps {
  fields: FormField[];
  values: FormValues;
  onChange: (key: string, value: unknown) => void;
  /** per field; missing → `read` (an approval), or every field editable when `editAll` */
  perms?: Record<string, FormPerm>;
  editAll?: boolean;
  errors?: Record<string, string>;
}

export function FormFields({ fields, values, onChange, perms = {}, editAll = false, errors = {} }: FormFieldsProps) {
  const { t } = useTranslation();
  const named = useSeededName();
  // labels in the screen's language (a seeded model's form); the fields' keys are what is stored
  const visible = fields.filter((f) => editAll || perms[f.key] !== "hidden").map((f) => ({ ...f, label: named(f.label) }));
  if (!visible.length) return <Text c="dimmed" size="sm">{t("flowTasks.page.noForm")}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="flow-form">
      {visible.map((f) => {
        const editable = editAll || perms[f.key] === "edit";
        const wide = f.type === "textarea";
        return (
          <div key={f.key} style={wide ? { gridColumn: "1 / -1" } : undefined}>
            {editable ? <FieldInput field={f} value={values[f.key]} onChange={(v) => onChange(f.key, v)} error={errors[f.key]} /> : <FieldValue field={f} value={values[f.key]} />}
          </div>
        );
      })}
    </SimpleGrid>
  );
}
