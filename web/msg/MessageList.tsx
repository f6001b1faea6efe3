/**
 * My messages: the status filter (all, to do, unread, read), paging, mark the selected read, mark all
 * read. Opening a message marks it read and, when it concerns a process, opens /todoCheck on its task.
 */
import { Badge, Button, Checkbox, Group, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IconChecks, IconMailOpened } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/http.ts";
import { PageBar } from "../widgets/PageBar/index.ts";
import { EmptyRow } from "../sys/shared/TableParts.tsx";
import { markAllRead, markRead, messageStatuses, messagesQuery, msgKey, type Message, type MessageStatus } from "./api.ts";
import { useOpenTask } from "./useOpenTask.ts";

export interface MessageListProps {
  /** the filter to start with @default "all" */
  initialStatus?: MessageStatus;
}

export function MessageList({ initialStatus = "all" }: MessageListProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const openTask = useOpenTask();
  const [status, setStatus] = useState<MessageStatus>(initialStatus);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const list = useQuery({ ...messagesQuery(status, paging), placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: [msgKey] });
  const failed = (error: unknown) => notifications.show({ color: "red", message: error instanceof ApiError ? error.message : t("http.failed") });
  const read = useMutation({ mutationFn: markRead, onSuccess: () => (setSelected([]), void refresh()), onError: failed });
  const readAll = useMutation({
    mutationFn: markAllRead,
    onSuccess: () => (setSelected([]), notifications.show({ color: "green", message: t("msg.readAllDone") }), void refresh()),
    onError: failed,
  });

  const open = (m: Message) => {
    if (!m.read) read.mutate([m.id]);
    openTask(m.taskId, m.procInsId);
  };
  const unreadOnPage = rows.filter((m) => !m.read).map((m) => m.id);
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <Stack data-testid="msg-list">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={status}
          onChange={(v) => (setStatus(v as MessageStatus), setPaging((p) => ({ ...p, page: 1 })), setSelected([]))}
          data={messageStatuses.map((s) => ({ value: s, label: t(`msg.status.${s}`) }))}
          data-testid="msg-status"
        />
        <Group gap="sm">
          <Button variant="default" leftSection={<IconMailOpened size={16} />} disabled={!selected.length} loading={read.isPending} onClick={() => read.mutate(selected)} data-testid="msg-mark-read">
            {t("msg.markRead")}
          </Button>
          <Button leftSection={<IconChecks size={16} />} loading={readAll.isPending} onClick={() => readAll.mutate()} data-testid="msg-read-all">
            {t("msg.readAll")}
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table highlightOnHover withTableBorder data-testid="msg-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t("msg.markRead")}
                  checked={unreadOnPage.length > 0 && unreadOnPage.every((id) => selected.includes(id))}
                  indeterminate={selected.length > 0 && !unreadOnPage.every((id) => selected.includes(id))}
                  disabled={!unreadOnPage.length}
                  onChange={(e) => setSelected(e.currentTarget.checked ? unreadOnPage : [])}
                />
              </Table.Th>
              <Table.Th>{t("msg.columns.title")}</Table.Th>
              <Table.Th w={120}>{t("msg.columns.type")}</Table.Th>
              <Table.Th w={170}>{t("msg.columns.time")}</Table.Th>
              <Table.Th w={160}>{t("msg.columns.state")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id} data-testid="msg-row" data-read={m.read} style={{ cursor: "pointer" }} onClick={() => open(m)}>
                <Table.Td onClick={(e) => e.stopPropagation()}>
                  <Checkbox aria-label={m.title} disabled={m.read} checked={selected.includes(m.id)} onChange={() => toggle(m.id)} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={m.read ? 400 : 600}>{m.title}</Text>
                  {m.content && <Text size="xs" c="dimmed" lineClamp={1}>{m.content}</Text>}
                </Table.Td>
                <Table.Td>{m.typeName}</Table.Td>
                <Table.Td>{m.createTime}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {m.todo && <Badge color="orange" variant="light">{t("msg.todoBadge")}</Badge>}
                    <Badge color={m.read ? "gray" : "blue"} variant={m.read ? "outline" : "filled"}>{m.read ? t("msg.readBadge") : t("msg.unreadBadge")}</Badge>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {!rows.length && <EmptyRow colSpan={5} loading={list.isLoading} />}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PageBar page={paging.page} limit={paging.limit} total={list.data?.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />
    </Stack>
  );
}
