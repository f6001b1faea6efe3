/**
 * Create or change a data model in a drawer: name, code (fixed once created: it names the table), type
 * (entity table or view), remark, and either the fields table (entity tables) or the view definition.
 * Saved through the dataModels family's save (an update carries the id and the version it was read at);
 * the server's refusals land where they belong: on the top inputs, on the field rows (a type change that
 * would not fit N existing records, a new required field without a default), or on the view's parts.
 */
import { Alert, Box, Button, Drawer, Group, LoadingOverlay, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ModelField } from "../../events/datamodel/definition.ts";
import type { ViewDefinition } from "../../events/datamodel/view.ts";
import { ApiError } from "../core/api/http.ts";
import { recordQueries, saveRecord } from "../core/api/records.ts";
import { modelPath, type ModelRow } from "./api.ts";
import { fieldErrorsOf, FieldsTable } from "./FieldsTable.tsx";
import { emptyView, ViewEditor } from "./ViewEditor.tsx";

export interface ModelFormProps {
  opened: boolean;
  /** the model to change; null creates one */
  id: string | null;
  onClose: () => void;
  onSaved?: (model: ModelRow) => void;
}

interface Draft {
  name: string;
  code: string;
  type: "table" | "view";
  remark: string;
  fields: ModelField[];
  view: ViewDefinition | null;
}

const blank = (): Draft => ({ name: "", code: "", type: "table", remark: "", fields: [], view: null });
const codeRule = /^[a-z][a-z0-9_]{1,30}$/;

export function ModelForm({ opened, id, onClose, onSaved }: ModelFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editing = id !== null;
  const detail = useQuery({ ...recordQueries(modelPath).detail(id ?? ""), enabled: opened && editing, staleTime: 0, gcTime: 0 });
  const stored = detail.data as ModelRow | undefined;
  const [draft, setDraft] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setConflict(null);
    setDraft(
      editing && stored
        ? { name: stored.name, code: stored.code, type: stored.type === "view" ? "view" : "table", remark: stored.remark ?? "", fields: stored.fields ?? [], view: stored.view ?? null }
        : blank(),
    );
  }, [opened, editing, stored]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== key && !k.startsWith(`${key}.`) && !k.startsWith(`${key}[`))));
  };

  /** Checks the client can make before sending (the server checks again, with the records). */
  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!draft.name.trim()) found.name = t("datamodel.field.errors.required");
    if (!codeRule.test(draft.code)) found.code = t("datamodel.model.codeRule");
    if (draft.type === "table" && draft.fields.length === 0) found.fields = t("datamodel.model.needField");
    if (draft.type === "view" && !draft.view?.base.id) found["view.base"] = t("datamodel.field.errors.required");
    if (draft.type === "view" && !draft.view?.columns.length) found["view.columns"] = t("datamodel.view.needColumn");
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || (editing && !stored)) return;
    const found = check();
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    const body: Record<string, unknown> = {
      name: draft.name.trim(),
      code: draft.code,
      type: draft.type,
      remark: draft.remark.trim() || null,
      // a view's fields are its columns: the server derives them
      ...(draft.type === "view" ? { view: draft.view } : { fields: draft.fields }),
      ...(editing ? { id, version: stored!.version } : {}),
    };
    setSaving(true);
    try {
      const answer = await saveRecord(modelPath, body);
      notifications.show({ color: "green", message: answer.msg });
      await queryClient.invalidateQueries({ queryKey: [modelPath] });
      await queryClient.invalidateQueries({ queryKey: ["/datamodel/data"] });
      await queryClient.invalidateQueries({ queryKey: ["/datamodel/field"] });
      onSaved?.(answer.data as ModelRow);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 409) setConflict(error.message);
      else {
        setErrors(error.errors);
        const shown = Object.keys(error.errors).some((k) => ["name", "code", "type", "remark", "fields", "view"].some((top) => k === top || k.startsWith(`${top}.`) || k.startsWith(`${top}[`)));
        if (!shown) notifications.show({ color: "red", message: error.message });
      }
    } finally {
      setSaving(false);
    }
  };

  const fieldErrors = fieldErrorsOf(errors, draft.fields, stored?.fields ?? []);
  const viewErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith("view")));
  const title = editing ? t("datamodel.model.editTitle", { name: stored?.name ?? "" }) : t("datamodel.model.addTitle");

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="min(1200px, 96vw)" title={<Text fw={600}>{title}</Text>} attributes={{ content: { "data-testid": "model-drawer" } as Record<string, string> }} closeOnClickOutside={false}>
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate pos="relative" data-testid="model-form">
        <LoadingOverlay visible={editing && detail.isFetching} zIndex={5} />
        <Stack gap="md">
          {conflict && (
            <Alert color="orange" title={t("crud.changedTitle")} data-testid="model-conflict">
              {conflict}
              <Group mt="xs">
                <Button size="xs" variant="light" color="orange" onClick={() => void detail.refetch().then(() => setConflict(null))}>{t("crud.reload")}</Button>
              </Group>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput label={t("datamodel.model.name")} name="name" withAsterisk value={draft.name} onChange={(e) => set("name", e.currentTarget.value)} error={errors.name} maxLength={64} data-autofocus />
            <TextInput
              label={t("datamodel.model.code")}
              name="code"
              withAsterisk
              value={draft.code}
              onChange={(e) => set("code", e.currentTarget.value)}
              error={errors.code}
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
            <Textarea label={t("datamodel.model.remark")} name="remark" value={draft.remark} onChange={(e) => set("remark", e.currentTarget.value)} error={errors.remark} autosize minRows={1} maxRows={4} maxLength={500} />
          </SimpleGrid>
          {draft.type === "table" ? (
            <FieldsTable fields={draft.fields} onChange={(fields) => set("fields", fields)} storedNames={(stored?.fields ?? []).map((f) => f.name)} errors={fieldErrors.byField} error={fieldErrors.general} />
          ) : (
            <ViewEditor value={draft.view ?? emptyView()} onChange={(view) => set("view", view)} selfId={id} errors={viewErrors} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t("actions.cancel")}</Button>
            <Button type="submit" loading={saving} disabled={editing && !stored} data-testid="model-save">{t("actions.save")}</Button>
          </Group>
        </Stack>
      </Box>
    </Drawer>
  );
}
