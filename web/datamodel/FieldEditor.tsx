/**
 * The editor of ONE model field, shared by the model form's fields table and the fields screen: title (both
 * languages), name (fixed once saved: it is the column), type, length, required, unique, default, dictionary
 * type (picked from the types that exist), validation pattern (and its message when the definition carries
 * one), hidden. Checked with the shared `modelFieldSchema` before it is handed back; a server refusal for the
 * field (a type change that would not fit existing records, a required field without a default) arrives in
 * `serverError` and is shown on the input it concerns.
 */
import { Alert, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { modelFieldSchema, modelFieldTypes, type ModelField, type ModelFieldType } from "../../events/datamodel/definition.ts";
import { ModalForm, useKitForm } from "../widgets/FormKit/index.ts";
import { datamodelQueries } from "./api.ts";

/** A field while it is edited: every property optional (`fallback` is the server's: carried, never edited). */
export type FieldDraft = Partial<ModelField> & Record<string, unknown>;

const textTypes: ModelFieldType[] = ["text", "longText"];
const dictTypes: ModelFieldType[] = ["dict", "dictMulti"];

/**
 * The input a server refusal about a field belongs on. The server names the field (`fields.<name>`), not the
 * property, so the cause is what changed: a new type, length, required or unique flag (the count of records
 * that would not fit is in the message), a pattern, or — for a new field — its default.
 */
export function causeOf(before: ModelField | undefined, after: ModelField): string {
  if (!before) return after.pattern && !validPattern(after.pattern) ? "pattern" : "defaultValue";
  if (before.type !== after.type) return "type";
  if ((before.length ?? null) !== (after.length ?? null)) return "length";
  if (after.required && !before.required) return "required";
  if (after.unique && !before.unique) return "unique";
  if ((before.pattern ?? "") !== (after.pattern ?? "")) return "pattern";
  if (JSON.stringify(before.defaultValue) !== JSON.stringify(after.defaultValue)) return "defaultValue";
  return "type";
}

const validPattern = (pattern: string) => {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
};

/** Turns a default value typed as text into the field type's value (numbers, yes/no, several dictionary values). */
function typedDefault(type: ModelFieldType | undefined, raw: unknown): ModelField["defaultValue"] {
  if (raw === undefined || raw === null || raw === "") return undefined;
  if (typeof raw !== "string") return raw as ModelField["defaultValue"];
  switch (type) {
    case "int":
    case "decimal":
      return raw.trim() !== "" && Number.isFinite(Number(raw)) ? Number(raw) : raw;
    case "bool":
      return raw === "true" ? true : raw === "false" ? false : raw;
    case "dictMulti":
      return raw.split(",").map((v) => v.trim()).filter(Boolean);
    default:
      return raw;
  }
}

/** The draft as the definition stores it: blanks left out, the default typed. */
export function cleanField(draft: FieldDraft): FieldDraft {
  const out: FieldDraft = {};
  for (const [key, value] of Object.entries(draft)) {
    if (value === undefined || value === null || value === "") continue;
    out[key] = typeof value === "string" && key !== "pattern" ? value.trim() : value;
  }
  const defaultValue = typedDefault(draft.type, draft.defaultValue);
  if (defaultValue === undefined) delete out.defaultValue;
  else out.defaultValue = defaultValue;
  if (!textTypes.includes(draft.type as ModelFieldType)) delete out.length;
  if (!dictTypes.includes(draft.type as ModelFieldType)) delete out.dictType;
  if (!textTypes.includes(draft.type as ModelFieldType) && draft.type !== "region") {
    delete out.pattern;
    delete out.patternMessage;
  }
  return out;
}

/** Per-property messages for a draft, in the page's language (empty: the field may be saved). */
export function checkField(draft: FieldDraft, otherNames: string[], t: (key: string) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = modelFieldSchema.safeParse(cleanField(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "name");
      if (errors[key]) continue;
      if (key === "name") errors[key] = t(issue.message.includes("reserved") || (issue as { params?: { rule?: string } }).params?.rule === "reservedName" ? "datamodel.field.errors.reserved" : "datamodel.field.errors.name");
      else if (key === "title") errors[key] = t("datamodel.field.errors.required");
      else if (key === "type") errors[key] = t("datamodel.field.errors.required");
      else errors[key] = t("datamodel.field.errors.invalid");
    }
  }
  if (draft.name && otherNames.includes(String(draft.name))) errors.name = t("datamodel.field.errors.nameTaken");
  if (typeof draft.pattern === "string" && draft.pattern && !validPattern(draft.pattern)) errors.pattern = t("datamodel.field.errors.pattern");
  if (dictTypes.includes(draft.type as ModelFieldType) && !draft.dictType) errors.dictType = t("datamodel.field.errors.required");
  return errors;
}

