/**
 * Process monitor (`flowable/monitor/index`, monitor permission): the running (and suspended) instances
 * (`GET /flowable/monitor/runningProcess`); suspend, activate, stop and delete, each after a confirmation;
 * below, the open tasks (`taskList`, filtered by the instance chosen above, or a typed id) with transfer to
 * another user (clears a stuck task), and the chosen instance's variables (`variableList`).
 */
import { pagedQuery } from "../../core/api/call.ts";
import { Badge, Button, Card, Code, Stack, Table, Tabs, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../registry/index.ts";
import { hasPermission } from "../../core/session.ts";
import { confirmDialog } from "../../core/ui/confirmDelete.tsx";
import { EmptyRow } from "../../core/ui/TableParts.tsx";
import { flow } from "../../../events/api/flow.ts";
import { ListScreen, type ListContext, type ListSpec } from "../../crud/ListScreen.tsx";
import { command, fetchMonitorVariables, joined, monitor, paths, show, task, variableRows, type InstanceRow, type MonitorTaskRow } from "../tasks/api.ts";
import { CommentDialog } from "../tasks/CommentDialog.tsx";
import { aboutColumns, flowColumn, flowFilters, instanceColumns, OpenButton, sendCommand } from "../tasks/parts.tsx";
import { UserPicker } from "../tasks/UserPicker.tsx";

type InstanceCommand = "suspendProcess" | "activateProcess" | "stopProcess" | "deleteProcess";

const commands: { name: InstanceCommand; perm: string; label: string; color: string; testId: string; when: (r: InstanceRow) => boolean }[] = [
  { name: "suspendProcess", perm: "flowable:monitor:suspend", label: "flowTasks.actions.suspend", color: "orange", testId: "monitor-suspend", when: (r) => r.status !== "suspended" },
  { name: "activateProcess", perm: "flowable:monitor:activate", label: "flowTasks.actions.activate", color: "green", testId: "monitor-activate", when: (r) => r.status === "suspended" },
  { name: "stopProcess", perm: "flowable:monitor:stop", label: "flowTasks.actions.stop", color: "red", testId: "monitor-stop", when: () => true },
  { name: "deleteProcess", perm: "flowable:monitor:delete", label: "actions.delete", color: "red", testId: "monitor-delete", when: () => true },
];

function InstanceActions({ row: r, list, choose }: { row: InstanceRow; list: ListContext<InstanceRow>; choose: (id: string) => void }) {
  const { t } = list;
  const run = async (name: InstanceCommand) => {
    if (!(await confirmDialog(t(`flowTasks.confirm.${name}`, { name: r.procDefName, id: r.procInsId }), { danger: name !== "activateProcess" }))) return;
    await list.command(`${name}:${r.procInsId}`, async () => {
      const answer = await command(`${monitor}/${name}`, { procInsId: r.procInsId });
      if (name === "deleteProcess") choose("");
      await list.queryClient.invalidateQueries({ queryKey: [paths.monitorTasks] });
      return answer;
    });
  };
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => choose(r.procInsId)} data-testid="monitor-tasks-open">{t("flowTasks.actions.tasks")}</Button>
      <OpenButton procInsId={r.procInsId} label="flowTasks.actions.view" variant="subtle" />
      {commands.filter((c) => c.when(r) && hasPermission(c.perm)).map((c) => (
        <Button key={c.name} size="compact-sm" variant="subtle" color={c.color} loading={list.busy === `${c.name}:${r.procInsId}`} onClick={() => void run(c.name)} data-testid={c.testId}>{t(c.label)}</Button>
      ))}
    </>
  );
}

/** The running instances; the chosen one is highlighted and its tasks and variables are shown below. */
const instanceList = (chosen: string, choose: (id: string) => void): ListSpec<InstanceRow> => ({
  name: "monitor-instances",
  path: paths.running,
  query: pagedQuery(flow.running),
  rowKey: (r) => r.procInsId,
  rowAttrs: (r) => ({ "data-instance": r.procInsId, "data-chosen": chosen === r.procInsId ? "true" : undefined, bg: chosen === r.procInsId ? "var(--mantine-primary-color-light)" : undefined }),
  minWidth: 1000,
  filters: [flowFilters.procName],
  columns: [
    flowColumn("procDefName", {
      render: (r, t) => (
        <>
          <Button variant="transparent" p={0} h="auto" onClick={() => choose(r.procInsId)} title={t("flowTasks.monitor.showTasks")}>{r.procDefName}</Button>
          <Text size="xs" c="dimmed" ff="monospace">{r.procInsId}</Text>
        </>
      ),
    }),
    ...aboutColumns<InstanceRow>(),
    ...instanceColumns("version", "status", "startUserName", "activeNodes", "startTime"),
  ],
  actions: (r, list) => <InstanceActions row={r} list={list} choose={choose} />,
});

