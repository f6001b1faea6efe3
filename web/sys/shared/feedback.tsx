/**
 * The sys screens' shared feedback: the standard delete confirmation (spec: 此操作将永久删除序号【n】的数据,
 * 是否继续? with 确定/取消), success and error toasts, and server field errors onto a form.
 */
import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { ApiError } from "../../api/http.ts";
import i18n from "../../app/i18n.ts";

/** Asks before deleting; resolves true on 确定. `message` replaces the standard text (e.g. the server's warning). */
export function confirmDelete(serials: (string | number)[], message?: ReactNode): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t("notice.confirmTitle"),
      centered: true,
      children: typeof message === "object" && message !== null ? message : <Text size="sm" data-testid="delete-confirm-text">{message ?? i18n.t("notice.deleteConfirm", { n: serials.join(",") })}</Text>,
      labels: { confirm: i18n.t("actions.confirm"), cancel: i18n.t("actions.cancel") },
      confirmProps: { color: "red", "data-testid": "confirm-delete" } as never,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

export function notifySuccess(message: string) {
  notifications.show({ color: "green", message });
}

export function notifyError(error: unknown) {
  notifications.show({ color: "red", message: error instanceof ApiError || error instanceof Error ? error.message : String(error) });
}

/**
 * Runs a command: a success toast with the server's message, or the error toast and, for validation
 * answers, the per-field messages handed to `onFieldErrors`. Resolves whether it succeeded.
 */
export async function runCommand(work: () => Promise<{ msg: string }>, onFieldErrors?: (errors: Record<string, string>) => void): Promise<boolean> {
  try {
    notifySuccess((await work()).msg);
    return true;
  } catch (error) {
    if (error instanceof ApiError && Object.keys(error.errors).length && onFieldErrors) onFieldErrors(error.errors);
    notifyError(error);
    return false;
  }
}
