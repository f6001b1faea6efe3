/**
 * Renders a form layout (events/forms/layout.ts) over a data model's record family: sections, rows and
 * columns on a 24-column grid, each field with its widget, label, help and placeholder. The rules are the
 * ones the Worker applies (`applyFormRules`): hidden fields are not drawn, read-only ones cannot be changed,
 * required ones are marked, and an approval step's `nodePerms` come on top. `narrow` stacks every column (the
 * phone preview, 375 px) whatever the screen's width. Used by the designer's preview, the fill screen, the
 * filled-form viewer and the task screen.
 */
import { Box, Divider, Grid, NumberInput, Radio, Group, Stack, Switch, Text, Textarea, TextInput, Title } from "@mantine/core";
import { DatePickerInput, DatesProvider, DateTimePicker } from "@mantine/dates";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import type { ModelField } from "../../events/datamodel/definition.ts";
import { applyFormRules, missingRequired, type FieldState, type FormLayout, type LayoutColumn, type NodePerm } from "../../events/forms/layout.ts";
import { DictCheckbox, DictRadio, DictSelect, RegionCascader } from "../widgets/index.ts";
import { modelInputs } from "../datamodel/inputs.tsx";

/** The required fields left empty under the layout's rules, each with the message naming it in the reader's language. */
export function requiredErrors(layout: FormLayout, values: Record<string, unknown>, family: Family, t: TFunction, lang: Lang): Record<string, string> {
  return Object.fromEntries(missingRequired(layout, values).map((k) => [k, t("forms.fill.required", { name: family.fields[k]?.label[lang] ?? k })]));
}

export interface FormRendererProps {
  layout: FormLayout;
  family: Family;
  /** the model's fields (user, organisation and file pickers) */
  fields?: ModelField[];
  values: Record<string, unknown>;
  onChange?: (field: string, value: unknown) => void;
  /** an approval step's field permissions (absent fields: read) */
  nodePerms?: Record<string, NodePerm>;
  /** per-field messages (the server's answer, or the form's own check) */
  errors?: Record<string, string>;
  /** nothing can be changed (a viewer) @default false */
  readOnly?: boolean;
  /** every column takes the whole row (the phone preview) @default false */
  narrow?: boolean;
}

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const textOf = (t: { zh?: string; en?: string } | undefined, lang: Lang) => (t ? (lang === "zh-CN" ? t.zh || t.en : t.en || t.zh) || undefined : undefined);
const idsOf = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === "string" && v.trim().startsWith("[")) {
    try {
      return (JSON.parse(v) as unknown[]).map(String);
    } catch {
      return [];
    }
  }
  return [];
};

export function FormRenderer({ layout, family, fields = [], values, onChange, nodePerms, errors = {}, readOnly = false, narrow = false }: FormRendererProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const states = useMemo(() => applyFormRules(layout, values, nodePerms), [layout, values, nodePerms]);
  const inputs = useMemo(() => modelInputs(fields), [fields]);
  return (
    <DatesProvider settings={{ locale: lang === "zh-CN" ? "zh-cn" : "en", firstDayOfWeek: 1 }}>
      <Stack gap="md" data-testid="form-renderer">
        {layout.sections.map((section, s) => {
          const title = textOf(section.title, lang);
          const rows = section.rows.map((row) => row.cols.filter((col) => !states[col.field]?.hidden)).filter((cols) => cols.length);
          if (!rows.length && !title) return null;
          return (
            <Stack key={s} gap="xs" data-testid={`render-section-${s}`}>
              {title && (
                <>
                  <Title order={6}>{title}</Title>
                  <Divider />
                </>
              )}
              {rows.map((cols, r) => (
                <Grid key={r} columns={24} gap="md">
                  {cols.map((col) => (
                    <Grid.Col key={col.field} span={narrow ? 24 : col.span}>
                      <Widget
                        col={col}
                        family={family}
                        lang={lang}
                        state={readOnly ? { ...states[col.field]!, readOnly: true, required: false } : states[col.field]!}
                        value={values[col.field]}
                        error={errors[col.field]}
                        onChange={(v) => onChange?.(col.field, v)}
                        custom={inputs[col.field]}
                      />
                    </Grid.Col>
                  ))}
                </Grid>
              ))}
            </Stack>
          );
        })}
      </Stack>
    </DatesProvider>
  );
}

