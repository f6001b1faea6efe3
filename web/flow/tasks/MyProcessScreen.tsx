/**
 * My initiations (`flowable/myprocess/index`, `GET /flowable/task/myProcess`): each instance's status, its
 * current nodes and their assignees; urge (a reminder to the current approvers, at most once an hour — the
 * server says when not), revoke (while the next approver has not acted), resubmit after a return to me
 * (opens my task in that instance), and start a new process from a published model.
 */
import { Alert, Button, Card, Group, Select, Stack, Table, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../app/screens.ts";
import { hasPermission } from "../../app/session.ts";
import { get } from "../../api/http.ts";
import { notifyError, notifySuccess } from "../../sys/shared/feedback.tsx";
import { EmptyRow } from "../../sys/shared/TableParts.tsx";
import { PageBar } from "../../widgets/PageBar/index.ts";
import { command, joined, paths, task, type InstanceRow, type TodoRow } from "./api.ts";
import { CommentDialog } from "./CommentDialog.tsx";
import { ModelChooser } from "./ModelChooser.tsx";
import { confirmAction, SearchButtons, StatusBadge, statuses, useBusy, useOpenTask } from "./parts.tsx";
import { usePagedList } from "./usePagedList.ts";

/** My open task in one instance (a return to the initiator puts one there), or null. */
async function myTaskIn(procInsId: string): Promise<TodoRow | null> {
  const answer = await get<TodoRow[]>(paths.todo, { procInsId, page: 1, limit: 100 });
  return (answer.data ?? []).find((r) => r.procInsId === procInsId) ?? null;
}

export default function MyProcessScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePagedList<InstanceRow, { name: string; procDefKey: string; status: string }>(paths.myProcess, { name: "", procDefKey: "", status: "" });
  const open = useOpenTask();
  const [urging, setUrging] = useState<InstanceRow | null>(null);
  const [choosing, setChoosing] = useState(false);
  const canRevoke = hasPermission("flowable:task:revoke");
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [paths.myProcess] });

  const rowCommand = useBusy();
  const revoke = async (r: InstanceRow) => {
    if (!(await confirmAction(t("flowTasks.confirm.revoke", { name: r.procDefName })))) return;
    await rowCommand.run(`revoke:${r.procInsId}`, async () => {
      try {
        notifySuccess((await command(`${task}/revokeProcess`, { procInsId: r.procInsId })).msg || t("flowTasks.done.revoke"));
        refresh();
      } catch (error) {
        notifyError(error);
      }
    });
  };
  const resubmit = async (r: InstanceRow) => {
    try {
      const mine = await myTaskIn(r.procInsId);
      if (mine) open(r.procInsId, mine.taskId, { resubmit: "1" });
      else notifyError(new Error(t("flowTasks.myProcess.nothingReturned")));
    } catch (error) {
      notifyError(error);
    }
  };
  const urge = async (comment: string) => {
    try {
      notifySuccess((await command(`${task}/urge`, { procInsId: urging!.procInsId, comment })).msg || t("flowTasks.done.urge"));
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };
  const enter = (e: React.KeyboardEvent) => e.key === "Enter" && list.search();

  return (
    <Card withBorder data-testid="myprocess-screen">
      <Stack>
        <Group gap="sm">
          <TextInput placeholder={t("flowTasks.search.procName")} value={list.draft.name} onChange={(e) => list.setDraft({ ...list.draft, name: e.currentTarget.value })} onKeyDown={enter} w={200} />
          <TextInput placeholder={t("flowTasks.search.procDefKey")} value={list.draft.procDefKey} onChange={(e) => list.setDraft({ ...list.draft, procDefKey: e.currentTarget.value })} onKeyDown={enter} w={180} />
          <Select placeholder={t("flowTasks.columns.status")} clearable w={140} value={list.draft.status || null} onChange={(v) => list.setDraft({ ...list.draft, status: v ?? "" })} data={statuses.map((s) => ({ value: s, label: t(`flowTasks.status.${s}`) }))} />
          <SearchButtons onSearch={list.search} onReset={list.reset} onRefresh={() => void list.refetch()} />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setChoosing(true)} data-testid="start-process">{t("flowTasks.actions.startNew")}</Button>
        </Group>
        {list.error && <Alert color="red">{(list.error as Error).message}</Alert>}
        <Table.ScrollContainer minWidth={1250}>
          <Table striped highlightOnHover withTableBorder data-testid="myprocess-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("flowTasks.columns.procDefName")}</Table.Th>
                <Table.Th w={70}>{t("flowTasks.columns.version")}</Table.Th>
                <Table.Th w={100}>{t("flowTasks.columns.status")}</Table.Th>
                <Table.Th>{t("flowTasks.columns.activeNodes")}</Table.Th>
                <Table.Th>{t("flowTasks.columns.assignees")}</Table.Th>
                <Table.Th w={170}>{t("flowTasks.columns.startTime")}</Table.Th>
                <Table.Th w={170}>{t("flowTasks.columns.endTime")}</Table.Th>
                <Table.Th w={330}>{t("flowTasks.columns.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((r) => {
                const running = r.status === "running";
                return (
                  <Table.Tr key={r.procInsId} data-instance={r.procInsId}>
                    <Table.Td>{r.procDefName}</Table.Td>
                    <Table.Td>{r.version != null ? `v${r.version}` : ""}</Table.Td>
                    <Table.Td><StatusBadge status={r.status} /></Table.Td>
                    <Table.Td>{joined(r.activeNodeNames)}</Table.Td>
                    <Table.Td>{joined(r.currentAssignees)}</Table.Td>
                    <Table.Td>{r.startTime}</Table.Td>
                    <Table.Td>{r.endTime ?? ""}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-sm" variant="light" onClick={() => open(r.procInsId)}>{t("flowTasks.actions.view")}</Button>
                        {running && <Button size="compact-sm" variant="subtle" onClick={() => setUrging(r)} data-testid="urge">{t("flowTasks.actions.urge")}</Button>}
                        {running && canRevoke && <Button size="compact-sm" variant="subtle" color="orange" loading={rowCommand.busy === `revoke:${r.procInsId}`} onClick={() => void revoke(r)} data-testid="revoke">{t("flowTasks.actions.revoke")}</Button>}
                        {running && <Button size="compact-sm" variant="subtle" onClick={() => void resubmit(r)} data-testid="resubmit">{t("flowTasks.actions.resubmit")}</Button>}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {!list.rows.length && <EmptyRow colSpan={8} loading={list.loading} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageBar page={list.paging.page} limit={list.paging.limit} total={list.total} onChange={(page, limit) => list.setPaging({ page, limit })} />
      </Stack>
      <CommentDialog
        opened={!!urging}
        onClose={() => setUrging(null)}
        title={t("flowTasks.dialog.urge", { name: urging?.procDefName ?? "" })}
        submitLabel={t("flowTasks.actions.urge")}
        defaultComment={t("flowTasks.dialog.urgeDefault")}
        onSubmit={urge}
        data-testid="urge-dialog"
        commentLabel={t("flowTasks.dialog.note")}
      />
      <ModelChooser opened={choosing} onClose={() => setChoosing(false)} onStarted={refresh} />
    </Card>
  );
}
