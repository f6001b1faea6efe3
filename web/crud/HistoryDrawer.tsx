/** A record's history (GET <path>/history/{id}): each event's time, who, what, and every changed field before → after. */
import { Center, Drawer, Group, Loader, Stack, Text, Timeline } from "@mantine/core";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { recordQueries } from "../api/records.ts";
import { FieldValue } from "./FieldValue.tsx";
import { fieldLabel } from "../../events/validation.ts";

export interface HistoryDrawerProps {
  family: Family;
  /** the record whose history is shown; closed when null */
  id: string | null;
  onClose: () => void;
}

const icons: Record<string, typeof IconPlus> = { created: IconPlus, updated: IconEdit, deleted: IconTrash };

export function HistoryDrawer({ family, id, onClose }: HistoryDrawerProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const { data, isLoading } = useQuery({ ...recordQueries(family.path).history(id ?? ""), enabled: !!id, staleTime: 0 });
  const entries = [...(data ?? [])].reverse();
  const label = (key: string) => fieldLabel(family, key, lang);
  const known = (action: string) => ["created", "updated", "deleted"].includes(action);

  return (
    <Drawer opened={!!id} onClose={onClose} position="right" size="lg" title={t("crud.historyTitle", { name: family.label[lang] })} attributes={{ content: { "data-testid": "history-drawer" } as Record<string, string> }}>
      {isLoading && (
        <Center h={120}>
          <Loader size="sm" />
        </Center>
      )}
      {!isLoading && entries.length === 0 && <Text c="dimmed">{t("crud.noHistory")}</Text>}
      <Timeline active={entries.length} bulletSize={24} lineWidth={2}>
        {entries.map((entry) => {
          const Icon = icons[entry.action] ?? IconEdit;
          return (
            <Timeline.Item
              key={entry.version}
              bullet={<Icon size={14} />}
              data-testid="history-entry"
              title={
                <Group gap="xs">
                  <Text fw={600} size="sm">{known(entry.action) ? t(`crud.historyActions.${entry.action}`) : entry.action}</Text>
                  <Text size="sm" c="dimmed">v{entry.version}</Text>
                </Group>
              }
            >
              <Text size="xs" c="dimmed">
                {entry.time} · {t("crud.actor")}: {entry.actorName ?? t("crud.system")}
              </Text>
              <Stack gap={2} mt={4}>
                {Object.entries(entry.changes ?? {}).map(([key, [before, after]]) => (
                  <Text key={key} size="sm" data-testid="history-change" data-field={key} component="div">
                    <Text span fw={500}>{label(key)}</Text>
                    {": "}
                    <Text span c="dimmed">{empty(before) ? "—" : <FieldValue family={family} fieldKey={key} value={before} />}</Text>
                    {" → "}
                    <Text span>{empty(after) ? "—" : <FieldValue family={family} fieldKey={key} value={after} />}</Text>
                  </Text>
                ))}
              </Stack>
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Drawer>
  );
}

const empty = (v: unknown) => v === null || v === undefined || v === "";
