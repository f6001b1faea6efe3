/**
 * 报表查看 (/report/view, componentUrl report/view/index): the published reports, and the viewer of one
 * (`?code=`): its filters, chart and table, export to xlsx (a download link carrying the session) and print
 * (the print stylesheet prints the report alone).
 */
import "./print.css";
import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Table, TagsInput, Text, TextInput, Title } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { IconArrowLeft, IconDownload, IconPrinter, IconSearch } from "@tabler/icons-react";
import { Suspense, lazy, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLang } from "../core/i18n.ts";
import type { ScreenProps } from "../registry/index.ts";
import { PageBar } from "../widgets/PageBar/index.ts";
import type { ReportFilter } from "../../events/reports/definition.ts";
import { exportUrl, reportApi } from "./api.ts";
import { ReportTable } from "./ReportTable.tsx";

const ReportChart = lazy(() => import("./ReportChart.tsx"));

export default function ViewScreen(_: ScreenProps) {
  const search = useSearch({ strict: false }) as { code?: string };
  const navigate = useNavigate();
  const open = (code: string | null) => void navigate({ to: window.location.pathname, search: (code ? { code } : {}) as never });
  return search.code ? <Viewer code={String(search.code)} onBack={() => open(null)} /> : <PublishedList onOpen={open} />;
}

function PublishedList({ onOpen }: { onOpen: (code: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const [name, setName] = useState("");
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const list = useQuery({
    queryKey: ["/report/reportfile/list", name, paging],
    queryFn: async () => {
      const answer = await reportApi.files({ ...paging, status: "1", name: name || undefined });
      return { rows: answer.data, total: answer.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  return (
    <Card withBorder data-testid="report-view-screen">
      <Stack>
        <Group gap="sm">
          <TextInput placeholder={t("reports.name")} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} onKeyDown={(e) => e.key === "Enter" && (setName(draft.trim()), setPaging((p) => ({ ...p, page: 1 })))} w={220} />
          <Button variant="default" leftSection={<IconSearch size={16} />} onClick={() => (setName(draft.trim()), setPaging((p) => ({ ...p, page: 1 })))}>{t("actions.search")}</Button>
        </Group>
        <Table striped highlightOnHover withTableBorder data-testid="report-files">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("reports.name")}</Table.Th>
              <Table.Th>{t("reports.code")}</Table.Th>
              <Table.Th>{t("reports.publishedVersion")}</Table.Th>
              <Table.Th>{t("reports.publishTime")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((f) => (
              <Table.Tr key={f.id} data-testid="report-file-row">
                <Table.Td><Anchor onClick={() => onOpen(f.code)}>{f.name}</Anchor></Table.Td>
                <Table.Td>{f.code}</Table.Td>
                <Table.Td><Badge variant="light">v{f.modelVersion ?? 1}</Badge></Table.Td>
                <Table.Td>{f.publishTime ?? ""}</Table.Td>
              </Table.Tr>
            ))}
            {!rows.length && (
              <Table.Tr>
                <Table.Td colSpan={4}><Text c="dimmed" ta="center" size="sm">{list.isLoading ? t("reports.loading") : t("reports.noPublished")}</Text></Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        <PageBar page={paging.page} limit={paging.limit} total={list.data?.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />
      </Stack>
    </Card>
  );
}

type Values = Record<string, unknown>;

/** The viewer's value of one filter, from what the definition holds. */
const initialValue = (f: ReportFilter): unknown => (f.op === "in" ? (f.values ?? []).map(String) : f.op === "range" ? [f.from ?? "", f.to ?? ""] : (f.value ?? ""));

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
      const start = Object.fromEntries(answer.filters.map((f) => [f.field, initialValue(f)]));
      setValues(start);
    }
  }, [answer, filters]);
  const labelOf = (field: string) => answer?.columns.find((c) => c.field === field)?.label;
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
            {filters.map((f) => {
              const label = `${labelOf(f.field)?.[currentLang()] ?? f.field} · ${t(`reports.op.${f.op}`)}`;
              const v = values[f.field];
              if (f.op === "in") return <TagsInput key={f.field} label={label} value={(v as string[]) ?? []} onChange={(list) => setValues({ ...values, [f.field]: list })} w={240} />;
              if (f.op === "range") {
                const [from, to] = (v as [unknown, unknown]) ?? ["", ""];
                return (
                  <Group key={f.field} gap={4} align="flex-end">
                    <TextInput label={label} placeholder={t("reports.from")} value={String(from ?? "")} onChange={(e) => setValues({ ...values, [f.field]: [e.currentTarget.value, to] })} w={130} />
                    <TextInput placeholder={t("reports.to")} value={String(to ?? "")} onChange={(e) => setValues({ ...values, [f.field]: [from, e.currentTarget.value] })} w={130} />
                  </Group>
                );
              }
              return <TextInput key={f.field} label={label} value={String(v ?? "")} onChange={(e) => setValues({ ...values, [f.field]: e.currentTarget.value })} onKeyDown={(e) => e.key === "Enter" && apply()} w={200} data-testid={`report-viewer-filter-${f.field}`} />;
            })}
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
