/**
 * Process monitor (`flowable/monitor/index`, monitor permission): the running (and suspended) instances
 * (`GET /flowable/monitor/runningProcess`); suspend, activate, stop and delete, each after a confirmation;
 * below, the open tasks (`taskList`, filtered by an instance id) with transfer to another user (clears a
 * stuck task), and the selected instance's variables (`variableList`).
 */
import { Alert, Badge, Button, Card, Code, Group, Stack, Table, Tabs, Text, TextInput } from "@mantine/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../app/screens.ts";
import { hasPermission } from "../../app/session.ts";
import { notifyError, notifySuccess } from "../../sys/shared/feedback.tsx";
import { EmptyRow } from "../../sys/shared/TableParts.tsx";
import { PageBar } from "../../widgets/PageBar/index.ts";
import { command, fetchMonitorVariables, joined, listQuery, monitor, paths, show, task, variableRows, type InstanceRow, type MonitorTaskRow } from "../tasks/api.ts";
import { CommentDialog } from "../tasks/CommentDialog.tsx";
import { confirmAction, SearchButtons, StatusBadge, useBusy, useOpenTask } from "../tasks/parts.tsx";
import { usePagedList } from "../tasks/usePagedList.ts";
import { UserPicker } from "../tasks/UserPicker.tsx";

type InstanceCommand = "suspendProcess" | "activateProcess" | "stopProcess" | "deleteProcess";

const commandPerm: Record<InstanceCommand, string> = {
  suspendProcess: "flowable:monitor:suspend",
  activateProcess: "flowable:monitor:activate",
  stopProcess: "flowable:monitor:stop",
  deleteProcess: "flowable:monitor:delete",
};

