/** A report's answer as a table: dictionary values as their labels, numbers right-aligned and rounded for reading. */
import { Table, Text } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { entryName, useDictionaries } from "../core/api/dictionaries.ts";
import { currentLang } from "../core/i18n.ts";
import type { ReportAnswer, ResultColumn } from "./api.ts";

/** Labels of the answer's dictionary values, by column key, for the table and the chart. */
export function useValueLabels(columns: ResultColumn[]): (column: ResultColumn, value: unknown) => string {
  const lang = currentLang();
  const { t } = useTranslation();
  const types = useMemo(() => [...new Set(columns.map((c) => c.dict).filter((d): d is string => !!d))], [columns]);
  const { byType } = useDictionaries(types);
  return (column, value) => {
    if (value === null || value === undefined || value === "") return column.role === "group" ? t("reports.empty") : "";
    if (column.dict) {
      const entry = byType[column.dict]?.find((e) => e.value === String(value));
      if (entry) return entryName(entry, lang);
    }
    if (typeof value === "boolean") return value ? t("reports.yes") : t("reports.no");
    if (typeof value === "number") return formatNumber(value, lang);
    // a number column whose value came as text (a stored decimal) reads like the others
    if (column.type === "number" && typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return formatNumber(Number(value), lang);
    return String(value);
  };
}

/** A number as the language writes it, grouped by thousands, at most two decimals: 1,234,567.5. */
export const formatNumber = (value: number, lang: string) => value.toLocaleString(lang, { useGrouping: true, maximumFractionDigits: Number.isInteger(value) ? 0 : 2 });

export function ReportTable({ answer, testId = "report-table" }: { answer: ReportAnswer; testId?: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const show = useValueLabels(answer.columns);
  return (
    <Table.ScrollContainer minWidth={Math.max(400, answer.columns.length * 140)}>
      <Table striped highlightOnHover withTableBorder data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {answer.columns.map((c) => (
              <Table.Th key={c.key} ta={c.type === "number" ? "right" : undefined}>{c.label[lang]}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.rows.map((row, i) => (
            <Table.Tr key={i} data-testid="report-row">
              {answer.columns.map((c) => (
                <Table.Td key={c.key} ta={c.type === "number" ? "right" : undefined}>{show(c, row[c.key])}</Table.Td>
              ))}
            </Table.Tr>
          ))}
          {!answer.rows.length && (
            <Table.Tr>
              <Table.Td colSpan={answer.columns.length || 1}>
                <Text c="dimmed" ta="center" size="sm">{t("reports.noRows")}</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
