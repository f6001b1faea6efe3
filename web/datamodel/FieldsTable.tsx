/**
 * A model's fields as a table: add, edit (the one field editor, in a dialog), move up or down, hide and show
 * again. A stored field is never removed — removing hides it, its column and values stay; only a field added
 * in this draft and not yet saved can be taken out. A server refusal about a field (by index or by name) is
 * shown on its row, and opening the row shows it on the input it concerns.
 */
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconEdit, IconEye, IconEyeOff, IconPlus, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ModelField } from "../../events/datamodel/definition.ts";
import { causeOf, FieldDialog, type FieldDraft } from "./FieldEditor.tsx";

export interface FieldsTableProps {
  fields: ModelField[];
  onChange: (fields: ModelField[]) => void;
  /** names of the fields already stored in the model (fixed names, never removed) */
  storedNames: string[];
  /** the server's refusals about fields, by field name: property → message */
  errors?: Record<string, Record<string, string>>;
  /** a refusal about the fields as a whole */
  error?: string;
}

/**
 * Server field errors by field name, from keys such as `fields.amount` (the model commands), `fields.3.type` or
 * `fields[3].type` (the body's shape), each on the input of its cause (./FieldEditor.tsx causeOf; the count of
 * misfitting records is in the message); `fields` itself goes to the whole table.
 */
export function fieldErrorsOf(errors: Record<string, string>, fields: ModelField[], stored: ModelField[] = []): { byField: Record<string, Record<string, string>>; general?: string } {
  const byField: Record<string, Record<string, string>> = {};
  let general: string | undefined;
  for (const [key, message] of Object.entries(errors)) {
    if (key === "fields") {
      general = message;
      continue;
    }
    const match = /^fields(?:\.|\[)(\w+)\]?(?:\.(\w+))?/.exec(key);
    if (!match) continue;
    const ref = match[1]!;
    const name = /^\d+$/.test(ref) ? fields[Number(ref)]?.name : fields.some((f) => f.name === ref) ? ref : undefined;
    if (!name) {
      general = general ? `${general}; ${message}` : message;
      continue;
    }
    const field = fields.find((f) => f.name === name)!;
    (byField[name] ??= {})[match[2] ?? causeOf(stored.find((f) => f.name === name), field)] = message;
  }
  return { byField, general };
}