function TransferButton({ row, list }: { row: MonitorTaskRow; list: ListContext<MonitorTaskRow> }) {
  const { t } = list;
  const [open, setOpen] = useState(false);
  const [userId, setUserId] = useState<string | null>(null);
  const transfer = (comment: string) => sendCommand(`${task}/transfer`, { taskId: row.taskId, userId, comment }, t("flowTasks.done.transfer"), list.refresh);
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => (setUserId(null), setOpen(true))} data-testid="monitor-transfer">{t("flowTasks.actions.transfer")}</Button>
      <CommentDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t("flowTasks.dialog.transfer", { name: row.taskName })}
        submitLabel={t("flowTasks.actions.transfer")}
        invalid={!userId}
        onSubmit={transfer}
        data-testid="transfer-dialog"
        commentLabel={t("flowTasks.dialog.note")}
      >
        <UserPicker label={t("flowTasks.dialog.transferTo")} required value={userId} onChange={setUserId} data-testid="transfer-user" />
      </CommentDialog>
    </>
  );
}

/** Every open task, or the chosen instance's (the filter follows the choice above, and can be typed). */
const taskList: ListSpec<MonitorTaskRow> = {
  name: "monitor-tasks",
  path: paths.monitorTasks,
  query: pagedQuery(flow.monitorTasks),
  rowKey: (r) => r.taskId,
  rowAttrs: (r) => ({ "data-task": r.taskId }),
  local: true,
  minWidth: 1000,
  filters: [{ kind: "text", key: "procInsId", label: (t) => t("flowTasks.search.procInsId"), width: 320, testId: "monitor-task-filter" }],
  columns: [
    flowColumn("taskName"),
    ...aboutColumns<MonitorTaskRow>(),
    flowColumn("taskDefKey", { hidden: true, render: (r) => <Code>{r.taskDefKey}</Code> }),
    flowColumn("assignee", { render: (r, t) => r.assignee ?? <Text span c="orange" size="sm">{t("flowTasks.monitor.unassigned")}</Text> }),
    flowColumn("candidates", { render: (r) => [joined(r.candidateUsers), joined(r.candidateGroups)].filter(Boolean).join(" / ") }),
    flowColumn("procInsId", { hidden: true, render: (r) => <Text size="xs" ff="monospace">{r.procInsId}</Text> }),
    flowColumn("createTime", { width: 170 }),
  ],
  actions: (r, list) => <TransferButton row={r} list={list} />,
};

function Variables({ procInsId }: { procInsId: string }) {
  const { t } = useTranslation();
  const vars = useQuery({ queryKey: [`${monitor}/variableList`, procInsId], queryFn: () => fetchMonitorVariables(procInsId), enabled: !!procInsId });
  if (!procInsId) return <Text c="dimmed" size="sm">{t("flowTasks.monitor.chooseInstance")}</Text>;
  const rows = variableRows(vars.data);
  return (
    <Stack>
      {vars.isError && <Text c="red" size="sm">{vars.error.message}</Text>}
      <Table withTableBorder data-testid="monitor-variables">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={240}>{t("flowTasks.columns.variable")}</Table.Th>
            <Table.Th>{t("flowTasks.columns.value")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.name}>
              <Table.Td><Code>{r.name}</Code></Table.Td>
              <Table.Td style={{ wordBreak: "break-all" }}>{show(r.value)}</Table.Td>
            </Table.Tr>
          ))}
          {!rows.length && <EmptyRow colSpan={2} loading={vars.isLoading} />}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export default function MonitorScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState("");
  const [tab, setTab] = useState<string | null>("tasks");
  const instances = useMemo(() => instanceList(chosen, setChosen), [chosen]);
  const preset = useMemo(() => ({ procInsId: chosen || undefined }), [chosen]);
  return (
    <Stack data-testid="monitor-screen">
      <ListScreen list={instances} />
      <Card withBorder>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="tasks">{t("flowTasks.monitor.tasks")}{chosen && <Badge ml={6} size="xs" variant="light">{chosen.slice(0, 8)}</Badge>}</Tabs.Tab>
            <Tabs.Tab value="variables">{t("flowTasks.monitor.variables")}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="tasks"><ListScreen list={taskList} preset={preset} /></Tabs.Panel>
          <Tabs.Panel value="variables"><Variables procInsId={chosen} /></Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
