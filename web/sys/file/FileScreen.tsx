/**
 * File upload (/sys/file): one file at a time (drop or choose; several → 不支持多文件上传), checked for
 * type and 40 MB before sending, with upload progress; the list of files (on the list kit: name and type
 * filters and the page in the URL) with download and delete.
 */
import { Anchor, Box, Button, FileButton, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { useMatch, useNavigate } from "@tanstack/react-router";
import { IconCloudUpload, IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { get, apiUrl } from "../../core/api/http.ts";
import { recordQueries, type Row } from "../../core/api/records.ts";
import { currentLang } from "../../core/i18n.ts";
import { getToken, hasPermission } from "../../core/session.ts";
import type { ScreenProps } from "../../registry/index.ts";
import { file as fileFamily } from "../../../events/families/sys.ts";
import { confirmDelete, notifyError, notifySuccess } from "../../core/feedback.tsx";
import { useDict } from "../../core/ui/dict.ts";
import { fieldLabel } from "../../../events/validation.ts";
import { ListScreen, type ListContext, type ListSpec } from "../../crud/ListScreen.tsx";
import { acceptAttribute, checkFile, uploadFile } from "./upload.ts";

const fileQueries = recordQueries(fileFamily.path);
const uploadTag = "sys:file:upload";
const label = (key: string) => fieldLabel(fileFamily, key, currentLang());

/** 1536 → "1.5 KB". */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes)) return "";
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) (value /= 1024), unit++;
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

/** The download link: the token travels in the query, as the spec's downloads do. */
export const downloadUrl = (id: string) => apiUrl("/file/fileDown", { uuid: id, token: getToken() });

/** The drop zone: a file checked, sent with its progress, then the list's first page, where it shows. */
function Upload({ list }: { list: ListContext<Row> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathname = useMatch({ strict: false, select: (m) => m.pathname });
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const [dragging, setDragging] = useState(false);

  const take = async (files: File[]) => {
    if (files.length === 0 || uploading) return;
    if (files.length > 1) return notifyError(t("notice.multiUploadUnsupported"));
    const chosen = files[0]!;
    const problem = checkFile(chosen, currentLang());
    if (problem) return notifyError(problem);
    setUploading({ name: chosen.name, percent: 0 });
    try {
      const answer = await uploadFile(chosen, (percent) => setUploading({ name: chosen.name, percent }));
      notifySuccess(answer.msg);
      void navigate({ to: pathname, search: ((prev: Record<string, unknown>) => ({ ...prev, page: undefined })) as never, resetScroll: false });
      await list.queryClient.invalidateQueries({ queryKey: fileQueries.all });
    } catch (error) {
      notifyError(error);
    } finally {
      setUploading(null);
    }
  };

  return (
    <Box>
      <FileButton onChange={(files) => void take(files)} accept={acceptAttribute} multiple>
        {(props) => (
          <Paper
            {...props}
            withBorder
            p="xl"
            radius="md"
            data-testid="file-drop"
            style={{ borderStyle: "dashed", borderWidth: 2, cursor: uploading ? "progress" : "pointer", textAlign: "center", background: dragging ? "var(--mantine-primary-color-light)" : undefined }}
            onDragOver={(e: React.DragEvent) => (e.preventDefault(), setDragging(true))}
            onDragLeave={() => setDragging(false)}
            onDrop={(e: React.DragEvent) => (e.preventDefault(), setDragging(false), void take([...e.dataTransfer.files]))}
          >
            <Stack align="center" gap={6}>
              <IconCloudUpload size={40} stroke={1.4} color="var(--mantine-primary-color-filled)" />
              <Text fw={500}>{t("sys.file.drop")}</Text>
              <Text size="xs" c="dimmed">{t("sys.file.rules")}</Text>
              <Button size="xs" variant="light" mt={4} disabled={!!uploading} component="span">{t("sys.file.choose")}</Button>
            </Stack>
          </Paper>
        )}
      </FileButton>
      {uploading && (
        <Box mt="md" data-testid="upload-progress">
          <Text size="sm" mb={4}>{t("sys.file.uploading", { name: uploading.name })}</Text>
          <Progress value={uploading.percent} animated striped size="lg" />
          <Text size="xs" c="dimmed" ta="right">{uploading.percent}%</Text>
        </Box>
      )}
    </Box>
  );
}

function FileType({ ext }: { ext: unknown }) {
  return <>{useDict("fileType").labelOf(ext)}</>;
}

async function remove(row: Row, list: ListContext<Row>) {
  if (!(await confirmDelete([], { text: list.t("sys.common.deleteNamed", { name: String(row.name ?? "") }) }))) return;
  await list.run(String(row.id), async () => notifySuccess((await get("/file/delete", { id: row.id as string })).msg));
}

const fileList: ListSpec<Row> = {
  name: "file",
  path: fileFamily.path,
  query: (params) => fileQueries.list(params) as never,
  rowKey: (r) => String(r.id),
  minWidth: 700,
  header: (list) => hasPermission(uploadTag) && <Upload list={list} />,
  filters: [
    { kind: "text", key: "name", label: () => label("name"), width: 200 },
    { kind: "dict", key: "ext", dictType: "fileType", label: () => label("ext"), width: 200 },
  ],
  columns: [
    { key: "name", title: () => label("name"), render: (r) => <Text size="sm" style={{ wordBreak: "break-all" }}>{String(r.name ?? "")}</Text> },
    { key: "ext", title: () => label("ext"), width: 180, render: (r) => <FileType ext={r.ext} /> },
    { key: "size", title: () => label("size"), width: 110, render: (r) => formatSize(Number(r.size)) },
    { key: "createTime", title: (t) => t("sys.file.time"), width: 170, render: (r) => String(r.createTime ?? "") },
  ],
  actions: (r, list) => (
    <>
      <Anchor href={downloadUrl(r.id as string)} download={String(r.name ?? "")} size="sm" data-testid="file-download">
        <Group gap={2} wrap="nowrap"><IconDownload size={14} />{list.t("actions.download")}</Group>
      </Anchor>
      {hasPermission(fileFamily.tags.delete) && (
        <Button size="compact-sm" variant="subtle" color="red" loading={list.busy === String(r.id)} onClick={() => void remove(r, list)} data-testid="file-delete">{list.t("actions.delete")}</Button>
      )}
    </>
  ),
};

export default function FileScreen(_: ScreenProps) {
  return <ListScreen list={fileList} />;
}
