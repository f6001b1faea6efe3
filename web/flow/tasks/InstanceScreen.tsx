/**
 * Process instances (`flowable/instance/index`, administrators): every instance with its status; info
 * (`GET /flowable/instance/info/{id}`: version, status, active and end nodes), the read-only approval view
 * (form, record, diagram), and delete with confirmation (`POST /flowable/process/delete/{id}`).
 */
import { Alert, Button, Card, Code, Drawer, Group, Stack, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../registry/index.ts";
import { hasPermission } from "../../core/session.ts";
import { fetchInstanceInfo, joined, localTime, paths, show, type InstanceRow } from "./api.ts";
import { FlowTable, serialOf, type FlowColumn } from "./FlowTable.tsx";
import { flowColumn, FlowSearch, instanceColumns, instanceSearch, sendCommand, StatusBadge, useBusy, useOpenTask } from "./parts.tsx";
import { useInstanceList } from "./usePagedList.ts";
import { confirmDialog } from "../../core/ui/confirmDelete.tsx";
import { useSeededName } from "../../core/seeded.ts";

function InfoDrawer({ procInsId, onClose }: { procInsId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const named = useSeededName();
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
                <Table.Td>{k === "status" ? <StatusBadge status={data.status} /> : Array.isArray(data[k]) ? joined((data[k] as string[]).map((v) => (typeof v === "string" ? named(v) : v))) : k.endsWith("Time") ? localTime(data[k]) : named(show(data[k]))}</Table.Td>
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
  const named = useSeededName();
  const queryClient = useQueryClient();
  const list = useInstanceList(paths.instances);
  const open = useOpenTask();
  const [infoId, setInfoId] = useState<string | null>(null);
  const canDelete = hasPermission("flowable:instance:delete");
  const canInfo = hasPermission("flowable:instance:info");
  const rowCommand = useBusy();
  const remove = async (r: InstanceRow, serial: number) => {
    if (!(await confirmDialog(t("flowTasks.confirm.deleteInstance", { n: serial, name: r.procDefName })))) return;
    await rowCommand.run(r.procInsId, () => sendCommand(`/flowable/process/delete/${encodeURIComponent(r.procInsId)}`, {}, t("http.deleted"), () => void queryClient.invalidateQueries({ queryKey: [paths.instances] })));
  };
  const columns: FlowColumn<InstanceRow>[] = [
    { key: "serial", title: "sys.common.serial", width: 60, render: (_r, i) => serialOf(list.paging, i) },
    flowColumn("procDefName", undefined, (r) => <>{named(r.procDefName)}<Text size="xs" c="dimmed">{r.procInsId}</Text></>),
    ...instanceColumns("version", "status", "startUserName", "activeNodes", "startTime", "endTime"),
    flowColumn("actions", 200, (r, i) => (
      <Group gap={4} wrap="nowrap">
        {canInfo && <Button size="compact-sm" variant="light" onClick={() => setInfoId(r.procInsId)} data-testid="instance-info-open">{t("flowTasks.actions.info")}</Button>}
        <Button size="compact-sm" variant="subtle" onClick={() => open(r.procInsId)}>{t("flowTasks.actions.view")}</Button>
        {canDelete && <Button size="compact-sm" variant="subtle" color="red" loading={rowCommand.busy === r.procInsId} onClick={() => void remove(r, serialOf(list.paging, i))} data-testid="instance-delete">{t("actions.delete")}</Button>}
      </Group>
    )),
  ];
  return (
    <Card withBorder data-testid="instance-screen">
      <Stack>
        <FlowSearch list={list} fields={instanceSearch} />
        <FlowTable list={list} columns={columns} rowKey={(r) => r.procInsId} rowProps={(r) => ({ "data-instance": r.procInsId })} minWidth={1100} data-testid="instance-table" />
      </Stack>
      <InfoDrawer procInsId={infoId} onClose={() => setInfoId(null)} />
    </Card>
  );
}
