/** A task's state (decided by the server from its window and status, and today) as a coloured badge. */
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TaskStateName } from "./api.ts";

export const stateColors: Record<TaskStateName, string> = { notStarted: "gray", inProgress: "blue", done: "green", overdue: "red", cancelled: "dark" };
export const stateNames = ["notStarted", "inProgress", "done", "overdue", "cancelled"] as const satisfies readonly TaskStateName[];

export function StateBadge({ state }: { state: TaskStateName }) {
  const { t } = useTranslation();
  return (
    <Badge color={stateColors[state]} variant="light" tt="none" data-testid="task-state" data-state={state}>
      {t(`tasks.state_${state}`)}
    </Badge>
  );
}
