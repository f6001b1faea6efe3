/**
 * My messages, on the list kit (web/crud/ListScreen.tsx): the status filter (to do, unread, read; all when
 * none), paging, mark the chosen (unread) ones read, mark all read. A message's title opens it: marks it
 * read and, when it concerns a process, opens /todoCheck on its task.
 */
import { Anchor, Badge, Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { IconChecks, IconMailOpened } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { msg } from "../../events/api/msg.ts";
import { notifyError } from "../core/feedback.tsx";
import { ListScreen, type ListContext, type ListSpec } from "../crud/ListScreen.tsx";
import { markAllRead, markRead, messagesQuery, messageStatuses, msgKey, type Message } from "./api.ts";
import { useOpenTask } from "./useOpenTask.ts";

/** The unread badges and counts read the same messages: they refresh with the list. */
const refreshCounts = (list: ListContext<Message>) => list.queryClient.invalidateQueries({ queryKey: [msgKey] });

function MessageTitle({ m }: { m: Message }) {
  const queryClient = useQueryClient();
  const openTask = useOpenTask();
  const open = () => {
    if (!m.read) markRead([m.id]).then(() => queryClient.invalidateQueries({ queryKey: [msgKey] }), notifyError);
    openTask(m.taskId, m.procInsId);
  };
  return (
    <>
      <Anchor component="button" type="button" size="sm" c="inherit" fw={m.read ? 400 : 600} ta="left" onClick={open} data-testid="msg-open">{m.title}</Anchor>
      {m.content && <Text size="xs" c="dimmed" lineClamp={1}>{m.content}</Text>}
    </>
  );
}

function Toolbar({ list }: { list: ListContext<Message> }) {
  const { t } = useTranslation();
  const read = () => list.run("read", async () => (await markRead(list.selected), list.setSelected([]), await refreshCounts(list)));
  const readAll = () =>
    list.run("readAll", async () => {
      await markAllRead();
      list.setSelected([]);
      notifications.show({ color: "green", message: t("msg.readAllDone") });
      await refreshCounts(list);
    });
  return (
    <>
      <Button variant="default" leftSection={<IconMailOpened size={16} />} disabled={!list.selected.length} loading={list.busy === "read"} onClick={() => void read()} data-testid="msg-mark-read">
        {t("msg.markRead")}
      </Button>
      <Button leftSection={<IconChecks size={16} />} loading={list.busy === "readAll"} onClick={() => void readAll()} data-testid="msg-read-all">{t("msg.readAll")}</Button>
    </>
  );
}

const messageList: ListSpec<Message> = {
  name: "msg",
  path: msg.list.path,
  query: messagesQuery,
  rowKey: (m) => m.id,
  rowAttrs: (m) => ({ "data-read": String(m.read) }),
  minWidth: 720,
  selectable: (m) => !m.read,
  filters: [{ kind: "select", key: "status", label: (t) => t("msg.status.all"), width: 140, options: (t) => messageStatuses.filter((s) => s !== "all").map((s) => ({ value: s, label: t(`msg.status.${s}`) })) }],
  columns: [
    { key: "title", title: (t) => t("msg.columns.title"), render: (m) => <MessageTitle m={m} /> },
    { key: "typeName", title: (t) => t("msg.columns.type"), width: 120 },
    { key: "createTime", title: (t) => t("msg.columns.time"), width: 170 },
    {
      key: "state",
      title: (t) => t("msg.columns.state"),
      width: 160,
      render: (m, t) => (
        <Group gap={4} wrap="nowrap">
          {m.todo && <Badge color="orange" variant="light">{t("msg.todoBadge")}</Badge>}
          <Badge color={m.read ? "gray" : "blue"} variant={m.read ? "outline" : "filled"}>{m.read ? t("msg.readBadge") : t("msg.unreadBadge")}</Badge>
        </Group>
      ),
    },
  ],
  toolbar: (list) => <Toolbar list={list} />,
};
const onHome: ListSpec<Message> = { ...messageList, local: true };

/** My messages; `embedded` on the home page's tab (its state kept to itself). */
export const MessageList = ({ embedded }: { embedded?: boolean }) => <ListScreen list={embedded ? onHome : messageList} />;
