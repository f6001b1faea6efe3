/**
 * The flow record (`GET /flowable/task/flowRecord?procInsId`) as a timeline in the order things were done:
 * node, action (the server's readable `actionName`, the code kept in `data-action`), who, when, how long, comment.
 */
import { Alert, Badge, Group, Loader, Text, Timeline } from "@mantine/core";
import { IconCheck, IconClock, IconX, IconArrowBackUp, IconPlayerPlay, IconUserShare } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fetchRecord, formatDuration, task, type FlowRecordRow } from "./api.ts";
import { actionLabel } from "./parts.tsx";
import { useSeededName } from "../../core/seeded.ts";

const tone = (r: FlowRecordRow): { color: string; icon: React.ReactNode } => {
  if (!r.endTime) return { color: "blue", icon: <IconClock size={12} /> };
  // `cancelled:<reason>`: the code before the colon decides the tone
  switch (r.action.split(":")[0]) {
    case "reject":
    case "rejected":
    case "stop":
    case "stopped":
    case "revoke":
    case "revoked":
      return { color: "red", icon: <IconX size={12} /> };
    case "return":
    case "returned":
    case "recall":
    case "recalled":
      return { color: "orange", icon: <IconArrowBackUp size={12} /> };
    case "start":
    case "started":
      return { color: "teal", icon: <IconPlayerPlay size={12} /> };
    case "urge":
    case "remind":
    case "escalate":
    case "suspend":
      return { color: "yellow", icon: <IconClock size={12} /> };
    case "cancelled":
      return { color: "gray", icon: <IconX size={12} /> };
    case "delegate":
    case "transfer":
    case "addSigner":
    case "cc":
      return { color: "grape", icon: <IconUserShare size={12} /> };
    default:
      return { color: "green", icon: <IconCheck size={12} /> };
  }
};

/** Actions whose row names the people the task or the copy went to. */
const handedOn = new Set(["delegate", "transfer", "addSigner", "removeSigner", "cc", "resolve"]);

export const recordQuery = (procInsId: string) => ({ queryKey: [`${task}/flowRecord`, procInsId] as const, queryFn: () => fetchRecord(procInsId) });

export function FlowRecord({ procInsId }: { procInsId: string }) {
  const { t, i18n } = useTranslation();
  const record = useQuery(recordQuery(procInsId));
  const named = useSeededName();
  if (record.isLoading) return <Loader size="sm" />;
  if (record.error) return <Alert color="red">{(record.error as Error).message}</Alert>;
  const rows = record.data ?? [];
  if (!rows.length) return <Text c="dimmed" size="sm">{t("sys.common.noData")}</Text>;
  const active = rows.reduce((n, r, i) => (r.endTime ? i : n), -1);
  return (
    <Timeline active={active} bulletSize={22} lineWidth={2} data-testid="flow-record">
      {rows.map((r, i) => {
        const { color, icon } = tone(r);
        return (
          <Timeline.Item
            key={`${r.taskId ?? r.nodeKey}-${i}`}
            bullet={icon}
            color={color}
            title={
              <Group gap={6}>
                {(r.nodeName || r.taskId) && <Text size="sm" fw={600}>{r.nodeName ? named(r.nodeName) : r.nodeKey}</Text>}
                <Badge size="xs" variant="light" color={color}>{r.endTime ? r.actionName || actionLabel(r.action) : t("flowTasks.record.pending")}</Badge>
              </Group>
            }
            data-action={r.action}
          >
            <Text size="xs" c="dimmed">
              {[
                r.endTime ? r.byName : r.assigneeName,
                r.endTime && r.assigneeName && handedOn.has(r.action) ? `→ ${r.assigneeName}` : null,
                r.endTime ?? r.startTime,
                r.taskId && r.endTime && r.durationMs != null ? t("flowTasks.record.took", { d: formatDuration(r.durationMs, i18n.language) }) : null].filter(Boolean).join(" · ")}
            </Text>
            {r.comment && <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap" }}>{r.comment}</Text>}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
