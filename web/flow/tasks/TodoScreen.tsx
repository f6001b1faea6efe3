/**
 * My to-do (`flowable/todo/index`, `GET /flowable/task/todoList`): search by task name and process key,
 * paging, open a task on /todoCheck, and batch approve the rows the server marks `batchable` (nodes that
 * need no form edit) with one comment; the answer lists what was done and what was refused, with why.
 */
import { Alert, Button, Card, Checkbox, Group, List, Modal, Stack, Table, Text, Textarea, TextInput, Tooltip } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { IconChecks } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../app/screens.ts";
import { hasPermission } from "../../app/session.ts";
import { notifyError, notifySuccess } from "../../sys/shared/feedback.tsx";
import { EmptyRow } from "../../sys/shared/TableParts.tsx";
import { PageBar } from "../../widgets/PageBar/index.ts";
import { command, paths, task, type TodoRow } from "./api.ts";
import { SearchButtons, useOpenTask } from "./parts.tsx";
import { usePagedList } from "./usePagedList.ts";

interface BatchAnswer {
  done?: string[];
  refused?: { taskId: string; reason?: string; msg?: string; message?: string }[];
}

function BatchDialog({ rows, opened, onClose, onDone }: { rows: TodoRow[]; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BatchAnswer | null>(null);
  const nameOf = (taskId: string) => {
    const row = rows.find((r) => r.taskId === taskId);
    return row ? `${row.procDefName} · ${row.taskName}` : taskId;
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
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>{t("actions.cancel")}</Button>
              <Button type="submit" loading={busy} data-testid="batch-submit">{t("flowTasks.actions.approve")}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export default function TodoScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePagedList<TodoRow, { name: string; procDefKey: string }>(paths.todo, { name: "", procDefKey: "" });
  const open = useOpenTask();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [batchOpen, setBatchOpen] = useState(false);
  const canComplete = hasPermission("flowable:task:complete");
  const batchable = list.rows.filter((r) => r.batchable);
  const chosen = list.rows.filter((r) => selected.has(r.taskId));
  const toggle = (id: string) => setSelected((s) => (s.has(id) ? (s.delete(id), new Set(s)) : new Set(s.add(id))));
  const allChosen = batchable.length > 0 && batchable.every((r) => selected.has(r.taskId));
  const afterBatch = () => {
    setSelected(new Set());
    void queryClient.invalidateQueries({ queryKey: [paths.todo] });
    void queryClient.invalidateQueries({ queryKey: [paths.done] });
  };
  const enter = (e: React.KeyboardEvent) => e.key === "Enter" && list.search();

  return (
    <Card withBorder data-testid="todo-screen">
      <Stack>
        <Group gap="sm">
          <TextInput placeholder={t("flowTasks.search.name")} value={list.draft.name} onChange={(e) => list.setDraft({ ...list.draft, name: e.currentTarget.value })} onKeyDown={enter} w={200} data-testid="todo-name" />
          <TextInput placeholder={t("flowTasks.search.procDefKey")} value={list.draft.procDefKey} onChange={(e) => list.setDraft({ ...list.draft, procDefKey: e.currentTarget.value })} onKeyDown={enter} w={180} />
          <SearchButtons onSearch={list.search} onReset={list.reset} onRefresh={() => void list.refetch()} />
          {canComplete && (
            <Button leftSection={<IconChecks size={16} />} color="green" disabled={!chosen.length} onClick={() => setBatchOpen(true)} data-testid="batch-approve">
              {t("flowTasks.actions.batchApprove")}{chosen.length ? ` (${chosen.length})` : ""}
            </Button>
          )}
        </Group>
        {list.error && <Alert color="red">{(list.error as Error).message}</Alert>}
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover withTableBorder data-testid="todo-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox aria-label={t("flowTasks.batch.all")} checked={allChosen} disabled={!batchable.length} onChange={() => setSelected(allChosen ? new Set() : new Set(batchable.map((r) => r.taskId)))} />
                </Table.Th>
                <Table.Th>{t("flowTasks.columns.procDefName")}</Table.Th>
                <Table.Th>{t("flowTasks.columns.taskName")}</Table.Th>
                <Table.Th>{t("flowTasks.columns.startUserName")}</Table.Th>
                <Table.Th>{t("flowTasks.columns.assignee")}</Table.Th>
                <Table.Th w={170}>{t("flowTasks.columns.createTime")}</Table.Th>
                <Table.Th w={100}>{t("flowTasks.columns.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((r) => (
                <Table.Tr key={r.taskId} data-task={r.taskId}>
                  <Table.Td>
                    <Tooltip label={t("flowTasks.batch.notBatchable")} disabled={!!r.batchable}>
                      <span><Checkbox aria-label={r.taskName} checked={selected.has(r.taskId)} disabled={!r.batchable} onChange={() => toggle(r.taskId)} /></span>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>{r.procDefName}</Table.Td>
                  <Table.Td>{r.taskName}{r.state === "delegated" && <Text span size="xs" c="orange"> · {t("flowTasks.record.delegate")}</Text>}</Table.Td>
                  <Table.Td>{r.startUserName}</Table.Td>
                  <Table.Td>{r.assigneeName ?? ""}</Table.Td>
                  <Table.Td>{r.createTime}</Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" onClick={() => open(r.procInsId, r.taskId)} data-testid="todo-open">{t("flowTasks.actions.handle")}</Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!list.rows.length && <EmptyRow colSpan={7} loading={list.loading} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageBar page={list.paging.page} limit={list.paging.limit} total={list.total} onChange={(page, limit) => (setSelected(new Set()), list.setPaging({ page, limit }))} />
      </Stack>
      <BatchDialog rows={chosen} opened={batchOpen} onClose={() => setBatchOpen(false)} onDone={afterBatch} />
    </Card>
  );
}
