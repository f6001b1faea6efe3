/**
 * Past versions of a record in the history drawer: one version read-only (GET info/{id}?version=N, every
 * field), and two versions side by side field by field with the differences highlighted.
 */
import { Alert, Center, Loader, Switch, Table, Text } from "@mantine/core";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { ApiError } from "../core/api/http.ts";
import { recordQueries, type Row } from "../core/api/records.ts";
import { columnLabel } from "./columns.ts";
import { FieldValue } from "./FieldValue.tsx";
import { formFields } from "./values.ts";

/** Fields a version shows: every field a form carries, then when and by whom it was written. */
const versionKeys = (family: Family) => [...formFields(family).map(([key]) => key), "updateTime"];

const blank = (v: unknown) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);
/** Equal for the reader: empty values are alike, arrays and objects by content. */
export const sameValue = (a: unknown, b: unknown) => (blank(a) && blank(b)) || JSON.stringify(a) === JSON.stringify(b);

const failure = (error: unknown, t: (k: string) => string) => (error instanceof ApiError ? error.message : t("http.failed"));

function Value({ family, fieldKey, value }: { family: Family; fieldKey: string; value: unknown }) {
  return blank(value) ? <Text span c="dimmed">—</Text> : <FieldValue family={family} fieldKey={fieldKey} value={value} />;
}

export function VersionView({ family, id, version }: { family: Family; id: string; version: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const record = useQuery(recordQueries(family.path).version(id, version));
  if (record.isLoading) return <Center h={120}><Loader size="sm" /></Center>;
  if (record.isError) return <Alert color="red">{failure(record.error, t)}</Alert>;
  const row = record.data ?? {};
  return (
    <Table withTableBorder verticalSpacing={6} data-testid="history-version" data-version={version}>
      <Table.Tbody>
        {versionKeys(family).map((key) => (
          <Table.Tr key={key} data-field={key}>
            <Table.Th w={160} style={{ verticalAlign: "top" }}>{columnLabel(family, key, lang, t)}</Table.Th>
            <Table.Td data-testid="version-value" style={{ wordBreak: "break-word" }}>
              <Value family={family} fieldKey={key} value={row[key]} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function VersionCompare({ family, id, versions }: { family: Family; id: string; versions: [number, number] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const [onlyDifferent, setOnlyDifferent] = useState(false);
  const [older, newer] = [Math.min(...versions), Math.max(...versions)];
  const answers = useQueries({ queries: [recordQueries(family.path).version(id, older), recordQueries(family.path).version(id, newer)] });
  if (answers.some((a) => a.isLoading)) return <Center h={120}><Loader size="sm" /></Center>;
  const failed = answers.find((a) => a.isError);
  if (failed) return <Alert color="red">{failure(failed.error, t)}</Alert>;
  const [a, b] = answers.map((x) => x.data ?? {}) as [Row, Row];
  const keys = versionKeys(family).filter((key) => key !== "updateTime");
  const differing = keys.filter((key) => !sameValue(a[key], b[key]));
  return (
    <>
      <Switch mb="sm" size="xs" label={t("crud.history.onlyDifferent", { n: differing.length })} checked={onlyDifferent} onChange={(e) => setOnlyDifferent(e.currentTarget.checked)} data-testid="history-only-different" />
      <Table withTableBorder withColumnBorders verticalSpacing={6} data-testid="history-diff" data-versions={`${older},${newer}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={140}>{t("crud.history.field")}</Table.Th>
            <Table.Th>v{older}</Table.Th>
            <Table.Th>v{newer}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys
            .filter((key) => !onlyDifferent || differing.includes(key))
            .map((key) => {
              const different = differing.includes(key);
              return (
                <Table.Tr key={key} data-testid="diff-row" data-field={key} data-diff={different} bg={different ? "var(--mantine-color-yellow-light)" : undefined}>
                  <Table.Th style={{ verticalAlign: "top" }}>{columnLabel(family, key, lang, t)}</Table.Th>
                  <Table.Td style={{ wordBreak: "break-word" }}><Value family={family} fieldKey={key} value={a[key]} /></Table.Td>
                  <Table.Td style={{ wordBreak: "break-word" }} fw={different ? 600 : undefined}><Value family={family} fieldKey={key} value={b[key]} /></Table.Td>
                </Table.Tr>
              );
            })}
        </Table.Tbody>
      </Table>
    </>
  );
}
