/**
 * Operation log (/sys/log, GET /log/list): read-only, newest first, filtered by operator, module (a
 * record family) and a date range (YYYY-MM-DD), paged 10/20/50/100 — all of it in the URL.
 */
import { Code, Text } from "@mantine/core";
import { queryOptions } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { get, type Query } from "../../core/api/http.ts";
import { currentLang } from "../../core/i18n.ts";
import type { ScreenProps } from "../../registry/index.ts";
import { families } from "../../../events/families/index.ts";
import { ListScreen, type ListSpec, type Option } from "../../crud/ListScreen.tsx";

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

const logPath = "/log";

export const logQuery = (params: Query) =>
  queryOptions({
    queryKey: [logPath, "list", params] as const,
    queryFn: async () => {
      const answer = await get<LogRow[]>(`${logPath}/list`, params);
      return { rows: answer.data, total: answer.total ?? 0 };
    },
  });

/** The modules: every record family, and the password changes. */
function useModules(): Option[] {
  const { t } = useTranslation();
  const lang = currentLang();
  return [...families.map((f) => ({ value: f.name, label: f.label[lang] })), { value: "sys.credential", label: t("sys.log.password") }];
}

const logList: ListSpec<LogRow> = {
  name: "log",
  path: logPath,
  query: logQuery,
  rowKey: (r) => String(r.id),
  minWidth: 900,
  filters: [
    { kind: "text", key: "actor", label: (t) => t("sys.log.operator"), width: 160 },
    { kind: "select", key: "module", label: (t) => t("sys.log.module"), useOptions: useModules, searchable: true, width: 200 },
    { kind: "dateRange", key: "range", from: "from", to: "to", label: (t) => `${t("sys.log.from")} ~ ${t("sys.log.to")}` },
  ],
  columns: [
    { key: "time", title: (t) => t("sys.log.time"), width: 170 },
    { key: "actorName", title: (t) => t("sys.log.operator"), width: 120, render: (r) => r.actorName ?? "" },
    { key: "operation", title: (t) => t("sys.log.operation"), width: 170, render: (r) => <span title={r.type}>{r.operation}</span> },
    { key: "target", title: (t) => t("sys.log.target"), render: (r) => <Text size="xs" ff="monospace">{r.target}</Text> },
    { key: "requestId", title: (t) => t("sys.log.requestId"), render: (r) => <Code fz={11}>{r.requestId}</Code> },
    { key: "ip", title: (t) => t("sys.log.ip"), width: 130, render: (r) => r.ip ?? "" },
  ],
  export: { fileName: (t) => t("sys.log.fileName") },
};

export default function LogScreen(_: ScreenProps) {
  return <ListScreen list={logList} />;
}
