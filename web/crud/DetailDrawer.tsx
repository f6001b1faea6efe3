/**
 * One record in a drawer, from a declaration: where it loads from, a table of labelled fields, then sections
 * (a message, an error, a payload) shown when they apply, and an optional footer (a command on the record).
 * Lists on ./ListScreen.tsx open it from a row; a screen may also render it on its own.
 *
 * @example
 * const logDetail: DetailSpec<JobLog> = {
 *   testId: "log-drawer",
 *   title: (t) => t("jobLog.detail"),
 *   query: (id) => logQueries.detail(id),
 *   fields: [{ label: (t) => t("jobLog.job"), value: (d) => d.jobName ?? "—" }],
 *   sections: [{ title: (t) => t("jobLog.error"), danger: true, when: (d) => !!d.error, body: (d) => <Code block>{d.error}</Code> }],
 * };
 * <DetailDrawer spec={logDetail} id={openId} onClose={() => setOpenId(null)} />
 */
import { Code, Drawer, Loader, Stack, Table, Text } from "@mantine/core";
import { useQuery, type UseQueryOptions } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface DetailField<D> {
  label: (t: TFunction) => ReactNode;
  value: (record: D, t: TFunction) => ReactNode;
}

export interface DetailSection<D> {
  title?: (t: TFunction) => ReactNode;
  /** a red title (an error) @default false */
  danger?: boolean;
  /** shown only when this holds @default always */
  when?: (record: D) => boolean;
  body: (record: D, t: TFunction) => ReactNode;
}

export interface DetailSpec<D> {
  /** the drawer's data-testid */
  testId: string;
  title: (t: TFunction) => ReactNode;
  /** the record's query (enabled only while the drawer is open) */
  query: (id: string) => UseQueryOptions<D, Error, D, any>;
  /** refresh while the record is still changing (a running job) */
  refetchInterval?: (record: D | undefined) => number | false;
  fields: DetailField<D>[];
  sections?: DetailSection<D>[];
}

export interface DetailDrawerProps<D> {
  spec: DetailSpec<D>;
  /** the open record; null: closed */
  id: string | null;
  onClose: () => void;
  /** commands on the record, after the sections */
  footer?: (record: D) => ReactNode;
}

export function DetailDrawer<D>({ spec, id, onClose, footer }: DetailDrawerProps<D>) {
  const { t } = useTranslation();
  const detail = useQuery({
    ...spec.query(id ?? ""),
    enabled: id !== null,
    refetchInterval: spec.refetchInterval ? (q) => spec.refetchInterval!(q.state.data as D | undefined) : undefined,
  });
  const d = detail.data;
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="lg" title={spec.title(t)} data-testid={spec.testId}>
      {d === undefined ? (
        detail.isError ? <Text c="red">{detail.error.message}</Text> : <Loader size="sm" />
      ) : (
        <Stack>
          <Table withTableBorder>
            <Table.Tbody>
              {spec.fields.map((field, i) => (
                <Table.Tr key={i}>
                  <Table.Th w={110}>{field.label(t)}</Table.Th>
                  <Table.Td>{field.value(d, t)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {(spec.sections ?? []).filter((s) => !s.when || s.when(d)).map((section, i) => (
            <Stack key={i} gap={4}>
              {section.title && <Text fw={500} size="sm" c={section.danger ? "red" : undefined}>{section.title(t)}</Text>}
              {section.body(d, t)}
            </Stack>
          ))}
          {footer?.(d)}
        </Stack>
      )}
    </Drawer>
  );
}

/** A value shown as indented JSON (text that parses as JSON is shown parsed). */
export function JsonBlock({ value, ...rest }: { value: unknown; "data-testid"?: string; c?: string }) {
  const shown = typeof value === "string" ? parsed(value) : value ?? {};
  return <Code block {...rest}>{typeof shown === "string" ? shown : JSON.stringify(shown, null, 2)}</Code>;
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
