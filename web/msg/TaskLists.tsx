/**
 * The workflow lists of the message centre: my pending tasks, the tasks I handled, the processes I
 * started. Read from the workflow API; a row opens the approval page /todoCheck.
 */
import { Badge, Button, Stack, Table, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageBar } from "../widgets/PageBar/index.ts";
import { EmptyRow } from "../sys/shared/TableParts.tsx";
import { taskListQuery, type InitiatedRow, type TaskList, type TaskRow } from "./api.ts";
import { useOpenTask } from "./useOpenTask.ts";

interface Column<T> {
  key: string;
  title: string;
  width?: number;
  cell: (row: T) => ReactNode;
}

function PagedTable<T>({ list, columns, rowKey, target, testId }: { list: TaskList; columns: Column<T>[]; rowKey: (row: T) => string; target: (row: T) => [string | null, string | null]; testId: string }) {
  const { t } = useTranslation();
  const openTask = useOpenTask();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const query = useQuery({ ...taskListQuery<T>(list, paging), placeholderData: keepPreviousData });
  const rows = query.data?.rows ?? [];
  return (
    <Stack data-testid={testId}>
      {query.error && <Text c="red" size="sm">{(query.error as Error).message}</Text>}
      <Table.ScrollContainer minWidth={760}>
        <Table highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => <Table.Th key={c.key} w={c.width}>{c.title}</Table.Th>)}
              <Table.Th w={90}>{t("msg.columns.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const [taskId, procInsId] = target(row);
              return (
                <Table.Tr key={rowKey(row)} data-testid={`${testId}-row`} style={{ cursor: "pointer" }} onClick={() => openTask(taskId, procInsId)}>
                  {columns.map((c) => <Table.Td key={c.key}>{c.cell(row)}</Table.Td>)}
                  <Table.Td>
                    <Button size="compact-sm" variant="light" onClick={(e) => (e.stopPropagation(), openTask(taskId, procInsId))}>
                      {list === "pending" ? t("msg.open") : t("msg.view")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {!rows.length && <EmptyRow colSpan={columns.length + 1} loading={query.isLoading} />}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PageBar page={paging.page} limit={paging.limit} total={query.data?.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />
    </Stack>
  );
}

const names = (v: string[] | string | null | undefined) => (Array.isArray(v) ? v.join("、") : (v ?? ""));

export function PendingList() {
  const { t } = useTranslation();
  return (
    <PagedTable<TaskRow>
      list="pending"
      testId="msg-pending"
      rowKey={(r) => r.taskId}
      target={(r) => [r.taskId, r.procInsId]}
      columns={[
        { key: "process", title: t("msg.columns.process"), cell: (r) => r.procDefName },
        { key: "task", title: t("msg.columns.task"), cell: (r) => r.taskName },
        { key: "starter", title: t("msg.columns.starter"), width: 120, cell: (r) => r.startUserName },
        { key: "received", title: t("msg.columns.received"), width: 170, cell: (r) => r.createTime },
      ]}
    />
  );
}

export function ApprovedList() {
  const { t } = useTranslation();
  return (
    <PagedTable<TaskRow>
      list="approved"
      testId="msg-approved"
      rowKey={(r) => r.taskId}
      target={(r) => [r.taskId, r.procInsId]}
      columns={[
        { key: "process", title: t("msg.columns.process"), cell: (r) => r.procDefName },
        { key: "task", title: t("msg.columns.task"), cell: (r) => r.taskName },
        { key: "starter", title: t("msg.columns.starter"), width: 120, cell: (r) => r.startUserName },
        { key: "outcome", title: t("msg.columns.outcome"), width: 100, cell: (r) => (r.outcome ? t(`msg.outcome.${r.outcome}`, { defaultValue: r.outcome }) : "") },
        { key: "comment", title: t("msg.columns.comment"), cell: (r) => r.comment ?? "" },
        { key: "finished", title: t("msg.columns.finished"), width: 170, cell: (r) => r.endTime ?? "" },
      ]}
    />
  );
}

const statusColor: Record<string, string> = { running: "blue", suspended: "yellow", finished: "green", rejected: "red", stopped: "gray", revoked: "gray" };

export function InitiatedList() {
  const { t } = useTranslation();
  return (
    <PagedTable<InitiatedRow>
      list="initiated"
      testId="msg-initiated"
      rowKey={(r) => r.procInsId}
      target={(r) => [null, r.procInsId]}
      columns={[
        { key: "process", title: t("msg.columns.process"), cell: (r) => r.procDefName },
        { key: "status", title: t("msg.columns.state"), width: 100, cell: (r) => <Badge color={statusColor[r.status] ?? "gray"} variant="light">{t(`msg.instanceStatus.${r.status}`, { defaultValue: r.status })}</Badge> },
        { key: "activeNodes", title: t("msg.columns.activeNodes"), cell: (r) => names(r.activeNodeNames) },
        { key: "assignees", title: t("msg.columns.assignees"), cell: (r) => names(r.currentAssignees) },
        { key: "startTime", title: t("msg.columns.startTime"), width: 170, cell: (r) => r.startTime },
        { key: "endTime", title: t("msg.columns.endTime"), width: 170, cell: (r) => r.endTime ?? "" },
      ]}
    />
  );
}
