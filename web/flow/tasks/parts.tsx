/** Small pieces the approval screens share: status badges, the search bar's buttons, opening /todoCheck, confirmations. */
import { Badge, Button, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconRefresh, IconSearch } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import i18n from "../../app/i18n.ts";
import type { InstanceStatus } from "./api.ts";

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

export function SearchButtons({ onSearch, onReset, onRefresh }: { onSearch: () => void; onReset: () => void; onRefresh?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button leftSection={<IconSearch size={16} />} onClick={onSearch} data-testid="flow-search">{t("actions.search")}</Button>
      <Button variant="default" onClick={onReset}>{t("actions.reset")}</Button>
      {onRefresh && <Button variant="subtle" leftSection={<IconRefresh size={16} />} onClick={onRefresh}>{t("actions.refresh")}</Button>}
    </>
  );
}

/** Goes to the approval page of one task (or, without a task, the instance's read-only view); its back button returns here. */
export function useOpenTask() {
  const navigate = useNavigate();
  return (procInsId: string, taskId?: string | null, extra: Record<string, string> = {}) =>
    void navigate({ to: "/todoCheck", search: { ...(taskId ? { taskId } : {}), procInsId, ...extra, from: window.location.pathname } as never });
}

/** A yes/no question before a command that cannot be undone; resolves true on OK. */
export function confirmAction(text: ReactNode, { danger = true }: { danger?: boolean } = {}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t("notice.confirmTitle"),
      centered: true,
      children: <Text size="sm" data-testid="confirm-text">{text}</Text>,
      labels: { confirm: i18n.t("actions.confirm"), cancel: i18n.t("actions.cancel") },
      confirmProps: { color: danger ? "red" : undefined, "data-testid": "confirm-ok" } as never,
      cancelProps: { "data-testid": "confirm-cancel" } as never,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** Which row command is running (its button spins, a second click waits): `run(key, work)`. */
export function useBusy() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, work: () => Promise<void>) => {
    if (busy) return;
    setBusy(key);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
