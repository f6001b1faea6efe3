/**
 * File upload (/sys/file): one file at a time (drop or choose; several → 不支持多文件上传), checked for
 * type and 40 MB before sending, with upload progress; the list of files with download and delete.
 */
import { Anchor, Box, Button, Card, FileButton, Group, Paper, Progress, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { IconCloudUpload, IconDownload, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { get, apiUrl } from "../../core/api/http.ts";
import { recordQueries } from "../../core/api/records.ts";
import { currentLang } from "../../core/i18n.ts";
import { getToken, hasPermission } from "../../core/session.ts";
import type { ScreenProps } from "../../registry/index.ts";
import { file as fileFamily } from "../../../events/families/sys.ts";
import { useDict } from "../../core/ui/dict.ts";
import { confirmDelete, notifyError, notifySuccess, runCommand } from "../../core/feedback.tsx";
import { PageBar } from "../../widgets/PageBar/index.ts";
import { fieldLabel } from "../../../events/validation.ts";
import { acceptAttribute, checkFile, uploadFile } from "./upload.ts";
import { EmptyRow } from "../../core/ui/TableParts.tsx";

const fileQueries = recordQueries(fileFamily.path);
const uploadTag = "sys:file:upload";

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

export default function FileScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const { options: fileTypes, labelOf } = useDict("fileType");
  const [draft, setDraft] = useState({ name: "", ext: null as string | null });
  const [filter, setFilter] = useState(draft);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const list = useQuery({ ...fileQueries.list({ ...paging, name: filter.name || undefined, ext: filter.ext ?? undefined }), placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];
  const serial = (i: number) => (paging.page - 1) * paging.limit + i + 1;
  const label = (key: string) => fieldLabel(fileFamily, key, lang);
  const canUpload = hasPermission(uploadTag);

  const take = async (files: File[]) => {
    if (files.length === 0 || uploading) return;
    if (files.length > 1) return notifyError(t("notice.multiUploadUnsupported"));
    const chosen = files[0]!;
    const problem = checkFile(chosen, lang);
    if (problem) return notifyError(problem);
    setUploading({ name: chosen.name, percent: 0 });
    try {
      const answer = await uploadFile(chosen, (percent) => setUploading({ name: chosen.name, percent }));
      notifySuccess(answer.msg);
      setPaging((p) => ({ ...p, page: 1 }));
      await queryClient.invalidateQueries({ queryKey: fileQueries.all });
    } catch (error) {
      notifyError(error);
    } finally {
      setUploading(null);
    }
  };

  const remove = async (id: string, index: number) => {
    if (!(await confirmDelete([serial(index)]))) return;
    if (await runCommand(() => get("/file/delete", { id }))) await queryClient.invalidateQueries({ queryKey: fileQueries.all });
  };

  return (
    <Stack data-testid="file-screen">
      {canUpload && (
        <Card withBorder>
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
        </Card>
      )}
      <Card withBorder>
        <Stack>
          <Group gap="sm">
            <Title order={5} mr="md">{t("sys.file.files")}</Title>
            <TextInput placeholder={label("name")} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} onKeyDown={(e) => e.key === "Enter" && (setFilter(draft), setPaging((p) => ({ ...p, page: 1 })))} />
            <Select placeholder={label("ext")} data={fileTypes} clearable value={draft.ext} onChange={(v) => setDraft({ ...draft, ext: v })} w={200} />
            <Button leftSection={<IconSearch size={16} />} onClick={() => (setFilter(draft), setPaging((p) => ({ ...p, page: 1 })))}>{t("actions.search")}</Button>
          </Group>
          <Table.ScrollContainer minWidth={700}>
            <Table striped highlightOnHover withTableBorder data-testid="file-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>{t("sys.common.serial")}</Table.Th>
                  <Table.Th>{label("name")}</Table.Th>
                  <Table.Th w={180}>{label("ext")}</Table.Th>
                  <Table.Th w={110}>{label("size")}</Table.Th>
                  <Table.Th w={170}>{t("sys.file.time")}</Table.Th>
                  <Table.Th w={160}>{t("sys.common.actions")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={r.id as string}>
                    <Table.Td>{serial(i)}</Table.Td>
                    <Table.Td><Text size="sm" style={{ wordBreak: "break-all" }}>{String(r.name ?? "")}</Text></Table.Td>
                    <Table.Td>{labelOf(r.ext)}</Table.Td>
                    <Table.Td>{formatSize(Number(r.size))}</Table.Td>
                    <Table.Td>{String(r.createTime ?? "")}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Anchor href={downloadUrl(r.id as string)} download={String(r.name ?? "")} size="sm" data-testid="file-download">
                          <Group gap={2} wrap="nowrap"><IconDownload size={14} />{t("actions.download")}</Group>
                        </Anchor>
                        {hasPermission(fileFamily.tags.delete) && <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(r.id as string, i)}>{t("actions.delete")}</Button>}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
                {!rows.length && <EmptyRow colSpan={6} loading={list.isLoading} />}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageBar page={paging.page} limit={paging.limit} total={list.data?.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />
        </Stack>
      </Card>
    </Stack>
  );
}
