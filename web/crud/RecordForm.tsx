/**
 * Add/edit form of a record family in a draggable dialog. Inputs come from the declaration; the record is
 * checked with the family's own schema and rules before it is sent (messages equal the server's); server
 * field errors land on their fields; a 409 (changed meanwhile) shows the message and offers a reload.
 * Edit loads info/{id} and sends its `version`.
 */
import { Alert, Box, Button, Group, LoadingOverlay, SimpleGrid } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { ApiError } from "../api/http.ts";
import { recordQueries, saveRecord, type Row } from "../api/records.ts";
import { DraggableModal } from "../widgets/DraggableModal/index.ts";
import { FieldInput, isWide, type FieldInputs } from "./FieldInput.tsx";
import { jsonError } from "./validate.ts";
import { validateRecord } from "../../events/validation.ts";
import { emptyValues, formFields, formToRecord, recordToForm, type FormValues } from "./values.ts";

export interface RecordFormProps {
  family: Family;
  /** the record to edit; null adds a new one */
  id: string | null;
  opened: boolean;
  onClose: () => void;
  /** after a successful save, with the server's answer data */
  onSaved?: (saved: Row) => void;
  /** inputs replaced by a bespoke screen, by field key */
  inputs?: FieldInputs;
}

export function RecordForm({ family, id, opened, onClose, onSaved, inputs = {} }: RecordFormProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const editing = id !== null;
  const detail = useQuery({ ...recordQueries(family.path).detail(id ?? ""), enabled: opened && editing, staleTime: 0, gcTime: 0 });
  const [values, setValues] = useState<FormValues>(() => emptyValues(family));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // a fresh form on each opening; the stored record once it has loaded
  useEffect(() => {
    if (!opened) return;
    setErrors({});
    setConflict(null);
    setValues(editing ? (detail.data ? recordToForm(family, detail.data) : emptyValues(family)) : emptyValues(family));
  }, [opened, editing, detail.data, family]);

  const setField = (key: string) => (value: unknown) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const reload = async () => {
    const fresh = await detail.refetch();
    if (fresh.data) setValues(recordToForm(family, fresh.data));
    setConflict(null);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || (editing && !detail.data)) return;
    const { record, badJson } = formToRecord(family, values);
    const found = validateRecord(family, editing ? { ...detail.data, ...record } : record, lang);
    for (const key of badJson) found[key] = jsonError(family, key, lang);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      document.querySelector<HTMLElement>(`[data-testid="record-dialog"] [name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const body = editing ? { ...record, [family.idKey]: id, version: detail.data!.version } : record;
      const answer = await saveRecord(family.path, body);
      notifications.show({ color: "green", message: answer.msg });
      await queryClient.invalidateQueries({ queryKey: [family.path] });
      onSaved?.(answer.data);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 409) setConflict(error.message);
      else {
        const onFields = Object.fromEntries(Object.entries(error.errors).filter(([key]) => key in values));
        setErrors(onFields);
        if (Object.keys(onFields).length < Object.keys(error.errors).length || Object.keys(error.errors).length === 0) notifications.show({ color: "red", message: error.message });
      }
    } finally {
      setSaving(false);
    }
  };

  const title = t(editing ? "crud.editTitle" : "crud.addTitle", { name: family.label[lang] });
  return (
    <DraggableModal opened={opened} onClose={onClose} title={title} width={760} data-testid="record-dialog">
      <Box component="form" onSubmit={submit} noValidate pos="relative" data-family={family.name}>
        <LoadingOverlay visible={editing && detail.isFetching} zIndex={5} />
        {conflict && (
          <Alert color="orange" title={t("crud.changedTitle")} mb="md" data-testid="record-conflict">
            {conflict}
            <Group mt="xs">
              <Button size="xs" variant="light" color="orange" onClick={() => void reload()} data-testid="record-reload">
                {t("crud.reload")}
              </Button>
            </Group>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {formFields(family).map(([key]) => {
            const props = { family, fieldKey: key, value: values[key], onChange: setField(key), error: errors[key] };
            const Custom = inputs[key];
            // carried but not shown (menus are picked on the roles screen): no grid cell
            if (!Custom && family.fields[key]!.kind === "refs" && key !== "roleIdList") return <FieldInput key={key} {...props} />;
            return (
              <Box key={key} style={isWide(family, key) ? { gridColumn: "1 / -1" } : undefined}>
                {Custom ? <Custom {...props} /> : <FieldInput {...props} />}
              </Box>
            );
          })}
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t("actions.cancel")}
          </Button>
          <Button type="submit" loading={saving} disabled={editing && !detail.data} data-testid="save-record">
            {t("actions.save")}
          </Button>
        </Group>
      </Box>
    </DraggableModal>
  );
}
