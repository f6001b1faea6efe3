/**
 * The model's simple start form (ROOT props.formFields): key (the process variable), label, type, required,
 * for a number or an amount its unit (元, 万元: shown beside the value), and for a select its options. Renaming a key follows into conditions and permissions; removing a field
 * drops them (the parent does both through onRename / onRemove).
 */
import { ActionIcon, Button, Card, Checkbox, Group, Select, Stack, TagsInput, Text, TextInput, Tooltip } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formFieldTypes, type FormField } from "../../../../events/flow/tree.ts";

export interface FormFieldsEditorProps {
  value: FormField[];
  onChange: (fields: FormField[]) => void;
  onRename: (from: string, to: string, fields: FormField[]) => void;
  onRemove: (fields: FormField[]) => void;
  readOnly?: boolean;
}

/** A key no field has yet: field1, field2, … */
const freshKey = (fields: FormField[]) => {
  for (let n = fields.length + 1; ; n++) if (!fields.some((f) => f.key === `field${n}`)) return `field${n}`;
};

export function FormFieldsEditor({ value, onChange, onRename, onRemove, readOnly }: FormFieldsEditorProps) {
  const { t } = useTranslation();
  const types = formFieldTypes.map((type) => ({ value: type, label: t(`flowDesign.fieldTypes.${type}`) }));
  const patch = (i: number, change: Partial<FormField>) => value.map((f, j) => (j === i ? { ...f, ...change } : f));
  const move = (i: number, delta: number) => {
    const next = [...value];
    [next[i], next[i + delta]] = [next[i + delta]!, next[i]!];
    onChange(next);
  };
  return (
    <Stack gap="sm" data-testid="form-fields">
      {!value.length && <Text size="sm" c="dimmed">{t("flowDesign.root.noFields")}</Text>}
      {value.map((field, i) => (
        <Card key={i} withBorder padding="xs" data-testid={`form-field-${i}`}>
          <Stack gap={6}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t("flowDesign.root.fieldLabel")}
                required
                disabled={readOnly}
                value={field.label}
                onChange={(e) => onChange(patch(i, { label: e.currentTarget.value }))}
                style={{ flex: 1 }}
                data-testid="field-label"
              />
              <TextInput
                label={t("flowDesign.root.fieldKey")}
                required
                disabled={readOnly}
                value={field.key}
                onChange={(e) => {
                  const key = e.currentTarget.value.trim();
                  onRename(field.key, key, patch(i, { key }));
                }}
                error={field.key && !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(field.key) ? t("flowDesign.root.keyRule") : undefined}
                styles={{ input: { fontFamily: "monospace" } }}
                style={{ flex: 1 }}
                data-testid="field-key"
              />
            </Group>
            <Group gap="xs" align="center" wrap="nowrap">
              <Select
                aria-label={t("flowDesign.root.fieldType")}
                data={types}
                disabled={readOnly}
                allowDeselect={false}
                value={field.type}
                onChange={(type) => onChange(patch(i, { type: (type ?? "text") as FormField["type"], options: type === "select" ? (field.options ?? []) : undefined }))}
                comboboxProps={{ zIndex: 400 }}
                w={130}
                data-testid="field-type"
              />
              {(field.type === "number" || field.type === "money") && (
                <TextInput
                  aria-label={t("flowDesign.root.unit")}
                  placeholder={t("flowDesign.root.unit")}
                  disabled={readOnly}
                  value={field.unit ?? ""}
                  maxLength={16}
                  onChange={(e) => {
                    const unit = e.currentTarget.value.trim();
                    onChange(patch(i, { unit: unit || undefined }));
                  }}
                  w={90}
                  data-testid="field-unit"
                />
              )}
              <Checkbox label={t("flowDesign.root.required")} disabled={readOnly} checked={field.required} onChange={(e) => onChange(patch(i, { required: e.currentTarget.checked }))} />
              {!readOnly && (
                <Group gap={2} ml="auto" wrap="nowrap">
                  <Tooltip label={t("flowDesign.root.moveUp")}>
                    <ActionIcon variant="subtle" disabled={i === 0} aria-label={t("flowDesign.root.moveUp")} onClick={() => move(i, -1)}><IconArrowUp size={14} /></ActionIcon>
                  </Tooltip>
                  <Tooltip label={t("flowDesign.root.moveDown")}>
                    <ActionIcon variant="subtle" disabled={i === value.length - 1} aria-label={t("flowDesign.root.moveDown")} onClick={() => move(i, 1)}><IconArrowDown size={14} /></ActionIcon>
                  </Tooltip>
                  <Tooltip label={t("flowDesign.root.removeField")}>
                    <ActionIcon variant="subtle" color="red" aria-label={t("flowDesign.root.removeField")} onClick={() => onRemove(value.filter((_, j) => j !== i))} data-testid="field-remove"><IconTrash size={14} /></ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Group>
            {field.type === "select" && (
              <TagsInput
                label={t("flowDesign.root.options")}
                description={t("flowDesign.root.optionsHint")}
                disabled={readOnly}
                value={(field.options ?? []).map((o) => o.value)}
                onChange={(values) => onChange(patch(i, { options: values.map((v) => ({ value: v, label: field.options?.find((o) => o.value === v)?.label ?? v })) }))}
                error={!field.options?.length ? t("flowDesign.root.optionsMissing") : undefined}
                data-testid="field-options"
              />
            )}
          </Stack>
        </Card>
      ))}
      {!readOnly && (
        <Button variant="light" leftSection={<IconPlus size={14} />} onClick={() => onChange([...value, { key: freshKey(value), label: "", type: "text", required: false }])} data-testid="field-add">
          {t("flowDesign.root.addField")}
        </Button>
      )}
    </Stack>
  );
}
FormFieldsEditor.displayName = "FormFieldsEditor";
