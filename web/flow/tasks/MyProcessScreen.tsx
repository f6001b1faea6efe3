/**
 * My initiations (`flowable/myprocess/index`, `GET /flowable/task/myProcess`): each instance's status, its
 * current nodes and their assignees; urge (a reminder to the current approvers, at most once an hour — the
 * server says when not), revoke (only on rows the server marks `revocable`: nobody but me has approved yet),
 * resubmit after a return to me (rows carrying `myTaskId` with `resubmit`: opens that task), and start a new
 * process from a published model.
 */
import { Button, Card, Group, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../registry/index.ts";
import { hasPermission } from "../../core/session.ts";
import { notifyError } from "../../core/feedback.tsx";
import { paths, task, type InstanceRow } from "./api.ts";
import { CommentDialog } from "./CommentDialog.tsx";
import { ModelChooser } from "./ModelChooser.tsx";
import { FlowTable, type FlowColumn } from "./FlowTable.tsx";
import { flowColumn, FlowSearch, instanceColumns, instanceSearch, sendCommand, useBusy, useOpenTask } from "./parts.tsx";
import { useInstanceList } from "./usePagedList.ts";
import { confirmDialog } from "../../core/ui/confirmDelete.tsx";

export default function MyProcessScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useInstanceList(paths.myProcess);
  const open = useOpenTask();
  const [urging, setUrging] = useState<InstanceRow | null>(null);
  const [choosing, setChoosing] = useState(false);
  const canRevoke = hasPermission("flowable:task:revoke");
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [paths.myProcess] });

  const rowCommand = useBusy();
  const revoke = async (r: InstanceRow) => {
    if (!(await confirmDialog(t("flowTasks.confirm.revoke", { name: r.procDefName })))) return;
    await rowCommand.run(`revoke:${r.procInsId}`, () => sendCommand(`${task}/revokeProcess`, { procInsId: r.procInsId }, t("flowTasks.done.revoke"), refresh));
  };
  // the row names my task there (after a return to me): the server's list, not a search of my todos
  const resubmit = (r: InstanceRow) => {
    if (r.myTaskId) open(r.procInsId, r.myTaskId, { resubmit: "1" });
    else notifyError(new Error(t("flowTasks.myProcess.nothingReturned")));
  };
  const urge = (comment: string) => sendCommand(`${task}/urge`, { procInsId: urging!.procInsId, comment }, t("flowTasks.done.urge"));

  const columns: FlowColumn<InstanceRow>[] = [
    flowColumn("procDefName"),
    ...instanceColumns("version", "status", "activeNodes", "assignees", "startTime", "endTime"),
    flowColumn("actions", 330, (r) => {
      const running = r.status === "running";
      return (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={() => open(r.procInsId)}>{t("flowTasks.actions.view")}</Button>
          {running && <Button size="compact-sm" variant="subtle" onClick={() => setUrging(r)} data-testid="urge">{t("flowTasks.actions.urge")}</Button>}
          {running && canRevoke && r.revocable && <Button size="compact-sm" variant="subtle" color="orange" loading={rowCommand.busy === `revoke:${r.procInsId}`} onClick={() => void revoke(r)} data-testid="revoke">{t("flowTasks.actions.revoke")}</Button>}
          {running && r.myTaskId && r.resubmit && <Button size="compact-sm" variant="subtle" onClick={() => resubmit(r)} data-testid="resubmit">{t("flowTasks.actions.resubmit")}</Button>}
          {running && r.myTaskId && !r.resubmit && <Button size="compact-sm" variant="subtle" onClick={() => open(r.procInsId, r.myTaskId!)} data-testid="handle">{t("flowTasks.actions.handle")}</Button>}
        </Group>
      );
    }),
  ];

  return (
    <Card withBorder data-testid="myprocess-screen">
      <Stack>
        <FlowSearch list={list} fields={instanceSearch}>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setChoosing(true)} data-testid="start-process">{t("flowTasks.actions.startNew")}</Button>
        </FlowSearch>
        <FlowTable list={list} columns={columns} rowKey={(r) => r.procInsId} rowProps={(r) => ({ "data-instance": r.procInsId })} minWidth={1250} data-testid="myprocess-table" />
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
