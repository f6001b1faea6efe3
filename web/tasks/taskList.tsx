/**
 * The task lists on the list kit: 消息任务 (/task/message, my tasks, with follow-up: start, finish with a
 * result, and the row actions other areas register on the task family's path — check in, record a visit)
 * and 其他任务 (/task/other, everyone else's, read-only). Each row shows the state the server decided today.
 */
import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { Suspense } from "react";
import { modals } from "@mantine/modals";
import type { TFunction } from "i18next";
import type { Family } from "../../events/family.ts";
import { familyByName } from "../../events/families/index.ts";
import type { Row } from "../core/api/records.ts";
import { notifySuccess } from "../core/feedback.tsx";
import { rowActionsFor } from "../registry/index.ts";
import type { ListColumn, ListContext, ListFilter, ListSpec } from "../crud/ListScreen.tsx";
import type { DetailSpec } from "../crud/DetailDrawer.tsx";
import { boardPath, taskApi, taskPath, taskQueries, type Task, type TaskDetail } from "./api.ts";
import { StateBadge, stateNames } from "./StateBadge.tsx";

const kindName = (t: TFunction, kind: string | null) => (kind ? t(`tasks.kind_${kind}`) : "—");

const filters: ListFilter[] = [
  { kind: "text", key: "entName", label: (t) => t("tasks.enterprise"), width: 200 },
  { kind: "select", key: "state", label: (t) => t("tasks.allStates"), options: (t) => stateNames.map((s) => ({ value: s, label: t(`tasks.state_${s}`) })), width: 140 },
  { kind: "select", key: "visitKind", label: (t) => t("tasks.allKinds"), options: (t) => (["zf", "fw", "xq"] as const).map((k) => ({ value: k, label: t(`tasks.kind_${k}`) })), width: 130 },
  { kind: "dateRange", key: "window", from: "from", to: "to", label: (t) => t("tasks.window") },
];

const columns = (mine: boolean): ListColumn<Task>[] => [
  { key: "entName", title: (t) => t("tasks.enterprise"), render: (r) => <Text size="sm" fw={500} data-testid="task-ent">{r.entName ?? "—"}</Text>, value: (r) => r.entName ?? "" },
  { key: "title", title: (t) => t("tasks.plan"), render: (r) => r.planTitle ?? r.title, value: (r) => r.planTitle ?? r.title },
  { key: "visitKind", title: (t) => t("tasks.visitKind"), width: 80, render: (r, t) => kindName(t, r.visitKind), value: (r, t) => kindName(t, r.visitKind) },
  ...(mine ? [] : [{ key: "receiverName", title: (t: TFunction) => t("tasks.assignee"), width: 100, render: (r: Task) => r.receiverName ?? r.receiverId } satisfies ListColumn<Task>]),
  { key: "window", title: (t) => t("tasks.window"), width: 200, render: (r) => `${r.startDate ?? "—"} ~ ${r.deadline ?? "—"}`, value: (r) => `${r.startDate ?? ""} ~ ${r.deadline ?? ""}` },
  { key: "state", title: (t) => t("tasks.status"), width: 100, render: (r) => <StateBadge state={r.state} />, value: (r, t) => t(`tasks.state_${r.state}`) },
  { key: "followUpAt", title: (t) => t("tasks.followUpAt"), width: 170, render: (r) => r.followUpAt ?? "—" },
];

const detail: DetailSpec<TaskDetail> = {
  testId: "task-drawer",
  title: (t) => t("tasks.task"),
  query: (id) => taskQueries.detail(id),
  fields: [
    { label: (t) => t("tasks.enterprise"), value: (d) => d.task.entName ?? "—" },
    { label: (t) => t("tasks.creditCode"), value: (d) => d.task.creditCode ?? "—" },
    { label: (t) => t("tasks.plan"), value: (d) => d.task.planTitle ?? "—" },
    { label: (t) => t("tasks.assignee"), value: (d) => d.task.receiverName ?? d.task.receiverId },
    { label: (t) => t("tasks.window"), value: (d) => `${d.task.startDate ?? "—"} ~ ${d.task.deadline ?? "—"}` },
    { label: (t) => t("tasks.status"), value: (d) => <StateBadge state={d.task.state} /> },
    { label: (t) => t("tasks.followUpAt"), value: (d) => d.task.followUpAt ?? "—" },
    { label: (t) => t("tasks.result"), value: (d) => d.task.handleResult ?? "—" },
  ],
};

/** Finishing asks for the result (what the visit found); starting needs nothing. */
function finish(row: Task, list: ListContext<Task>) {
  let result = "";
  modals.openConfirmModal({
    title: list.t("tasks.finishTitle"),
    centered: true,
    children: (
      <Stack>
        <Text size="sm">{row.entName}</Text>
        <Textarea autosize minRows={3} placeholder={list.t("tasks.resultPlaceholder")} onChange={(e) => (result = e.currentTarget.value)} data-testid="task-result" />
      </Stack>
    ),
    labels: { confirm: list.t("tasks.finish"), cancel: list.t("tasks.cancel") },
    confirmProps: { "data-testid": "task-finish-ok" } as never,
    onConfirm: () => void followUp(row, list, "done", result.trim() || undefined),
  });
}

async function followUp(row: Task, list: ListContext<Task>, status: "inProgress" | "done", result?: string) {
  await list.run(`${row.id}:${status}`, async () => {
    await taskApi.followUp(row.id, status, result);
    notifySuccess(list.t("tasks.followedUp"));
    await list.queryClient.invalidateQueries({ queryKey: [boardPath] });
  });
}

const open = (r: Task) => r.state !== "done" && r.state !== "cancelled";

/** The task family: the row actions other areas register for it appear on one's own open tasks. */
const taskFamily = familyByName.get("common.entaskmsg") as Family;

function RegisteredActions({ row }: { row: Task }) {
  const actions = rowActionsFor(taskFamily);
  if (!actions.length) return null;
  return <Suspense fallback={null}>{actions.map((Action, i) => <Action key={i} family={taskFamily} row={row as unknown as Row} />)}</Suspense>;
}

export function taskList(mine: boolean): ListSpec<Task> {
  return {
    name: mine ? "mytasks" : "othertasks",
    path: taskPath,
    query: (params) => (mine ? taskQueries.mine(params) : taskQueries.others(params)),
    rowKey: (r) => r.id,
    rowAttrs: (r) => ({ "data-task-id": r.id, "data-state": r.state }),
    filters,
    columns: columns(mine),
    minWidth: 1100,
    detail,
    actions: (r, list) => (
      <Group gap={4} wrap="nowrap">
        <Button size="compact-sm" variant="subtle" onClick={() => list.open(r.id)} data-testid="task-open">{list.t("tasks.view")}</Button>
        {mine && open(r) && r.status === "notStarted" && (
          <Button size="compact-sm" variant="light" loading={list.busy === `${r.id}:inProgress`} onClick={() => void followUp(r, list, "inProgress")} data-testid="task-start">{list.t("tasks.startWork")}</Button>
        )}
        {mine && open(r) && (
          <Button size="compact-sm" variant="light" color="green" loading={list.busy === `${r.id}:done`} onClick={() => finish(r, list)} data-testid="task-finish">{list.t("tasks.finish")}</Button>
        )}
        {mine && open(r) && <RegisteredActions row={r} />}
      </Group>
    ),
    export: { fileName: (t) => t("tasks.fileName") },
  };
}
