/**
 * Data models (/datamodel/model) on the list kit: the models, searched by name and paged (both in the URL);
 * create and change one in a drawer (./ModelForm.tsx), its versions in the engine's history drawer (a model is
 * a record of the declared family `dataModels`, so its history is its version history; a revert is decided
 * like any model change), a menu entry for its records' list in one click (the side menu is reloaded at once),
 * its records' list, and delete after the spec's confirmation — the server refuses while records exist, and
 * its message is shown.
 */
import { Badge, Button, Text, Tooltip } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { IconHistory, IconMenu2, IconPlus, IconTable } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { dataModels } from "../../events/families/datamodel.ts";
import type { Family } from "../../events/family.ts";
import { deleteRecords } from "../core/api/records.ts";
import { notifySuccess } from "../core/feedback.tsx";
import { navigationChanged } from "../core/navigation.ts";
import type { ScreenProps } from "../registry/index.ts";
import { hasPermission } from "../core/session.ts";
import { confirmDelete, confirmDialog } from "../core/ui/confirmDelete.tsx";
import { HistoryDrawer } from "../crud/HistoryDrawer.tsx";
import { ListScreen, type ListContext, type ListSpec } from "../crud/ListScreen.tsx";
import { createModelMenu, modelPath, modelQueries, type ModelRow } from "./api.ts";
import { ModelForm } from "./ModelForm.tsx";

const family = dataModels as unknown as Family;
const can = {
  add: () => hasPermission(family.tags.save),
  edit: () => hasPermission(family.tags.update),
  remove: () => hasPermission(family.tags.delete),
  history: () => hasPermission(family.tags.info),
  data: () => hasPermission("datamodel:data:list"),
};

async function remove(row: ModelRow, list: ListContext<ModelRow>) {
  const { t } = list;
  if (!(await confirmDelete([], { text: t("sys.common.deleteNamed", { name: row.name }), warning: t("datamodel.model.deleteWarning", { name: row.name }) }))) return;
  await list.run(`delete-${row.id}`, async () => notifySuccess((await deleteRecords(modelPath, [row.id])).msg));
}

async function addMenu(row: ModelRow, list: ListContext<ModelRow>) {
  const { t } = list;
  if (!(await confirmDialog(t("datamodel.model.menuConfirm", { name: row.name }), { danger: false }))) return;
  await list.run(`menu-${row.id}`, async () => {
    notifySuccess((await createModelMenu(row.id)).msg || t("datamodel.model.menuCreated"));
    // the side menu and the routes come from the session's navigation: reload it so the entry appears now
    navigationChanged();
  });
}

function MenuCell({ row, list }: { row: ModelRow; list: ListContext<ModelRow> }) {
  const { t } = list;
  if (row.menuId) return <Badge variant="light" color="green" tt="none" data-testid="model-has-menu">{t("datamodel.model.hasMenu")}</Badge>;
  if (!can.edit()) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Button size="compact-sm" variant="light" leftSection={<IconMenu2 size={14} />} loading={list.busy === `menu-${row.id}`} onClick={() => void addMenu(row, list)} data-testid="model-create-menu">
      {t("datamodel.model.createMenu")}
    </Button>
  );
}

function modelList(openHistory: (id: string) => void, openRecords: (id: string) => void): ListSpec<ModelRow> {
  return {
    name: "model",
    path: modelPath,
    query: modelQueries.list,
    rowKey: (row) => row.id,
    rowAttrs: (row) => ({ "data-model-id": row.id, "data-model-code": row.code }),
    minWidth: 900,
    filters: [{ kind: "text", key: "name", label: (t) => t("datamodel.model.searchName"), width: 220 }],
    columns: [
      { key: "name", title: (t) => t("datamodel.model.name") },
      { key: "code", title: (t) => t("datamodel.model.code"), render: (row) => <Text size="sm" ff="monospace">{row.code}</Text> },
      {
        key: "type",
        title: (t) => t("datamodel.model.type"),
        width: 100,
        render: (row, t) => <Badge variant="light" tt="none" color={row.type === "view" ? "grape" : "blue"}>{t(row.type === "view" ? "datamodel.model.typeView" : "datamodel.model.typeTable")}</Badge>,
      },
      { key: "tableName", title: (t) => t("datamodel.model.table"), render: (row) => <Text size="sm" ff="monospace">{row.tableName ?? ""}</Text> },
      { key: "fieldCount", title: (t) => t("datamodel.model.fieldCount"), width: 80, render: (row) => (row.fields ?? []).filter((f) => !f.hidden).length },
      { key: "menu", title: (t) => t("datamodel.model.menu"), width: 140, render: (row, _, list) => <MenuCell row={row} list={list} /> },
      { key: "remark", title: (t) => t("datamodel.model.remark"), render: (row) => <Text size="sm" lineClamp={2}>{row.remark ?? ""}</Text> },
      { key: "updateTime", title: (t) => t("sys.common.updateTime"), width: 170, render: (row) => String(row.updateTime ?? "") },
    ],
    toolbar: (list) => can.add() && <Button leftSection={<IconPlus size={16} />} onClick={() => list.edit(null)} data-testid="model-add">{list.t("datamodel.model.add")}</Button>,
    actions: (row, list) => (
      <>
        {can.edit() && <Button size="compact-sm" variant="subtle" onClick={() => list.edit(row.id)} data-testid="model-edit">{list.t("actions.edit")}</Button>}
        {can.data() && (
          <Tooltip label={list.t("datamodel.model.records")}>
            <Button size="compact-sm" variant="subtle" leftSection={<IconTable size={14} />} onClick={() => openRecords(row.id)} data-testid="model-records">{list.t("datamodel.model.data")}</Button>
          </Tooltip>
        )}
        {can.history() && <Button size="compact-sm" variant="subtle" leftSection={<IconHistory size={14} />} onClick={() => openHistory(row.id)} data-testid="model-history">{list.t("actions.history")}</Button>}
        {can.remove() && <Button size="compact-sm" variant="subtle" color="red" loading={list.busy === `delete-${row.id}`} onClick={() => void remove(row, list)} data-testid="model-delete">{list.t("actions.delete")}</Button>}
      </>
    ),
    form: (id, close) => <ModelForm opened id={id} onClose={close} />,
  };
}

export default function ModelScreen(_: ScreenProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [historyId, setHistoryId] = useState<string | null>(null);
  // one declaration for the screen's life (the kit keys its URL shape on it)
  const list = useMemo(() => modelList(setHistoryId, (id) => void navigate({ to: "/datamodel/data", search: { dataModelId: id } as never })), [navigate]);
  return (
    <>
      <ListScreen list={list} />
      <HistoryDrawer family={family} id={historyId} onClose={() => setHistoryId(null)} canRevert={can.edit()} onReverted={() => void queryClient.invalidateQueries({ queryKey: [modelPath] })} />
    </>
  );
}
