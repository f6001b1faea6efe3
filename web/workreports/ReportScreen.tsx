/**
 * 工作报告 (/workreport/report): my reports — kind, period, status, who of those notified has read each —
 * write one (daily, weekly or monthly, for the present period by default), edit one not yet reviewed,
 * delete a draft or a returned one, and open one with its review and readers.
 */
import { Button, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { workReportKinds, workReportStatuses } from "../../events/api/workreports.ts";
import { runCommand } from "../core/feedback.tsx";
import { hasPermission } from "../core/session.ts";
import { confirmDialog } from "../core/ui/confirmDelete.tsx";
import { ListScreen, type ListFilter, type ListSpec } from "../crud/ListScreen.tsx";
import type { ScreenProps } from "../registry/index.ts";
import { workReport } from "../../events/families/casework.ts";
import { reportApi, reportPath, reportQueries, type ReportRow } from "./api.ts";
import { kindName, reportDetail, ReportForm, StatusBadge } from "./ReportParts.tsx";

export const reportColumns: ListSpec<ReportRow>["columns"] = [
  { key: "title", title: (t) => t("workreports.title"), testId: "report-title-cell" },
  { key: "reportType", title: (t) => t("workreports.reportType"), width: 100, render: (r, t) => kindName(t, r.reportType) },
  { key: "period", title: (t) => t("workreports.period"), width: 120 },
  { key: "status", title: (t) => t("workreports.status"), width: 100, render: (r) => <StatusBadge status={r.status} />, value: (r, t) => t(`workreports.statuses.${r.status}`) },
  { key: "readCount", title: (t) => t("workreports.readCount"), width: 90, render: (r) => <Text size="sm" data-testid="report-read-count">{r.readCount}/{r.notifiedCount}</Text>, value: (r) => `${r.readCount}/${r.notifiedCount}` },
  { key: "submitTime", title: (t) => t("workreports.submitTime"), width: 170, render: (r) => r.submitTime ?? "—" },
  { key: "reviewerName", title: (t) => t("workreports.reviewer"), width: 110, render: (r) => r.reviewerName ?? "—" },
];

export const kindFilter: ListFilter = { kind: "select", key: "reportType", label: (t) => t("workreports.allTypes"), width: 130, options: (t) => workReportKinds.map((k) => ({ value: k, label: t(`workreports.types.${k}`) })) };
export const statusFilter: ListFilter = { kind: "select", key: "status", label: (t) => t("workreports.allStatus"), width: 130, options: (t) => workReportStatuses.map((s) => ({ value: s, label: t(`workreports.statuses.${s}`) })) };

const mine: ListSpec<ReportRow> = {
  name: "report",
  path: `${reportPath}/mine`,
  query: (params) => reportQueries.mine(params),
  rowKey: (r) => r.id,
  rowAttrs: (r) => ({ "data-report-id": r.id, "data-period": r.period }),
  filters: [kindFilter, statusFilter, { kind: "dateRange", key: "periodRange", from: "from", to: "to", label: (t) => t("workreports.periodRange"), width: 260 }],
  columns: reportColumns,
  toolbar: (list) => hasPermission(workReport.tags.save) && <Button leftSection={<IconPlus size={16} />} onClick={() => list.edit(null)} data-testid="report-add">{list.t("workreports.write")}</Button>,
  actions: (r, list) => (
    <>
      <Button size="compact-sm" variant="subtle" onClick={() => list.open(r.id)} data-testid="report-view">{list.t("workreports.view")}</Button>
      {r.status !== "reviewed" && hasPermission(workReport.tags.update) && <Button size="compact-sm" variant="subtle" onClick={() => list.edit(r.id)} data-testid="report-edit">{list.t("workreports.edit")}</Button>}
      {r.status !== "reviewed" && hasPermission(workReport.tags.delete) && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={async () => {
            if (!(await confirmDialog(list.t("workreports.confirmDelete", { title: r.title }), { danger: true }))) return;
            if (await runCommand(() => reportApi.delete([r.id]))) list.refresh();
          }}
          data-testid="report-delete"
        >
          {list.t("workreports.delete")}
        </Button>
      )}
    </>
  ),
  detail: reportDetail,
  form: (id, close) => <ReportForm id={id} onClose={close} />,
  export: { fileName: (t) => t("workreports.detail") },
};

export default function ReportScreen(_: ScreenProps) {
  return <ListScreen list={mine} />;
}
