/**
 * A declaration's materials: files uploaded one by one through the file module, checked first against what a
 * declaration takes (events/declare-materials.ts: types and size — the Worker checks the stored files again),
 * kept as the list of their ids, each shown by name with a download link and a remove button.
 */
import { Anchor, Button, CloseButton, FileButton, Group, Progress, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconPaperclip, IconUpload } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { declarationMaterials } from "../../events/declare-materials.ts";
import { apiUrl, get } from "../core/api/http.ts";
import { notifyError } from "../core/feedback.tsx";
import { getToken } from "../core/session.ts";
import { uploadFile } from "../sys/file/upload.ts";
import { materialProblem } from "./rules.ts";

const maxMb = Math.round(declarationMaterials.maxBytes / 1024 / 1024);
const types = declarationMaterials.extensions.join("、");
export const materialAccept = declarationMaterials.extensions.map((e) => `.${e}`).join(",");

interface StoredFile {
  id: string;
  name: string;
  size: number | null;
}

export interface MaterialsInputProps {
  value: string[];
  onChange: (ids: string[]) => void;
  label?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
}

export function MaterialsInput({ value, onChange, label, error, disabled }: MaterialsInputProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const stored = useQuery({
    queryKey: ["/file/list", "ids", value],
    queryFn: async () => (await get<StoredFile[]>("/file/list", { ids: value.join(",") })).data,
    enabled: value.length > 0,
  });
  const nameOf = (id: string) => stored.data?.find((f) => f.id === id)?.name ?? id;

  const add = async (files: File[]) => {
    const added: string[] = [];
    for (const file of files) {
      const problem = materialProblem(file);
      if (problem) {
        notifyError(new Error(t(`policy.declare.${problem}`, { name: file.name, max: maxMb })));
        continue;
      }
      setUploading({ name: file.name, percent: 0 });
      try {
        added.push((await uploadFile(file, (percent) => setUploading({ name: file.name, percent }))).data.id);
      } catch (e) {
        notifyError(e);
      }
    }
    setUploading(null);
    if (added.length) onChange([...value, ...added]);
  };

  return (
    <Stack gap={4} data-testid="declare-materials">
      <Text size="sm" fw={500}>{label ?? t("policy.declare.materials")}</Text>
      <Text size="xs" c="dimmed">{t("policy.declare.materialsHint", { types, max: maxMb })}</Text>
      {value.map((id) => (
        <Group key={id} gap={6} data-testid="declare-material">
          <IconPaperclip size={14} />
          <Anchor size="sm" href={apiUrl("/file/fileDown", { uuid: id, token: getToken() })} download={nameOf(id)}>{nameOf(id)}</Anchor>
          {!disabled && <CloseButton size="sm" aria-label={t("policy.declare.remove")} onClick={() => onChange(value.filter((v) => v !== id))} />}
        </Group>
      ))}
      {uploading && (
        <Stack gap={2}>
          <Text size="xs">{t("policy.declare.uploading", uploading)}</Text>
          <Progress value={uploading.percent} size="sm" />
        </Stack>
      )}
      {!disabled && (
        <FileButton multiple accept={materialAccept} onChange={(files) => void add(files)}>
          {(props) => <Button {...props} variant="default" size="xs" w="fit-content" leftSection={<IconUpload size={14} />} loading={!!uploading} data-testid="declare-upload">{t("policy.declare.upload")}</Button>}
        </FileButton>
      )}
      {error && <Text size="xs" c="red" data-testid="declare-materials-error">{error}</Text>}
    </Stack>
  );
}
