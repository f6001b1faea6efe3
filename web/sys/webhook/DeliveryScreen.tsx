/**
 * 门户推送 (/sys/webhook): the portals' webhook deliveries, newest first, filtered by portal and outcome;
 * each with its outcome, attempts and the record it wrote; a drawer with payload and error; Replay on a
 * failed one (after a confirmation), whose new outcome is shown at once.
 */
import { Button, Code, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconReload } from "@tabler/icons-react";
import { dictName } from "../../core/api/dictionaries.ts";
import { recordQueries } from "../../core/api/records.ts";
import { currentLang } from "../../core/i18n.ts";
import { hasPermission } from "../../core/session.ts";
import { confirmDialog } from "../../core/ui/confirmDelete.tsx";
import type { ScreenProps } from "../../registry/index.ts";
import { DictTag } from "../../widgets/DictTag/index.ts";
import { JsonBlock, type DetailSpec } from "../../crud/DetailDrawer.tsx";
import { ListScreen, type ListContext, type ListSpec } from "../../crud/ListScreen.tsx";
import { deliveryPath, deliveryTags, replayDelivery, type Delivery } from "./api.ts";
import { RecordLink } from "./RecordLink.tsx";

const outcomeColours = { accepted: "green", failed: "red", duplicate: "gray" } as const;
const deliveries = recordQueries<Delivery>(deliveryPath);

/** Replays a failed delivery after a confirmation; its new outcome is told at once and the list reloads. */
async function replay(d: Delivery, list: ListContext<Delivery>) {
  const { t } = list;
  if (!(await confirmDialog(t("webhook.confirmReplay", { id: d.deliveryId }), { danger: false }))) return;
  await list.run(d.id, async () => {
    const outcome = (await replayDelivery(d.id)).data.outcome;
    notifications.show({ color: outcome === "failed" ? "orange" : "green", message: t("webhook.replayed", { outcome: t(`webhook.${outcome}`) }), "data-testid": "replay-outcome" } as never);
  });
}

const canReplay = (d: Delivery) => d.outcome === "failed" && hasPermission(deliveryTags.replay);

const deliveryDetail: DetailSpec<Delivery> = {
  testId: "delivery-drawer",
  title: (t) => t("webhook.detail"),
  query: deliveries.detail,
  fields: [
    { label: (t) => t("webhook.portal"), value: (d) => <DictTag type="portalCode" value={d.portal} /> },
    { label: (t) => t("webhook.deliveryId"), value: (d) => <Code>{d.deliveryId}</Code> },
    { label: (t) => t("webhook.type"), value: (d) => d.type ?? "—" },
    { label: (t) => t("webhook.receivedAt"), value: (d) => d.receivedAt },
    { label: (t) => t("webhook.outcome"), value: (d) => <DictTag type="webhookOutcome" value={d.outcome} color={outcomeColours} data-testid="delivery-drawer-outcome" /> },
    { label: (t) => t("webhook.attempts"), value: (d) => <span data-testid="delivery-drawer-attempts">{d.attempts ?? 1}</span> },
    { label: (t) => t("webhook.record"), value: (d, t) => (d.recordId ? <RecordLink family={d.recordFamily} id={d.recordId} /> : t("webhook.none")) },
  ],
  sections: [
    {
      title: (t) => t("webhook.error"),
      danger: true,
      when: (d) => !!d.error,
      body: (d) => (
        <Stack gap={2} data-testid="delivery-error">
          {d.error!.msg && <Text size="sm" c="red">{d.error!.msg}</Text>}
          {Object.entries(d.error!.errors ?? {}).map(([field, message]) => (
            <Text key={field} size="sm" c="red"><Code>{field}</Code> {message}</Text>
          ))}
        </Stack>
      ),
    },
    { title: (t) => t("webhook.payload"), body: (d) => <JsonBlock value={d.payload} data-testid="delivery-payload" /> },
  ],
};

const deliveryList: ListSpec<Delivery> = {
  name: "delivery",
  path: deliveryPath,
  query: deliveries.list,
  rowKey: (d) => d.id,
  rowAttrs: (d) => ({ "data-delivery-id": d.deliveryId, "data-outcome": d.outcome }),
  filters: [
    { kind: "dict", key: "portal", dictType: "portalCode", label: (t) => t("webhook.allPortals") },
    { kind: "dict", key: "outcome", dictType: "webhookOutcome", label: (t) => t("webhook.allOutcomes"), width: 160 },
  ],
  columns: [
    { key: "portal", title: (t) => t("webhook.portal"), width: 150, value: (d) => dictName("portalCode", d.portal, currentLang()), render: (d) => <DictTag type="portalCode" value={d.portal} variant="outline" /> },
    { key: "deliveryId", title: (t) => t("webhook.deliveryId"), render: (d) => <Text size="sm" ff="monospace">{d.deliveryId}</Text> },
    { key: "type", title: (t) => t("webhook.type") },
    { key: "receivedAt", title: (t) => t("webhook.receivedAt"), width: 170 },
    { key: "outcome", title: (t) => t("webhook.outcome"), width: 100, value: (d) => dictName("webhookOutcome", d.outcome, currentLang()), render: (d) => <DictTag type="webhookOutcome" value={d.outcome} color={outcomeColours} /> },
    { key: "attempts", title: (t) => t("webhook.attempts"), width: 90, testId: "delivery-attempts", render: (d) => d.attempts ?? 1 },
    { key: "record", title: (t) => t("webhook.record"), value: (d) => d.recordId ?? null, render: (d) => <RecordLink family={d.recordFamily} id={d.recordId} /> },
  ],
  export: { fileName: (t) => t("webhook.fileName") },
  toolbar: (list) => <Button variant="subtle" onClick={list.refresh} loading={list.isFetching} data-testid="delivery-refresh">{list.t("actions.refresh")}</Button>,
  actions: (d, list) => (
    <>
      {hasPermission(deliveryTags.info) && <Button size="compact-sm" variant="subtle" onClick={() => list.open(d.id)} data-testid="delivery-open">{list.t("webhook.open")}</Button>}
      {canReplay(d) && (
        <Button size="compact-sm" variant="subtle" color="orange" leftSection={<IconReload size={14} />} loading={list.busy === d.id} onClick={() => void replay(d, list)} data-testid="delivery-replay">
          {list.t("webhook.replay")}
        </Button>
      )}
    </>
  ),
  detail: deliveryDetail,
  detailFooter: (d: Delivery, list) =>
    canReplay(d) && <Button leftSection={<IconReload size={16} />} color="orange" onClick={() => void replay(d, list)} data-testid="delivery-drawer-replay">{list.t("webhook.replay")}</Button>,
};

export default function DeliveryScreen(_: ScreenProps) {
  return <ListScreen list={deliveryList} />;
}
