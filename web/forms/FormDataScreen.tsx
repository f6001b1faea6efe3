/**
 * Filled forms (menu /flowable/formdata, /form/data): the list by form and status; fill a released form (or
 * submit a process form for approval); view one with the release it was filled with; change or delete one
 * that is not in approval or approved. A form filled through a fill-in link names the enterprise that filled it.
 */
import { Anchor, Badge, Button, Card, Center, Group, Loader, Modal, Pagination, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../registry/index.ts";
import { hasPermission } from "../core/session.ts";
import { confirmDelete, runCommand } from "../core/feedback.tsx";
import { useModelFamily } from "../datamodel/useModelFamily.ts";
import { dataPath, deleteFilled, formQueries, type FilledInfo, type FilledRow } from "./api.ts";
import { FillModal } from "./FillModal.tsx";
import { FormRenderer } from "./FormRenderer.tsx";
import { FilledStatus } from "./parts.tsx";
import { EmptyRow } from "../core/ui/TableParts.tsx";

const pageSize = 10;
const statuses = ["draft", "reviewing", "approved", "rejected", "returned", "withdrawn"];
const locked = new Set(["reviewing", "approved"]);

export default function FormDataScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const forms = useQuery(formQueries.select({}));
  const [draft, setDraft] = useState({ formId: null as string | null, status: null as string | null, title: "" });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(1);
  const params = { page, limit: pageSize, ...(filters.formId ? { formId: filters.formId } : {}), ...(filters.status ? { status: filters.status } : {}), ...(filters.title ? { title: filters.title } : {}) };
  const list = useQuery(formQueries.filled(params));
  const [filling, setFilling] = useState<FilledInfo | "new" | null>(null);
  const [viewing, setViewing] = useState<FilledRow | null>(null);
  const can = { add: hasPermission("form:data:save"), edit: hasPermission("form:data:update"), remove: hasPermission("form:data:delete") };
  const refresh = () => queryClient.invalidateQueries({ queryKey: [dataPath] });
  const rows = list.data?.rows ?? [];
  const serial = (i: number) => (page - 1) * pageSize + i + 1;
  const formName = (id: string) => forms.data?.find((f) => f.id === id)?.name ?? "";

  const edit = async (row: FilledRow) => {
    try {
      setFilling(await queryClient.fetchQuery(formQueries.filledInfo(row.formId, row.id)));
    } catch (error) {
      await runCommand(() => Promise.reject(error));
    }
  };
  const remove = async (row: FilledRow, i: number) => {
    if (!(await confirmDelete([serial(i)]))) return;
    if (await runCommand(() => deleteFilled([row.id]))) await refresh();
  };

  return (
    <Card withBorder data-testid="formdata-screen">
      <Stack>
        <Group gap="sm" align="flex-end">
          <Select label={t("forms.data.form")} data={(forms.data ?? []).map((f) => ({ value: f.id, label: f.name }))} value={draft.formId} onChange={(v) => setDraft((d) => ({ ...d, formId: v }))} clearable searchable />
          <Select label={t("forms.data.status")} data={statuses.map((s) => ({ value: s, label: t(`forms.filledStatus.${s}`) }))} value={draft.status} onChange={(v) => setDraft((d) => ({ ...d, status: v }))} clearable w={140} />
          <TextInput label={t("forms.data.title")} value={draft.title} onChange={(e) => setDraft((d) => ({ ...d, title: e.currentTarget.value }))} onKeyDown={(e) => e.key === "Enter" && (setFilters(draft), setPage(1))} />
          <Button leftSection={<IconSearch size={16} />} onClick={() => (setFilters(draft), setPage(1))}>{t("actions.search")}</Button>
          <Button variant="default" onClick={() => { const empty = { formId: null, status: null, title: "" }; setDraft(empty); setFilters(empty); setPage(1); }}>{t("actions.reset")}</Button>
          {can.add && <Button ml="auto" leftSection={<IconPlus size={16} />} onClick={() => setFilling("new")} data-testid="fill-add">{t("forms.data.fill")}</Button>}
        </Group>
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover withTableBorder data-testid="formdata-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{t("sys.common.serial")}</Table.Th>
                <Table.Th>{t("forms.data.title")}</Table.Th>
                <Table.Th>{t("forms.data.form")}</Table.Th>
                <Table.Th w={90}>{t("forms.form.version")}</Table.Th>
                <Table.Th w={110}>{t("forms.data.status")}</Table.Th>
                <Table.Th>{t("forms.data.enterprise")}</Table.Th>
                <Table.Th w={170}>{t("forms.data.createTime")}</Table.Th>
                <Table.Th w={220}>{t("sys.common.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={row.id} data-testid="formdata-row" data-id={row.id}>
                  <Table.Td>{serial(i)}</Table.Td>
                  <Table.Td>{row.title ?? ""}</Table.Td>
                  <Table.Td>{formName(row.formId) || row.formCode}</Table.Td>
                  <Table.Td><Badge variant="outline" tt="none">v{row.formVersion}</Badge></Table.Td>
                  <Table.Td data-column="status"><FilledStatus status={row.status} /></Table.Td>
                  <Table.Td data-column="enterprise">{row.enterpriseName ?? ""}</Table.Td>
                  <Table.Td>{row.createTime ?? ""}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-sm" variant="light" onClick={() => setViewing(row)} data-testid="formdata-view">{t("forms.data.view")}</Button>
                      {can.edit && !locked.has(String(row.status)) && <Button size="compact-sm" variant="subtle" onClick={() => void edit(row)}>{t("actions.edit")}</Button>}
                      {can.remove && !locked.has(String(row.status)) && <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(row, i)}>{t("actions.delete")}</Button>}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!rows.length && <EmptyRow colSpan={8} loading={list.isLoading} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Text size="sm" c="dimmed">{t("forms.list.total", { n: list.data?.total ?? 0 })}</Text>
          <Pagination total={Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize))} value={page} onChange={setPage} size="sm" />
        </Group>
      </Stack>
      {filling && <FillModal filled={filling === "new" ? null : filling} onClose={() => setFilling(null)} onSaved={() => void refresh()} />}
      {viewing && <ViewModal row={viewing} onClose={() => setViewing(null)} />}
    </Card>
  );
}

/** A filled form, read-only, rendered with the release it was filled with. */
function ViewModal({ row, onClose }: { row: FilledRow; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useQuery(formQueries.filledInfo(row.formId, row.id));
  const { family, model } = useModelFamily(row.dataModelId);
  return (
    <Modal opened onClose={onClose} size="xl" title={row.title || row.formCode} data-testid="formdata-viewer">
      {info.isLoading || !family ? (
        <Center><Loader size="sm" /></Center>
      ) : info.data ? (
        <Stack>
          <Group gap="xs">
            <Badge variant="outline" tt="none" data-testid="viewer-version">{t("forms.data.filledWith", { version: info.data.formVersion })}</Badge>
            <FilledStatus status={info.data.status} />
            {info.data.procInsId && (
              <Anchor size="sm" onClick={() => void navigate({ to: "/todoCheck", search: { procInsId: info.data!.procInsId } as never })}>{t("forms.data.approval")}</Anchor>
            )}
          </Group>
          <FormRenderer layout={info.data.layout} family={family} fields={model?.fields ?? []} values={info.data.values} readOnly />
        </Stack>
      ) : null}
    </Modal>
  );
}