function TaskTable({ procInsId, onFilter }: { procInsId: string; onFilter: (id: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // the filter follows the instance chosen above, and can be typed
  const [draft, setDraft] = useState(procInsId);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  useEffect(() => {
    setDraft(procInsId);
    setPaging((p) => ({ ...p, page: 1 }));
  }, [procInsId]);
  const query = useQuery({ ...listQuery<MonitorTaskRow>(paths.monitorTasks, { ...paging, procInsId: procInsId || undefined }), placeholderData: keepPreviousData });
  const list = { rows: query.data?.rows ?? [], total: query.data?.total ?? 0, loading: query.isLoading, error: query.error, refetch: query.refetch, paging, setPaging };
  const [transferring, setTransferring] = useState<MonitorTaskRow | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const transfer = async (comment: string) => {
    try {
      notifySuccess((await command(`${task}/transfer`, { taskId: transferring!.taskId, userId, comment })).msg || t("flowTasks.done.transfer"));
      void queryClient.invalidateQueries({ queryKey: [paths.monitorTasks] });
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };
  return (
    <Stack>
      <Group gap="sm">
        <TextInput placeholder={t("flowTasks.search.procInsId")} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} onKeyDown={(e) => e.key === "Enter" && onFilter(draft.trim())} w={320} data-testid="monitor-task-filter" />
        <SearchButtons onSearch={() => onFilter(draft.trim())} onReset={() => onFilter("")} onRefresh={() => void list.refetch()} />
      </Group>
      {list.error && <Alert color="red">{(list.error as Error).message}</Alert>}
      <Table.ScrollContainer minWidth={1000}>
        <Table striped highlightOnHover withTableBorder data-testid="monitor-tasks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("flowTasks.columns.taskName")}</Table.Th>
              <Table.Th>{t("flowTasks.columns.taskDefKey")}</Table.Th>
              <Table.Th>{t("flowTasks.columns.assignee")}</Table.Th>
              <Table.Th>{t("flowTasks.columns.candidates")}</Table.Th>
              <Table.Th>{t("flowTasks.columns.procInsId")}</Table.Th>
              <Table.Th w={170}>{t("flowTasks.columns.createTime")}</Table.Th>
              <Table.Th w={100}>{t("flowTasks.columns.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.rows.map((r) => (
              <Table.Tr key={r.taskId}>
                <Table.Td>{r.taskName}</Table.Td>
                <Table.Td><Code>{r.taskDefKey}</Code></Table.Td>
                <Table.Td>{r.assigneeName ?? r.assignee ?? <Text span c="orange" size="sm">{t("flowTasks.monitor.unassigned")}</Text>}</Table.Td>
                <Table.Td>{[joined(r.candidateUsers), joined(r.candidateGroups)].filter(Boolean).join(" / ")}</Table.Td>
                <Table.Td><Text size="xs" ff="monospace">{r.procInsId}</Text></Table.Td>
                <Table.Td>{r.createTime}</Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="light" onClick={() => (setUserId(null), setTransferring(r))} data-testid="monitor-transfer">{t("flowTasks.actions.transfer")}</Button>
                </Table.Td>
              </Table.Tr>
            ))}
            {!list.rows.length && <EmptyRow colSpan={7} loading={list.loading} />}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PageBar page={list.paging.page} limit={list.paging.limit} total={list.total} onChange={(page, limit) => list.setPaging({ page, limit })} />
      <CommentDialog
        opened={!!transferring}
        onClose={() => setTransferring(null)}
        title={t("flowTasks.dialog.transfer", { name: transferring?.taskName ?? "" })}
        submitLabel={t("flowTasks.actions.transfer")}
        invalid={!userId}
        onSubmit={transfer}
        data-testid="transfer-dialog"
        commentLabel={t("flowTasks.dialog.note")}
      >
        <UserPicker label={t("flowTasks.dialog.transferTo")} required value={userId} onChange={setUserId} data-testid="transfer-user" />
      </CommentDialog>
    </Stack>
  );
}

function Variables({ procInsId }: { procInsId: string }) {
  const { t } = useTranslation();
  const vars = useQuery({ queryKey: [`${monitor}/variableList`, procInsId], queryFn: () => fetchMonitorVariables(procInsId), enabled: !!procInsId });
  if (!procInsId) return <Text c="dimmed" size="sm">{t("flowTasks.monitor.chooseInstance")}</Text>;
  const rows = variableRows(vars.data);
  return (
    <Stack>
      {vars.error && <Alert color="red">{(vars.error as Error).message}</Alert>}
      <Table withTableBorder striped data-testid="monitor-variables">
        <Table.Thead>
          <Table.Tr><Table.Th w={240}>{t("flowTasks.columns.variable")}</Table.Th><Table.Th>{t("flowTasks.columns.value")}</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.name}><Table.Td><Code>{r.name}</Code></Table.Td><Table.Td style={{ wordBreak: "break-all" }}>{show(r.value)}</Table.Td></Table.Tr>
          ))}
          {!rows.length && <EmptyRow colSpan={2} loading={vars.isLoading} />}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export default function MonitorScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePagedList<InstanceRow, { name: string }>(paths.running, { name: "" });
  const open = useOpenTask();
  const [chosen, setChosen] = useState("");
  const [tab, setTab] = useState<string | null>("tasks");

  const rowCommand = useBusy();
  const run = async (name: InstanceCommand, r: InstanceRow) => {
    if (!(await confirmAction(t(`flowTasks.confirm.${name}`, { name: r.procDefName, id: r.procInsId }), { danger: name !== "activateProcess" }))) return;
    await rowCommand.run(`${name}:${r.procInsId}`, () => sendCommand(name, r));
  };
  const sendCommand = async (name: InstanceCommand, r: InstanceRow) => {
    try {
      notifySuccess((await command(`${monitor}/${name}`, { procInsId: r.procInsId })).msg || t("http.ok"));
      if (name === "deleteProcess" && chosen === r.procInsId) setChosen("");
      void queryClient.invalidateQueries({ queryKey: [paths.running] });
      void queryClient.invalidateQueries({ queryKey: [paths.monitorTasks] });
    } catch (error) {
      notifyError(error);
    }
  };
  const may = (name: InstanceCommand) => hasPermission(commandPerm[name]);

  return (
    <Stack data-testid="monitor-screen">
      <Card withBorder>
        <Stack>
          <Group gap="sm">
            <TextInput placeholder={t("flowTasks.search.procName")} value={list.draft.name} onChange={(e) => list.setDraft({ name: e.currentTarget.value })} onKeyDown={(e) => e.key === "Enter" && list.search()} w={220} />
            <SearchButtons onSearch={list.search} onReset={list.reset} onRefresh={() => void list.refetch()} />
          </Group>
          {list.error && <Alert color="red">{(list.error as Error).message}</Alert>}
          <Table.ScrollContainer minWidth={1100}>
            <Table striped highlightOnHover withTableBorder data-testid="monitor-instances">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("flowTasks.columns.procDefName")}</Table.Th>
                  <Table.Th w={70}>{t("flowTasks.columns.version")}</Table.Th>
                  <Table.Th w={100}>{t("flowTasks.columns.status")}</Table.Th>
                  <Table.Th>{t("flowTasks.columns.startUserName")}</Table.Th>
                  <Table.Th>{t("flowTasks.columns.activeNodes")}</Table.Th>
                  <Table.Th w={170}>{t("flowTasks.columns.startTime")}</Table.Th>
                  <Table.Th w={330}>{t("flowTasks.columns.actions")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.rows.map((r) => {
                  const suspended = r.status === "suspended";
                  return (
                    <Table.Tr key={r.procInsId} data-instance={r.procInsId} bg={chosen === r.procInsId ? "var(--mantine-primary-color-light)" : undefined}>
                      <Table.Td>
                        <Button variant="transparent" p={0} h="auto" onClick={() => setChosen(r.procInsId)} title={t("flowTasks.monitor.showTasks")}>{r.procDefName}</Button>
                        <Text size="xs" c="dimmed" ff="monospace">{r.procInsId}</Text>
                      </Table.Td>
                      <Table.Td>{r.version != null ? `v${r.version}` : ""}</Table.Td>
                      <Table.Td><StatusBadge status={r.status} /></Table.Td>
                      <Table.Td>{r.startUserName ?? r.initiatorName ?? ""}</Table.Td>
                      <Table.Td>{joined(r.activeNodeNames)}</Table.Td>
                      <Table.Td>{r.startTime}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="compact-sm" variant="light" onClick={() => setChosen(r.procInsId)} data-testid="monitor-tasks-open">{t("flowTasks.actions.tasks")}</Button>
                          <Button size="compact-sm" variant="subtle" onClick={() => open(r.procInsId)}>{t("flowTasks.actions.view")}</Button>
                          {!suspended && may("suspendProcess") && <Button size="compact-sm" variant="subtle" color="orange" loading={rowCommand.busy === `suspendProcess:${r.procInsId}`} onClick={() => void run("suspendProcess", r)} data-testid="monitor-suspend">{t("flowTasks.actions.suspend")}</Button>}
                          {suspended && may("activateProcess") && <Button size="compact-sm" variant="subtle" color="green" loading={rowCommand.busy === `activateProcess:${r.procInsId}`} onClick={() => void run("activateProcess", r)} data-testid="monitor-activate">{t("flowTasks.actions.activate")}</Button>}
                          {may("stopProcess") && <Button size="compact-sm" variant="subtle" color="red" loading={rowCommand.busy === `stopProcess:${r.procInsId}`} onClick={() => void run("stopProcess", r)} data-testid="monitor-stop">{t("flowTasks.actions.stop")}</Button>}
                          {may("deleteProcess") && <Button size="compact-sm" variant="subtle" color="red" loading={rowCommand.busy === `deleteProcess:${r.procInsId}`} onClick={() => void run("deleteProcess", r)} data-testid="monitor-delete">{t("actions.delete")}</Button>}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
                {!list.rows.length && <EmptyRow colSpan={7} loading={list.loading} />}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageBar page={list.paging.page} limit={list.paging.limit} total={list.total} onChange={(page, limit) => list.setPaging({ page, limit })} />
        </Stack>
      </Card>
      <Card withBorder>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="tasks">{t("flowTasks.monitor.tasks")}{chosen && <Badge ml={6} size="xs" variant="light">{chosen.slice(0, 8)}</Badge>}</Tabs.Tab>
            <Tabs.Tab value="variables">{t("flowTasks.monitor.variables")}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="tasks"><TaskTable procInsId={chosen} onFilter={setChosen} /></Tabs.Panel>
          <Tabs.Panel value="variables"><Variables procInsId={chosen} /></Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
