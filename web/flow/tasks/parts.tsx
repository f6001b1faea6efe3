/**
 * Small pieces the approval screens share: status badges, the search bar (declared fields and its buttons),
 * the columns every instance list shows, a dialog's cancel/submit footer, opening /todoCheck, sending a
 * command, confirmations.
 */
import { Badge, Button, Group, Select, TextInput } from "@mantine/core";
import { IconRefresh, IconSearch } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import i18n from "../../core/i18n.ts";
import { notifyError, notifySuccess } from "../../core/feedback.tsx";
import { command, joined, type InstanceRow, type InstanceStatus } from "./api.ts";
import type { FlowColumn } from "./FlowTable.tsx";

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

/** One field of a search bar: a text box (Enter searches) or, with `choices`, a clearable select. */
export interface SearchField {
  key: string;
  /** i18n key of the placeholder */
  placeholder: string;
  w: number;
  "data-testid"?: string;
  choices?: readonly string[];
  /** i18n prefix of a choice's label: `${choiceLabels}.${value}` */
  choiceLabels?: string;
}

export const searchFields = {
  taskName: { key: "name", placeholder: "flowTasks.search.name", w: 200 },
  procName: { key: "name", placeholder: "flowTasks.search.procName", w: 200 },
  procDefKey: { key: "procDefKey", placeholder: "flowTasks.search.procDefKey", w: 180 },
  status: { key: "status", placeholder: "flowTasks.columns.status", w: 140, choices: statuses, choiceLabels: "flowTasks.status" },
} satisfies Record<string, SearchField>;

/** The search bar of an instance list (`useInstanceList`): process name, process key, status. */
export const instanceSearch: SearchField[] = [searchFields.procName, searchFields.procDefKey, searchFields.status];

/** The draft filter and its commands, as `usePagedList` gives them. */
export interface Searchable<F extends Record<string, string>> {
  draft: F;
  setDraft: (draft: F) => void;
  search: () => void;
  reset: () => void;
  refetch: () => unknown;
}

/** A list's search bar: its fields, search/reset/refresh, then the screen's own buttons. */
export function FlowSearch<F extends Record<string, string>>({ list, fields, children }: { list: Searchable<F>; fields: SearchField[]; children?: ReactNode }) {
  const { t } = useTranslation();
  const set = (key: string, value: string) => list.setDraft({ ...list.draft, [key]: value });
  const enter = (e: React.KeyboardEvent) => e.key === "Enter" && list.search();
  return (
    <Group gap="sm">
      {fields.map((f) =>
        f.choices ? (
          <Select key={f.key} placeholder={t(f.placeholder)} clearable w={f.w} value={list.draft[f.key] || null} onChange={(v) => set(f.key, v ?? "")} data={f.choices.map((s) => ({ value: s, label: t(`${f.choiceLabels}.${s}`) }))} data-testid={f["data-testid"]} />
        ) : (
          <TextInput key={f.key} placeholder={t(f.placeholder)} value={list.draft[f.key]} onChange={(e) => set(f.key, e.currentTarget.value)} onKeyDown={enter} w={f.w} data-testid={f["data-testid"]} />
        ),
      )}
      <SearchButtons onSearch={list.search} onReset={list.reset} onRefresh={() => void list.refetch()} />
      {children}
    </Group>
  );
}

/** A column of an approval list, titled `flowTasks.columns.<key>`. */
export const flowColumn = <T,>(key: string, width?: number, render?: (row: T, index: number) => ReactNode): FlowColumn<T> => ({ key, title: `flowTasks.columns.${key}`, width, render });

const instanceColumn = {
  version: flowColumn<InstanceRow>("version", 70, (r) => (r.version != null ? `v${r.version}` : "")),
  status: flowColumn<InstanceRow>("status", 100, (r) => <StatusBadge status={r.status} />),
  startUserName: flowColumn<InstanceRow>("startUserName", undefined, (r) => r.startUserName ?? r.initiatorName ?? ""),
  activeNodes: flowColumn<InstanceRow>("activeNodes", undefined, (r) => joined(r.activeNodeNames)),
  assignees: flowColumn<InstanceRow>("assignees", undefined, (r) => joined(r.currentAssignees)),
  startTime: flowColumn<InstanceRow>("startTime", 170),
  endTime: flowColumn<InstanceRow>("endTime", 170),
};

/** The columns the instance lists (instances, monitor, my initiations) show alike, those named in this order. */
export const instanceColumns = (...keys: (keyof typeof instanceColumn)[]) => keys.map((key) => instanceColumn[key]);

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
export function useOpenTask() {
  const navigate = useNavigate();
  return (procInsId: string, taskId?: string | null, extra: Record<string, string> = {}) =>
    void navigate({ to: "/todoCheck", search: { ...(taskId ? { taskId } : {}), procInsId, ...extra, from: window.location.pathname } as never });
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

/** Which row command is running (its button spins, a second click waits): `run(key, work)`. */
export function useBusy() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, work: () => Promise<unknown>) => {
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
