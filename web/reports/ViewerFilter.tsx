/**
 * One filter a published report offers its viewer, labelled with its field's name (the answer's
 * `filterFields`: the source field, even when it is no column of the report) and the operator, and shaped
 * by the field: yes/no for a yes/no field, the dictionary's entries for a dictionary field, a list of values
 * for "in", two bounds for "range", else text (Enter applies).
 */
import { Group, Select, TagsInput, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ReportFilter } from "../../events/reports/definition.ts";
import { currentLang } from "../core/i18n.ts";
import { DictSelect } from "../widgets/DictSelect/index.ts";
import type { ResultColumn, SourceField } from "./api.ts";

export interface ViewerFilterProps {
  filter: ReportFilter;
  field: SourceField | undefined;
  /** the answer's column over the same field (older answers carried no filterFields) */
  column: ResultColumn | undefined;
  value: unknown;
  onChange: (value: unknown) => void;
  onEnter: () => void;
}

export function ViewerFilter({ filter: f, field, column, value, onChange, onEnter }: ViewerFilterProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const label = `${(field?.label ?? column?.label)?.[lang] ?? f.field} · ${t(`reports.op.${f.op}`)}`;
  const testId = `report-viewer-filter-${f.field}`;
  const type = field?.type ?? column?.type;
  const dict = field?.dict ?? column?.dict;
  if (f.op === "in") return <TagsInput label={label} value={(value as string[]) ?? []} onChange={onChange} w={240} data-testid={testId} />;
  if (f.op === "range") {
    const [from, to] = (value as [unknown, unknown]) ?? ["", ""];
    return (
      <Group gap={4} align="flex-end">
        <TextInput label={label} placeholder={t("reports.from")} value={String(from ?? "")} onChange={(e) => onChange([e.currentTarget.value, to])} w={130} data-testid={`${testId}-from`} />
        <TextInput placeholder={t("reports.to")} value={String(to ?? "")} onChange={(e) => onChange([from, e.currentTarget.value])} w={130} data-testid={`${testId}-to`} />
      </Group>
    );
  }
  if (type === "bool") {
    return (
      <Select
        label={label}
        data={[{ value: "true", label: t("reports.yes") }, { value: "false", label: t("reports.no") }]}
        value={value === true ? "true" : value === false ? "false" : null}
        onChange={(v) => onChange(v === null ? "" : v === "true")}
        clearable
        w={160}
        data-testid={testId}
      />
    );
  }
  if (dict) return <DictSelect type={dict} label={label} value={value === "" || value === null || value === undefined ? null : String(value)} onChange={(v) => onChange(v ?? "")} clearable w={200} data-testid={testId} />;
  return <TextInput label={label} value={String(value ?? "")} onChange={(e) => onChange(e.currentTarget.value)} onKeyDown={(e) => e.key === "Enter" && onEnter()} w={200} data-testid={testId} />;
}
