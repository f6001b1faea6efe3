/**
 * Small pieces the approval screens share: status badges, the columns and filters of their lists (on the
 * list kit, web/crud/ListScreen.tsx), a dialog's cancel/submit footer, opening /todoCheck, sending a
 * command, confirmations.
 */
import { Badge, Button, Group, Text } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { ListColumn, ListFilter } from "../../crud/ListScreen.tsx";
import { useTranslation } from "react-i18next";
import i18n from "../../core/i18n.ts";
import { notifyError, notifySuccess } from "../../core/feedback.tsx";
import { seededText } from "../../core/seeded.ts";
import { command, joined, type InstanceRow, type InstanceStatus } from "./api.ts";

export const statuses = ["running", "suspended", "finished", "rejected", "stopped", "revoked"] as const;

const statusColor: Record<InstanceStatus, string> = {
  running: "blue",
  suspended: "orange",
  finished: "green",
  rejected: "red",
  stopped: "gray",
  revoked: "gray",
};

export function StatusBadge({ status }: { status: InstanceStatus | string | null | undefined }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Badge variant="light" color={statusColor[status as InstanceStatus] ?? "gray"} data-status={status}>
      {t(`flowTasks.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** The record's action or the done list's outcome in words (unknown values as sent). */
export const actionLabel = (action: string | null | undefined) => (action ? i18n.t(`flowTasks.record.${action}`, { defaultValue: action }) : "");

/** A column of an approval list, titled `flowTasks.columns.<key>`; a cell that is text shows seeded names (a model's, a step's, a person's) in the screen's language. */
export const flowColumn = <R,>(key: string, more: Omit<ListColumn<R>, "key" | "title"> = {}): ListColumn<R> => {
  const render = more.render ?? ((r: R) => (r as Record<string, ReactNode>)[key] ?? "—");
  return {
    key,
    title: (t) => t(`flowTasks.columns.${key}`),
    ...more,
    render: (r, t, list) => {
      const cell = render(r, t, list);
      return typeof cell === "string" ? seededText(cell) : cell;
    },
  };
};

/** What a row's instance is about (events/api/flow.ts). */
interface About {
  businessName: string | null;
  subject: string | null;
  applicant: string | null;
}

/** The business record a row is about: its kind (融资申请), then its own title. */
export const businessColumn = <R extends About>(): ListColumn<R> =>
  flowColumn<R>("business", {
    testId: "flow-business",
    render: (r) => (r.businessName || r.subject ? <>{r.businessName}{r.subject && <Text size="xs" c="dimmed" lineClamp={1}>{r.subject}</Text>}</> : "—"),
  });

/** The business record and the applicant enterprise. */
export const aboutColumns = <R extends About>(): ListColumn<R>[] => [businessColumn<R>(), flowColumn<R>("applicant", { testId: "flow-applicant", render: (r) => r.applicant ?? "—" })];

const instanceColumn = {
  version: flowColumn<InstanceRow>("version", { width: 70, hidden: true, render: (r) => `v${r.version}` }),
  status: flowColumn<InstanceRow>("status", { width: 100, render: (r) => <StatusBadge status={r.status} /> }),
  startUserName: flowColumn<InstanceRow>("startUserName"),
  activeNodes: flowColumn<InstanceRow>("activeNodes", { render: (r) => joined(r.activeNodeNames) }),
  assignees: flowColumn<InstanceRow>("assignees", { render: (r) => joined(r.currentAssignees) }),
  startTime: flowColumn<InstanceRow>("startTime", { width: 165 }),
  endTime: flowColumn<InstanceRow>("endTime", { width: 165, hidden: true, render: (r) => r.endTime ?? "" }),
};

/** The columns the instance lists (instances, monitor, my initiations) show alike, those named in this order (version and end time in the column chooser). */
export const instanceColumns = (...keys: (keyof typeof instanceColumn)[]): ListColumn<InstanceRow>[] => keys.map((key) => instanceColumn[key]);

/** The filters of the approval lists. */
export const flowFilters = {
  taskName: { kind: "text", key: "name", label: (t) => t("flowTasks.search.name"), width: 200 },
  procName: { kind: "text", key: "name", label: (t) => t("flowTasks.search.procName"), width: 200 },
  procDefKey: { kind: "text", key: "procDefKey", label: (t) => t("flowTasks.search.procDefKey"), width: 180 },
  status: { kind: "select", key: "status", label: (t) => t("flowTasks.columns.status"), width: 140, options: (t) => statuses.map((s) => ({ value: s, label: t(`flowTasks.status.${s}`) })) },
} satisfies Record<string, ListFilter>;

/** The filters of an instance list: process name, process key, status. */
export const instanceFilters: ListFilter[] = [flowFilters.procName, flowFilters.procDefKey, flowFilters.status];

/** A dialog form's footer: cancel, then its submit button (spinning while busy). */
export function DialogButtons({ onCancel, label, busy, disabled, color, "data-testid": testId }: { onCancel: () => void; label: ReactNode; busy: boolean; disabled?: boolean; color?: string; "data-testid": string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>{t("actions.cancel")}</Button>
      <Button type="submit" color={color} loading={busy} disabled={disabled} data-testid={testId}>{label}</Button>
    </Group>
  );
}

/** Goes to the approval page of one task (or, without a task, the instance's read-only view); its back button returns here. */
function useOpenTask() {
  const navigate = useNavigate();
  return (procInsId: string, taskId?: string | null, extra: Record<string, string> = {}) =>
    void navigate({ to: "/todoCheck", search: { ...(taskId ? { taskId } : {}), procInsId, ...extra, from: window.location.pathname } as never });
}

/** A row's button to the approval page of its task (without one, the instance's read-only view); `label` is an i18n key. */
export function OpenButton({ procInsId, taskId, search, label, variant = "light", "data-testid": testId }: { procInsId: string; taskId?: string | null; search?: Record<string, string>; label: string; variant?: string; "data-testid"?: string }) {
  const { t } = useTranslation();
  const open = useOpenTask();
  return <Button size="compact-sm" variant={variant} onClick={() => open(procInsId, taskId, search)} data-testid={testId}>{t(label)}</Button>;
}

/** Sends one command: the server's message (or `done`) on success, then `after`; the error otherwise. True when it went through. */
export async function sendCommand(path: string, body: unknown, done: string, after?: () => void): Promise<boolean> {
  try {
    notifySuccess((await command(path, body)).msg || done);
    after?.();
    return true;
  } catch (error) {
    notifyError(error);
    return false;
  }
}
