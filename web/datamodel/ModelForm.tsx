/**
 * Create or change a data model in a drawer on the form kit: name, code (fixed once created: it names the
 * table), type (entity table or view), remark, and either the fields table (entity tables) or the view
 * definition. Checked by a zod schema and the cross-field rules before sending; saved through the dataModels
 * family's save (an update carries the id and the version it was read at) with Ctrl+S, Enter or the button;
 * closing a changed draft asks first. The server's refusals land where they belong: on the top inputs, on the
 * field rows (a type change that would not fit N existing records, a new required field without a default),
 * or on the view's parts; a stale version shows the reload offer.
 */
import { Alert, Button, Group, LoadingOverlay, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { ModelField } from "../../events/datamodel/definition.ts";
import type { ViewDefinition } from "../../events/datamodel/view.ts";
import { ApiError } from "../core/api/http.ts";
import { saveRecord } from "../core/api/records.ts";
import { notifySuccess } from "../core/feedback.tsx";
import { FormDrawer, useKitForm } from "../widgets/FormKit/index.ts";
import { modelPath, modelQueries, type ModelRow } from "./api.ts";
import { fieldErrorsOf, FieldsTable } from "./FieldsTable.tsx";
import { emptyView, ViewEditor } from "./ViewEditor.tsx";

export interface ModelFormProps {
  opened: boolean;
  /** the model to change; null creates one */
  id: string | null;
  onClose: () => void;
}

type Draft = {
  name: string;
  code: string;
  type: "table" | "view";
  remark: string;
  fields: ModelField[];
  view: ViewDefinition | null;
};

const blank = (): Draft => ({ name: "", code: "", type: "table", remark: "", fields: [], view: null });
const draftOf = (m: ModelRow): Draft => ({ name: m.name, code: m.code, type: m.type === "view" ? "view" : "table", remark: m.remark ?? "", fields: m.fields ?? [], view: m.view ?? null });

/** The top inputs' rules (the server checks again, with the records). */
const draftSchema = (t: TFunction) =>
  z.object({
    name: z.string().trim().min(1, t("datamodel.field.errors.required")),
    code: z.string().regex(/^[a-z][a-z0-9_]{1,30}$/, t("datamodel.model.codeRule")),
    remark: z.string().max(500),
  });

/** The rules across inputs: a table needs a field, a view a base and a column. */
function checkDraft(d: Draft, t: TFunction): Record<string, string> {
  const found: Record<string, string> = {};
  if (d.type === "table" && d.fields.length === 0) found.fields = t("datamodel.model.needField");
  if (d.type === "view" && !d.view?.base.id) found["view.base"] = t("datamodel.field.errors.required");
  if (d.type === "view" && !d.view?.columns.length) found["view.columns"] = t("datamodel.view.needColumn");
  return found;
}

export function ModelForm({ opened, id, onClose }: ModelFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editing = id !== null;
  const detail = useQuery({ ...modelQueries.detail(id ?? ""), enabled: opened && editing, staleTime: 0, gcTime: 0 });
  const stored = detail.data;
  const form = useKitForm<Draft>({ initialValues: blank(), schema: draftSchema(t), check: (d) => checkDraft(d, t) });
  const [conflict, setConflict] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setConflict(null);
    form.load(editing && stored ? draftOf(stored) : blank());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, editing, stored]);

  const draft = form.getValues();
  /** A change clears the errors it answers (the field's own and those under it). */
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    form.setFieldValue(key, value as never);
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([k]) => k !== key && !k.startsWith(`${key}.`) && !k.startsWith(`${key}[`))));
  };

  const save = async (values: Draft) => {
    if (editing && !stored) return false;
    const body: Record<string, unknown> = {
      name: values.name.trim(),
      code: values.code,
      type: values.type,
      remark: values.remark.trim() || null,
      // a view's fields are its columns: the server derives them
      ...(values.type === "view" ? { view: values.view } : { fields: values.fields }),
      ...(editing ? { id, version: stored!.version } : {}),
    };
    try {
      const answer = await saveRecord(modelPath, body);
      notifySuccess(answer.msg);
      await Promise.all([modelPath, "/datamodel/data", "/datamodel/field"].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    } catch (error) {
      // a stale version: offered a reload rather than a field error
      if (!(error instanceof ApiError) || error.code !== 409) throw error;
      setConflict(error.message);
      return false;
    }
  };

  const errors = Object.fromEntries(Object.entries(form.errors).map(([k, v]) => [k, String(v)]));
  const fieldErrors = fieldErrorsOf(errors, draft.fields, stored?.fields ?? []);
  const viewErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith("view")));
  const title = editing ? t("datamodel.model.editTitle", { name: stored?.name ?? "" }) : t("datamodel.model.addTitle");

  return (
    <FormDrawer
      form={form}
      opened={opened}
      onClose={onClose}
      onSubmit={save}
      title={<Text fw={600}>{title}</Text>}
      size="min(1200px, 96vw)"
      data-testid="model-drawer"
      formTestId="model-form"
      submitTestId="model-save"
      disabled={editing && !stored}
    >
      <LoadingOverlay visible={editing && detail.isFetching} zIndex={5} />
      {conflict && (
        <Alert color="orange" title={t("crud.changedTitle")} data-testid="model-conflict">
          {conflict}
          <Group mt="xs">
            <Button size="xs" variant="light" color="orange" onClick={() => void detail.refetch().then(() => setConflict(null))}>{t("crud.reload")}</Button>
          </Group>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput label={t("datamodel.model.name")} withAsterisk {...form.getInputProps("name")} name="name" maxLength={64} data-autofocus />
        <TextInput
          label={t("datamodel.model.code")}
          withAsterisk
          {...form.getInputProps("code")}
          name="code"
          readOnly={editing}
          description={editing ? t("datamodel.model.codeFixed") : t("datamodel.model.codeHint")}
          ff="monospace"
          maxLength={31}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t("datamodel.model.type")}</Text>
          <SegmentedControl
            value={draft.type}
            onChange={(v) => set("type", v as Draft["type"])}
            disabled={editing}
            data={[{ value: "table", label: t("datamodel.model.typeTable") }, { value: "view", label: t("datamodel.model.typeView") }]}
            data-testid="model-type"
          />
          {errors.type && <Text size="xs" c="red">{errors.type}</Text>}
        </Stack>
        <Textarea label={t("datamodel.model.remark")} {...form.getInputProps("remark")} name="remark" autosize minRows={1} maxRows={4} maxLength={500} />
      </SimpleGrid>
      {draft.type === "table" ? (
        <FieldsTable fields={draft.fields} onChange={(fields) => set("fields", fields)} storedNames={(stored?.fields ?? []).map((f) => f.name)} errors={fieldErrors.byField} error={fieldErrors.general} />
      ) : (
        <ViewEditor value={draft.view ?? emptyView()} onChange={(view) => set("view", view)} selfId={id} errors={viewErrors} />
      )}
    </FormDrawer>
  );
}
