/**
 * 报告审阅 (/workreport/review): the reports of the departments one leads (waiting ones first) or those
 * that notify one; opening a report records that one has read it, and its leader approves it or returns it
 * with an opinion from the drawer.
 */
import { Button, Group, Stack, Textarea } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { runCommand } from "../core/feedback.tsx";
import { ListScreen, type ListSpec } from "../crud/ListScreen.tsx";
import type { ScreenProps } from "../registry/index.ts";
import { reportApi, reportPath, reportQueries, type ReportDetail, type ReportRow } from "./api.ts";
import { reportDetail } from "./ReportParts.tsx";
import { kindFilter, reportColumns, statusFilter } from "./ReportScreen.tsx";

function ReviewBar({ report }: { report: ReportDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opinion, setOpinion] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!report.mayReview) return null;
  const review = async (verdict: "approve" | "return") => {
    if (verdict === "return" && !opinion.trim()) return setError(t("workreports.opinionRequired"));
    setBusy(true);
    try {
      if (await runCommand(() => reportApi.review(report.id, verdict, opinion), (errors) => setError(errors.opinion ?? null))) await queryClient.invalidateQueries({ queryKey: [reportPath] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="report-review-bar">
      <Textarea label={t("workreports.opinion")} value={opinion} onChange={(e) => (setOpinion(e.currentTarget.value), setError(null))} error={error} autosize minRows={2} data-testid="report-opinion" />
      <Group justify="flex-end">
        <Button color="orange" variant="light" loading={busy} onClick={() => void review("return")} data-testid="report-return">{t("workreports.return")}</Button>
        <Button color="green" loading={busy} onClick={() => void review("approve")} data-testid="report-approve">{t("workreports.approve")}</Button>
      </Group>
    </Stack>
  );
}

const reviewList: ListSpec<ReportRow> = {
  name: "review",
  path: `${reportPath}/reviewList`,
  query: (params) => reportQueries.review(params),
  rowKey: (r) => r.id,
  rowAttrs: (r) => ({ "data-report-id": r.id, "data-status": r.status }),
  filters: [
    { kind: "select", key: "scope", label: (t) => t("workreports.scopeReview"), width: 140, options: (t) => [{ value: "review", label: t("workreports.scopeReview") }, { value: "notified", label: t("workreports.scopeNotified") }] },
    kindFilter,
    statusFilter,
    { kind: "dateRange", key: "periodRange", from: "from", to: "to", label: (t) => t("workreports.periodRange"), width: 260 },
  ],
  columns: [{ key: "reporterName", title: (t) => t("workreports.reporter"), width: 110, render: (r) => r.reporterName ?? "—" }, { key: "deptName", title: (t) => t("workreports.dept"), width: 200, render: (r) => r.deptName ?? "—" }, ...reportColumns],
  actions: (r, list) => <Button size="compact-sm" variant="subtle" onClick={() => list.open(r.id)} data-testid="review-open">{list.t("workreports.view")}</Button>,
  detail: reportDetail,
  detailFooter: (record: ReportDetail) => <ReviewBar report={record} />,
  minWidth: 1000,
  export: { fileName: (t) => t("workreports.scopeReview") },
};

export default function ReviewScreen(_: ScreenProps) {
  return <ListScreen list={reviewList} />;
}
