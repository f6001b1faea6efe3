/**
 * Inputs of a model's record form that the generic form cannot choose from the field kind alone: a user or an
 * organisation is picked from its family (the engine sees only a reference), a file field uploads files and
 * keeps their ids, and a hidden field is carried but not shown (its value stays, the model merely hides it).
 */
import { ActionIcon, Badge, Button, FileButton, Group, Input, Progress, Stack } from "@mantine/core";
import { IconUpload, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ModelField } from "../../events/datamodel/definition.ts";
import { families } from "../../events/families/index.ts";
import type { Lang } from "../../events/i18n.ts";
import type { FieldInputProps, FieldInputs } from "../crud/FieldInput.tsx";
import { RefSelect } from "../crud/refs.tsx";
import { acceptAttribute, checkFile, uploadFile } from "../sys/file/upload.ts";
import { ApiError } from "../core/api/http.ts";

const targets = { user: "/sys/user", organisation: "/sys/organization" } as const;

function ReferenceInput(path: string) {
  const target = families.find((f) => f.path === path);
  return function Reference({ family, fieldKey, value, onChange, error }: FieldInputProps) {
    const { i18n } = useTranslation();
    const field = family.fields[fieldKey]!;
    if (!target) return null;
    return <RefSelect target={target} name={fieldKey} label={field.label[i18n.language as Lang]} withAsterisk={field.required} value={(value as string | null) ?? null} onChange={onChange} error={error} data-field={fieldKey} />;
  };
}

const idsOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== "string" || value.trim() === "") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};

/** Files of a record: uploaded one at a time (the server's rule), kept as their ids (the form holds them as JSON text). */
function FilesInput({ family, fieldKey, value, onChange, error }: FieldInputProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const field = family.fields[fieldKey]!;
  const ids = idsOf(value);
  const [names, setNames] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (next: string[]) => onChange(next.length ? JSON.stringify(next) : "");

  const upload = async (file: File | null) => {
    if (!file) return;
    const refused = checkFile(file, lang);
    if (refused) return setProblem(refused);
    setProblem(null);
    setProgress(0);
    try {
      const answer = await uploadFile(file, setProgress);
      setNames((n) => ({ ...n, [answer.data.id]: answer.data.name }));
      set([...ids, answer.data.id]);
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : t("http.failed"));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Input.Wrapper label={field.label[lang]} withAsterisk={field.required} error={problem ?? error} data-field={fieldKey}>
      <Stack gap={6} mt={4}>
        <Group gap={6}>
          {ids.map((id) => (
            <Badge key={id} variant="light" tt="none" rightSection={
              <ActionIcon size="xs" variant="transparent" onClick={() => set(ids.filter((x) => x !== id))} aria-label={t("datamodel.data.removeFile", { name: names[id] ?? id })}>
                <IconX size={12} />
              </ActionIcon>
            }>
              {names[id] ?? id}
            </Badge>
          ))}
        </Group>
        <FileButton onChange={(f) => void upload(f)} accept={acceptAttribute}>
          {(props) => <Button {...props} size="compact-sm" variant="light" leftSection={<IconUpload size={14} />} loading={progress !== null} w="fit-content">{t("actions.upload")}</Button>}
        </FileButton>
        {progress !== null && <Progress value={progress} size="xs" />}
        <input type="hidden" name={fieldKey} value={JSON.stringify(ids)} readOnly />
      </Stack>
    </Input.Wrapper>
  );
}

/** A field the model hides: its value travels with the record, nothing is shown. */
function HiddenInput({ fieldKey, value }: FieldInputProps) {
  return <input type="hidden" name={fieldKey} value={typeof value === "string" ? value : JSON.stringify(value ?? "")} readOnly />;
}

/** The input overrides of a model's fields, by field name. */
export function modelInputs(fields: ModelField[]): FieldInputs {
  const out: FieldInputs = {};
  for (const f of fields) {
    if (f.hidden) out[f.name] = HiddenInput;
    else if (f.type === "user" || f.type === "organisation") out[f.name] = ReferenceInput(targets[f.type]);
    else if (f.type === "file") out[f.name] = FilesInput;
  }
  return out;
}