interface WidgetProps {
  col: LayoutColumn;
  family: Family;
  lang: Lang;
  state: FieldState;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
  custom?: (props: { family: Family; fieldKey: string; value: unknown; onChange: (v: unknown) => void; error?: ReactNode }) => ReactNode;
}

function Widget({ col, family, lang, state, value, error, onChange, custom }: WidgetProps) {
  const field = family.fields[col.field];
  if (!field) return <Text c="red" size="sm">{col.field}</Text>;
  const label = textOf(col.label, lang) ?? field.label[lang];
  const common = {
    label,
    description: textOf(col.help, lang),
    placeholder: textOf(col.placeholder, lang),
    name: col.field,
    error,
    withAsterisk: state.required || field.required,
    "data-field": col.field,
  };
  const frozen = state.readOnly;
  const change = frozen ? () => {} : onChange;
  switch (col.widget) {
    case "textarea":
      return <Textarea {...common} readOnly={frozen} value={text(value)} onChange={(e) => change(e.currentTarget.value)} autosize minRows={2} maxRows={8} />;
    case "number":
      return <NumberInput {...common} readOnly={frozen} value={value === null || value === undefined ? "" : (value as number)} onChange={(v) => change(v === "" ? null : v)} allowDecimal={field.kind !== "int"} />;
    case "date":
      return <DatePickerInput {...common} readOnly={frozen} value={(value as string | null) ?? null} onChange={(v) => change(v ?? null)} valueFormat="YYYY-MM-DD" clearable={!frozen} />;
    case "datetime":
      return <DateTimePicker {...common} readOnly={frozen} value={(value as string | null) ?? null} onChange={(v) => change(v ?? null)} valueFormat="YYYY-MM-DD HH:mm:ss" withSeconds clearable={!frozen} />;
    case "select":
      return <DictSelect {...common} disabled={frozen} type={field.dict ?? ""} multiple={!!field.multiple} value={(value as string | string[] | null) ?? (field.multiple ? [] : null)} onChange={change} />;
    case "radio":
      if (field.kind === "bool") {
        return (
          <Radio.Group {...common} value={value === true ? "1" : value === false ? "0" : null} onChange={(v) => change(v === "1")}>
            <Group mt={4}>
              <Radio value="1" label={lang === "zh-CN" ? "是" : "Yes"} disabled={frozen} />
              <Radio value="0" label={lang === "zh-CN" ? "否" : "No"} disabled={frozen} />
            </Group>
          </Radio.Group>
        );
      }
      return <DictRadio {...common} disabled={frozen} type={field.dict ?? ""} value={(value as string | null) ?? null} onChange={change} />;
    case "checkbox":
      return <DictCheckbox {...common} disabled={frozen} type={field.dict ?? ""} value={Array.isArray(value) ? value.map(String) : []} onChange={change} />;
    case "switch":
      return (
        <Box>
          <Switch label={label} description={common.description} name={col.field} checked={!!value} disabled={frozen} onChange={(e) => change(e.currentTarget.checked)} mt={common.description ? 0 : 28} data-field={col.field} />
          {error && <Text c="red" size="xs">{error}</Text>}
        </Box>
      );
    case "region":
      return <RegionCascader label={label} error={error} withAsterisk={common.withAsterisk} disabled={frozen} multiple={false} width="100%" value={(value as string | null) || null} onChange={(v) => change((v as string | null) ?? null)} data-testid={`cascader-${col.field}`} />;
    case "user":
    case "org":
    case "upload":
      if (custom) {
        const shown = col.widget === "upload" ? JSON.stringify(idsOf(value)) : value;
        const node = custom({ family, fieldKey: col.field, value: shown, onChange: (v) => change(col.widget === "upload" ? idsOf(v) : v), error });
        return frozen ? <Box style={{ pointerEvents: "none", opacity: 0.7 }}>{node}</Box> : node;
      }
      return <TextInput {...common} readOnly value={text(value)} />;
    default:
      return <TextInput {...common} readOnly={frozen} value={text(value)} onChange={(e) => change(e.currentTarget.value)} />;
  }
}

