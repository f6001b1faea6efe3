/**
 * The recycle bin of a list (permission tag delete): the family's deleted records, paged, with who deleted
 * them and when (GET {path}/deleted), and restore after a confirmation (POST {path}/restore/{id}).
 */
import { Button, Center, Group, Loader, Modal, Stack, Table, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { IconRecycle, IconRestore } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { ApiError } from "../core/api/http.ts";
import { recordQueries, restoreRecord, type DeletedRecord } from "../core/api/records.ts";
import { PageBar } from "../widgets/PageBar/index.ts";
import { columnLabel } from "./columns.ts";
import { FieldValue } from "./FieldValue.tsx";

export interface RecycleBinProps {
  family: Family;
  /** after a restore, with the record's id */
  onRestored?: (id: string) => void;
}

/** How many of the declared columns the bin shows beside who and when. */
const shownColumns = 4;

export function RecycleBin({ family, onRestored }: RecycleBinProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [restoring, setRestoring] = useState<string | null>(null);
  const bin = useQuery({ ...recordQueries(family.path).deleted(paging), enabled: opened, staleTime: 0, placeholderData: keepPreviousData });
  const rows = bin.data?.rows ?? [];
  const columns = (family.columns as string[]).slice(0, shownColumns);
  const total = bin.data?.total ?? 0;

  // a page emptied by restores falls back to the last page that has rows
  useEffect(() => {
    if (!bin.isPlaceholderData && bin.data && bin.data.rows.length === 0 && paging.page > 1 && total > 0) setPaging((p) => ({ ...p, page: Math.ceil(total / p.limit) }));
  }, [bin.data, bin.isPlaceholderData, paging.page, total]);

  const restore = async (entry: DeletedRecord, serial: number) => {
    const confirmed = await new Promise<boolean>((resolve) =>
      modals.openConfirmModal({
        title: t("notice.confirmTitle"),
        centered: true,
        children: <Text size="sm" data-testid="restore-confirm-text">{t("crud.bin.restoreConfirm", { n: serial })}</Text>,
        labels: { confirm: t("actions.confirm"), cancel: t("actions.cancel") },
        confirmProps: { "data-testid": "confirm-ok" } as never,
        cancelProps: { "data-testid": "confirm-cancel" } as never,
        onConfirm: () => resolve(true),
        onCancel: () => resolve(false),
        onClose: () => resolve(false),
      }),
    );
    if (!confirmed) return;
    setRestoring(entry.id);
    try {
      const answer = await restoreRecord(family.path, entry.id);
      notifications.show({ color: "green", message: answer.msg || t("crud.bin.restored") });
      onRestored?.(entry.id);
      await queryClient.invalidateQueries({ queryKey: [family.path] });
    } catch (error) {
      notifications.show({ color: "red", message: error instanceof ApiError ? error.message : t("http.failed") });
    } finally {
      setRestoring(null);
    }
  };

  return (
    <>
      <Button variant="default" leftSection={<IconRecycle size={16} />} onClick={() => setOpened(true)} data-testid="recycle-bin">
        {t("crud.bin.button")}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t("crud.bin.title", { name: family.label[lang] })} size="80rem" attributes={{ content: { "data-testid": "recycle-bin-dialog" } as Record<string, string> }}>
        <Stack gap="sm">
          {bin.isLoading ? (
            <Center h={120}><Loader size="sm" /></Center>
          ) : bin.isError ? (
            <Text c="red" size="sm">{bin.error instanceof ApiError ? bin.error.message : t("http.failed")}</Text>
          ) : (
            <Table.ScrollContainer minWidth={700}>
              <Table striped verticalSpacing="xs" withTableBorder data-testid="recycle-bin-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={60}>{t("crud.serial")}</Table.Th>
                    {columns.map((key) => <Table.Th key={key} style={{ whiteSpace: "nowrap" }}>{columnLabel(family, key, lang, t)}</Table.Th>)}
                    <Table.Th style={{ whiteSpace: "nowrap" }}>{t("crud.bin.deletedAt")}</Table.Th>
                    <Table.Th style={{ whiteSpace: "nowrap" }}>{t("crud.bin.deletedBy")}</Table.Th>
                    <Table.Th>{t("crud.actions")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={columns.length + 4}>
                        <Text c="dimmed" ta="center" py="md" size="sm">{t("crud.bin.empty")}</Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {rows.map((entry, index) => {
                    const serial = (paging.page - 1) * paging.limit + index + 1;
                    return (
                      <Table.Tr key={entry.id} data-testid="deleted-row" data-id={entry.id}>
                        <Table.Td>{serial}</Table.Td>
                        {columns.map((key) => (
                          <Table.Td key={key} data-column={key} maw={260}>
                            <FieldValue family={family} fieldKey={key} value={entry.record?.[key]} clamp />
                          </Table.Td>
                        ))}
                        <Table.Td style={{ whiteSpace: "nowrap" }} data-column="deletedAt">{entry.deletedAt}</Table.Td>
                        <Table.Td style={{ whiteSpace: "nowrap" }} data-column="deletedBy">{entry.deletedByName ?? entry.deletedBy ?? t("crud.system")}</Table.Td>
                        <Table.Td>
                          <Button size="compact-sm" variant="subtle" leftSection={<IconRestore size={14} />} loading={restoring === entry.id} onClick={() => void restore(entry, serial)} data-testid="restore-record">
                            {t("crud.bin.restore")}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="flex-end">
            <PageBar page={paging.page} limit={paging.limit} total={total} onChange={(page, limit) => setPaging({ page, limit })} />
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
