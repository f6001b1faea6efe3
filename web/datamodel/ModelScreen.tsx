/**
 * Data models (/datamodel/model): the models, searched by name and paged; create and change one in a drawer
 * (./ModelForm.tsx), its versions in the engine's history drawer (a model is a record of the declared family
 * `dataModels`, so its history is its version history; a revert is decided like any model change), a menu entry for its records' list in one click (the
 * side menu is reloaded at once), its records' list, and delete after the spec's confirmation — the server
 * refuses while records exist, and its message is shown.
 */
import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { IconHistory, IconMenu2, IconPlus, IconSearch, IconTable } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dataModels } from "../../events/families/datamodel.ts";
import type { Family } from "../../events/family.ts";
import { ApiError } from "../core/api/http.ts";
import { deleteRecords, recordQueries } from "../core/api/records.ts";
import { navigationChanged } from "../core/navigation.ts";
import type { ScreenProps } from "../registry/index.ts";
import { hasPermission } from "../core/session.ts";
import { confirmDelete, confirmDialog } from "../core/ui/confirmDelete.tsx";
import { HistoryDrawer } from "../crud/HistoryDrawer.tsx";
import { EmptyRow } from "../core/ui/TableParts.tsx";
import { useDialog } from "../core/ui/useDialog.ts";
import { PageBar } from "../widgets/PageBar/index.ts";
import { createModelMenu, modelPath, type ModelRow } from "./api.ts";
import { ModelForm } from "./ModelForm.tsx";

const family = dataModels as unknown as Family;

