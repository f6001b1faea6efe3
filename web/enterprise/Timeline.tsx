/**
 * The enterprise's timeline (GET /common/enenterprisebasicinfo/timeline?creditCode&page&limit, newest first):
 * when, which record of which list (the list's name and the record's title), what was done (created, updated, a
 * state command such as publish…), which fields an update changed, and by whom (a user's name, or the source: a
 * sync run, the scheduler, a portal, the system). A row opens that record's own history when the user may read it.
 */
import { Alert, Badge, Button, Center, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import { families } from "../../events/families/index.ts";
import type { Lang } from "../../events/i18n.ts";
import { fieldLabel } from "../../events/validation.ts";
import { get } from "../core/api/http.ts";
import { hasPermission } from "../core/session.ts";
import { HistoryDrawer } from "../crud/HistoryDrawer.tsx";
import { PageBar } from "../widgets/PageBar/index.ts";

export interface TimelineRow {
  at: string;
  /** the family's name (e.g. "common.enpatentinfo"); its path or perm are accepted too */
  family: string;
  recordId: string;
  /** the record's naming field as the change left it (null: none) */
  title: string | null;
  /** the event type, e.g. "common.enpatentinfo.updated" */
  type: string;
  /** created, updated, deleted, restored, reverted, or the state command (publish, examine…) */
  action: string | null;
  changed: string[];
  actorName: string | null;
  by: { kind: "user" | "sync" | "scheduler" | "portal" | "system"; name: string | null };
}

const familyOf = (key: string): Family | undefined => families.find((f) => f.name === key || f.path === key || f.perm === key || f.table === key);

const colours: Record<string, string> = { created: "teal", deleted: "red", restored: "grape", reverted: "orange", publish: "green", revoke: "orange", examine: "blue", submit: "cyan", flow: "indigo" };

export function ProfileTimeline({ master, creditCode }: { master: Family; creditCode: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [shown, setShown] = useState<{ family: Family; id: string } | null>(null);
  const answer = useQuery({
    queryKey: [master.path, "timeline", { creditCode, page, limit }],
    queryFn: async () => {
      const envelope = await get<TimelineRow[]>(`${master.path}/timeline`, { creditCode, page, limit });
      return { rows: envelope.data ?? [], total: envelope.total ?? 0 };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const actionOf = (row: TimelineRow) => row.action || row.type.split(".").pop() || "updated";
  const actionLabel = (action: string) => t(`lifecycle.actions.${action}`, { defaultValue: action });

  if (answer.isLoading) return <Center h={120}><Loader size="sm" /></Center>;
  if (answer.error) return <Alert color="red">{(answer.error as Error).message}</Alert>;
  const rows = answer.data?.rows ?? [];
  return (
    <Stack gap="sm" data-testid="profile-timeline">
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={170}>{t("crud.meta.updateTime")}</Table.Th>
              <Table.Th>{t("enterprise.timeline.record")}</Table.Th>
              <Table.Th w={140}>{t("crud.actions")}</Table.Th>
              <Table.Th>{t("enterprise.timeline.changed")}</Table.Th>
              <Table.Th w={120}>{t("enterprise.timeline.by")}</Table.Th>
              <Table.Th w={90} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" ta="center" py="lg" size="sm">{t("enterprise.timeline.empty")}</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row, i) => {
              const family = familyOf(row.family);
              const action = actionOf(row);
              const readable = family && hasPermission(family.tags.info);
              return (
                <Table.Tr key={`${row.family}-${row.recordId}-${row.at}-${i}`} data-testid="timeline-row" data-family={family?.name ?? row.family} data-action={action}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{row.at}</Table.Td>
                  <Table.Td data-testid="timeline-record">
                    <Text size="xs" c="dimmed" data-testid="timeline-list">{family ? family.label[lang] : t("enterprise.timeline.unknownFamily")}</Text>
                    <Text size="sm" fw={500} lineClamp={2} data-testid="timeline-title">{row.title ?? row.recordId}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={colours[action] ?? "blue"}>{actionLabel(action)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>{(row.changed ?? []).map((key) => (family ? fieldLabel(family, key, lang) : key)).join(lang === "zh-CN" ? "、" : ", ")}</Text>
                  </Table.Td>
                  <Table.Td data-testid="timeline-by" data-by={row.by.kind}>{row.by.kind === "user" ? row.by.name : t(`enterprise.timeline.sources.${row.by.kind}`, { name: row.by.name })}</Table.Td>
                  <Table.Td>
                    {readable && (
                      <Group justify="flex-end">
                        <Button size="compact-sm" variant="subtle" color="gray" onClick={() => setShown({ family, id: row.recordId })} aria-label={t("enterprise.timeline.openHistory")} data-testid="timeline-history">
                          {t("actions.history")}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PageBar page={page} limit={limit} total={answer.data?.total ?? 0} onChange={(next, size) => {
        setPage(next);
        setLimit(size);
      }} />
      {shown && <HistoryDrawer family={shown.family} id={shown.id} onClose={() => setShown(null)} />}
    </Stack>
  );
}
