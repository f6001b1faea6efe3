/**
 * The workflow lists of the message centre: my pending tasks, the tasks I handled, the processes I
 * started. Read from the workflow API; a row opens the approval page /todoCheck.
 */
import { Badge, Button, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { FlowTable, usePagedQuery, type FlowColumn } from "../flow/tasks/FlowTable.tsx";
import i18n from "../core/i18n.ts";
import type { DoneRow, InstanceRow } from "../flow/tasks/api.ts";
import { taskListQuery, type TaskList } from "./api.ts";
import { useOpenTask } from "./useOpenTask.ts";

/** One list: its columns (the open/view button is added), the row's key, and the task and instance a row opens. */
interface ListSpec<T> {
  columns: FlowColumn<T>[];
  rowKey: (row: T) => string;
  target: (row: T) => [string | null, string | null];
}

function PagedTable<T>({ list, spec: { columns, rowKey, target } }: { list: TaskList; spec: ListSpec<T> }) {
  const testId = `msg-${list}`;
  const { t } = useTranslation();
  const openTask = useOpenTask();
  const rows = usePagedQuery<T>((paging) => taskListQuery<T>(list, paging));
  const open = (row: T) => openTask(...target(row));
  const actions: FlowColumn<T> = {
    key: "actions",
    title: "msg.columns.actions",
    width: 90,
    render: (row) => (
      <Button size="compact-sm" variant="light" onClick={(e) => (e.stopPropagation(), open(row))}>
        {list === "pending" ? t("msg.open") : t("msg.view")}
      </Button>
    ),
  };
  return (
    <Stack data-testid={testId}>
      <FlowTable
        list={rows}
        columns={[...columns, actions]}
        rowKey={rowKey}
        rowProps={(row) => ({ "data-testid": `${testId}-row`, style: { cursor: "pointer" }, onClick: () => open(row) })}
        minWidth={760}
        tableProps={{ striped: false }}
      />
    </Stack>
  );
}

const names = (v: string[] | string | null | undefined) => (Array.isArray(v) ? v.join("、") : (v ?? ""));

const statusColor: Record<string, string> = { running: "blue", suspended: "yellow", finished: "green", rejected: "red", stopped: "gray", revoked: "gray" };

/** A task list: its process, the task and who started it, then the given columns; a row opens its task. */
const taskList = (more: FlowColumn<DoneRow>[]): ListSpec<DoneRow> => ({
  columns: [
    { key: "procDefName", title: "msg.columns.process" },
    { key: "taskName", title: "msg.columns.task" },
    { key: "startUserName", title: "msg.columns.starter", width: 120 },
    ...more,
  ],
  rowKey: (r) => r.taskId,
  target: (r) => [r.taskId, r.procInsId],
});

const pending = taskList([{ key: "createTime", title: "msg.columns.received", width: 170 }]);

const approved = taskList([
  { key: "outcome", title: "msg.columns.outcome", width: 100, render: (r) => (r.outcome ? i18n.t(`msg.outcome.${r.outcome}`, { defaultValue: r.outcome }) : "") },
  { key: "comment", title: "msg.columns.comment" },
  { key: "endTime", title: "msg.columns.finished", width: 170 },
]);

const initiated: ListSpec<InstanceRow> = {
  columns: [
    { key: "procDefName", title: "msg.columns.process" },
    { key: "status", title: "msg.columns.state", width: 100, render: (r) => <Badge color={statusColor[r.status] ?? "gray"} variant="light">{i18n.t(`msg.instanceStatus.${r.status}`, { defaultValue: r.status })}</Badge> },
    { key: "activeNodes", title: "msg.columns.activeNodes", render: (r) => names(r.activeNodeNames) },
    { key: "assignees", title: "msg.columns.assignees", render: (r) => names(r.currentAssignees) },
    { key: "startTime", title: "msg.columns.startTime", width: 170 },
    { key: "endTime", title: "msg.columns.endTime", width: 170 },
  ],
  rowKey: (r) => r.procInsId,
  target: (r) => [null, r.procInsId],
};

export const PendingList = () => <PagedTable list="pending" spec={pending} />;
export const ApprovedList = () => <PagedTable list="approved" spec={approved} />;
export const InitiatedList = () => <PagedTable list="initiated" spec={initiated} />;
