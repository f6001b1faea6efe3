/**
 * Model forms (menu /datamodel/form) on the list kit: the forms with their status (draft, released, revoked)
 * and latest release, filtered by name and model (both, and the page, in the URL); add one on a model, design
 * it (the drag-and-drop designer, saved as a draft), release a new version, revoke the live one (both
 * confirmed), browse its versions, each rendered as it was released, and send a released one to an enterprise
 * as a fill-in link (ShareLinkModal).
 */
import { Badge, Button, Group, Modal, Stack, Switch, Text, TextInput, Textarea } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../registry/index.ts";
import { hasPermission } from "../core/session.ts";
import { confirmDelete, runCommand } from "../core/feedback.tsx";
import { confirmDialog } from "../core/ui/confirmDelete.tsx";
import { ModelPicker } from "../datamodel/ModelPicker.tsx";
import { datamodelQueries } from "../datamodel/api.ts";
import { emptyLayout, type FormLayout } from "../../events/forms/layout.ts";
import { ListScreen, type ListContext, type ListSpec, type Option } from "../crud/ListScreen.tsx";
import { deleteForms, formPath, formQueries, releaseForm, revokeForm, saveForm, type FormRow } from "./api.ts";
import { DesignerModal } from "./DesignerModal.tsx";
import { FormStatus } from "./parts.tsx";
import { VersionsModal } from "./VersionsModal.tsx";
import { ShareLinkModal } from "./ShareLinkModal.tsx";

const can = {
  add: () => hasPermission("datamodel:form:save"),
  edit: () => hasPermission("datamodel:form:update"),
  remove: () => hasPermission("datamodel:form:delete"),
};

/** The entity tables a form can be built on (the model filter's options). */
function useTables(): Option[] {
  const models = useQuery(datamodelQueries.all());
  return (models.data ?? []).filter((m) => m.type !== "view").map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }));
}

function ModelName({ id }: { id: string }) {
  const models = useQuery(datamodelQueries.all());
  return <>{models.data?.find((m) => m.id === id)?.name ?? id}</>;
}

async function release(row: FormRow, list: ListContext<FormRow>) {
  if (!(await confirmDialog(list.t("forms.list.releaseConfirm", { name: row.name, version: (row.version ?? 0) + 1 }), { danger: false }))) return;
  await list.command(`release:${row.id}`, () => releaseForm(row.id));
}
async function revoke(row: FormRow, list: ListContext<FormRow>) {
  if (!(await confirmDialog(list.t("forms.list.revokeConfirm", { name: row.name, version: row.version ?? 0 })))) return;
  await list.command(`revoke:${row.id}`, () => revokeForm(row.id));
}
async function remove(row: FormRow, list: ListContext<FormRow>) {
  if (!(await confirmDelete([], { text: list.t("sys.common.deleteNamed", { name: row.name }) }))) return;
  await list.command(`delete:${row.id}`, () => deleteForms([row.id]));
}

/** The dialogs a row opens, held by the screen. */
interface Dialogs {
  edit: (row: FormRow | "new") => void;
  design: (row: FormRow) => void;
  versions: (row: FormRow) => void;
  share: (row: FormRow) => void;
}

function formList(open: Dialogs): ListSpec<FormRow> {
  return {
    name: "forms",
    path: formPath,
    query: formQueries.list,
    rowKey: (row) => row.id,
    // the rows keep the test id they had before the kit (`form-row`, not `forms-row`)
    rowAttrs: (row) => ({ "data-testid": "form-row", "data-form-id": row.id, "data-form-code": row.code }),
    filters: [
      { kind: "text", key: "name", label: (t) => t("forms.form.name"), width: 200 },
      { kind: "select", key: "dataModelId", label: (t) => t("datamodel.pickModel"), width: 280, useOptions: useTables, searchable: true },
    ],
    columns: [
      { key: "name", title: (t) => t("forms.form.name") },
      { key: "code", title: (t) => t("forms.form.code"), render: (row) => <Text size="sm" ff="monospace">{row.code}</Text> },
      { key: "dataModelId", title: (t) => t("forms.form.model"), render: (row) => <ModelName id={row.dataModelId} /> },
      { key: "processForm", title: (t) => t("forms.form.processForm"), width: 90, render: (row, t) => (row.processForm ? <Badge variant="light" tt="none">{t("crud.yes")}</Badge> : t("crud.no")) },
      { key: "status", title: (t) => t("forms.form.status"), width: 100, render: (row) => <FormStatus status={row.status} /> },
      { key: "version", title: (t) => t("forms.form.version"), width: 80, render: (row) => (row.version ? `v${row.version}` : "-") },
      { key: "updateTime", title: (t) => t("sys.common.updateTime"), width: 170, render: (row) => row.updateTime ?? "" },
    ],
    toolbar: (list) => can.add() && <Button leftSection={<IconPlus size={16} />} onClick={() => open.edit("new")} data-testid="form-add">{list.t("forms.list.add")}</Button>,
    actions: (row, list) => {
      const { t } = list;
      return (
        <>
          {can.edit() && <Button size="compact-sm" variant="light" onClick={() => open.design(row)} data-testid="form-design">{t("forms.list.design")}</Button>}
          {can.edit() && <Button size="compact-sm" variant="subtle" onClick={() => open.edit(row)} data-testid="form-edit">{t("actions.edit")}</Button>}
          {can.edit() && <Button size="compact-sm" variant="subtle" color="green" onClick={() => void release(row, list)} data-testid="form-release">{t("forms.list.release")}</Button>}
          {can.edit() && row.status === "1" && <Button size="compact-sm" variant="subtle" color="orange" onClick={() => void revoke(row, list)} data-testid="form-revoke">{t("forms.list.revoke")}</Button>}
          {can.edit() && row.status === "1" && <Button size="compact-sm" variant="subtle" color="teal" onClick={() => open.share(row)} data-testid="form-share">{t("forms.share.action")}</Button>}
          <Button size="compact-sm" variant="subtle" onClick={() => open.versions(row)} disabled={!row.version} data-testid="form-versions">{t("forms.list.versions")}</Button>
          {can.remove() && <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(row, list)} data-testid="form-delete">{t("actions.delete")}</Button>}
        </>
      );
    },
  };
}

export default function FormsScreen(_: ScreenProps) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<FormRow | "new" | null>(null);
  const [designing, setDesigning] = useState<FormRow | null>(null);
  const [versions, setVersions] = useState<FormRow | null>(null);
  const [sharing, setSharing] = useState<FormRow | null>(null);
  // one declaration for the screen's life (the kit keys its URL shape on it); the setters are stable
  const list = useMemo(() => formList({ edit: setEditing, design: setDesigning, versions: setVersions, share: setSharing }), []);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [formPath] });
  return (
    <>
      <ListScreen list={list} />
      {editing && <FormDialog form={editing === "new" ? null : editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), void refresh())} />}
      {designing && <DesignerModal form={designing} onClose={() => setDesigning(null)} onSaved={() => void refresh()} />}
      {versions && <VersionsModal form={versions} onClose={() => setVersions(null)} />}
      {sharing && <ShareLinkModal form={sharing} onClose={() => setSharing(null)} />}
    </>
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

