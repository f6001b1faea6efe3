/**
 * The enterprise's timeline (the contract's `enterprise.timeline`, newest first) on the list kit, inside the
 * profile: when, which record of which list (the list's name and the record's title), what was done (created,
 * updated, a state command such as publish…), which fields an update changed, and by whom (a user's name, or the
 * source: a sync run, the scheduler, a portal, the system). A row opens that record's own history when the user
 * may read it.
 */
import { Badge, Box, Button, Text } from "@mantine/core";
import { queryOptions } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { enterprise } from "../../events/api/enterprise.ts";
import type { Answer } from "../../events/api/verb.ts";
import type { Family } from "../../events/family.ts";
import { familyByName } from "../../events/families/index.ts";
import { callPage } from "../core/api/call.ts";
import { hasPermission } from "../core/session.ts";
import { HistoryDrawer } from "../crud/HistoryDrawer.tsx";
import { ListScreen, type ListSpec } from "../crud/ListScreen.tsx";

type TimelineRow = Answer<typeof enterprise.timeline>[number];

const colours: Record<string, string> = { created: "teal", deleted: "red", restored: "grape", reverted: "orange", publish: "green", revoke: "orange", examine: "blue", submit: "cyan", flow: "indigo" };

const actionOf = (row: TimelineRow) => row.action || row.type.split(".").pop() || "updated";

function timelineList(master: Family, history: (shown: { family: Family; id: string }) => void): ListSpec<TimelineRow> {
  return {
    name: "timeline",
    path: enterprise.timeline.path,
    local: true,
    pageSize: 20,
    query: (params) => queryOptions({ queryKey: [master.path, "timeline", params], queryFn: () => callPage(enterprise.timeline, { query: params }), staleTime: 0 }),
    rowKey: (row) => `${row.family}:${row.recordId}:${row.at}:${row.type}`,
    rowAttrs: (row) => ({ "data-family": row.family, "data-action": actionOf(row) }),
    minWidth: 720,
    columns: [
      { key: "at", title: (t) => t("crud.meta.updateTime"), width: 170, render: (row) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{row.at}</Text>, value: (row) => row.at },
      {
        key: "record",
        title: (t) => t("enterprise.timeline.record"),
        testId: "timeline-record",
        value: (row) => `${row.familyLabel} · ${row.title ?? row.recordId}`,
        render: (row) => (
          <>
            <Text size="xs" c="dimmed" data-testid="timeline-list">{row.familyLabel}</Text>
            <Text size="sm" fw={500} lineClamp={2} data-testid="timeline-title">{row.title ?? row.recordId}</Text>
          </>
        ),
      },
      {
        key: "action",
        title: (t) => t("crud.actions"),
        width: 140,
        value: (row, t) => t(`lifecycle.actions.${actionOf(row)}`, { defaultValue: actionOf(row) }),
        render: (row, t) => <Badge size="sm" variant="light" color={colours[actionOf(row)] ?? "blue"}>{t(`lifecycle.actions.${actionOf(row)}`, { defaultValue: actionOf(row) })}</Badge>,
      },
      { key: "changed", title: (t) => t("enterprise.timeline.changed"), value: (row, t) => row.changedLabels.join(t("enterprise.timeline.joiner")), render: (row, t) => <Text size="sm" lineClamp={2}>{row.changedLabels.join(t("enterprise.timeline.joiner"))}</Text> },
      {
        key: "by",
        title: (t) => t("enterprise.timeline.by"),
        width: 120,
        value: (row, t) => (row.by.kind === "user" ? (row.by.name ?? "") : t(`enterprise.timeline.sources.${row.by.kind}`, { name: row.by.name })),
        render: (row, t) => <Box component="span" data-testid="timeline-by" data-by={row.by.kind}>{row.by.kind === "user" ? row.by.name : t(`enterprise.timeline.sources.${row.by.kind}`, { name: row.by.name })}</Box>,
      },
    ],
    actions: (row, list) => {
      const family = familyByName.get(row.family);
      return family && hasPermission(family.tags.info) ? (
        <Button size="compact-sm" variant="subtle" color="gray" onClick={() => history({ family, id: row.recordId })} aria-label={list.t("enterprise.timeline.openHistory")} data-testid="timeline-history">
          {list.t("actions.history")}
        </Button>
      ) : null;
    },
  };
}

export function ProfileTimeline({ master, creditCode }: { master: Family; creditCode: string }) {
  const [shown, setShown] = useState<{ family: Family; id: string } | null>(null);
  const list = useMemo(() => timelineList(master, setShown), [master]);
  const preset = useMemo(() => ({ creditCode }), [creditCode]);
  return (
    <Box data-testid="profile-timeline">
      <ListScreen list={list} preset={preset} />
      {shown && <HistoryDrawer family={shown.family} id={shown.id} onClose={() => setShown(null)} />}
    </Box>
  );
}