export default function ModelScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draftName, setDraftName] = useState("");
  const [name, setName] = useState("");
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [historyId, setHistoryId] = useState<string | null>(null);
  const [menuBusy, setMenuBusy] = useState<string | null>(null);
  const dialog = useDialog<{ id: string | null }>();
  const list = useQuery({ ...recordQueries(modelPath).list({ ...paging, name: name || undefined }), placeholderData: keepPreviousData });
  const rows = (list.data?.rows ?? []) as ModelRow[];
  const serial = (i: number) => (paging.page - 1) * paging.limit + i + 1;
  const can = {
    add: hasPermission(family.tags.save),
    edit: hasPermission(family.tags.update),
    remove: hasPermission(family.tags.delete),
    history: hasPermission(family.tags.info),
    data: hasPermission("datamodel:data:list"),
  };
  const failed = (error: unknown) => notifications.show({ color: "red", message: error instanceof ApiError ? error.message : t("http.failed") });

  const search = () => {
    setName(draftName.trim());
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const reset = () => {
    setDraftName("");
    setName("");
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const remove = async (row: ModelRow, index: number) => {
    if (!(await confirmDelete([serial(index)], { warning: t("datamodel.model.deleteWarning", { name: row.name }) }))) return;
    try {
      const answer = await deleteRecords(modelPath, [row.id]);
      notifications.show({ color: "green", message: answer.msg });
      await queryClient.invalidateQueries({ queryKey: [modelPath] });
    } catch (error) {
      failed(error);
    }
  };

  const addMenu = async (row: ModelRow) => {
    if (!(await confirmDialog(t("datamodel.model.menuConfirm", { name: row.name }), { danger: false }))) return;
    setMenuBusy(row.id);
    try {
      const answer = await createModelMenu(row.id);
      notifications.show({ color: "green", message: answer.msg || t("datamodel.model.menuCreated") });
      await queryClient.invalidateQueries({ queryKey: [modelPath] });
      // the side menu and the routes come from the session's navigation: reload it so the entry appears now
      navigationChanged();
    } catch (error) {
      failed(error);
    } finally {
      setMenuBusy(null);
    }
  };

  return (
    <Card withBorder data-testid="model-screen">
      <Stack>
        <Group gap="sm">
          <TextInput
            placeholder={t("datamodel.model.searchName")}
            aria-label={t("datamodel.model.searchName")}
            value={draftName}
            onChange={(e) => setDraftName(e.currentTarget.value)}
            onKeyDown={(e) => e.key === "Enter" && search()}
            name="name"
            data-testid="model-search-name"
          />
          <Button leftSection={<IconSearch size={16} />} onClick={search} data-testid="model-search">{t("actions.search")}</Button>
          <Button variant="default" onClick={reset}>{t("actions.reset")}</Button>
          {can.add && (
            <Button ml="auto" leftSection={<IconPlus size={16} />} onClick={() => dialog.open({ id: null })} data-testid="model-add">
              {t("datamodel.model.add")}
            </Button>
          )}
        </Group>
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover withTableBorder data-testid="model-table">
            <Table.Thead style={{ whiteSpace: "nowrap" }}>
              <Table.Tr>
                <Table.Th w={60}>{t("sys.common.serial")}</Table.Th>
                <Table.Th>{t("datamodel.model.name")}</Table.Th>
                <Table.Th>{t("datamodel.model.code")}</Table.Th>
                <Table.Th w={100}>{t("datamodel.model.type")}</Table.Th>
                <Table.Th>{t("datamodel.model.table")}</Table.Th>
                <Table.Th w={80}>{t("datamodel.model.fieldCount")}</Table.Th>
                <Table.Th w={140}>{t("datamodel.model.menu")}</Table.Th>
                <Table.Th>{t("datamodel.model.remark")}</Table.Th>
                <Table.Th w={170}>{t("sys.common.updateTime")}</Table.Th>
                <Table.Th w={260}>{t("sys.common.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={row.id} data-testid="model-row" data-model-id={row.id} data-model-code={row.code}>
                  <Table.Td>{serial(i)}</Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td><Text size="sm" ff="monospace">{row.code}</Text></Table.Td>
                  <Table.Td><Badge variant="light" tt="none" color={row.type === "view" ? "grape" : "blue"}>{t(row.type === "view" ? "datamodel.model.typeView" : "datamodel.model.typeTable")}</Badge></Table.Td>
                  <Table.Td><Text size="sm" ff="monospace">{row.tableName ?? ""}</Text></Table.Td>
                  <Table.Td>{(row.fields ?? []).filter((f) => !f.hidden).length}</Table.Td>
                  <Table.Td>
                    {row.menuId ? (
                      <Badge variant="light" color="green" tt="none" data-testid="model-has-menu">{t("datamodel.model.hasMenu")}</Badge>
                    ) : can.edit ? (
                      <Button size="compact-sm" variant="light" leftSection={<IconMenu2 size={14} />} loading={menuBusy === row.id} onClick={() => void addMenu(row)} data-testid="model-create-menu">
                        {t("datamodel.model.createMenu")}
                      </Button>
                    ) : (
                      <Text size="sm" c="dimmed">—</Text>
                    )}
                  </Table.Td>
                  <Table.Td><Text size="sm" lineClamp={2}>{row.remark ?? ""}</Text></Table.Td>
                  <Table.Td>{String(row.updateTime ?? "")}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {can.edit && <Button size="compact-sm" variant="subtle" onClick={() => dialog.open({ id: row.id })} data-testid="model-edit">{t("actions.edit")}</Button>}
                      {can.data && (
                        <Tooltip label={t("datamodel.model.records")}>
                          <Button size="compact-sm" variant="subtle" leftSection={<IconTable size={14} />} onClick={() => void navigate({ to: "/datamodel/data", search: { dataModelId: row.id } as never })} data-testid="model-records">
                            {t("datamodel.model.data")}
                          </Button>
                        </Tooltip>
                      )}
                      {can.history && (
                        <Button size="compact-sm" variant="subtle" leftSection={<IconHistory size={14} />} onClick={() => setHistoryId(row.id)} data-testid="model-history">
                          {t("actions.history")}
                        </Button>
                      )}
                      {can.remove && <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(row, i)} data-testid="model-delete">{t("actions.delete")}</Button>}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {rows.length === 0 && <EmptyRow colSpan={10} loading={list.isLoading} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageBar page={paging.page} limit={paging.limit} total={list.data?.total ?? 0} capped={list.data?.totalCapped} onChange={(page, limit) => setPaging({ page, limit })} />
      </Stack>
      <ModelForm opened={dialog.opened} id={dialog.target?.id ?? null} onClose={dialog.close} />
      <HistoryDrawer family={family} id={historyId} onClose={() => setHistoryId(null)} canRevert={can.edit} onReverted={() => void queryClient.invalidateQueries({ queryKey: [modelPath] })} />
    </Card>
  );
}
