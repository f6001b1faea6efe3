/** Config parameters (/sys/config): searchable, paged list with add, edit and delete; values shown by type. */
import { Badge, Button, Card, Checkbox, Group, Select, Stack, Table, Text, TextInput, Tooltip } from "@mantine/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { deleteRecords, type Row } from "../../core/api/records.ts";
import { currentLang } from "../../core/i18n.ts";
import { hasPermission } from "../../core/session.ts";
import type { ScreenProps } from "../../registry/index.ts";
import { config } from "../../../events/families/sys.ts";
import { useDict } from "../../core/ui/dict.ts";
import { confirmDelete, notifyError, runCommand } from "../../core/feedback.tsx";
import { PageBar } from "../../widgets/PageBar/index.ts";
import { useDialog } from "../../core/ui/useDialog.ts";
import { fieldLabel } from "../../../events/validation.ts";
import { ConfigForm, configQueries } from "./ConfigForm.tsx";
import type { ConfigTable } from "./ValueEditors.tsx";

const emptyFilter = { name: "", valueType: null as string | null };

/** A short text for a value of any type (the whole value in a tooltip). */
function ValuePreview({ type, value }: { type: unknown; value: unknown }) {
  const { t } = useTranslation();
  if (type === "array" && Array.isArray(value)) {
    return (
      <Group gap={4}>
        {value.slice(0, 4).map((item, i) => <Badge key={i} variant="outline" color="gray" tt="none" maw={220}>{String(item)}</Badge>)}
        {value.length > 4 && <Text size="xs" c="dimmed">{t("sys.config.items", { n: value.length })}</Text>}
      </Group>
    );
  }
  if (type === "table" && value && typeof value === "object") {
    const table = value as ConfigTable;
    return (
      <Tooltip label={[table.columns.join(" | "), ...table.rows.slice(0, 8).map((r) => r.join(" | "))].join("\n")} style={{ whiteSpace: "pre" }}>
        <Text size="sm">{table.columns.join("、")} <Text span size="xs" c="dimmed">({t("sys.config.tableSize", { columns: table.columns.length, rows: table.rows.length })})</Text></Text>
      </Tooltip>
    );
  }
  return <Text size="sm" lineClamp={2}>{value === null || value === undefined ? "" : String(value)}</Text>;
}

export default function ConfigScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const { options: valueTypes, labelOf } = useDict("configValueType");
  const [draft, setDraft] = useState(emptyFilter);
  const [filter, setFilter] = useState(emptyFilter);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const dialog = useDialog<{ id: string | null }>();
  const list = useQuery({ ...configQueries.list({ ...paging, name: filter.name || undefined, valueType: filter.valueType ?? undefined }), placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];
  const serial = (i: number) => (paging.page - 1) * paging.limit + i + 1;
  const canDelete = hasPermission(config.tags.delete);
  const label = (key: string) => fieldLabel(config, key, lang);

  const remove = async (ids: string[]) => {
    if (!ids.length) return notifyError(t("notice.pleaseSelectDelete"));
    if (!(await confirmDelete(rows.flatMap((r, i) => (ids.includes(r.id as string) ? [serial(i)] : []))))) return;
    if (await runCommand(() => deleteRecords(config.path, ids))) {
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: configQueries.all });
    }
  };
  const search = () => (setFilter(draft), setPaging((p) => ({ ...p, page: 1 })));
  const allChecked = rows.length > 0 && rows.every((r) => selected.includes(r.id as string));
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <Card withBorder data-testid="config-screen">
      <Stack>
        <Group gap="sm">
          <TextInput placeholder={label("name")} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} onKeyDown={(e) => e.key === "Enter" && search()} />
          <Select placeholder={label("valueType")} data={valueTypes} clearable value={draft.valueType} onChange={(v) => setDraft({ ...draft, valueType: v })} w={160} />
          <Button leftSection={<IconSearch size={16} />} onClick={search}>{t("actions.search")}</Button>
          <Button variant="default" onClick={() => (setDraft(emptyFilter), setFilter(emptyFilter), setPaging((p) => ({ ...p, page: 1 })))}>{t("actions.reset")}</Button>
          <Group gap="sm" ml="auto">
            {hasPermission(config.tags.save) && <Button leftSection={<IconPlus size={16} />} onClick={() => dialog.open({ id: null })} data-testid="config-add">{t("actions.add")}</Button>}
            {canDelete && <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => void remove(selected)}>{t("actions.bulkDelete")}</Button>}
          </Group>
        </Group>
        <Table.ScrollContainer minWidth={800}>
          <Table striped highlightOnHover withTableBorder data-testid="config-table">
            <Table.Thead>
              <Table.Tr>
                {canDelete && <Table.Th w={40}><Checkbox size="xs" checked={allChecked} indeterminate={!allChecked && selected.length > 0} onChange={() => setSelected(allChecked ? [] : rows.map((r) => r.id as string))} aria-label="all" /></Table.Th>}
                <Table.Th w={60}>{t("sys.common.serial")}</Table.Th>
                <Table.Th w={200}>{label("name")}</Table.Th>
                <Table.Th w={100}>{label("valueType")}</Table.Th>
                <Table.Th>{label("value")}</Table.Th>
                <Table.Th w={180}>{label("remark")}</Table.Th>
                <Table.Th w={170}>{t("sys.common.updateTime")}</Table.Th>
                <Table.Th w={130}>{t("sys.common.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r: Row, i) => (
                <Table.Tr key={r.id as string}>
                  {canDelete && <Table.Td><Checkbox size="xs" checked={selected.includes(r.id as string)} onChange={() => toggle(r.id as string)} aria-label={String(r.name)} /></Table.Td>}
                  <Table.Td>{serial(i)}</Table.Td>
                  <Table.Td><Text size="sm" ff="monospace">{String(r.name ?? "")}</Text></Table.Td>
                  <Table.Td><Badge variant="light" tt="none">{labelOf(r.valueType)}</Badge></Table.Td>
                  <Table.Td><ValuePreview type={r.valueType} value={r.value} /></Table.Td>
                  <Table.Td>{String(r.remark ?? "")}</Table.Td>
                  <Table.Td>{String(r.updateTime ?? "")}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {hasPermission(config.tags.update) && <Button size="compact-sm" variant="subtle" onClick={() => dialog.open({ id: r.id as string })}>{t("actions.edit")}</Button>}
                      {canDelete && <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove([r.id as string])}>{t("actions.delete")}</Button>}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!rows.length && <Table.Tr><Table.Td colSpan={canDelete ? 8 : 7}><Text c="dimmed" ta="center" size="sm">{list.isLoading ? t("sys.common.loading") : t("sys.common.noData")}</Text></Table.Td></Table.Tr>}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageBar page={paging.page} limit={paging.limit} total={list.data?.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />
      </Stack>
      <ConfigForm opened={dialog.opened} id={dialog.target?.id ?? null} onClose={dialog.close} />
    </Card>
  );
}
