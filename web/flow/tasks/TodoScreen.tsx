/**
 * My to-do (`flowable/todo/index`, `GET /flowable/task/todoList`): search by task name and process key,
 * paging, open a task on /todoCheck, and batch approve the rows the server marks `batchable` (nodes that
 * need no form edit) with one comment; the answer lists what was done and what was refused, with why.
 */
import { Alert, Button, Card, Group, List, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { IconChecks } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../registry/index.ts";
import { hasPermission } from "../../core/session.ts";
import { notifyError, notifySuccess } from "../../core/feedback.tsx";
import { command, paths, task, type TodoRow } from "./api.ts";
import { FlowTable, type FlowColumn } from "./FlowTable.tsx";
import { DialogButtons, flowColumn, FlowSearch, searchFields, useOpenTask } from "./parts.tsx";
import { usePagedList } from "./usePagedList.ts";
import { useSeededName } from "../../core/seeded.ts";

interface BatchAnswer {
  done?: string[];
  refused?: { taskId: string; reason?: string; msg?: string; message?: string }[];
}

function BatchDialog({ rows, opened, onClose, onDone }: { rows: TodoRow[]; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BatchAnswer | null>(null);
  const named = useSeededName();
  const nameOf = (taskId: string) => {
    const row = rows.find((r) => r.taskId === taskId);
    return row ? `${named(row.procDefName)} · ${named(row.taskName)}` : taskId;
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const answer = await command<BatchAnswer>(`${task}/batchComplete`, { taskIds: rows.map((r) => r.taskId), comment: comment.trim() || t("flowTasks.approve.defaultComment") });
      const data = answer.data ?? {};
      notifySuccess(t("flowTasks.batch.result", { done: data.done?.length ?? 0, refused: data.refused?.length ?? 0 }));
      onDone();
      if (data.refused?.length) setResult(data);
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
          <Alert color="orange" title={t("flowTasks.batch.result", { done: result.done?.length ?? 0, refused: result.refused?.length ?? 0 })}>
            <List size="sm">
              {result.refused!.map((r) => <List.Item key={r.taskId}>{nameOf(r.taskId)}: {r.reason ?? r.msg ?? r.message ?? ""}</List.Item>)}
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

export default function TodoScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const named = useSeededName();
  const queryClient = useQueryClient();
  const list = usePagedList<TodoRow, { name: string; procDefKey: string }>(paths.todo, { name: "", procDefKey: "" });
  const open = useOpenTask();
  const [selected, setSelected] = useState<string[]>([]);
  const [batchOpen, setBatchOpen] = useState(false);
  const canComplete = hasPermission("flowable:task:complete");
  const chosen = list.rows.filter((r) => selected.includes(r.taskId));
  const afterBatch = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: [paths.todo] });
    void queryClient.invalidateQueries({ queryKey: [paths.done] });
  };
  const columns: FlowColumn<TodoRow>[] = [
    flowColumn("procDefName"),
    flowColumn("taskName", undefined, (r) => <>{named(r.taskName)}{r.state === "delegated" && <Text span size="xs" c="orange"> · {t("flowTasks.record.delegate")}</Text>}</>),
    flowColumn("startUserName"),
    flowColumn("assignee", undefined, (r) => r.assigneeName ?? ""),
    flowColumn("createTime", 170),
    flowColumn("actions", 100, (r) => <Button size="compact-sm" onClick={() => open(r.procInsId, r.taskId)} data-testid="todo-open">{t("flowTasks.actions.handle")}</Button>),
  ];

  return (
    <Card withBorder data-testid="todo-screen">
      <Stack>
        <FlowSearch list={list} fields={[{ ...searchFields.taskName, "data-testid": "todo-name" }, searchFields.procDefKey]}>
          {canComplete && (
            <Button leftSection={<IconChecks size={16} />} color="green" disabled={!chosen.length} onClick={() => setBatchOpen(true)} data-testid="batch-approve">
              {t("flowTasks.actions.batchApprove")}{chosen.length ? ` (${chosen.length})` : ""}
            </Button>
          )}
        </FlowSearch>
        <FlowTable
          list={{ ...list, setPaging: (paging) => (setSelected([]), list.setPaging(paging)) }}
          columns={columns}
          rowKey={(r) => r.taskId}
          rowProps={(r) => ({ "data-task": r.taskId })}
          selection={{ selected, onChange: setSelected, can: (r) => !!r.batchable, label: (r) => named(r.taskName), allLabel: "flowTasks.batch.all", hint: "flowTasks.batch.notBatchable" }}
          minWidth={900}
          data-testid="todo-table"
        />
      </Stack>
      <BatchDialog rows={chosen} opened={batchOpen} onClose={() => setBatchOpen(false)} onDone={afterBatch} />
    </Card>
  );
}
