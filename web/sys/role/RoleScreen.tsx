/**
 * Roles (/sys/role): searchable, paged list with add, edit and delete. Deleting first asks the server how
 * many users hold the roles and, when some do, shows its warning in the confirmation.
 */
import { Badge, Button, Card, Checkbox, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useQuery, useQueryClient, keepPreviousData } from "@tanstack/react-query";
import { IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { get, post } from "../../api/http.ts";
import type { Row } from "../../api/records.ts";
import { currentLang } from "../../app/i18n.ts";
import { hasPermission } from "../../app/session.ts";
import type { ScreenProps } from "../../app/screens.ts";
import { role } from "../../../events/families/sys.ts";
import { useDict } from "../shared/dict.ts";
import { confirmDelete, notifyError, runCommand } from "../shared/feedback.tsx";
import { PageBar } from "../shared/PageBar.tsx";
import { useDialog } from "../shared/useDialog.ts";
import { fieldLabel } from "../shared/validate.ts";
import { RoleForm, roleQueries } from "./RoleForm.tsx";

const emptyFilter = { name: "", type: null as string | null };

export default function RoleScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const { options: types, labelOf } = useDict("roleType");
  const [draft, setDraft] = useState(emptyFilter);
  const [filter, setFilter] = useState(emptyFilter);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const dialog = useDialog<{ roleId: string | null }>();
  const list = useQuery({ ...roleQueries.list({ ...paging, name: filter.name || undefined, type: filter.type ?? undefined }), placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];
  const serial = (index: number) => (paging.page - 1) * paging.limit + index + 1;
  const canDelete = hasPermission(role.tags.delete);
  const label = (key: string) => fieldLabel(role, key, lang);

  const remove = async (ids: string[]) => {
    if (!ids.length) return notifyError(t("notice.pleaseSelectDelete"));
    const serials = rows.flatMap((r, i) => (ids.includes(r.roleId as string) ? [serial(i)] : []));
    let warning: string | undefined;
    try {
      const answer = await get<{ holders: number }>("/sys/role/holders", { ids: ids.join(",") });
      if (answer.data.holders > 0) warning = answer.msg;
    } catch (error) {
      return notifyError(error);
    }
    if (!(await confirmDelete(serials, warning))) return;
    if (await runCommand(() => post("/sys/role/delete", ids))) {
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: roleQueries.all });
    }
  };

  const search = () => {
    setFilter(draft);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const allChecked = rows.length > 0 && rows.every((r) => selected.includes(r.roleId as string));
  const toggleAll = () => setSelected(allChecked ? [] : rows.map((r) => r.roleId as string));
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <Card withBorder data-testid="role-screen">
      <Stack>
        <Group gap="sm" align="flex-end">
          <TextInput placeholder={label("name")} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} onKeyDown={(e) => e.key === "Enter" && search()} data-testid="role-filter-name" />
          <Select placeholder={label("type")} data={types} clearable value={draft.type} onChange={(v) => setDraft({ ...draft, type: v })} w={180} />
          <Button leftSection={<IconSearch size={16} />} onClick={search}>{t("actions.search")}</Button>
          <Button variant="default" onClick={() => (setDraft(emptyFilter), setFilter(emptyFilter), setPaging((p) => ({ ...p, page: 1 })))}>{t("actions.reset")}</Button>
          <Group gap="sm" ml="auto">
            {hasPermission(role.tags.save) && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => dialog.open({ roleId: null })} data-testid="role-add">{t("actions.add")}</Button>
            )}
            {canDelete && (
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => void remove(selected)}>{t("actions.bulkDelete")}</Button>
            )}
          </Group>
        </Group>
        <Table.ScrollContainer minWidth={700}>
          <Table striped highlightOnHover withTableBorder data-testid="role-table">
            <Table.Thead>
              <Table.Tr>
                {canDelete && <Table.Th w={40}><Checkbox size="xs" checked={allChecked} indeterminate={!allChecked && selected.length > 0} onChange={toggleAll} aria-label="all" /></Table.Th>}
                <Table.Th w={60}>{t("sys.common.serial")}</Table.Th>
                <Table.Th>{label("name")}</Table.Th>
                <Table.Th w={160}>{label("type")}</Table.Th>
                <Table.Th>{label("remark")}</Table.Th>
                <Table.Th w={170}>{t("sys.common.createTime")}</Table.Th>
                <Table.Th w={150}>{t("sys.common.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r: Row, i) => (
                <Table.Tr key={r.roleId as string} data-role-id={r.roleId as string}>
                  {canDelete && <Table.Td><Checkbox size="xs" checked={selected.includes(r.roleId as string)} onChange={() => toggle(r.roleId as string)} aria-label={String(r.name)} /></Table.Td>}
                  <Table.Td>{serial(i)}</Table.Td>
                  <Table.Td>{String(r.name ?? "")}</Table.Td>
                  <Table.Td><Badge variant="light" tt="none" color={r.type === "admin" ? "red" : "blue"}>{labelOf(r.type)}</Badge></Table.Td>
                  <Table.Td>{String(r.remark ?? "")}</Table.Td>
                  <Table.Td>{String(r.createTime ?? "")}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {hasPermission(role.tags.update) && <Button size="compact-sm" variant="subtle" onClick={() => dialog.open({ roleId: r.roleId as string })}>{t("actions.edit")}</Button>}
                      {canDelete && <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove([r.roleId as string])}>{t("actions.delete")}</Button>}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!rows.length && (
                <Table.Tr><Table.Td colSpan={canDelete ? 7 : 6}><Text c="dimmed" ta="center" size="sm">{list.isLoading ? t("sys.common.loading") : t("sys.common.noData")}</Text></Table.Td></Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageBar page={paging.page} limit={paging.limit} total={list.data?.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />
      </Stack>
      <RoleForm opened={dialog.opened} roleId={dialog.target?.roleId ?? null} onClose={dialog.close} />
    </Card>
  );
}
