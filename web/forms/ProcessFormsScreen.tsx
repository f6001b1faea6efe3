/**
 * Process forms (menu /flowable/form): the forms marked as process forms and the flow model each is bound to;
 * binding picks a model from /flowable/definition/models and saves it through /flowable/form/saveOrUpdate
 * (modelKey + formCode), unbinding clears the model's form code. A bound, published model lets the form be
 * submitted for approval from the filled-forms screen.
 */
import { Badge, Button, Group, Select, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../registry/index.ts";
import { hasPermission } from "../core/session.ts";
import { runCommand } from "../core/feedback.tsx";
import { ListScreen, type ListSpec } from "../crud/ListScreen.tsx";
import { bindForm, formPath, formQueries, type FormRow } from "./api.ts";
import { FormStatus } from "./parts.tsx";

const processForms: ListSpec<FormRow> = {
  name: "process-forms",
  path: formPath,
  query: (params) => formQueries.list({ ...params, processForm: "true" }),
  rowKey: (row) => row.id,
  // the rows keep the test id they had before the kit
  rowAttrs: (row) => ({ "data-testid": "process-form-row", "data-form-code": row.code }),
  header: (list) => <Text size="sm" c="dimmed">{list.t("forms.process.hint")}</Text>,
  filters: [{ kind: "text", key: "name", label: (t) => t("forms.form.name"), width: 200 }],
  columns: [
    { key: "name", title: (t) => t("forms.form.name") },
    { key: "code", title: (t) => t("forms.form.code"), render: (row) => <Text size="sm" ff="monospace">{row.code}</Text> },
    { key: "status", title: (t) => t("forms.form.status"), width: 100, render: (row) => <FormStatus status={row.status} /> },
    { key: "version", title: (t) => t("forms.form.version"), width: 80, render: (row) => (row.version ? `v${row.version}` : "-") },
    { key: "flow", title: (t) => t("forms.process.flow"), width: 420, render: (row) => <Binding form={row} /> },
  ],
};

export default function ProcessFormsScreen(_: ScreenProps) {
  return <ListScreen list={processForms} />;
}

/** The flow model a form is bound to, and (with the permission) a picker to bind another. */
function Binding({ form }: { form: FormRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const models = useQuery(formQueries.flowModels()).data ?? [];
  const editable = hasPermission("flowable:form:save");
  const bound = models.find((m) => m.formCode === form.code) ?? null;
  const [key, setKey] = useState<string | null>(bound?.key ?? null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["/flowable/definition/models"] });
  const save = async () => {
    setBusy(true);
    // one model per form: the previous model lets go of the form first
    const ok = (!bound || bound.key === key || (await runCommand(() => bindForm(bound.key, null)))) && (!key || (await runCommand(() => bindForm(key, form.code))));
    setBusy(false);
    if (ok) await refresh();
  };
  if (!editable) return bound ? <Text size="sm">{bound.name} ({bound.key})</Text> : <Text size="sm" c="dimmed">{t("forms.process.unbound")}</Text>;
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        size="xs"
        w={260}
        data={models.map((m) => ({ value: m.key, label: `${m.name} (${m.key})${m.formCode && m.formCode !== form.code ? ` · ${m.formCode}` : ""}` }))}
        value={key}
        onChange={setKey}
        clearable
        searchable
        placeholder={t("forms.process.pickFlow")}
        attributes={{ input: { "data-testid": `bind-flow-${form.code}` } as Record<string, string> }}
      />
      <Button size="compact-sm" onClick={() => void save()} loading={busy} disabled={(bound?.key ?? null) === key} data-testid={`bind-save-${form.code}`}>{t("forms.process.bind")}</Button>
      {bound && <Badge size="sm" variant="light" color={bound.version ? "green" : "gray"} tt="none">{bound.version ? `v${bound.version}` : t("forms.process.unpublished")}</Badge>}
    </Group>
  );
}
