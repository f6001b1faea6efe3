/**
 * The spec's delete confirmation: 此操作将永久删除序号【n】的数据, 是否继续? with 确定/取消 (or a text naming the
 * record, for trees), plus an optional warning (e.g. the server's "holders may not log in"). Resolves true on 确定.
 */
import { Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { ReactNode } from "react";
import i18n from "../i18n.ts";

export function confirmDelete(serials: (string | number)[], { text, warning }: { text?: ReactNode; warning?: ReactNode } = {}): Promise<boolean> {
  return confirmDialog(text ?? i18n.t("notice.deleteConfirm", { n: serials.join(",") }), { warning, textTestId: "delete-confirm-text" });
}

/**
 * A confirmation with 确定/取消 before a consequential action (deleting, suspending, rejecting…): resolves
 * true on 确定. `danger` (default) makes 确定 red; `warning` adds an orange line below the text.
 */
export function confirmDialog(text: ReactNode, { warning, danger = true, textTestId = "confirm-text" }: { warning?: ReactNode; danger?: boolean; textTestId?: string } = {}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t("notice.confirmTitle"),
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm" data-testid={textTestId}>{text}</Text>
          {warning && <Text size="sm" c="orange">{warning}</Text>}
        </Stack>
      ),
      labels: { confirm: i18n.t("actions.confirm"), cancel: i18n.t("actions.cancel") },
      confirmProps: { color: danger ? "red" : undefined, "data-testid": "confirm-ok" } as never,
      cancelProps: { "data-testid": "confirm-cancel" } as never,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
