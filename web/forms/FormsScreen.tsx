/**
 * Model forms (menu /datamodel/form): the forms with their status (draft, released, revoked) and latest
 * release; add one on a model, design it (the drag-and-drop designer, saved as a draft), release a new
 * version, revoke the live one (both confirmed), and browse its versions, each rendered as it was released.
 */
import { Badge, Button, Card, Group, Modal, Pagination, Stack, Switch, Table, Text, TextInput, Textarea } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../registry/index.ts";
import { hasPermission } from "../core/session.ts";
import { confirmDelete, runCommand } from "../core/feedback.tsx";
import { confirmDialog } from "../core/ui/confirmDelete.tsx";
import { ModelPicker } from "../datamodel/ModelPicker.tsx";
import { datamodelQueries } from "../datamodel/api.ts";
import { emptyLayout, type FormLayout } from "../../events/forms/layout.ts";
import { deleteForms, formPath, formQueries, releaseForm, revokeForm, saveForm, type FormRow } from "./api.ts";
import { DesignerModal } from "./DesignerModal.tsx";
import { FormStatus } from "./parts.tsx";
import { VersionsModal } from "./VersionsModal.tsx";
import { EmptyRow } from "../core/ui/TableParts.tsx";

const pageSize = 10;

export default function FormsScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({ name: "", dataModelId: null as string | null });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(1);
  const params = { page, limit: pageSize, ...(filters.name ? { name: filters.name } : {}), ...(filters.dataModelId ? { dataModelId: filters.dataModelId } : {}) };
  const list = useQuery(formQueries.list(params));
  const models = useQuery(datamodelQueries.all());
  const modelName = (id: string) => models.data?.find((m) => m.id === id)?.name ?? id;
  const [editing, setEditing] = useState<FormRow | "new" | null>(null);
  const [designing, setDesigning] = useState<FormRow | null>(null);
  const [versions, setVersions] = useState<FormRow | null>(null);
  const can = { add: hasPermission("datamodel:form:save"), edit: hasPermission("datamodel:form:update"), remove: hasPermission("datamodel:form:delete") };
  const refresh = () => queryClient.invalidateQueries({ queryKey: [formPath] });
  const rows = list.data?.rows ?? [];
  const serial = (i: number) => (page - 1) * pageSize + i + 1;

  const release = async (row: FormRow) => {
    if (!(await confirmDialog(t("forms.list.releaseConfirm", { name: row.name, version: (row.version ?? 0) + 1 }), { danger: false }))) return;
    if (await runCommand(() => releaseForm(row.id))) await refresh();
  };
  const revoke = async (row: FormRow) => {
    if (!(await confirmDialog(t("forms.list.revokeConfirm", { name: row.name, version: row.version ?? 0 })))) return;
    if (await runCommand(() => revokeForm(row.id))) await refresh();
  };
  const remove = async (row: FormRow, i: number) => {
    if (!(await confirmDelete([serial(i)]))) return;
    if (await runCommand(() => deleteForms([row.id]))) await refresh();
  };

  return (
    <Card withBorder data-testid="forms-screen">
      <Stack>
        <Group gap="sm" align="flex-end">
          <TextInput label={t("forms.form.name")} value={draft.name} onChange={(e) => setDraft((d) => ({ ...d, name: e.currentTarget.value }))} onKeyDown={(e) => e.key === "Enter" && (setFilters(draft), setPage(1))} name="name" />
          <ModelPicker value={draft.dataModelId} onChange={(id) => setDraft((d) => ({ ...d, dataModelId: id }))} clearable tablesOnly />
          <Button leftSection={<IconSearch size={16} />} onClick={() => (setFilters(draft), setPage(1))}>{t("actions.search")}</Button>
          <Button variant="default" onClick={() => (setDraft({ name: "", dataModelId: null }), setFilters({ name: "", dataModelId: null }), setPage(1))}>{t("actions.reset")}</Button>
          {can.add && (
            <Button ml="auto" leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="form-add">{t("forms.list.add")}</Button>
          )}
        </Group>
        <Table.ScrollContainer minWidth={1000}>
          <Table striped highlightOnHover withTableBorder data-testid="forms-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{t("sys.common.serial")}</Table.Th>
                <Table.Th>{t("forms.form.name")}</Table.Th>
                <Table.Th>{t("forms.form.code")}</Table.Th>
                <Table.Th>{t("forms.form.model")}</Table.Th>
                <Table.Th w={90}>{t("forms.form.processForm")}</Table.Th>
                <Table.Th w={100}>{t("forms.form.status")}</Table.Th>
                <Table.Th w={80}>{t("forms.form.version")}</Table.Th>
                <Table.Th w={170}>{t("sys.common.updateTime")}</Table.Th>
                <Table.Th w={380}>{t("sys.common.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={row.id} data-testid="form-row" data-form-id={row.id} data-form-code={row.code}>
                  <Table.Td>{serial(i)}</Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td><Text size="sm" ff="monospace">{row.code}</Text></Table.Td>
                  <Table.Td>{modelName(row.dataModelId)}</Table.Td>
                  <Table.Td>{row.processForm ? <Badge variant="light" tt="none">{t("crud.yes")}</Badge> : t("crud.no")}</Table.Td>
                  <Table.Td data-column="status"><FormStatus status={row.status} /></Table.Td>
                  <Table.Td data-column="version">{row.version ? `v${row.version}` : "-"}</Table.Td>
                  <Table.Td>{row.updateTime ?? ""}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {can.edit && <Button size="compact-sm" variant="light" onClick={() => setDesigning(row)} data-testid="form-design">{t("forms.list.design")}</Button>}
                      {can.edit && <Button size="compact-sm" variant="subtle" onClick={() => setEditing(row)} data-testid="form-edit">{t("actions.edit")}</Button>}
                      {can.edit && <Button size="compact-sm" variant="subtle" color="green" onClick={() => void release(row)} data-testid="form-release">{t("forms.list.release")}</Button>}
                      {can.edit && row.status === "1" && <Button size="compact-sm" variant="subtle" color="orange" onClick={() => void revoke(row)} data-testid="form-revoke">{t("forms.list.revoke")}</Button>}
                      <Button size="compact-sm" variant="subtle" onClick={() => setVersions(row)} disabled={!row.version} data-testid="form-versions">{t("forms.list.versions")}</Button>
                      {can.remove && <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(row, i)}>{t("actions.delete")}</Button>}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {!rows.length && <EmptyRow colSpan={9} loading={list.isLoading} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Text size="sm" c="dimmed">{t("forms.list.total", { n: list.data?.total ?? 0 })}</Text>
          <Pagination total={Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize))} value={page} onChange={setPage} size="sm" />
        </Group>
      </Stack>
      {editing && <FormDialog form={editing === "new" ? null : editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), void refresh())} />}
      {designing && <DesignerModal form={designing} onClose={() => setDesigning(null)} onSaved={() => void refresh()} />}
      {versions && <VersionsModal form={versions} onClose={() => setVersions(null)} />}
    </Card>
  );
}