export interface FieldEditorProps {
  value: FieldDraft;
  onChange: (next: FieldDraft) => void;
  /** per-property messages (the client's check or the server's refusal) */
  errors?: Record<string, string>;
  /** the field is already stored: its name is its column and cannot change */
  stored?: boolean;
}

/** The inputs of one field. */
export function FieldEditor({ value, onChange, errors = {}, stored = false }: FieldEditorProps) {
  const { t } = useTranslation();
  const serverTypes = useQuery(datamodelQueries.columnTypes());
  const dictionaryTypes = useQuery(datamodelQueries.dictTypes());
  const types = serverTypes.data?.length ? serverTypes.data : [...modelFieldTypes];
  const set = (key: string) => (next: unknown) => onChange({ ...value, [key]: next });
  const text = (key: string) => (value[key] === undefined || value[key] === null ? "" : String(value[key]));
  const type = value.type as ModelFieldType | undefined;
  const dictOptions = (dictionaryTypes.data ?? []).map((d) => ({ value: d.type, label: `${d.type} (${d.count})` }));
  if (value.dictType && !dictOptions.some((o) => o.value === value.dictType)) dictOptions.push({ value: String(value.dictType), label: String(value.dictType) });

  return (
    <Stack gap="sm" data-testid="field-editor">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput label={t("datamodel.field.title")} name="title" withAsterisk value={text("title")} onChange={(e) => set("title")(e.currentTarget.value)} error={errors.title} maxLength={64} data-autofocus />
        <TextInput label={t("datamodel.field.titleEn")} name="titleEn" value={text("titleEn")} onChange={(e) => set("titleEn")(e.currentTarget.value)} error={errors.titleEn} maxLength={64} />
        <TextInput
          label={t("datamodel.field.name")}
          name="name"
          withAsterisk
          value={text("name")}
          onChange={(e) => set("name")(e.currentTarget.value)}
          error={errors.name}
          description={stored ? t("datamodel.field.nameFixed") : t("datamodel.field.nameHint")}
          readOnly={stored}
          maxLength={40}
          ff="monospace"
        />
        <Select
          label={t("datamodel.field.type")}
          withAsterisk
          data={types.map((v) => ({ value: v, label: t(`datamodel.types.${v}`) }))}
          value={type ?? null}
          onChange={(v) => onChange({ ...value, type: (v ?? undefined) as ModelFieldType | undefined })}
          error={errors.type}
          allowDeselect={false}
          attributes={{ input: { name: "type" } as Record<string, string> }}
          description={stored ? t("datamodel.field.typeChangeHint") : undefined}
        />
        {type && textTypes.includes(type) && (
          <NumberInput label={t("datamodel.field.length")} name="length" min={1} max={5000} allowDecimal={false} value={(value.length as number | undefined) ?? ""} onChange={(v) => set("length")(typeof v === "number" ? v : undefined)} error={errors.length} />
        )}
        {type && dictTypes.includes(type) && (
          <Select
            label={t("datamodel.field.dictType")}
            withAsterisk
            data={dictOptions}
            searchable
            value={(value.dictType as string | undefined) ?? null}
            onChange={(v) => set("dictType")(v ?? undefined)}
            error={errors.dictType}
            nothingFoundMessage={t("datamodel.field.noDictType")}
            attributes={{ input: { name: "dictType" } as Record<string, string> }}
          />
        )}
        {type !== "file" && (
          <TextInput
            label={t("datamodel.field.defaultValue")}
            name="defaultValue"
            value={Array.isArray(value.defaultValue) ? value.defaultValue.join(",") : text("defaultValue")}
            onChange={(e) => set("defaultValue")(e.currentTarget.value)}
            error={errors.defaultValue}
            description={type === "bool" ? "true / false" : type === "dictMulti" ? t("datamodel.field.commaSeparated") : type === "date" ? "YYYY-MM-DD" : undefined}
          />
        )}
        {type && (textTypes.includes(type) || type === "region") && (
          <TextInput label={t("datamodel.field.pattern")} name="pattern" value={text("pattern")} onChange={(e) => set("pattern")(e.currentTarget.value)} error={errors.pattern} ff="monospace" placeholder="^[A-Z]{2}\d+$" maxLength={200} />
        )}
        {type && (textTypes.includes(type) || type === "region") && (
          <TextInput label={t("datamodel.field.patternMessage")} name="patternMessage" value={text("patternMessage")} onChange={(e) => set("patternMessage")(e.currentTarget.value)} error={errors.patternMessage} maxLength={200} />
        )}
      </SimpleGrid>
      <Group gap="lg">
        <Checkbox label={t("datamodel.field.required")} name="required" checked={!!value.required} onChange={(e) => set("required")(e.currentTarget.checked)} error={errors.required} />
        <Checkbox label={t("datamodel.field.unique")} name="unique" checked={!!value.unique} onChange={(e) => set("unique")(e.currentTarget.checked)} error={errors.unique} />
        <Checkbox label={t("datamodel.field.hidden")} name="hidden" checked={!!value.hidden} onChange={(e) => set("hidden")(e.currentTarget.checked)} />
      </Group>
      {value.required && !value.defaultValue && stored === false && (
        <Text size="xs" c="dimmed">{t("datamodel.field.requiredHint")}</Text>
      )}
    </Stack>
  );
}

