/**
 * 门户推送 (/sys/webhook): the portals' webhook deliveries, newest first, filtered by portal and outcome;
 * each with its outcome, attempts and the record it wrote; a drawer with payload and error; Replay on a
 * failed one (after a confirmation), whose new outcome is shown at once.
 */
import { Button, Card, Group, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { IconReload, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { recordQueries } from "../../core/api/records.ts";
import type { ScreenProps } from "../../registry/index.ts";
import { hasPermission } from "../../core/session.ts";
import { confirmDialog } from "../../core/ui/confirmDelete.tsx";
import { DictSelect } from "../../widgets/DictSelect/index.ts";
import { DictTag } from "../../widgets/DictTag/index.ts";
import { PageBar } from "../../widgets/PageBar/index.ts";
import { notifyError } from "../../core/feedback.tsx";
import { EmptyRow } from "../../core/ui/TableParts.tsx";
import { deliveryPath, deliveryTags, replayDelivery, type Delivery } from "./api.ts";
import { DeliveryDrawer, outcomeColours } from "./DeliveryDrawer.tsx";
import { RecordLink } from "./RecordLink.tsx";

interface Filter {
  portal: string | null;
  outcome: string | null;
}
const noFilter: Filter = { portal: null, outcome: null };

export default function DeliveryScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Filter>(noFilter);
  const [filter, setFilter] = useState<Filter>(noFilter);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [openId, setOpenId] = useState<string | null>(null);
  const [replaying, setReplaying] = useState<string | null>(null);
  const list = useQuery({
    ...recordQueries(deliveryPath).list({ ...paging, portal: filter.portal ?? undefined, outcome: filter.outcome ?? undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = (list.data?.rows ?? []) as unknown as Delivery[];
  const apply = (next: Filter) => (setFilter(next), setPaging((p) => ({ ...p, page: 1 })));
  const canReplay = hasPermission(deliveryTags.replay);

  const replay = async (d: Delivery) => {
    if (!(await confirmDialog(t("webhook.confirmReplay", { id: d.deliveryId }), { danger: false }))) return;
    setReplaying(d.id);
    try {
      const answer = await replayDelivery(d.id);
      const outcome = answer.data.outcome;
      notifications.show({ color: outcome === "failed" ? "orange" : "green", message: t("webhook.replayed", { outcome: t(`webhook.${outcome}`) }), "data-testid": "replay-outcome" } as never);
      await queryClient.invalidateQueries({ queryKey: [deliveryPath] });
    } catch (error) {
      notifyError(error);
    } finally {
      setReplaying(null);
    }
  };

  return (
    <Card withBorder data-testid="delivery-screen">
      <Stack>
        <Group gap="sm">
          <DictSelect type="portalCode" placeholder={t("webhook.allPortals")} value={draft.portal} onChange={(v) => setDraft({ ...draft, portal: v as string | null })} w={180} data-testid="delivery-portal" />
          <DictSelect type="webhookOutcome" placeholder={t("webhook.allOutcomes")} value={draft.outcome} onChange={(v) => setDraft({ ...draft, outcome: v as string | null })} w={160} data-testid="delivery-outcome" />
          <Button leftSection={<IconSearch size={16} />} onClick={() => apply(draft)} data-testid="delivery-search">{t("actions.search")}</Button>
          <Button variant="default" onClick={() => (setDraft(noFilter), apply(noFilter))}>{t("actions.reset")}</Button>
          <Button variant="subtle" ml="auto" onClick={() => void list.refetch()} loading={list.isFetching} data-testid="delivery-refresh">{t("actions.refresh")}</Button>
        </Group>
        <Table.ScrollContainer minWidth={1000}>
          <Table striped highlightOnHover withTableBorder data-testid="delivery-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>{t("webhook.portal")}</Table.Th>
                <Table.Th>{t("webhook.deliveryId")}</Table.Th>
                <Table.Th>{t("webhook.type")}</Table.Th>
                <Table.Th w={170}>{t("webhook.receivedAt")}</Table.Th>
                <Table.Th w={100}>{t("webhook.outcome")}</Table.Th>
                <Table.Th w={90}>{t("webhook.attempts")}</Table.Th>
                <Table.Th>{t("webhook.record")}</Table.Th>
                <Table.Th w={160} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id} data-testid="delivery-row" data-delivery-id={d.deliveryId} data-outcome={d.outcome}>
                  <Table.Td><DictTag type="portalCode" value={d.portal} variant="outline" /></Table.Td>
                  <Table.Td><Text size="sm" ff="monospace">{d.deliveryId}</Text></Table.Td>
                  <Table.Td>{d.type ?? "—"}</Table.Td>
                  <Table.Td>{d.receivedAt}</Table.Td>
                  <Table.Td><DictTag type="webhookOutcome" value={d.outcome} color={outcomeColours} /></Table.Td>
                  <Table.Td data-testid="delivery-attempts">{d.attempts ?? 1}</Table.Td>
                  <Table.Td><RecordLink family={d.recordFamily} id={d.recordId} /></Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {hasPermission(deliveryTags.info) && <Button size="compact-sm" variant="subtle" onClick={() => setOpenId(d.id)} data-testid="delivery-open">{t("webhook.open")}</Button>}
                      {d.outcome === "failed" && canReplay && (
                        <Button size="compact-sm" variant="subtle" color="orange" leftSection={<IconReload size={14} />} loading={replaying === d.id} onClick={() => void replay(d)} data-testid="delivery-replay">
                          {t("webhook.replay")}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!rows.length && <EmptyRow colSpan={8} loading={list.isLoading} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.isError && <Text c="red" size="sm">{(list.error as Error).message}</Text>}
        <PageBar page={paging.page} limit={paging.limit} total={list.data?.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />
      </Stack>
      <DeliveryDrawer id={openId} onClose={() => setOpenId(null)} onReplay={(d) => void replay(d)} />
    </Card>
  );
}
