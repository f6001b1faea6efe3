/** The import while it runs: the phase (checking, storing), rows done of all, rows per second, time left, and Cancel. */
import { Button, Group, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { pace, type Progress as RunProgress } from "./plan.ts";

/** The run's progress with the clock readings the pace is worked out from. */
export interface ShownProgress extends RunProgress {
  /** when this phase started (ms) */
  startedAt: number;
  /** when the last chunk was answered (ms) */
  now: number;
}

export interface ImportProgressProps {
  progress: ShownProgress;
  /** Cancel was pressed: the chunk in flight still finishes */
  cancelling: boolean;
  onCancel: () => void;
}

export function ImportProgress({ progress, cancelling, onCancel }: ImportProgressProps) {
  const { t } = useTranslation();
  const time = (seconds: number | null) =>
    seconds === null ? "—" : seconds < 60 ? t("io.seconds", { n: seconds }) : t("io.minutes", { m: Math.floor(seconds / 60), s: seconds % 60 });
  const figures = pace(progress.done, progress.total, progress.now - progress.startedAt);
  return (
    <Stack gap="xs" data-testid="import-running" data-phase={progress.phase}>
      <Text fw={500}>{t(progress.phase === "checking" ? "io.checking" : "io.storing")}</Text>
      <Progress value={progress.total ? (progress.done / progress.total) * 100 : 0} size="lg" striped animated data-testid="import-progress" />
      <Group gap="lg">
        <Text size="sm" data-testid="import-done">{t("io.progress", { done: progress.done, total: progress.total })}</Text>
        <Text size="sm" c="dimmed">{t("io.rate", { rate: figures.rate })}</Text>
        <Text size="sm" c="dimmed">{t("io.left", { time: time(figures.secondsLeft) })}</Text>
      </Group>
      <Group justify="flex-end">
        <Button variant="default" color="red" disabled={cancelling} onClick={onCancel} data-testid="import-cancel">
          {cancelling ? t("io.cancelling") : t("io.cancel")}
        </Button>
      </Group>
    </Stack>
  );
}
