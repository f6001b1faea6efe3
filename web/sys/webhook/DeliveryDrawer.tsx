/** One delivery in a drawer: its figures, the record it wrote, the error, the payload as received, and Replay when it failed. */
import { Button, Code, Drawer, Loader, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconReload } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { recordQueries } from "../../core/api/records.ts";
import { hasPermission } from "../../core/session.ts";
import { DictTag } from "../../widgets/DictTag/index.ts";
import { deliveryPath, deliveryTags, type Delivery } from "./api.ts";
import { RecordLink } from "./RecordLink.tsx";

export const outcomeColours = { accepted: "green", failed: "red", duplicate: "gray" } as const;

export function DeliveryDrawer({ id, onClose, onReplay }: { id: string | null; onClose: () => void; onReplay: (d: Delivery) => void }) {
  const { t } = useTranslation();
  const detail = useQuery({ ...recordQueries(deliveryPath).detail(id ?? ""), enabled: id !== null });
  const d = detail.data as unknown as Delivery | undefined;
  const line = (label: string, value: ReactNode) => (
    <Table.Tr>
      <Table.Th w={110}>{label}</Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="lg" title={t("webhook.detail")} data-testid="delivery-drawer">
      {!d ? (
        detail.isError ? <Text c="red">{(detail.error as Error).message}</Text> : <Loader size="sm" />
      ) : (
        <Stack>
          <Table withTableBorder>
            <Table.Tbody>
              {line(t("webhook.portal"), <DictTag type="portalCode" value={d.portal} />)}
              {line(t("webhook.deliveryId"), <Code>{d.deliveryId}</Code>)}
              {line(t("webhook.type"), d.type ?? "—")}
              {line(t("webhook.receivedAt"), d.receivedAt)}
              {line(t("webhook.outcome"), <DictTag type="webhookOutcome" value={d.outcome} color={outcomeColours} data-testid="delivery-drawer-outcome" />)}
              {line(t("webhook.attempts"), <span data-testid="delivery-drawer-attempts">{d.attempts ?? 1}</span>)}
              {line(t("webhook.record"), d.recordId ? <RecordLink family={d.recordFamily} id={d.recordId} /> : t("webhook.none"))}
            </Table.Tbody>
          </Table>
          {d.error && (
            <>
              <Text fw={500} size="sm" c="red">{t("webhook.error")}</Text>
              <Stack gap={2} data-testid="delivery-error">
                {d.error.msg && <Text size="sm" c="red">{d.error.msg}</Text>}
                {Object.entries(d.error.errors ?? {}).map(([field, message]) => (
                  <Text key={field} size="sm" c="red"><Code>{field}</Code> {message}</Text>
                ))}
              </Stack>
            </>
          )}
          <Text fw={500} size="sm">{t("webhook.payload")}</Text>
          <Code block data-testid="delivery-payload">{typeof d.payload === "string" ? d.payload : JSON.stringify(d.payload, null, 2)}</Code>
          {d.outcome === "failed" && hasPermission(deliveryTags.replay) && (
            <Button leftSection={<IconReload size={16} />} color="orange" onClick={() => onReplay(d)} data-testid="delivery-drawer-replay">{t("webhook.replay")}</Button>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
