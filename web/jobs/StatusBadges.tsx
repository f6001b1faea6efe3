/** The status badges of jobs ("0" normal, "1" paused) and of job logs (running, success, failure). */
import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

export function JobStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const paused = String(status) === "1";
  return (
    <Badge color={paused ? "gray" : "green"} variant="light" tt="none" data-testid="job-status" data-status={paused ? "paused" : "normal"}>
      {paused ? t("jobs.statusPaused") : t("jobs.statusNormal")}
    </Badge>
  );
}

const logColours = { running: "blue", success: "green", failure: "red" } as const;

export function LogStatusBadge({ status }: { status: keyof typeof logColours }) {
  const { t } = useTranslation();
  return (
    <Badge color={logColours[status] ?? "gray"} variant="light" tt="none" data-testid="log-status" data-status={status}>
      {t(`jobLog.${status}`, { defaultValue: status })}
    </Badge>
  );
}
