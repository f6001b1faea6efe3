/**
 * My initiations (`flowable/myprocess/index`, `GET /flowable/task/myProcess`): each instance's business
 * record, status, current nodes and their assignees; urge (a reminder to the current approvers, at most once
 * an hour — the server says when not), revoke (only on rows the server marks `revocable`: nobody but me has
 * approved yet), resubmit after a return to me (rows carrying `myTaskId` with `resubmit`: opens that task),
 * and start a new process from a published model.
 */
import { pagedQuery } from "../../core/api/call.ts";
import { Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../registry/index.ts";
import { hasPermission } from "../../core/session.ts";
import { confirmDialog } from "../../core/ui/confirmDelete.tsx";
import { flow } from "../../../events/api/flow.ts";
import { ListScreen, type ListContext, type ListSpec } from "../../crud/ListScreen.tsx";
import { command, paths, task, type MyProcessRow } from "./api.ts";
import { CommentDialog } from "./CommentDialog.tsx";
import { ModelChooser } from "./ModelChooser.tsx";
import { businessColumn, flowColumn, instanceColumns, instanceFilters, OpenButton, sendCommand } from "./parts.tsx";

function UrgeButton({ row }: { row: MyProcessRow }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="compact-sm" variant="subtle" onClick={() => setOpen(true)} data-testid="urge">{t("flowTasks.actions.urge")}</Button>
      <CommentDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t("flowTasks.dialog.urge", { name: row.procDefName })}
        submitLabel={t("flowTasks.actions.urge")}
        defaultComment={t("flowTasks.dialog.urgeDefault")}
        onSubmit={(comment) => sendCommand(`${task}/urge`, { procInsId: row.procInsId, comment }, t("flowTasks.done.urge"))}
        data-testid="urge-dialog"
        commentLabel={t("flowTasks.dialog.note")}
      />
    </>
  );
}

function StartButton({ list }: { list: ListContext<MyProcessRow> }) {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={() => setChoosing(true)} data-testid="start-process">{t("flowTasks.actions.startNew")}</Button>
      <ModelChooser opened={choosing} onClose={() => setChoosing(false)} onStarted={list.refresh} />
    </>
  );
}

function RowActions({ row: r, list }: { row: MyProcessRow; list: ListContext<MyProcessRow> }) {
  const { t } = list;
  const running = r.status === "running";
  const revoke = async () => {
    if (!(await confirmDialog(t("flowTasks.confirm.revoke", { name: r.procDefName })))) return;
    await list.command(`revoke:${r.procInsId}`, () => command(`${task}/revokeProcess`, { procInsId: r.procInsId }), t("flowTasks.done.revoke"));
  };
  return (
    <>
      <OpenButton procInsId={r.procInsId} label="flowTasks.actions.view" />
      {running && <UrgeButton row={r} />}
      {running && r.revocable && hasPermission("flowable:task:revoke") && (
        <Button size="compact-sm" variant="subtle" color="orange" loading={list.busy === `revoke:${r.procInsId}`} onClick={() => void revoke()} data-testid="revoke">{t("flowTasks.actions.revoke")}</Button>
      )}
      {/* the row names my task there (after a return to me): the server's list, not a search of my todos */}
      {running && r.myTaskId && (r.resubmit
        ? <OpenButton procInsId={r.procInsId} taskId={r.myTaskId} search={{ resubmit: "1" }} label="flowTasks.actions.resubmit" variant="subtle" data-testid="resubmit" />
        : <OpenButton procInsId={r.procInsId} taskId={r.myTaskId} label="flowTasks.actions.handle" variant="subtle" data-testid="handle" />)}
    </>
  );
}

const myProcessList: ListSpec<MyProcessRow> = {
  name: "myprocess",
  path: paths.myProcess,
  query: pagedQuery(flow.myProcess),
  rowKey: (r) => r.procInsId,
  rowAttrs: (r) => ({ "data-instance": r.procInsId }),
  minWidth: 1000,
  filters: instanceFilters,
  columns: [flowColumn("procDefName"), businessColumn<MyProcessRow>(), ...instanceColumns("version", "status", "activeNodes", "assignees", "startTime", "endTime")],
  actions: (r, list) => <RowActions row={r} list={list} />,
  toolbar: (list) => <StartButton list={list} />,
};

export default function MyProcessScreen(_: ScreenProps) {
  return <ListScreen list={myProcessList} />;
}
