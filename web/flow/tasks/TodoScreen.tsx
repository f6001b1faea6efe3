/**
 * My to-do (`flowable/todo/index`, `GET /flowable/task/todoList`): each task with the business record it is
 * about (its kind and title, the applicant enterprise), who handles it and when it came in; search by task
 * name and process key, paging, open a task on /todoCheck, and batch approve the rows the server marks `batchable` (nodes that
 * need no form edit) with one comment; the answer lists what was done and what was refused, with why.
 */
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from "@mantine/core";
import { IconChecks } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../registry/index.ts";
import { hasPermission } from "../../core/session.ts";
import { notifyError, notifySuccess } from "../../core/feedback.tsx";
import { seededText } from "../../core/seeded.ts";
import { flow } from "../../../events/api/flow.ts";
import { flowTask } from "../../../events/api/flow-task.ts";
import type { Answer } from "../../../events/api/verb.ts";
import { call, pagedQuery } from "../../core/api/call.ts";
import { ListScreen, type ListContext, type ListSpec } from "../../crud/ListScreen.tsx";
import { paths, type TodoRow } from "./api.ts";
import { aboutColumns, DialogButtons, flowColumn, flowFilters, OpenButton } from "./parts.tsx";

type BatchAnswer = Answer<typeof flowTask.batch>;

function BatchDialog({ rows, opened, onClose, onDone }: { rows: TodoRow[]; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BatchAnswer | null>(null);
  const nameOf = (taskId: string) => {
    const row = rows.find((r) => r.taskId === taskId);
    return row ? `${seededText(row.procDefName)} · ${seededText(row.taskName)}` : taskId;
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const data = await call(flowTask.batch, { body: { taskIds: rows.map((r) => r.taskId), comment: comment.trim() || t("flowTasks.approve.defaultComment") } });
      notifySuccess(t("flowTasks.batch.result", { done: data.done.length, refused: data.refused.length }));
      onDone();
      if (data.refused.length) setResult(data);
      else close();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const close = () => (setResult(null), setComment(""), onClose());
  return (
    <Modal opened={opened} onClose={close} title={t("flowTasks.batch.title", { n: rows.length })} data-testid="batch-dialog">
      {result ? (
        <Stack>
          <Alert color="orange" title={t("flowTasks.batch.result", { done: result.done.length, refused: result.refused.length })}>
            <List size="sm">
              {result.refused.map((r) => <List.Item key={r.taskId}>{nameOf(r.taskId)}: {r.reason}</List.Item>)}
            </List>
          </Alert>
          <Group justify="flex-end"><Button onClick={close}>{t("actions.close")}</Button></Group>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <Textarea label={t("flowTasks.approve.comment")} placeholder={t("flowTasks.approve.defaultComment")} autosize minRows={3} value={comment} onChange={(e) => setComment(e.currentTarget.value)} data-autofocus data-testid="batch-comment" />
            <DialogButtons onCancel={close} label={t("flowTasks.actions.approve")} busy={busy} data-testid="batch-submit" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Batch approval of the chosen rows (only those the server marks `batchable` can be chosen). */
function BatchButton({ list }: { list: ListContext<TodoRow> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const chosen = list.rows.filter((r) => list.selected.includes(r.taskId));
  const afterBatch = () => {
    list.setSelected([]);
    for (const path of [paths.todo, paths.done]) void list.queryClient.invalidateQueries({ queryKey: [path] });
  };
  return (
    <>
      <Button leftSection={<IconChecks size={16} />} color="green" disabled={!chosen.length} onClick={() => setOpen(true)} data-testid="batch-approve">
        {t("flowTasks.actions.batchApprove")}{chosen.length ? ` (${chosen.length})` : ""}
      </Button>
      <BatchDialog rows={chosen} opened={open} onClose={() => setOpen(false)} onDone={afterBatch} />
    </>
  );
}

const todoList: ListSpec<TodoRow> = {
  name: "todo",
  path: paths.todo,
  query: pagedQuery(flow.todo),
  rowKey: (r) => r.taskId,
  rowAttrs: (r) => ({ "data-task": r.taskId }),
  minWidth: 1000,
  selectable: (r) => r.batchable,
  selectHint: (t) => t("flowTasks.batch.notBatchable"),
  filters: [flowFilters.taskName, flowFilters.procDefKey],
  columns: [
    flowColumn("procDefName"),
    ...aboutColumns<TodoRow>(),
    flowColumn("taskName", { render: (r, t) => <>{seededText(r.taskName)}{r.state === "delegated" && <Text span size="xs" c="orange"> · {t("flowTasks.record.delegate")}</Text>}</> }),
    flowColumn("startUserName", { width: 90, render: (r) => r.startUserName ?? "" }),
    flowColumn("assignee", { width: 110, testId: "todo-assignee", render: (r) => r.assigneeName ?? "" }),
    flowColumn("createTime", { width: 165, testId: "todo-created" }),
  ],
  actions: (r) => <OpenButton procInsId={r.procInsId} taskId={r.taskId} label="flowTasks.actions.handle" variant="filled" data-testid="todo-open" />,
  toolbar: (list) => hasPermission("flowable:task:complete") && <BatchButton list={list} />,
};

export default function TodoScreen(_: ScreenProps) {
  return <ListScreen list={todoList} />;
}
