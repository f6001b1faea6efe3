/**
 * Add/edit form of a record family in a draggable dialog. Inputs come from the declaration; the record is
 * checked with the family's own schema and rules before it is sent (messages equal the server's); server
 * field errors land on their fields; a 409 (changed meanwhile) shows the message and offers a reload.
 * Edit loads info/{id} and sends its `version`. Managed fields (set only by the family's own commands: publish,
 * examine, submit…) are shown read-only when editing and left out when adding; `preset` values (the enterprise of
 * a profile tab) start a new record and are shown read-only too.
 */
import { Alert, Box, Button, Group, Input, LoadingOverlay, SimpleGrid, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { ApiError } from "../core/api/http.ts";
import { recordQueries, saveRecord, type Row } from "../core/api/records.ts";
import { ModalForm, useKitForm } from "../widgets/FormKit/index.ts";
import { FieldInput, isWide, type FieldInputs } from "./FieldInput.tsx";
import { FieldValue } from "./FieldValue.tsx";
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
  /** values a new record starts with, shown read-only (a scoped list's fixed filters) */
  preset?: Row;
}

export function RecordForm({ family, id, opened, onClose, onSaved, inputs = {}, preset }: RecordFormProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const editing = id !== null;
  const detail = useQuery({ ...recordQueries(family.path).detail(id ?? ""), enabled: opened && editing, staleTime: 0, gcTime: 0 });
  const [conflict, setConflict] = useState<string | null>(null);
  // the family's own rules (messages equal the server's) and JSON that does not parse
  const form = useKitForm<FormValues>({
    initialValues: emptyValues(family),
    check: (values) => {
      const { record, badJson } = formToRecord(family, values);
      const found: Record<string, string> = validateRecord(family, editing ? { ...detail.data, ...record } : record, lang);
      for (const key of badJson) found[key] = jsonError(family, key, lang);
      return found;
    },
  });

  const presetKey = JSON.stringify(preset ?? {});
  const fresh = () => (editing ? (detail.data ? recordToForm(family, detail.data) : emptyValues(family)) : { ...emptyValues(family), ...recordToForm(family, preset ?? {}) });
  const locked = (key: string) => (!!preset && key in preset) || !!family.fields[key]?.managed;

  // a fresh form on each opening; the stored record once it has loaded
  useEffect(() => {
    if (!opened) return;
    setConflict(null);
    form.load(fresh());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, editing, detail.data, family, presetKey]);

  const reload = async () => {
    const again = await detail.refetch();
    if (again.data) form.load(recordToForm(family, again.data));
    setConflict(null);
  };

  const submit = async (values: FormValues) => {
    if (editing && !detail.data) return false;
    const { record } = formToRecord(family, values);
    try {
      const body = editing ? { ...record, [family.idKey]: id, version: detail.data!.version } : record;
      const answer = await saveRecord(family.path, body);
      notifications.show({ color: "green", message: answer.msg });
      await queryClient.invalidateQueries({ queryKey: [family.path] });
      onSaved?.(answer.data);
      return true;
    } catch (error) {
      // changed meanwhile: say so and offer the stored record; other refusals land on the fields
      if (error instanceof ApiError && error.code === 409) {
        setConflict(error.message);
        return false;
      }
      throw error;
    }
  };

  const title = t(editing ? "crud.editTitle" : "crud.addTitle", { name: family.label[lang] });
  const shown = formFields(family).filter(([key, f]) => !(f.managed && !editing && !(preset && key in preset)));
  const fields = (
    <>
      <LoadingOverlay visible={editing && detail.isFetching} zIndex={5} />
      {conflict && (
        <Alert color="orange" title={t("crud.changedTitle")} data-testid="record-conflict">
          {conflict}
          <Group mt="xs">
            <Button size="xs" variant="light" color="orange" onClick={() => void reload()} data-testid="record-reload">
              {t("crud.reload")}
            </Button>
          </Group>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {shown.map(([key]) => {
          const props = { family, fieldKey: key, value: form.values[key], onChange: (value: unknown) => form.setFieldValue(key, value), error: form.errors[key] as string | undefined };
          const Custom = inputs[key];
          // carried but not shown (menus are picked on the roles screen): no grid cell
          if (!Custom && family.fields[key]!.kind === "refs" && key !== "roleIdList") return <FieldInput key={key} {...props} />;
          let cell: ReactNode;
          if (locked(key)) cell = <ReadOnlyField family={family} fieldKey={key} value={editing && detail.data && family.fields[key]!.managed ? detail.data[key] : form.values[key]} error={form.errors[key]} />;
          else cell = Custom ? <Custom {...props} /> : <FieldInput {...props} />;
          return (
            <Box key={key} style={isWide(family, key) ? { gridColumn: "1 / -1" } : undefined}>
              {cell}
            </Box>
          );
        })}
      </SimpleGrid>
    </>
  );
  const common = { form, onSubmit: submit, submitTestId: "save-record", disabled: editing && !detail.data, "data-family": family.name };
  return (
    <ModalForm {...common} opened={opened} onClose={onClose} title={title} draggable width={760} data-testid="record-dialog">
      {fields}
    </ModalForm>
  );
}

/** A value the user cannot change here, shown as the list shows it (dictionary names, reference names…). */
function ReadOnlyField({ family, fieldKey, value, error }: { family: Family; fieldKey: string; value: unknown; error?: ReactNode }) {
  const { i18n } = useTranslation();
  const field = family.fields[fieldKey]!;
  const blank = value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
  return (
    <Input.Wrapper label={field.label[i18n.language as Lang]} error={error} data-field={fieldKey} data-readonly="true" data-managed={field.managed ? "true" : undefined}>
      <Box mih={36} py={6} px="sm" bg="var(--mantine-color-default-hover)" style={{ borderRadius: "var(--mantine-radius-sm)" }} data-testid="readonly-value">
        {blank ? <Text size="sm" c="dimmed">—</Text> : <Text size="sm" component="div"><FieldValue family={family} fieldKey={fieldKey} value={field.kind === "json" || field.kind === "refs" || field.kind === "bool" || field.kind === "dict" || field.kind === "ref" ? value : String(value)} /></Text>}
      </Box>
    </Input.Wrapper>
  );
}
