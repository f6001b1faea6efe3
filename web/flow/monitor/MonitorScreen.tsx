/**
 * Process monitor (`flowable/monitor/index`, monitor permission): the running (and suspended) instances
 * (`GET /flowable/monitor/runningProcess`); suspend, activate, stop and delete, each after a confirmation;
 * below, the open tasks (`taskList`, filtered by an instance id) with transfer to another user (clears a
 * stuck task), and the selected instance's variables (`variableList`).
 */
import { Badge, Button, Card, Code, Group, Stack, Tabs, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../registry/index.ts";
import { hasPermission } from "../../core/session.ts";
import { fetchMonitorVariables, joined, listQuery, monitor, paths, show, task, variableRows, type InstanceRow, type MonitorTaskRow } from "../tasks/api.ts";
import { CommentDialog } from "../tasks/CommentDialog.tsx";
import { FlowTable, usePagedQuery, type FlowColumn } from "../tasks/FlowTable.tsx";
import { flowColumn, FlowSearch, instanceColumns, searchFields, sendCommand, useBusy, useOpenTask } from "../tasks/parts.tsx";
import { usePagedList } from "../tasks/usePagedList.ts";
import { UserPicker } from "../tasks/UserPicker.tsx";
import { confirmDialog } from "../../core/ui/confirmDelete.tsx";

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
  const list = usePagedQuery<MonitorTaskRow>((paging) => listQuery<MonitorTaskRow>(paths.monitorTasks, { ...paging, procInsId: procInsId || undefined }));
  useEffect(() => {
    setDraft(procInsId);
    list.setPaging((p) => ({ ...p, page: 1 }));
  }, [procInsId]);
  const [transferring, setTransferring] = useState<MonitorTaskRow | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const transfer = (comment: string) =>
    sendCommand(`${task}/transfer`, { taskId: transferring!.taskId, userId, comment }, t("flowTasks.done.transfer"), () => void queryClient.invalidateQueries({ queryKey: [paths.monitorTasks] }));
  const columns: FlowColumn<MonitorTaskRow>[] = [
    flowColumn("taskName"),
    flowColumn("taskDefKey", undefined, (r) => <Code>{r.taskDefKey}</Code>),
    flowColumn("assignee", undefined, (r) => r.assigneeName ?? r.assignee ?? <Text span c="orange" size="sm">{t("flowTasks.monitor.unassigned")}</Text>),
    flowColumn("candidates", undefined, (r) => [joined(r.candidateUsers), joined(r.candidateGroups)].filter(Boolean).join(" / ")),
    flowColumn("procInsId", undefined, (r) => <Text size="xs" ff="monospace">{r.procInsId}</Text>),
    flowColumn("createTime", 170),
    flowColumn("actions", 100, (r) => <Button size="compact-sm" variant="light" onClick={() => (setUserId(null), setTransferring(r))} data-testid="monitor-transfer">{t("flowTasks.actions.transfer")}</Button>),
  ];
  // the search bar edits the instance filter: search and reset hand it to the screen
  const search = { draft: { procInsId: draft }, setDraft: (d: { procInsId: string }) => setDraft(d.procInsId), search: () => onFilter(draft.trim()), reset: () => onFilter(""), refetch: list.refetch };
  return (
    <Stack>
      <FlowSearch list={search} fields={[{ key: "procInsId", placeholder: "flowTasks.search.procInsId", w: 320, "data-testid": "monitor-task-filter" }]} />
      <FlowTable list={list} columns={columns} rowKey={(r) => r.taskId} minWidth={1000} data-testid="monitor-tasks" />
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
  return (
    <Stack>
      <FlowTable
        list={{ rows: variableRows(vars.data), loading: vars.isLoading, error: vars.error }}
        rowKey={(r) => r.name}
        columns={[
          { key: "variable", title: "flowTasks.columns.variable", width: 240, render: (r) => <Code>{r.name}</Code> },
          { key: "value", title: "flowTasks.columns.value", render: (r) => show(r.value), td: { style: { wordBreak: "break-all" } } },
        ]}
        tableProps={{ highlightOnHover: false }}
        data-testid="monitor-variables"
      />
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
    if (!(await confirmDialog(t(`flowTasks.confirm.${name}`, { name: r.procDefName, id: r.procInsId }), { danger: name !== "activateProcess" }))) return;
    await rowCommand.run(`${name}:${r.procInsId}`, () => instanceCommand(name, r));
  };
  const instanceCommand = (name: InstanceCommand, r: InstanceRow) =>
    sendCommand(`${monitor}/${name}`, { procInsId: r.procInsId }, t("http.ok"), () => {
      if (name === "deleteProcess" && chosen === r.procInsId) setChosen("");
      void queryClient.invalidateQueries({ queryKey: [paths.running] });
      void queryClient.invalidateQueries({ queryKey: [paths.monitorTasks] });
    });
  const may = (name: InstanceCommand) => hasPermission(commandPerm[name]);

  const columns: FlowColumn<InstanceRow>[] = [
    flowColumn("procDefName", undefined, (r) => (
      <>
        <Button variant="transparent" p={0} h="auto" onClick={() => setChosen(r.procInsId)} title={t("flowTasks.monitor.showTasks")}>{r.procDefName}</Button>
        <Text size="xs" c="dimmed" ff="monospace">{r.procInsId}</Text>
      </>
    )),
    ...instanceColumns("version", "status", "startUserName", "activeNodes", "startTime"),
    flowColumn("actions", 330, (r) => {
      const suspended = r.status === "suspended";
      const button = (name: InstanceCommand, label: string, color: string, testId: string) => (
        <Button size="compact-sm" variant="subtle" color={color} loading={rowCommand.busy === `${name}:${r.procInsId}`} onClick={() => void run(name, r)} data-testid={testId}>{t(label)}</Button>
      );
      return (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={() => setChosen(r.procInsId)} data-testid="monitor-tasks-open">{t("flowTasks.actions.tasks")}</Button>
          <Button size="compact-sm" variant="subtle" onClick={() => open(r.procInsId)}>{t("flowTasks.actions.view")}</Button>
          {!suspended && may("suspendProcess") && button("suspendProcess", "flowTasks.actions.suspend", "orange", "monitor-suspend")}
          {suspended && may("activateProcess") && button("activateProcess", "flowTasks.actions.activate", "green", "monitor-activate")}
          {may("stopProcess") && button("stopProcess", "flowTasks.actions.stop", "red", "monitor-stop")}
          {may("deleteProcess") && button("deleteProcess", "actions.delete", "red", "monitor-delete")}
        </Group>
      );
    }),
  ];

  return (
    <Stack data-testid="monitor-screen">
      <Card withBorder>
        <Stack>
          <FlowSearch list={list} fields={[{ ...searchFields.procName, w: 220 }]} />
          <FlowTable
            list={list}
            columns={columns}
            rowKey={(r) => r.procInsId}
            rowProps={(r) => ({ "data-instance": r.procInsId, bg: chosen === r.procInsId ? "var(--mantine-primary-color-light)" : undefined })}
            minWidth={1100}
            data-testid="monitor-instances"
          />
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