export interface FieldDialogProps {
  opened: boolean;
  /** the field to edit; a new one when it has no name yet */
  field: FieldDraft | null;
  stored: boolean;
  /** names the field may not take (the model's other fields) */
  otherNames: string[];
  /** the server's refusal, by property */
  serverErrors?: Record<string, string>;
  /** a refusal not tied to one property */
  serverMessage?: string;
  /** resolves true when the field was taken (the dialog closes) */
  onSubmit: (field: ModelField) => Promise<boolean> | boolean;
  onClose: () => void;
  busy?: boolean;
}

/** One field in a dialog: checked here, then handed to `onSubmit` (kept in the model's draft, or saved at once). */
export function FieldDialog({ opened, field, stored, otherNames, serverErrors, serverMessage, onSubmit, onClose, busy }: FieldDialogProps) {
  const { t } = useTranslation();
  // modelFieldSchema (the server's own) read into this editor's messages, plus the model's other names
  const form = useKitForm<FieldDraft>({ initialValues: {}, check: (draft) => checkField(draft, otherNames, (key) => t(key)) });
  useEffect(() => {
    if (opened) form.load(field ?? { type: "text", required: false, unique: false, hidden: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, field]);
  useEffect(() => form.setErrors(serverErrors ?? {}), [serverErrors]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <ModalForm
      form={form}
      opened={opened}
      onClose={onClose}
      title={t(stored ? "datamodel.field.editTitle" : "datamodel.field.addTitle")}
      draggable
      width={720}
      onSubmit={(draft) => onSubmit(modelFieldSchema.parse(cleanField(draft)))}
      submitLabel={t("actions.confirm")}
      submitTestId="field-ok"
      disabled={busy}
      data-testid="field-dialog"
    >
      {serverMessage && <Alert color="red" data-testid="field-server-error">{serverMessage}</Alert>}
      <FieldEditor
        value={form.values}
        onChange={(next) => {
          form.setValues(next);
          form.clearErrors();
        }}
        errors={form.errors as Record<string, string>}
        stored={stored}
      />
    </ModalForm>
  );
}
