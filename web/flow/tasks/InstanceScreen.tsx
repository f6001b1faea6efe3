/**
 * Process instances (`flowable/instance/index`, administrators): every instance with its status; info
 * (`GET /flowable/instance/info/{id}`: version, status, active and end nodes), the read-only approval view
 * (form, record, diagram), and delete with confirmation (`POST /flowable/process/delete/{id}`).
 */
import { Alert, Button, Card, Code, Drawer, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../app/screens.ts";
import { hasPermission } from "../../app/session.ts";
import { notifyError, notifySuccess } from "../../sys/shared/feedback.tsx";
import { EmptyRow } from "../../sys/shared/TableParts.tsx";
import { PageBar } from "../../widgets/PageBar/index.ts";
import { command, fetchInstanceInfo, joined, localTime, paths, show, type InstanceRow } from "./api.ts";
import { confirmAction, SearchButtons, StatusBadge, statuses, useBusy, useOpenTask } from "./parts.tsx";
import { usePagedList } from "./usePagedList.ts";

function InfoDrawer({ procInsId, onClose }: { procInsId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useQuery({ queryKey: ["/flowable/instance/info", procInsId], queryFn: () => fetchInstanceInfo(procInsId!), enabled: !!procInsId });
  const known = ["procInsId", "procDefName", "procDefKey", "version", "status", "startUserName", "startTime", "endTime", "activeNodes", "endNodes", "businessKey", "deployId"] as const;
  const skipped = ["startUserId"];
  const data = info.data;
  return (
    <Drawer opened={!!procInsId} onClose={onClose} position="right" size="md" title={t("flowTasks.instance.info")} data-testid="instance-info">
      {info.error && <Alert color="red">{(info.error as Error).message}</Alert>}
      {data && (
        <Table withTableBorder>
          <Table.Tbody>
            {known.map((k) => (
              <Table.Tr key={k}>
                <Table.Th w={140}>{t(`flowTasks.columns.${k}`)}</Table.Th>
                <Table.Td>{k === "status" ? <StatusBadge status={data.status} /> : Array.isArray(data[k]) ? joined(data[k] as string[]) : k.endsWith("Time") ? localTime(data[k]) : show(data[k])}</Table.Td>
              </Table.Tr>
            ))}
            {Object.entries(data).filter(([k]) => !(known as readonly string[]).includes(k) && !skipped.includes(k)).map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th>{k}</Table.Th>
                <Table.Td>{typeof v === "object" && v !== null ? <Code block>{JSON.stringify(v, null, 2)}</Code> : show(v)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}

export default function InstanceScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePagedList<InstanceRow, { name: string; procDefKey: string; status: string }>(paths.instances, { name: "", procDefKey: "", status: "" });
  const open = useOpenTask();
  const [infoId, setInfoId] = useState<string | null>(null);
  const canDelete = hasPermission("flowable:instance:delete");
  const canInfo = hasPermission("flowable:instance:info");
  const rowCommand = useBusy();
  const remove = async (r: InstanceRow, serial: number) => {
    if (!(await confirmAction(t("flowTasks.confirm.deleteInstance", { n: serial, name: r.procDefName })))) return;
    await rowCommand.run(r.procInsId, async () => {
      try {
        notifySuccess((await command(`/flowable/process/delete/${encodeURIComponent(r.procInsId)}`, {})).msg || t("http.deleted"));
        void queryClient.invalidateQueries({ queryKey: [paths.instances] });
      } catch (error) {
        notifyError(error);
      }
    });
  };
  const enter = (e: React.KeyboardEvent) => e.key === "Enter" && list.search();
  return (
    <Card withBorder data-testid="instance-screen">
      <Stack>
        <Group gap="sm">
          <TextInput placeholder={t("flowTasks.search.procName")} value={list.draft.name} onChange={(e) => list.setDraft({ ...list.draft, name: e.currentTarget.value })} onKeyDown={enter} w={200} />
          <TextInput placeholder={t("flowTasks.search.procDefKey")} value={list.draft.procDefKey} onChange={(e) => list.setDraft({ ...list.draft, procDefKey: e.currentTarget.value })} onKeyDown={enter} w={180} />
          <Select placeholder={t("flowTasks.columns.status")} clearable w={140} value={list.draft.status || null} onChange={(v) => list.setDraft({ ...list.draft, status: v ?? "" })} data={statuses.map((s) => ({ value: s, label: t(`flowTasks.status.${s}`) }))} />
          <SearchButtons onSearch={list.search} onReset={list.reset} onRefresh={() => void list.refetch()} />
        </Group>
        {list.error && <Alert color="red">{(list.error as Error).message}</Alert>}
        <Table.ScrollContainer minWidth={1100}>
          <Table striped highlightOnHover withTableBorder data-testid="instance-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{t("sys.common.serial")}</Table.Th>
                <Table.Th>{t("flowTasks.columns.procDefName")}</Table.Th>
                <Table.Th w={70}>{t("flowTasks.columns.version")}</Table.Th>
                <Table.Th w={100}>{t("flowTasks.columns.status")}</Table.Th>
                <Table.Th>{t("flowTasks.columns.startUserName")}</Table.Th>
                <Table.Th>{t("flowTasks.columns.activeNodes")}</Table.Th>
                <Table.Th w={170}>{t("flowTasks.columns.startTime")}</Table.Th>
                <Table.Th w={170}>{t("flowTasks.columns.endTime")}</Table.Th>
                <Table.Th w={200}>{t("flowTasks.columns.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((r, i) => {
                const serial = (list.paging.page - 1) * list.paging.limit + i + 1;
                return (
                  <Table.Tr key={r.procInsId} data-instance={r.procInsId}>
                    <Table.Td>{serial}</Table.Td>
                    <Table.Td>{r.procDefName}<Text size="xs" c="dimmed">{r.procInsId}</Text></Table.Td>
                    <Table.Td>{r.version != null ? `v${r.version}` : ""}</Table.Td>
                    <Table.Td><StatusBadge status={r.status} /></Table.Td>
                    <Table.Td>{r.startUserName ?? r.initiatorName ?? ""}</Table.Td>
                    <Table.Td>{joined(r.activeNodeNames)}</Table.Td>
                    <Table.Td>{r.startTime}</Table.Td>
                    <Table.Td>{r.endTime ?? ""}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {canInfo && <Button size="compact-sm" variant="light" onClick={() => setInfoId(r.procInsId)} data-testid="instance-info-open">{t("flowTasks.actions.info")}</Button>}
                        <Button size="compact-sm" variant="subtle" onClick={() => open(r.procInsId)}>{t("flowTasks.actions.view")}</Button>
                        {canDelete && <Button size="compact-sm" variant="subtle" color="red" loading={rowCommand.busy === r.procInsId} onClick={() => void remove(r, serial)} data-testid="instance-delete">{t("actions.delete")}</Button>}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {!list.rows.length && <EmptyRow colSpan={9} loading={list.loading} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageBar page={list.paging.page} limit={list.paging.limit} total={list.total} onChange={(page, limit) => list.setPaging({ page, limit })} />
      </Stack>
      <InfoDrawer procInsId={infoId} onClose={() => setInfoId(null)} />
    </Card>
  );
}
