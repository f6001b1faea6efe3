/**
 * The import's preview: the file's header row with each column's field (matched from its title,
 * changeable, or ignored), the first rows as read, and the choice of how to import.
 */
import { Alert, Button, Group, Radio, Select, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Lang } from "../../../events/i18n.ts";
import type { ImportMode, SheetRows } from "./plan.ts";

/** Rows shown in the preview. */
export const previewRows = 5;
const ignore = "__ignore";

/** A file as read, with the row that holds its titles. */
export interface Loaded {
  name: string;
  sheet: SheetRows;
  headerIndex: number;
  /** false: no row named the fields and the first row stands in */
  headerFound: boolean;
}

export interface ImportPreviewProps {
  loaded: Loaded;
  /** columns shown */
  width: number;
  /** field key of each column, null: ignored */
  mapping: (string | null)[];
  /** the fields a column may feed */
  choices: { value: string; label: string }[];
  onMap: (column: number, field: string | null) => void;
  mode: ImportMode;
  onMode: (mode: ImportMode) => void;
  /** labels of required fields no column feeds */
  missingRequired: string[];
  onStart: () => void;
  onAnother: () => void;
}

export function ImportPreview({ loaded, width, mapping, choices, onMap, mode, onMode, missingRequired, onStart, onAnother }: ImportPreviewProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const mapped = mapping.filter(Boolean).length;
  return (
    <Stack gap="sm" data-testid="import-preview">
      <Text size="sm" data-testid="import-summary">
        {t("io.fileSummary", { name: loaded.name, header: loaded.sheet.numbers[loaded.headerIndex], rows: loaded.sheet.rows.length - loaded.headerIndex - 1 })}
      </Text>
      {!loaded.headerFound && <Alert color="orange">{t("io.noHeader")}</Alert>}
      <Table.ScrollContainer minWidth={Math.max(600, width * 160)}>
        <Table withTableBorder withColumnBorders striped verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{t("io.errorRow")}</Table.Th>
              {Array.from({ length: width }, (_, column) => (
                <Table.Th key={column} miw={150}>
                  <Stack gap={4}>
                    <Text size="xs" c="dimmed" data-testid="import-title">{String(loaded.sheet.rows[loaded.headerIndex]![column] ?? "")}</Text>
                    <Select
                      size="xs"
                      aria-label={t("io.field")}
                      data={[{ value: ignore, label: t("io.ignore") }, ...choices]}
                      value={mapping[column] ?? ignore}
                      onChange={(value) => onMap(column, !value || value === ignore ? null : value)}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: true }}
                      data-testid="import-map"
                      data-column={column}
                      data-field={mapping[column] ?? ""}
                    />
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loaded.sheet.rows.slice(loaded.headerIndex + 1, loaded.headerIndex + 1 + previewRows).map((row, i) => (
              <Table.Tr key={i} data-testid="import-preview-row">
                <Table.Td>{loaded.sheet.numbers[loaded.headerIndex + 1 + i]}</Table.Td>
                {Array.from({ length: width }, (_, column) => (
                  <Table.Td key={column} c={mapping[column] ? undefined : "dimmed"}>
                    {row[column] === null || row[column] === undefined ? "" : String(row[column])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">{t("io.preview", { n: Math.min(previewRows, loaded.sheet.rows.length - loaded.headerIndex - 1) })}</Text>
      {missingRequired.length > 0 && <Alert color="orange" data-testid="import-missing">{t("io.unmappedRequired", { fields: missingRequired.join(lang === "zh-CN" ? "、" : ", ") })}</Alert>}
      <Radio.Group label={t("io.mode")} value={mode} onChange={(value) => onMode(value as ImportMode)}>
        <Stack gap={6} mt={6}>
          <Radio value="valid" label={t("io.modeValid")} data-testid="import-mode-valid" />
          <Radio value="all" label={t("io.modeAll")} data-testid="import-mode-all" />
        </Stack>
      </Radio.Group>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onAnother} data-testid="import-another">{t("io.another")}</Button>
        <Button onClick={onStart} disabled={mapped === 0} data-testid="import-start">{t("io.start")}</Button>
      </Group>
      {mapped === 0 && <Text size="sm" c="red">{t("io.nothingMapped")}</Text>}
    </Stack>
  );
}
