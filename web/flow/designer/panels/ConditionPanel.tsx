/**
 * A condition branch: rows `field op value` over the ROOT form's fields, joined by and/or, or the default
 * branch (taken when no other branch's condition holds; one per block). Operators and the value input
 * follow the field's type; the branches are tried left to right.
 */
import { ActionIcon, Alert, Button, Card, Group, MultiSelect, NumberInput, SegmentedControl, Select, Stack, Switch, TagsInput, Text, TextInput, Tooltip } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { ConditionNode, ConditionOp, ConditionProps, ConditionRow, FormField } from "../../../../events/flow/tree.ts";
import { conditionText, opKey } from "../summaries.ts";

export interface ConditionPanelProps {
  node: ConditionNode;
  fields: FormField[];
  onProps: (change: Partial<ConditionProps>) => void;
  /** makes this the block's one default branch (the others lose the flag) */
  onMakeDefault: (isDefault: boolean) => void;
  readOnly?: boolean;
}

/** The operators that make sense for a field type. */
export function opsFor(type: FormField["type"] | undefined): ConditionOp[] {
  switch (type) {
    case "number":
    case "money":
      return ["==", "!=", ">", ">=", "<", "<=", "in"];
    case "date":
      return ["==", "!=", ">", ">=", "<", "<="];
    case "select":
      return ["==", "!=", "in"];
    default:
      return ["==", "!=", "contains", "in"];
  }
}

const numeric = (f: FormField | undefined) => f?.type === "number" || f?.type === "money";

/** A value that fits the operator: a list for `in`, one value otherwise. */
function valueFor(op: ConditionOp, field: FormField | undefined, old: ConditionRow["value"]): ConditionRow["value"] {
  if (op === "in") return Array.isArray(old) ? old : old === "" ? [] : [old as string | number];
  if (Array.isArray(old)) return old[0] ?? "";
  return numeric(field) && typeof old === "string" && old !== "" && Number.isFinite(Number(old)) ? Number(old) : old;
}

export function ConditionPanel({ node, fields, onProps, onMakeDefault, readOnly }: ConditionPanelProps) {
  const { t } = useTranslation();
  const p = node.props;
  const setRow = (i: number, row: ConditionRow) => onProps({ conditions: p.conditions.map((r, j) => (j === i ? row : r)) });
  return (
    <Stack gap="md">
      <Switch
        label={t("flowDesign.condition.isDefault")}
        description={t("flowDesign.condition.defaultHint")}
        disabled={readOnly}
        checked={p.isDefault}
        onChange={(e) => onMakeDefault(e.currentTarget.checked)}
        data-testid="condition-default"
      />
      {!p.isDefault && !fields.length && <Alert color="yellow">{t("flowDesign.condition.noFields")}</Alert>}
      {!p.isDefault && fields.length > 0 && (
        <>
          <Group gap="sm">
            <Text size="sm">{t("flowDesign.condition.logic")}</Text>
            <SegmentedControl
              size="xs"
              disabled={readOnly}
              data={[
                { value: "and", label: t("flowDesign.condition.and") },
                { value: "or", label: t("flowDesign.condition.or") },
              ]}
              value={p.logic}
              onChange={(v) => onProps({ logic: v as "and" | "or" })}
            />
          </Group>
          {p.conditions.map((row, i) => (
            <ConditionRowEditor key={i} row={row} fields={fields} readOnly={readOnly} onChange={(r) => setRow(i, r)} onRemove={() => onProps({ conditions: p.conditions.filter((_, j) => j !== i) })} index={i} />
          ))}
          {!p.conditions.length && <Text size="sm" c="red">{t("flowDesign.summary.setCondition")}</Text>}
          {!readOnly && (
            <Button
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => onProps({ conditions: [...p.conditions, { field: fields[0]!.key, op: "==", value: "" }] })}
              data-testid="condition-add"
            >
              {t("flowDesign.condition.addRow")}
            </Button>
          )}
          {p.conditions.length > 0 && (
            <Text size="xs" c="dimmed">{t("flowDesign.condition.preview", { text: conditionText(p.conditions, p.logic, fields, t) })}</Text>
          )}
        </>
      )}
    </Stack>
  );
}

