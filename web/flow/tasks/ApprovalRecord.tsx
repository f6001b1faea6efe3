/**
 * The approval record of an application (GET <path>/historyList?id=): its status and process instance, the
 * application's own events (saved, submitted, what the flow changed) and the flow record of its approval.
 * Loaded with the first opening, so the workflow's timeline stays out of every other list's bundle.
 */
import { Alert, Center, Divider, Drawer, Group, Loader, Stack, Text, Timeline } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Family } from "../../../events/family.ts";
import type { Lang } from "../../../events/i18n.ts";
import { fieldLabel } from "../../../events/validation.ts";
import { approvalHistoryOf } from "../../../events/api/flow.ts";
import { call } from "../../core/api/call.ts";
import { FlowRecord, recordQuery } from "./FlowRecord.tsx";
import { DictTag } from "../../widgets/DictTag/index.ts";

export default function ApprovalRecord({ family, id, onClose }: { family: Family; id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: [family.path, "historyList", id],
    queryFn: async () => {
      const data = await call(approvalHistoryOf(family.path), { query: { id } });
      // the answer carries the flow record already: FlowRecord shows it without asking the workflow again
      if (data.procInsId && Array.isArray(data.flow)) queryClient.setQueryData(recordQuery(data.procInsId).queryKey, data.flow);
      return data;
    },
    staleTime: 0,
  });
  const data = history.data;
  const statusField = family.fields.status;
  const actionLabel = (action: string) => t(`lifecycle.actions.${action}`, { defaultValue: action });

  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title={t("lifecycle.record.title", { name: family.label[lang] })} attributes={{ content: { "data-testid": "approval-record" } as Record<string, string> }}>
      {history.isLoading && (
        <Center h={120}>
          <Loader size="sm" />
        </Center>
      )}
      {history.error && <Alert color="red">{(history.error as Error).message}</Alert>}
      {data && (
        <Stack gap="sm">
          <Group gap="xl">
            <Stack gap={2}>
              <Text size="xs" c="dimmed">{t("lifecycle.record.status")}</Text>
              {data.status && statusField?.dict ? <DictTag type={statusField.dict} value={data.status} size="sm" data-testid="approval-status" /> : <Text size="sm">—</Text>}
            </Stack>
            <Stack gap={2}>
              <Text size="xs" c="dimmed">{t("lifecycle.record.procInsId")}</Text>
              <Text size="sm" ff="monospace">{data.procInsId ?? "—"}</Text>
            </Stack>
          </Group>
          <Divider label={t("lifecycle.record.events")} labelPosition="left" />
          {data.events.length === 0 ? (
            <Text c="dimmed" size="sm">{t("lifecycle.record.empty")}</Text>
          ) : (
            <Timeline active={data.events.length} bulletSize={16} lineWidth={2}>
              {data.events.map((event, i) => (
                <Timeline.Item key={`${event.at}-${i}`} title={<Text size="sm" fw={600}>{actionLabel(event.action)}</Text>} data-testid="approval-event" data-action={event.action}>
                  <Text size="xs" c="dimmed">{event.at} · {t("crud.actor")}: {event.actorName ?? t("crud.system")}</Text>
                  {event.changes.length > 0 && (
                    <Text size="sm" data-testid="approval-changed">{event.changes.map((key) => fieldLabel(family, key, lang)).join(lang === "zh-CN" ? "、" : ", ")}</Text>
                  )}
                </Timeline.Item>
              ))}
            </Timeline>
          )}
          <Divider label={t("lifecycle.record.flow")} labelPosition="left" />
          {data.procInsId ? <FlowRecord procInsId={data.procInsId} /> : <Text c="dimmed" size="sm">{t("lifecycle.record.noFlow")}</Text>}
        </Stack>
      )}
    </Drawer>
  );
}
