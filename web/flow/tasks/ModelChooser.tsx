/**
 * "Start a process": the processes any signed-in user may start (`GET /flowable/definition/startable`: the
 * latest published version of each model), searchable by name, paged; choosing one opens the start dialog
 * for its key.
 */
import { pagedQuery } from "../../core/api/call.ts";
import { Alert, Button, Group, Modal, ScrollArea, Stack, Table, Text, TextInput } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageBar } from "../../widgets/PageBar/index.ts";
import { flow } from "../../../events/api/flow.ts";
import StartDialog from "./StartDialog.tsx";
import { useSeededName } from "../../core/seeded.ts";

export function ModelChooser({ opened, onClose, onStarted }: { opened: boolean; onClose: () => void; onStarted?: (procInsId: string) => void }) {
  const { t } = useTranslation();
  const named = useSeededName();
  const [name, setName] = useState("");
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [startKey, setStartKey] = useState<string | null>(null);
  const models = useQuery({ ...pagedQuery(flow.startable)({ ...paging, name: name.trim() || undefined }), enabled: opened, placeholderData: keepPreviousData });
  const rows = models.data?.rows ?? [];
  return (
    <>
      <Modal opened={opened && !startKey} onClose={onClose} title={t("flowTasks.start.choose")} size="lg" data-testid="model-chooser">
        <Stack>
          <TextInput placeholder={t("flowTasks.search.model")} value={name} onChange={(e) => (setName(e.currentTarget.value), setPaging((p) => ({ ...p, page: 1 })))} data-autofocus />
          {models.error && <Alert color="red">{(models.error as Error).message}</Alert>}
          <ScrollArea.Autosize mah={400}>
            <Table highlightOnHover>
              <Table.Tbody>
                {rows.map((m) => (
                  <Table.Tr key={m.key}>
                    <Table.Td>
                      <Text size="sm" fw={500}>{named(m.name)}</Text>
                      <Text size="xs" c="dimmed">{m.key} · v{m.version}{m.category ? ` · ${m.category}` : ""}</Text>
                    </Table.Td>
                    <Table.Td w={100} ta="right">
                      <Button size="compact-sm" onClick={() => setStartKey(m.key)} data-testid={`start-${m.key}`}>{t("flowTasks.actions.start")}</Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {!models.isLoading && !rows.length && <Text c="dimmed" size="sm" ta="center" py="md">{t("flowTasks.start.noModels")}</Text>}
          </ScrollArea.Autosize>
          {(models.data?.total ?? 0) > paging.limit && (
            <PageBar page={paging.page} limit={paging.limit} total={models.data?.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />
          )}
          <Group justify="flex-end"><Button variant="default" onClick={onClose}>{t("actions.close")}</Button></Group>
        </Stack>
      </Modal>
      <StartDialog
        opened={!!startKey}
        modelKey={startKey}
        onClose={() => setStartKey(null)}
        onStarted={(id) => (setStartKey(null), onClose(), onStarted?.(id))}
      />
    </>
  );
}
