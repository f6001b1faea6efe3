/**
 * The enterprise profile's 走访 / Visits tab: the enterprise's visits as a timeline, newest first (date, type,
 * archive kind, what was discussed and asked, the next follow-up), on the list kit (`local`, inside the profile).
 */
import { Box, Text, Timeline } from "@mantine/core";
import { useMemo } from "react";
import { ListScreen, type ListSpec } from "../crud/ListScreen.tsx";
import { DictTag } from "../widgets/DictTag/index.ts";
import { NameById } from "../widgets/NameById/index.ts";
import { visitPath, visitQueries, type Row } from "./api.ts";

const visitList: ListSpec<Row> = {
  name: "visits-tab",
  path: visitPath,
  local: true,
  pageSize: 20,
  query: (params) => visitQueries.ofEnterprise(params),
  rowKey: (r) => String(r.id),
  rowAttrs: (r) => ({ "data-visit-id": String(r.id) }),
  minWidth: 720,
  columnChooser: false,
  columns: [
    {
      key: "visitDate",
      title: (t) => t("visits.tab.visitDate"),
      width: 150,
      sortable: true,
      render: (r) => (
        <Timeline active={0} bulletSize={12} lineWidth={2}>
          <Timeline.Item title={<Text size="sm" fw={500}>{String(r.visitDate)}</Text>}>
            <NameById kind="user" id={r.visitorId as string | null} size="xs" c="dimmed" />
          </Timeline.Item>
        </Timeline>
      ),
    },
    { key: "visitType", title: (t) => t("visits.tab.visitType"), width: 110, render: (r) => <DictTag type="visitType" value={r.visitType as string | null} /> },
    { key: "archiveType", title: (t) => t("visits.tab.archiveType"), width: 110, render: (r) => <DictTag type="visitArchiveType" value={r.archiveType as string | null} color={{ zfda: "blue", fwda: "teal", xqda: "orange" }} /> },
    {
      key: "content",
      title: (t) => t("visits.tab.content"),
      testId: "visits-tab-content",
      render: (r) => (
        <>
          <Text size="sm" lineClamp={2}>{String(r.content ?? "")}</Text>
          {r.demands ? <Text size="xs" c="orange" lineClamp={1}>{String(r.demands)}</Text> : null}
        </>
      ),
    },
    { key: "nextFollowDate", title: (t) => t("visits.tab.nextFollowDate"), width: 120, render: (r) => String(r.nextFollowDate ?? "—") },
  ],
};

export default function VisitsPanel({ creditCode }: { creditCode: string }) {
  const preset = useMemo(() => ({ creditCode }), [creditCode]);
  return (
    <Box data-testid="profile-visits">
      <ListScreen list={visitList} preset={preset} />
    </Box>
  );
}

