/** A run's figures in one line: pages, read, created / updated / unchanged, removed at source. */
import { Badge, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { SyncRun } from "./api.ts";

const figures = ["pages", "read", "created", "updated", "unchanged", "removed"] as const;

export function RunCounts({ run }: { run: SyncRun }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} data-testid="sync-counts">
      {figures.map((f) => (
        <Badge key={f} variant="light" color={f === "removed" && run[f] ? "orange" : "gray"} tt="none" data-figure={f} data-value={run[f] ?? 0}>
          {t(`sync.${f}`)} {run[f] ?? 0}
        </Badge>
      ))}
    </Group>
  );
}

export const runColour = { running: "blue", done: "green", failed: "red" } as const;
