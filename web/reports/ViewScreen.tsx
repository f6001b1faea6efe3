/**
 * 报表查看 (/report/view, componentUrl report/view/index): the published reports, and the viewer of one
 * (`?code=`): its filters, chart and table, export to xlsx (a download link carrying the session) and print
 * (the print stylesheet prints the report alone).
 */
import "./print.css";
import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { IconArrowLeft, IconDownload, IconPrinter, IconSearch } from "@tabler/icons-react";
import { Suspense, lazy, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../registry/index.ts";
import { ListScreen, type ListSpec } from "../crud/ListScreen.tsx";
import type { ReportFilter } from "../../events/reports/definition.ts";
import { exportUrl, filesPath, reportApi, reportQueries, type ReportFile } from "./api.ts";
import { ReportTable } from "./ReportTable.tsx";
import { ViewerFilter } from "./ViewerFilter.tsx";

const ReportChart = lazy(() => import("./ReportChart.tsx"));

export default function ViewScreen(_: ScreenProps) {
  const search = useSearch({ strict: false }) as { code?: string };
  const navigate = useNavigate();
  // one declaration for the screen's life (the kit keys its URL shape on it)
  const list = useMemo(() => publishedList((code) => void navigate({ to: window.location.pathname, search: { code } as never })), [navigate]);
  if (search.code) return <Viewer code={String(search.code)} onBack={() => void navigate({ to: window.location.pathname, search: {} as never })} />;
  return <ListScreen list={list} />;
}

/** The published reports, searched by name; a name opens the viewer. */
function publishedList(open: (code: string) => void): ListSpec<ReportFile> {
  return {
    name: "report-view",
    path: filesPath,
    query: (params) => reportQueries.published(params),
    rowKey: (f) => f.id,
    rowAttrs: (f) => ({ "data-code": f.code }),
    columnChooser: false,
    filters: [{ kind: "text", key: "name", label: (t) => t("reports.name"), width: 220 }],
    columns: [
      { key: "name", title: (t) => t("reports.name"), render: (f) => <Anchor onClick={() => open(f.code)}>{f.name}</Anchor> },
      { key: "code", title: (t) => t("reports.code") },
      { key: "modelVersion", title: (t) => t("reports.publishedVersion"), render: (f) => <Badge variant="light">v{f.modelVersion ?? 1}</Badge> },
      { key: "publishTime", title: (t) => t("reports.publishTime"), render: (f) => f.publishTime ?? "" },
    ],
  };
}

type Values = Record<string, unknown>;

/** The viewer's value of one filter, from what the definition holds (a yes/no as true or false). */
function initialValue(f: ReportFilter, type: string | undefined): unknown {
  if (f.op === "in") return (f.values ?? []).map(String);
  if (f.op === "range") return [f.from ?? "", f.to ?? ""];
  if (type === "bool" && f.value !== null && f.value !== undefined && f.value !== "") return f.value === true || f.value === "true" || f.value === "1" || f.value === 1;
  return f.value ?? "";
}

/** What the server takes: empty values left out (an open filter then filters nothing). */
function sent(values: Values): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(values)) {
    if (Array.isArray(v) && v.every((x) => x === "" || x === null)) continue;
    if (v === "" || v === null || v === undefined) continue;
    out[k] = Array.isArray(v) ? v.map((x) => (x === "" ? null : x)) : v;
  }
  return out;
}

function Viewer({ code, onBack }: { code: string; onBack: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({});
  const [applied, setApplied] = useState<Values>({});
  const [page, setPage] = useState(1);
  const run = useQuery({ queryKey: ["/report/run", code, applied, page], queryFn: async () => (await reportApi.run(code, sent(applied), page)).data, placeholderData: keepPreviousData, retry: false });
  const answer = run.data;
  // the report's own filters, once: the viewer's values start from the definition's
  const [filters, setFilters] = useState<ReportFilter[] | null>(null);
  useEffect(() => {
    if (answer && !filters) {
      setFilters(answer.filters);
      const start = Object.fromEntries(answer.filters.map((f) => [f.field, initialValue(f, answer.filterFields.find((x) => x.key === f.field)?.type)]));
      setValues(start);
    }
  }, [answer, filters]);
  const apply = () => (setApplied(values), setPage(1));

  return (
    <Stack data-testid="report-viewer">
      <Group justify="space-between" className="report-no-print">
        <Group gap="xs">
          <ActionIcon variant="subtle" onClick={onBack} title={t("reports.back")}><IconArrowLeft size={18} /></ActionIcon>
          <Title order={4}>{answer?.name ?? code}</Title>
        </Group>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconDownload size={16} />} component="a" href={exportUrl(code, sent(applied))} download data-testid="report-export">{t("reports.export")}</Button>
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()} data-testid="report-print">{t("reports.print")}</Button>
        </Group>
      </Group>
      {filters && filters.length > 0 && (
        <Card withBorder className="report-no-print" data-testid="report-viewer-filters">
          <Group gap="sm" align="flex-end">
            {filters.map((f) => (
              <ViewerFilter
                key={f.field}
                filter={f}
                field={answer?.filterFields.find((x) => x.key === f.field)}
                column={answer?.columns.find((c) => c.field === f.field)}
                value={values[f.field]}
                onChange={(value) => setValues((v) => ({ ...v, [f.field]: value }))}
                onEnter={apply}
              />
            ))}
            <Button leftSection={<IconSearch size={16} />} onClick={apply} data-testid="report-viewer-apply">{t("actions.search")}</Button>
          </Group>
        </Card>
      )}
      {run.error && <Text c="red" size="sm">{(run.error as Error).message}</Text>}
      {answer && (
        <Card withBorder className="report-print" data-testid="report-print-area">
          <Stack gap="sm">
            <Title order={4} className="report-print-title">{answer.name}</Title>
            <Suspense fallback={<Text size="sm" c="dimmed">{t("reports.loading")}</Text>}>
              <ReportChart answer={answer} />
            </Suspense>
            <ReportTable answer={answer} testId="report-viewer-table" />
            {answer.kind === "rows" && answer.total > answer.limit && (
              <Group gap="xs" className="report-no-print">
                <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t("reports.prev")}</Button>
                <Text size="sm">{page} / {Math.ceil(answer.total / answer.limit)}</Text>
                <Button size="xs" variant="default" disabled={page * answer.limit >= answer.total} onClick={() => setPage(page + 1)}>{t("reports.next")}</Button>
              </Group>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
