/**
 * 报表设计 (/report/design, componentUrl report/design/index): the report models on the list kit (searched by
 * name, paged, both in the URL), and the designer — a source (data model, view or declared family), columns,
 * filters, groups with aggregates, sorting and a chart — with a live preview, save, publish under a code and
 * copy.
 */
import { ActionIcon, Anchor, Badge, Button } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { IconCopy, IconPencil, IconPlus, IconSend, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { hasPermission } from "../core/session.ts";
import { confirmDelete } from "../core/ui/confirmDelete.tsx";
import type { ScreenProps } from "../registry/index.ts";
import { ListScreen, type ListContext, type ListSpec } from "../crud/ListScreen.tsx";
import { modelsPath, reportApi, reportQueries, type ReportModel } from "./api.ts";
import { Designer } from "./Designer.tsx";


async function remove(m: ReportModel, list: ListContext<ReportModel>) {
  if (await confirmDelete([], { text: list.t("reports.confirmDelete", { name: m.name }) })) await list.command(`delete-${m.id}`, () => reportApi.remove(m.id), list.t("reports.done"));
}

function modelList(open: (id: string | "new") => void): ListSpec<ReportModel> {
  return {
    name: "report-design",
    path: modelsPath,
    query: (params) => reportQueries.models(params),
    rowKey: (m) => m.id,
    rowAttrs: (m) => ({ "data-model-id": m.id }),
    filters: [{ kind: "text", key: "search", testId: "report-model-search", label: (t) => t("reports.searchModels"), width: 220 }],
    columns: [
      { key: "name", title: (t) => t("reports.name"), render: (m) => <Anchor onClick={() => open(m.id)}>{m.name}</Anchor> },
      { key: "code", title: (t) => t("reports.code") },
      { key: "status", title: (t) => t("reports.status"), render: (m, t) => <Badge variant="light" color={m.status === "1" ? "green" : "gray"}>{m.status === "1" ? t("reports.published") : t("reports.draft")}</Badge> },
      { key: "publishedVersion", title: (t) => t("reports.publishedVersion"), render: (m) => (m.publishedVersion ? String(m.publishedVersion) : "") },
      { key: "updateTime", title: (t) => t("reports.updated"), render: (m) => m.updateTime ?? "" },
    ],
    toolbar: (list) => hasPermission("report:model:save") && <Button leftSection={<IconPlus size={16} />} onClick={() => open("new")} data-testid="report-new">{list.t("reports.newModel")}</Button>,
    actions: (m, list) => {
      const { t } = list;
      return (
        <>
          <ActionIcon variant="subtle" title={t("reports.design")} onClick={() => open(m.id)}><IconPencil size={16} /></ActionIcon>
          {hasPermission("report:model:save") && <ActionIcon variant="subtle" title={t("reports.copy")} loading={list.busy === `copy-${m.id}`} onClick={() => void list.command(`copy-${m.id}`, () => reportApi.copy(m.id), list.t("reports.done"))}><IconCopy size={16} /></ActionIcon>}
          {hasPermission("report:model:publish") && <ActionIcon variant="subtle" title={t("reports.publish")} loading={list.busy === `publish-${m.id}`} onClick={() => void list.command(`publish-${m.id}`, () => reportApi.publish(m.id), list.t("reports.done"))}><IconSend size={16} /></ActionIcon>}
          {hasPermission("report:model:delete") && <ActionIcon variant="subtle" color="red" title={t("reports.delete")} onClick={() => void remove(m, list)} data-testid="report-design-delete"><IconTrash size={16} /></ActionIcon>}
        </>
      );
    },
  };
}

export default function DesignScreen(_: ScreenProps) {
  const client = useQueryClient();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  // one declaration for the screen's life (the kit keys its URL shape on it); the setter is stable
  const list = useMemo(() => modelList(setEditing), []);
  if (editing) return <Designer id={editing === "new" ? null : editing} onClose={() => (setEditing(null), void client.invalidateQueries({ queryKey: [modelsPath] }))} onOpen={setEditing} />;
  return <ListScreen list={list} />;
}