export function FieldsTable({ fields, onChange, storedNames, errors = {}, error }: FieldsTableProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const editingField = editing?.index !== null && editing ? fields[editing.index] : undefined;
  const stored = (f: ModelField) => storedNames.includes(f.name);

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= fields.length) return;
    const next = [...fields];
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
  };
  const toggleHidden = (index: number) => onChange(fields.map((f, i) => (i === index ? { ...f, hidden: !f.hidden } : f)));
  const drop = (index: number) => onChange(fields.filter((_, i) => i !== index));
  const take = (field: ModelField) => {
    if (editing?.index === null || editing === null) onChange([...fields, field]);
    else onChange(fields.map((f, i) => (i === editing.index ? field : f)));
    return true;
  };
  const label = (f: ModelField) => (i18n.language === "en-US" && f.titleEn ? f.titleEn : f.title);
  const yes = (v: boolean | undefined) => (v ? t("crud.yes") : "");

  return (
    <Stack gap="xs" data-testid="fields-table">
      <Group justify="space-between">
        <Text fw={600} size="sm">{t("datamodel.model.fields", { n: fields.length })}</Text>
        <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ index: null })} data-testid="field-add">
          {t("datamodel.field.add")}
        </Button>
      </Group>
      {error && <Text size="sm" c="red" data-testid="fields-error">{error}</Text>}
      <Table.ScrollContainer minWidth={900}>
        <Table striped withTableBorder verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th>{t("datamodel.field.title")}</Table.Th>
              <Table.Th>{t("datamodel.field.titleEn")}</Table.Th>
              <Table.Th>{t("datamodel.field.name")}</Table.Th>
              <Table.Th>{t("datamodel.field.type")}</Table.Th>
              <Table.Th>{t("datamodel.field.length")}</Table.Th>
              <Table.Th>{t("datamodel.field.required")}</Table.Th>
              <Table.Th>{t("datamodel.field.unique")}</Table.Th>
              <Table.Th>{t("datamodel.field.defaultValue")}</Table.Th>
              <Table.Th>{t("datamodel.field.dictType")}</Table.Th>
              <Table.Th>{t("datamodel.field.pattern")}</Table.Th>
              <Table.Th w={150}>{t("sys.common.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((f, index) => {
              const refused = errors[f.name];
              return (
                <Table.Tr key={f.name} data-testid="field-row" data-field-name={f.name} data-hidden={f.hidden ? "true" : undefined} style={f.hidden ? { opacity: 0.55 } : undefined}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm">{f.title}</Text>
                      {f.hidden && <Badge size="xs" color="gray" variant="light">{t("datamodel.field.hiddenTag")}</Badge>}
                      {!stored(f) && <Badge size="xs" color="teal" variant="light">{t("datamodel.field.newTag")}</Badge>}
                    </Group>
                    {refused && <Text size="xs" c="red" data-testid="field-row-error">{Object.values(refused).join("; ")}</Text>}
                  </Table.Td>
                  <Table.Td>{f.titleEn ?? ""}</Table.Td>
                  <Table.Td><Text size="sm" ff="monospace">{f.name}</Text></Table.Td>
                  <Table.Td>{t(`datamodel.types.${f.type}`)}</Table.Td>
                  <Table.Td>{f.length ?? ""}</Table.Td>
                  <Table.Td>{yes(f.required)}</Table.Td>
                  <Table.Td>{yes(f.unique)}</Table.Td>
                  <Table.Td>{f.defaultValue === undefined ? "" : Array.isArray(f.defaultValue) ? f.defaultValue.join(",") : String(f.defaultValue)}</Table.Td>
                  <Table.Td>{f.dictType ?? ""}</Table.Td>
                  <Table.Td><Text size="xs" ff="monospace">{f.pattern ?? ""}</Text></Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon variant="subtle" onClick={() => move(index, -1)} disabled={index === 0} aria-label={t("datamodel.field.moveUp", { name: label(f) })} data-testid="field-up">
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" onClick={() => move(index, 1)} disabled={index === fields.length - 1} aria-label={t("datamodel.field.moveDown", { name: label(f) })} data-testid="field-down">
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" onClick={() => setEditing({ index })} aria-label={t("datamodel.field.editNamed", { name: label(f) })} data-testid="field-edit">
                        <IconEdit size={16} />
                      </ActionIcon>
                      {stored(f) ? (
                        <Tooltip label={t(f.hidden ? "datamodel.field.show" : "datamodel.field.hide")}>
                          <ActionIcon variant="subtle" color={f.hidden ? "blue" : "orange"} onClick={() => toggleHidden(index)} aria-label={t(f.hidden ? "datamodel.field.showNamed" : "datamodel.field.hideNamed", { name: label(f) })} data-testid="field-hide">
                            {f.hidden ? <IconEye size={16} /> : <IconEyeOff size={16} />}
                          </ActionIcon>
                        </Tooltip>
                      ) : (
                        <ActionIcon variant="subtle" color="red" onClick={() => drop(index)} aria-label={t("datamodel.field.dropNamed", { name: label(f) })} data-testid="field-drop">
                          <IconX size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {fields.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={12}><Text size="sm" c="dimmed" ta="center">{t("datamodel.field.none")}</Text></Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <FieldDialog
        opened={editing !== null}
        field={(editingField as FieldDraft | undefined) ?? null}
        stored={!!editingField && stored(editingField)}
        otherNames={fields.filter((_, i) => i !== editing?.index).map((f) => f.name)}
        serverErrors={editingField ? errors[editingField.name] : undefined}
        onSubmit={take}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
