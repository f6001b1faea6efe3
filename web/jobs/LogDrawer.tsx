/** One job log in a drawer: what ran, with which parameters, how it ended (its message and error). */
import { Code, Drawer, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { logQueries } from "./api.ts";
import { duration } from "./format.ts";
import { LogStatusBadge } from "./StatusBadges.tsx";

export function LogDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const log = useQuery({ ...logQueries.detail(id ?? ""), enabled: id !== null, refetchInterval: (q) => (q.state.data?.status === "running" ? 3_000 : false) });
  const d = log.data;
  const line = (label: string, value: ReactNode) => (
    <Table.Tr>
      <Table.Th w={110}>{label}</Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="lg" title={t("jobLog.detail")} data-testid="log-drawer">
      {!d ? (
        log.isError ? <Text c="red">{(log.error as Error).message}</Text> : <Loader size="sm" />
      ) : (
        <Stack>
          <Table withTableBorder>
            <Table.Tbody>
              {line(t("jobLog.job"), d.jobName ?? "—")}
              {line(t("jobLog.handler"), <Code>{d.beanName}.{d.methodName}</Code>)}
              {line(t("jobLog.trigger"), t(`jobLog.trigger_${d.trigger}`, { defaultValue: d.trigger }))}
              {line(t("jobLog.status"), <LogStatusBadge status={d.status} />)}
              {line(t("jobLog.startTime"), d.startTime)}
              {line(t("jobLog.endTime"), d.endTime ?? "—")}
              {line(t("jobLog.duration"), duration(d.durationMs))}
              {line(`${t("jobLog.read")} / ${t("jobLog.written")}`, `${d.read ?? 0} / ${d.written ?? 0}`)}
            </Table.Tbody>
          </Table>
          <Group gap={4}><Text fw={500} size="sm">{t("jobLog.params")}</Text></Group>
          <Code block data-testid="log-params">{JSON.stringify(typeof d.params === "string" ? tryParse(d.params) : d.params ?? {}, null, 2)}</Code>
          <Text fw={500} size="sm">{t("jobLog.message")}</Text>
          <Text size="sm" data-testid="log-message">{d.message ?? "—"}</Text>
          {d.error && (
            <>
              <Text fw={500} size="sm" c="red">{t("jobLog.error")}</Text>
              <Code block c="red" data-testid="log-error">{d.error}</Code>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

const tryParse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
