/** 消息任务 (/task/message): my tasks, with the reminders I was sent above them, and follow-up. */
import { Alert, Group, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconBell } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../registry/index.ts";
import { ListScreen } from "../crud/ListScreen.tsx";
import { taskQueries } from "./api.ts";
import { taskList } from "./taskList.tsx";

const list = { ...taskList(true), header: () => <Reminders /> };

function Reminders() {
  const { t } = useTranslation();
  const warnings = useQuery(taskQueries.warnings());
  const rows = warnings.data?.rows ?? [];
  if (!rows.length) return null;
  return (
    <Alert icon={<IconBell size={18} />} color="orange" title={`${t("tasks.reminders")} (${warnings.data?.total ?? 0})`} data-testid="task-reminders">
      {rows.map((w) => (
        <Group key={`${w.taskId}:${w.kind}`} gap="xs">
          <Text size="sm" fw={500}>{t(`tasks.reminder_${w.kind}`)}</Text>
          <Text size="sm">{w.entName ?? w.title} · {w.dueDate}</Text>
        </Group>
      ))}
    </Alert>
  );
}

export default function MessageScreen(_: ScreenProps) {
  return <ListScreen list={list} />;
}