function ConditionRowEditor({ row, fields, index, onChange, onRemove, readOnly }: { row: ConditionRow; fields: FormField[]; index: number; onChange: (row: ConditionRow) => void; onRemove: () => void; readOnly?: boolean }) {
  const { t } = useTranslation();
  const field = fields.find((f) => f.key === row.field);
  const ops = opsFor(field?.type);
  return (
    <Card withBorder padding="xs" data-testid={`condition-row-${index}`}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label={t("flowDesign.condition.field")}
            placeholder={t("flowDesign.condition.field")}
            data={fields.map((f) => ({ value: f.key, label: f.label || f.key }))}
            value={field ? row.field : null}
            error={!field ? t("flowDesign.condition.fieldGone", { key: row.field }) : undefined}
            allowDeselect={false}
            disabled={readOnly}
            onChange={(key) => {
              const next = fields.find((f) => f.key === key);
              onChange({ field: key ?? "", op: "==", value: "" , ...(next?.type === "select" && next.options?.[0] ? { value: next.options[0].value } : {}) });
            }}
            comboboxProps={{ zIndex: 400 }}
            style={{ flex: 1 }}
            data-testid="condition-field"
          />
          <Select
            aria-label={t("flowDesign.condition.op")}
            data={ops.map((op) => ({ value: op, label: t(`flowDesign.ops.${opKey(op)}`) }))}
            value={ops.includes(row.op) ? row.op : null}
            allowDeselect={false}
            disabled={readOnly}
            onChange={(op) => op && onChange({ ...row, op: op as ConditionOp, value: valueFor(op as ConditionOp, field, row.value) })}
            comboboxProps={{ zIndex: 400 }}
            w={110}
            data-testid="condition-op"
          />
          {!readOnly && (
            <Tooltip label={t("flowDesign.condition.removeRow")}>
              <ActionIcon variant="subtle" color="red" aria-label={t("flowDesign.condition.removeRow")} onClick={onRemove}><IconTrash size={14} /></ActionIcon>
            </Tooltip>
          )}
        </Group>
        <ValueInput row={row} field={field} onChange={(value) => onChange({ ...row, value })} readOnly={readOnly} />
      </Stack>
    </Card>
  );
}

/** The value input for the field's type and the operator (a list for `in`). */
function ValueInput({ row, field, onChange, readOnly }: { row: ConditionRow; field: FormField | undefined; onChange: (value: ConditionRow["value"]) => void; readOnly?: boolean }) {
  const { t } = useTranslation();
  const common = { "aria-label": t("flowDesign.condition.value"), placeholder: t("flowDesign.condition.value"), disabled: readOnly, "data-testid": "condition-value" };
  const empty = row.value === "" || (Array.isArray(row.value) && !row.value.length);
  const error = empty ? t("flowDesign.condition.valueMissing") : undefined;
  const options = (field?.options ?? []).map((o) => ({ value: o.value, label: o.label }));
  if (row.op === "in") {
    const list = (Array.isArray(row.value) ? row.value : []).map(String);
    if (field?.type === "select") return <MultiSelect {...common} data={options} value={list} onChange={onChange} error={error} comboboxProps={{ zIndex: 400 }} />;
    return (
      <TagsInput
        {...common}
        description={t("flowDesign.condition.listHint")}
        value={list}
        onChange={(values) => onChange(numeric(field) ? values.map(Number).filter(Number.isFinite) : values)}
        error={error}
      />
    );
  }
  const one = Array.isArray(row.value) ? "" : row.value;
  if (numeric(field))
    return <NumberInput {...common} value={typeof one === "number" ? one : one === "" ? "" : Number(one)} onChange={(v) => onChange(typeof v === "number" ? v : "")} error={error} decimalScale={field?.type === "money" ? 2 : undefined} />;
  if (field?.type === "select") return <Select {...common} data={options} value={one === "" ? null : String(one)} onChange={(v) => onChange(v ?? "")} error={error} comboboxProps={{ zIndex: 400 }} />;
  if (field?.type === "date")
    return <DateInput {...common} valueFormat="YYYY-MM-DD" value={one === "" ? null : String(one)} onChange={(v) => onChange(v ? String(v).slice(0, 10) : "")} error={error} popoverProps={{ zIndex: 400 }} clearable />;
  return <TextInput {...common} value={String(one)} onChange={(e) => onChange(e.currentTarget.value)} error={error} />;
}
