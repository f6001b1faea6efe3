/**
 * Process forms (menu /flowable/form): the forms marked as process forms and the flow model each is bound to;
 * binding picks a model from /flowable/definition/models and saves it through /flowable/form/saveOrUpdate
 * (modelKey + formCode), unbinding clears the model's form code. A bound, published model lets the form be
 * submitted for approval from the filled-forms screen.
 */
import { Badge, Button, Card, Group, Select, Stack, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../registry/index.ts";
import { hasPermission } from "../core/session.ts";
import { runCommand } from "../core/feedback.tsx";
import { bindForm, formQueries, type FlowModelRow, type FormRow } from "./api.ts";
import { FormStatus } from "./parts.tsx";
import { EmptyRow } from "../core/ui/TableParts.tsx";

export default function ProcessFormsScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const forms = useQuery(formQueries.select({ processForm: "true" }));
  const models = useQuery(formQueries.flowModels());
  const mayBind = hasPermission("flowable:form:save");
  return (
    <Card withBorder data-testid="process-forms-screen">
      <Stack>
        <Text size="sm" c="dimmed">{t("forms.process.hint")}</Text>
        <Table striped withTableBorder data-testid="process-forms-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("forms.form.name")}</Table.Th>
              <Table.Th>{t("forms.form.code")}</Table.Th>
              <Table.Th w={100}>{t("forms.form.status")}</Table.Th>
              <Table.Th w={80}>{t("forms.form.version")}</Table.Th>
              <Table.Th w={420}>{t("forms.process.flow")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(forms.data ?? []).map((form) => (
              <Table.Tr key={form.id} data-testid="process-form-row" data-form-code={form.code}>
                <Table.Td>{form.name}</Table.Td>
                <Table.Td><Text size="sm" ff="monospace">{form.code}</Text></Table.Td>
                <Table.Td><FormStatus status={form.status} /></Table.Td>
                <Table.Td>{form.version ? `v${form.version}` : "-"}</Table.Td>
                <Table.Td><Binding form={form} models={models.data ?? []} editable={mayBind} /></Table.Td>
              </Table.Tr>
            ))}
            {!forms.data?.length && <EmptyRow colSpan={5} loading={forms.isLoading} />}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

function Binding({ form, models, editable }: { form: FormRow; models: FlowModelRow[]; editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
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
