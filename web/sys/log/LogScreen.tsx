/**
 * Operation log (/sys/log, GET /log/list): read-only, newest first, filtered by operator, module (a
 * record family) and a date range (YYYY-MM-DD), paged 10/20/50/100.
 */
import { Button, Card, Code, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { DatePickerInput, DatesProvider, type DatesRangeValue } from "@mantine/dates";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { IconCalendar, IconSearch } from "@tabler/icons-react";
import "dayjs/locale/zh-cn";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { get } from "../../core/api/http.ts";
import { currentLang } from "../../core/i18n.ts";
import type { ScreenProps } from "../../registry/index.ts";
import { families } from "../../../events/families/index.ts";
import { PageBar } from "../../widgets/PageBar/index.ts";
import { EmptyRow } from "../../core/ui/TableParts.tsx";

interface LogRow {
  id: number;
  time: string;
  operation: string;
  type: string;
  target: string;
  actorId: string | null;
  actorName: string | null;
  requestId: string;
  ip: string | null;
}

interface LogFilter {
  actor: string;
  module: string | null;
  range: DatesRangeValue<string>;
}

const emptyFilter: LogFilter = { actor: "", module: null, range: [null, null] };

export const logQuery = (params: Record<string, string | number | undefined>) => ({
  queryKey: ["/log", "list", params] as const,
  queryFn: async () => {
    const answer = await get<LogRow[]>("/log/list", params);
    return { rows: answer.data, total: answer.total ?? 0 };
  },
});

export default function LogScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [draft, setDraft] = useState<LogFilter>(emptyFilter);
  const [filter, setFilter] = useState<LogFilter>(emptyFilter);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const modules = useMemo(
    () => [...families.map((f) => ({ value: f.name, label: f.label[lang] })), { value: "sys.credential", label: t("sys.log.password") }],
    [lang, t],
  );
  const list = useQuery({
    ...logQuery({ ...paging, actor: filter.actor.trim() || undefined, module: filter.module ?? undefined, from: filter.range[0] ?? undefined, to: filter.range[1] ?? undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const search = () => (setFilter(draft), setPaging((p) => ({ ...p, page: 1 })));

  return (
    <Card withBorder data-testid="log-screen">
      <Stack>
        <DatesProvider settings={{ locale: lang === "en-US" ? "en" : "zh-cn", firstDayOfWeek: lang === "en-US" ? 0 : 1 }}>
          <Group gap="sm">
            <TextInput placeholder={t("sys.log.operator")} value={draft.actor} onChange={(e) => setDraft({ ...draft, actor: e.currentTarget.value })} onKeyDown={(e) => e.key === "Enter" && search()} w={160} data-testid="log-actor" />
            <Select placeholder={t("sys.log.module")} data={modules} searchable clearable value={draft.module} onChange={(v) => setDraft({ ...draft, module: v })} w={200} data-testid="log-module" />
            <DatePickerInput
              type="range"
              allowSingleDateInRange
              clearable
              valueFormat="YYYY-MM-DD"
              placeholder={`${t("sys.log.from")} ~ ${t("sys.log.to")}`}
              leftSection={<IconCalendar size={16} />}
              value={draft.range}
              onChange={(range) => setDraft({ ...draft, range: range as DatesRangeValue<string> })}
              w={260}
              data-testid="log-range"
            />
            <Button leftSection={<IconSearch size={16} />} onClick={search} data-testid="log-search">{t("actions.search")}</Button>
            <Button variant="default" onClick={() => (setDraft(emptyFilter), setFilter(emptyFilter), setPaging((p) => ({ ...p, page: 1 })))}>{t("actions.reset")}</Button>
          </Group>
        </DatesProvider>
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover withTableBorder data-testid="log-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>{t("sys.log.time")}</Table.Th>
                <Table.Th w={120}>{t("sys.log.operator")}</Table.Th>
                <Table.Th w={170}>{t("sys.log.operation")}</Table.Th>
                <Table.Th>{t("sys.log.target")}</Table.Th>
                <Table.Th>{t("sys.log.requestId")}</Table.Th>
                <Table.Th w={130}>{t("sys.log.ip")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.time}</Table.Td>
                  <Table.Td>{r.actorName ?? ""}</Table.Td>
                  <Table.Td title={r.type}>{r.operation}</Table.Td>
                  <Table.Td><Text size="xs" ff="monospace">{r.target}</Text></Table.Td>
                  <Table.Td><Code fz={11}>{r.requestId}</Code></Table.Td>
                  <Table.Td>{r.ip ?? ""}</Table.Td>
                </Table.Tr>
              ))}
              {!rows.length && <EmptyRow colSpan={6} loading={list.isLoading} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageBar page={paging.page} limit={paging.limit} total={list.data?.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />
      </Stack>
    </Card>
  );
}
