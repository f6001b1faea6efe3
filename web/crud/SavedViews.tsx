/**
 * Saved views of a list: the list's menu picks one (mine, and those shared with a role I hold); the current
 * filters, keyword, sort and columns are saved under a name, maybe shared with roles; my own views can be
 * updated and deleted (/sys/listview/mine|saveMine|deleteMine).
 */
import { ActionIcon, Badge, Button, Group, Menu, Modal, Stack, Table, Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconBookmarks, IconChevronDown, IconDeviceFloppy, IconSettings, IconTrash } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Family } from "../../events/family.ts";
import { ApiError } from "../core/api/http.ts";
import { deleteView, listViewQueries, saveView, type SavedView, type SavedViewInput } from "../core/api/records.ts";
import { columnPrefs, type Column } from "./columns.ts";
import type { Filters, Sort } from "./listSearch.ts";
import { RoleSelect } from "./refs.tsx";

export interface SavedViewsProps {
  family: Family;
  /** what "save" stores: the list as it is now */
  current: { filters: Filters; keyword: string; sort: Sort | null; columns: Column[] };
  /** the view the list was picked from */
  activeId?: string;
  onApply: (view: SavedView) => void;
  /** after a save, with the view's id */
  onSaved?: (id: string) => void;
}

const viewName = z.string().trim().min(1).max(64);

export function SavedViews({ family, current, activeId, onApply, onSaved }: SavedViewsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const views = useQuery(listViewQueries.mine(family.path));
  const all = views.data ?? [];
  const active = all.find((v) => v.id === activeId);
  const mine = all.filter((v) => v.mine);
  const shared = all.filter((v) => !v.mine);
  const [saving, setSaving] = useState<{ name: string; roleIds: string[]; error?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [managing, setManaging] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: listViewQueries.mine(family.path).queryKey });
  const failed = (error: unknown) => notifications.show({ color: "red", message: error instanceof ApiError ? error.message : t("http.failed") });

  const store = async (event: FormEvent | null, asNew: boolean) => {
    event?.preventDefault();
    if (!saving) return;
    const name = viewName.safeParse(saving.name);
    if (!name.success) {
      setSaving({ ...saving, error: t(saving.name.trim() ? "crud.views.nameTooLong" : "crud.views.nameRequired") });
      return;
    }
    const body: SavedViewInput = {
      ...(asNew || !active?.mine ? {} : { id: active.id }),
      name: name.data,
      familyPath: family.path,
      filters: current.filters,
      keyword: current.keyword,
      sort: current.sort,
      columns: columnPrefs(current.columns),
      roleIds: saving.roleIds,
    };
    setBusy(true);
    try {
      const answer = await saveView(body);
      notifications.show({ color: "green", message: answer.msg || t("crud.views.saved") });
      await refresh();
      setSaving(null);
      onSaved?.(answer.data.id);
    } catch (error) {
      if (error instanceof ApiError && error.errors.name) setSaving({ ...saving, error: error.errors.name });
      else failed(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = (view: SavedView) =>
    modals.openConfirmModal({
      title: t("notice.confirmTitle"),
      centered: true,
      children: <Text size="sm" data-testid="view-delete-text">{t("crud.views.deleteConfirm", { name: view.name })}</Text>,
      labels: { confirm: t("actions.confirm"), cancel: t("actions.cancel") },
      confirmProps: { color: "red", "data-testid": "confirm-ok" } as never,
      onConfirm: async () => {
        try {
          const answer = await deleteView(view.id);
          notifications.show({ color: "green", message: answer.msg || t("http.deleted") });
          await refresh();
        } catch (error) {
          failed(error);
        }
      },
    });

  const item = (view: SavedView) => (
    <Menu.Item key={view.id} onClick={() => onApply(view)} data-testid="view-item" data-view-id={view.id} fw={view.id === activeId ? 600 : undefined} rightSection={view.mine ? undefined : <Badge size="xs" variant="light">{t("crud.views.sharedTag")}</Badge>}>
      {view.name}
    </Menu.Item>
  );

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconBookmarks size={16} />} rightSection={<IconChevronDown size={14} />} data-testid="views-menu" data-active-view={activeId}>
            {active ? active.name : t("crud.views.button")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="views-dropdown" miw={220}>
          {mine.length > 0 && <Menu.Label>{t("crud.views.mine")}</Menu.Label>}
          {mine.map(item)}
          {shared.length > 0 && <Menu.Label>{t("crud.views.shared")}</Menu.Label>}
          {shared.map(item)}
          {all.length === 0 && <Menu.Item disabled>{views.isError ? t("crud.views.unavailable") : t("crud.views.none")}</Menu.Item>}
          <Menu.Divider />
          <Menu.Item leftSection={<IconDeviceFloppy size={14} />} onClick={() => setSaving({ name: active?.mine ? active.name : "", roleIds: active?.mine ? active.roleIds : [] })} data-testid="save-view">
            {t("crud.views.save")}
          </Menu.Item>
          <Menu.Item leftSection={<IconSettings size={14} />} disabled={mine.length === 0} onClick={() => setManaging(true)} data-testid="manage-views">
            {t("crud.views.manage")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <Modal opened={saving !== null} onClose={() => setSaving(null)} title={t("crud.views.saveTitle")} attributes={{ content: { "data-testid": "view-dialog" } as Record<string, string> }}>
        {saving && (
          <form onSubmit={(e) => void store(e, !active?.mine)}>
            <Stack gap="sm">
              <TextInput label={t("crud.views.name")} name="viewName" required value={saving.name} maxLength={64} error={saving.error} onChange={(e) => setSaving({ ...saving, name: e.currentTarget.value, error: undefined })} data-testid="view-name" data-autofocus />
              <RoleSelect label={t("crud.views.shareWith")} placeholder={t("crud.views.onlyMe")} name="viewRoles" value={saving.roleIds} onChange={(roleIds) => setSaving({ ...saving, roleIds })} comboboxProps={{ withinPortal: true }} />
              <Text size="xs" c="dimmed">{t("crud.views.what")}</Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setSaving(null)}>{t("actions.cancel")}</Button>
                {active?.mine ? (
                  <>
                    <Button variant="light" loading={busy} onClick={() => void store(null, true)} data-testid="view-save-new">{t("crud.views.saveAsNew")}</Button>
                    <Button type="submit" loading={busy} data-testid="view-save">{t("crud.views.update", { name: active.name })}</Button>
                  </>
                ) : (
                  <Button type="submit" loading={busy} data-testid="view-save">{t("actions.save")}</Button>
                )}
              </Group>
            </Stack>
          </form>
        )}
      </Modal>

      <Modal opened={managing} onClose={() => setManaging(false)} title={t("crud.views.manage")} size="lg" attributes={{ content: { "data-testid": "views-manage" } as Record<string, string> }}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("crud.views.name")}</Table.Th>
              <Table.Th>{t("crud.views.shareWith")}</Table.Th>
              <Table.Th w={60}>{t("crud.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mine.map((view) => (
              <Table.Tr key={view.id} data-testid="view-row" data-view-id={view.id}>
                <Table.Td>{view.name}</Table.Td>
                <Table.Td>{view.roleIds.length ? t("crud.views.roles", { n: view.roleIds.length }) : t("crud.views.onlyMe")}</Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" onClick={() => remove(view)} aria-label={t("crud.views.delete", { name: view.name })} data-testid="view-delete">
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}