/** A form's own fields: name, code, model (fixed once saved), process form, template name, remark. */
function FormDialog({ form, onClose, onSaved }: { form: FormRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    name: form?.name ?? "",
    code: form?.code ?? "",
    dataModelId: form?.dataModelId ?? (null as string | null),
    processForm: !!form?.processForm,
    templateName: form?.templateName ?? "",
    remark: form?.remark ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((v) => ({ ...v, [key]: value }));
  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!values.name.trim()) missing.name = t("forms.form.required", { name: t("forms.form.name") });
    if (!values.code.trim()) missing.code = t("forms.form.required", { name: t("forms.form.code") });
    if (!values.dataModelId) missing.dataModelId = t("forms.form.required", { name: t("forms.form.model") });
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    const body = { ...(form ? { id: form.id } : { layout: emptyLayout() as FormLayout }), ...values, name: values.name.trim(), code: values.code.trim() };
    const ok = await runCommand(() => saveForm(body), setErrors);
    setBusy(false);
    if (ok) onSaved();
  };
  return (
    <Modal opened onClose={onClose} title={form ? t("forms.form.editTitle", { name: form.name }) : t("forms.form.addTitle")} size="lg" data-testid="form-dialog">
      <Stack>
        <TextInput label={t("forms.form.name")} withAsterisk value={values.name} onChange={(e) => set("name", e.currentTarget.value)} error={errors.name} name="name" />
        <TextInput label={t("forms.form.code")} withAsterisk value={values.code} onChange={(e) => set("code", e.currentTarget.value)} error={errors.code} name="code" disabled={!!form?.version} />
        <ModelPicker value={values.dataModelId} onChange={(id) => set("dataModelId", id)} tablesOnly error={errors.dataModelId} disabled={!!form} w="100%" withAsterisk />
        <TextInput label={t("forms.form.templateName")} value={values.templateName} onChange={(e) => set("templateName", e.currentTarget.value)} name="templateName" />
        <Switch label={t("forms.form.processForm")} description={t("forms.form.processFormHint")} checked={values.processForm} onChange={(e) => set("processForm", e.currentTarget.checked)} name="processForm" />
        <Textarea label={t("forms.form.remark")} value={values.remark} onChange={(e) => set("remark", e.currentTarget.value)} name="remark" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t("actions.cancel")}</Button>
          <Button onClick={() => void submit()} loading={busy} data-testid="form-dialog-save">{t("actions.save")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

