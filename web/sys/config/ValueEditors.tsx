/** Editors of a config value: an editable list of strings, and a grid with named columns and rows. */
import { ActionIcon, Box, Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconColumnInsertRight, IconPlus, IconRowInsertBottom, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

export interface ConfigTable {
  columns: string[];
  rows: string[][];
}

export interface ArrayEditorProps {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** One text input per item, with remove buttons and "add item". */
export function ArrayEditor({ value, onChange, error }: ArrayEditorProps) {
  const { t } = useTranslation();
  const set = (i: number, text: string) => onChange(value.map((v, j) => (j === i ? text : v)));
  return (
    <Stack gap={6} data-testid="array-editor">
      {value.length === 0 && <Text size="sm" c="dimmed">{t("sys.config.emptyArray")}</Text>}
      {value.map((item, i) => (
        <Group key={i} gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" w={24} ta="right">{i + 1}</Text>
          <TextInput flex={1} value={item} onChange={(e) => set(i, e.currentTarget.value)} data-testid={`array-item-${i}`} />
          <ActionIcon variant="subtle" color="red" onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={t("sys.config.removeItem")}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onChange([...value, ""])} data-testid="array-add">{t("sys.config.addItem")}</Button>
      </Group>
      {error && <Text size="xs" c="red">{error}</Text>}
    </Stack>
  );
}
ArrayEditor.displayName = "ArrayEditor";

export interface TableEditorProps {
  value: ConfigTable;
  onChange: (value: ConfigTable) => void;
  error?: string;
}

/** Column names as editable headers; every cell an input; add/remove columns and rows. */
export function TableEditor({ value, onChange, error }: TableEditorProps) {
  const { t } = useTranslation();
  const { columns, rows } = value;
  const addColumn = () => onChange({ columns: [...columns, t("sys.config.columnN", { n: columns.length + 1 })], rows: rows.map((r) => [...r, ""]) });
  const removeColumn = (c: number) => onChange({ columns: columns.filter((_, j) => j !== c), rows: rows.map((r) => r.filter((_, j) => j !== c)) });
  const renameColumn = (c: number, name: string) => onChange({ columns: columns.map((v, j) => (j === c ? name : v)), rows });
  const addRow = () => onChange({ columns, rows: [...rows, columns.map(() => "")] });
  const removeRow = (r: number) => onChange({ columns, rows: rows.filter((_, j) => j !== r) });
  const setCell = (r: number, c: number, text: string) => onChange({ columns, rows: rows.map((row, i) => (i === r ? row.map((v, j) => (j === c ? text : v)) : row)) });
  return (
    <Stack gap={6} data-testid="table-editor">
      {columns.length === 0 ? (
        <Text size="sm" c="dimmed">{t("sys.config.emptyTable")}</Text>
      ) : (
        <Box style={{ overflowX: "auto" }}>
          <Table withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={32} />
                {columns.map((name, c) => (
                  <Table.Th key={c} miw={140}>
                    <Group gap={2} wrap="nowrap">
                      <TextInput size="xs" flex={1} fw={600} value={name} placeholder={t("sys.config.column")} onChange={(e) => renameColumn(c, e.currentTarget.value)} data-testid={`table-column-${c}`} />
                      <ActionIcon size="sm" variant="subtle" color="red" onClick={() => removeColumn(c)} aria-label={t("sys.config.removeColumn")}>
                        <IconX size={14} />
                      </ActionIcon>
                    </Group>
                  </Table.Th>
                ))}
                <Table.Th w={32} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, r) => (
                <Table.Tr key={r}>
                  <Table.Td><Text size="xs" c="dimmed" ta="center">{r + 1}</Text></Table.Td>
                  {columns.map((_, c) => (
                    <Table.Td key={c}>
                      <TextInput size="xs" value={row[c] ?? ""} onChange={(e) => setCell(r, c, e.currentTarget.value)} data-testid={`table-cell-${r}-${c}`} />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <ActionIcon size="sm" variant="subtle" color="red" onClick={() => removeRow(r)} aria-label={t("sys.config.removeRow")}>
                      <IconX size={14} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      <Group gap="xs">
        <Button size="xs" variant="light" leftSection={<IconColumnInsertRight size={14} />} onClick={addColumn} data-testid="table-add-column">{t("sys.config.addColumn")}</Button>
        <Button size="xs" variant="light" leftSection={<IconRowInsertBottom size={14} />} onClick={addRow} disabled={columns.length === 0} data-testid="table-add-row">{t("sys.config.addRow")}</Button>
      </Group>
      {error && <Text size="xs" c="red">{error}</Text>}
    </Stack>
  );
}
TableEditor.displayName = "TableEditor";
