/**
 * My messages: the status filter (all, to do, unread, read), paging, mark the selected read, mark all
 * read. Opening a message marks it read and, when it concerns a process, opens /todoCheck on its task.
 */
import { Badge, Button, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IconChecks, IconMailOpened } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../core/api/http.ts";
import { FlowTable, usePagedQuery, type FlowColumn } from "../flow/tasks/FlowTable.tsx";
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
  const [selected, setSelected] = useState<string[]>([]);
  const list = usePagedQuery<Message>((paging) => messagesQuery(status, paging));

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
  const columns: FlowColumn<Message>[] = [
    {
      key: "title",
      title: "msg.columns.title",
      render: (m) => (
        <>
          <Text size="sm" fw={m.read ? 400 : 600}>{m.title}</Text>
          {m.content && <Text size="xs" c="dimmed" lineClamp={1}>{m.content}</Text>}
        </>
      ),
    },
    { key: "typeName", title: "msg.columns.type", width: 120 },
    { key: "createTime", title: "msg.columns.time", width: 170 },
    {
      key: "state",
      title: "msg.columns.state",
      width: 160,
      render: (m) => (
        <Group gap={4} wrap="nowrap">
          {m.todo && <Badge color="orange" variant="light">{t("msg.todoBadge")}</Badge>}
          <Badge color={m.read ? "gray" : "blue"} variant={m.read ? "outline" : "filled"}>{m.read ? t("msg.readBadge") : t("msg.unreadBadge")}</Badge>
        </Group>
      ),
    },
  ];

  return (
    <Stack data-testid="msg-list">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={status}
          onChange={(v) => (setStatus(v as MessageStatus), list.setPaging((p) => ({ ...p, page: 1 })), setSelected([]))}
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
      <FlowTable
        list={list}
        columns={columns}
        rowKey={(m) => m.id}
        rowProps={(m) => ({ "data-testid": "msg-row", "data-read": m.read, style: { cursor: "pointer" }, onClick: () => open(m) })}
        selection={{ selected, onChange: setSelected, can: (m) => !m.read, label: (m) => m.title, allLabel: "msg.markRead", indeterminate: true }}
        minWidth={720}
        tableProps={{ striped: false }}
        data-testid="msg-table"
      />
    </Stack>
  );
}
