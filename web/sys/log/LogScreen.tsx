/**
 * Operation log (/sys/log, GET /log/list): read-only, newest first, filtered by operator, module (a
 * record family) and a date range (YYYY-MM-DD), paged 10/20/50/100 — all of it in the URL.
 */
import { Code, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { pagedQuery } from "../../core/api/call.ts";
import { sys } from "../../../events/api/sys.ts";
import type { Answer } from "../../../events/api/verb.ts";
import { currentLang } from "../../core/i18n.ts";
import type { ScreenProps } from "../../registry/index.ts";
import { families } from "../../../events/families/index.ts";
import { ListScreen, type ListSpec, type Option } from "../../crud/ListScreen.tsx";

type LogRow = Answer<typeof sys.log>[number];

const logPath = sys.log.path;

export const logQuery = pagedQuery(sys.log, [logPath, "list"]);

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
