/**
 * 报表设计 (/report/design, componentUrl report/design/index): the report models, and the designer — a
 * source (data model, view or declared family), columns, filters, groups with aggregates, sorting and a
 * chart — with a live preview, save, publish under a code and copy.
 */
import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { IconCopy, IconPencil, IconPlus, IconSearch, IconSend, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { hasPermission } from "../core/session.ts";
import type { ScreenProps } from "../registry/index.ts";
import { PageBar } from "../widgets/PageBar/index.ts";
import { reportApi, type ReportModel } from "./api.ts";
import { Designer } from "./Designer.tsx";
import { notifyError, notifySuccess as notifyOk } from "../core/feedback.tsx";


export default function DesignScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const list = useQuery({
    queryKey: ["/report/models", search, paging],
    queryFn: async () => {
      const answer = await reportApi.models({ ...paging, search: search || undefined });
      return { rows: answer.data, total: answer.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ["/report/models"] });

  if (editing) return <Designer id={editing === "new" ? null : editing} onClose={() => (setEditing(null), void refresh())} onOpen={setEditing} />;

  const act = async (work: () => Promise<{ msg: string }>) => {
    try {
      notifyOk((await work()).msg || t("reports.done"));
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  };
  const rows = list.data?.rows ?? [];
  return (
    <Card withBorder data-testid="report-design-screen">
      <Stack>
        <Group justify="space-between">
          <Group gap="sm">
            <TextInput placeholder={t("reports.searchModels")} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} onKeyDown={(e) => e.key === "Enter" && (setSearch(draft.trim()), setPaging((p) => ({ ...p, page: 1 })))} w={220} data-testid="report-model-search" />
            <Button leftSection={<IconSearch size={16} />} variant="default" onClick={() => (setSearch(draft.trim()), setPaging((p) => ({ ...p, page: 1 })))}>{t("actions.search")}</Button>
          </Group>
          {hasPermission("report:model:save") && <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="report-new">{t("reports.newModel")}</Button>}
        </Group>
        <Table striped highlightOnHover withTableBorder data-testid="report-models">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("reports.name")}</Table.Th>
              <Table.Th>{t("reports.code")}</Table.Th>
              <Table.Th>{t("reports.status")}</Table.Th>
              <Table.Th>{t("reports.publishedVersion")}</Table.Th>
              <Table.Th>{t("reports.updated")}</Table.Th>
              <Table.Th w={170}>{t("reports.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m: ReportModel) => (
              <Table.Tr key={m.id} data-testid="report-model-row">
                <Table.Td><Anchor onClick={() => setEditing(m.id)}>{m.name}</Anchor></Table.Td>
                <Table.Td>{m.code}</Table.Td>
                <Table.Td><Badge variant="light" color={m.status === "1" ? "green" : "gray"}>{m.status === "1" ? t("reports.published") : t("reports.draft")}</Badge></Table.Td>
                <Table.Td>{m.publishedVersion || ""}</Table.Td>
                <Table.Td>{m.updateTime ?? ""}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" title={t("reports.design")} onClick={() => setEditing(m.id)}><IconPencil size={16} /></ActionIcon>
                    {hasPermission("report:model:save") && <ActionIcon variant="subtle" title={t("reports.copy")} onClick={() => act(() => reportApi.copy(m.id))}><IconCopy size={16} /></ActionIcon>}
                    {hasPermission("report:model:publish") && <ActionIcon variant="subtle" title={t("reports.publish")} onClick={() => act(() => reportApi.publish(m.id))}><IconSend size={16} /></ActionIcon>}
                    {hasPermission("report:model:delete") && (
                      <ActionIcon variant="subtle" color="red" title={t("reports.delete")} onClick={() => window.confirm(t("reports.confirmDelete", { name: m.name })) && act(() => reportApi.remove(m.id))}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {!rows.length && (
              <Table.Tr>
                <Table.Td colSpan={6}><Text c="dimmed" ta="center" size="sm">{list.isLoading ? t("reports.loading") : t("reports.noModels")}</Text></Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        <PageBar page={paging.page} limit={paging.limit} total={list.data?.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />
      </Stack>
    </Card>
  );
}
