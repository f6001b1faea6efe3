/**
 * Process models (menu flowable/model/index): the paged list searched by name; new and edit open the
 * designer, an imported .bpmn/.xml file becomes a model as it is; publish deploys a new version, the
 * diagram shows the model's BPMN, start opens the start dialog of the latest version, delete confirms.
 * Buttons follow the flowable:definition:* tags.
 */
import { ActionIcon, Badge, Button, Card, FileButton, Group, Modal, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconEdit, IconEye, IconFileImport, IconPlayerPlay, IconPlus, IconRocket, IconSearch, IconTrash } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../registry/index.ts";
import { hasPermission } from "../../core/session.ts";
import { confirmDelete, notifyError, notifySuccess } from "../../core/feedback.tsx";
import { useDialog } from "../../core/ui/useDialog.ts";
import { deleteModel, describeBpmn, modelsKey, modelsQuery, modelXmlQuery, publishModel, type ModelRow } from "./api.ts";
import { ModelEditor, type EditorTarget } from "./ModelEditor.tsx";
import { FlowTable, serialOf, useFilteredList, type FlowColumn } from "../tasks/FlowTable.tsx";
import { useSeededName } from "../../core/seeded.ts";

const BpmnViewer = lazy(() => import("../diagram/BpmnViewer.tsx"));
const StartDialog = lazy(() => import("../tasks/StartDialog.tsx"));

const perm = {
  save: "flowable:definition:save",
  update: "flowable:definition:update",
  delete: "flowable:definition:delete",
  publish: "flowable:definition:publish",
};

/** Edited after its last publish (publishing itself touches the record within a moment: a few seconds' slack). */
function changedSincePublish(row: ModelRow): boolean {
  if (!row.version || !row.deployTime || !row.updateTime) return false;
  const at = (text: string) => Date.parse(text.replace(" ", "T"));
  return at(row.updateTime) - at(row.deployTime) > 5_000;
}

export default function ModelsScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const named = useSeededName();
  const queryClient = useQueryClient();
  const list = useFilteredList<ModelRow, { name: string }>({ name: "" }, modelsQuery);
  const editor = useDialog<EditorTarget>();
  const diagram = useDialog<ModelRow>();
  const start = useDialog<ModelRow>();
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: modelsKey });

  const importFile = async (file: File | null) => {
    if (!file) return;
    const xml = await file.text();
    const described = describeBpmn(xml);
    if (!described) return notifyError(t("flowDesign.models.notBpmn", { name: file.name }));
    editor.open({ kind: "import", xml, key: described.key, name: described.name });
  };

  const publish = async (row: ModelRow) => {
    setBusy(row.id);
    try {
      const answer = await publishModel(row.id);
      notifySuccess(t("flowDesign.models.published", { name: row.name, version: answer.data.version }));
      await refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (row: ModelRow) => {
    if (!(await confirmDelete([], { text: t("sys.common.deleteNamed", { name: row.name }), warning: row.version ? t("flowDesign.models.deleteDeployed") : undefined }))) return;
    try {
      notifySuccess((await deleteModel(row)).msg);
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  };

  const columns: FlowColumn<ModelRow>[] = [
    { key: "serial", title: "sys.common.serial", width: 60, render: (_row, i) => serialOf(list.paging, i) },
    {
      key: "name",
      title: "flowDesign.model.name",
      render: (row) => (
        <>
          <Text size="sm" fw={500} truncate="end" maw={220} title={named(row.name)}>{named(row.name)}</Text>
          {row.description && <Text size="xs" c="dimmed" truncate="end" maw={220} title={named(row.description)}>{named(row.description)}</Text>}
        </>
      ),
    },
    { key: "key", title: "flowDesign.model.key", render: (row) => <Text size="sm" ff="monospace" truncate="end" maw={180} title={row.key}>{row.key}</Text> },
    { key: "category", title: "flowDesign.model.category" },
    { key: "formCode", title: "flowDesign.model.formCode" },
    {
      key: "version",
      title: "flowDesign.models.version",
      width: 100,
      render: (row) => (
        <>
          {row.version ? <Badge variant="light" color="green" tt="none">v{row.version}</Badge> : <Badge variant="light" color="gray" tt="none">{t("flowDesign.models.undeployed")}</Badge>}
          {changedSincePublish(row) && <Text size="xs" c="orange" data-testid="model-changed">{t("flowDesign.models.changedSincePublish")}</Text>}
        </>
      ),
    },
    { key: "deployTime", title: "flowDesign.models.deployTime", width: 110, td: { fz: "xs" } },
    { key: "updateTime", title: "sys.common.updateTime", width: 110, td: { fz: "xs" } },
    {
      key: "actions",
      title: "sys.common.actions",
      width: 180,
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          {hasPermission(perm.update) && (
            <Tooltip label={t("flowDesign.models.design")}>
              <ActionIcon variant="subtle" aria-label={t("flowDesign.models.design")} onClick={() => editor.open({ kind: "edit", id: row.id })} data-testid="model-edit"><IconEdit size={16} /></ActionIcon>
            </Tooltip>
          )}
          {hasPermission(perm.publish) && (
            <Tooltip label={t("flowDesign.models.publish")}>
              <ActionIcon variant="subtle" color="green" loading={busy === row.id} aria-label={t("flowDesign.models.publish")} onClick={() => void publish(row)} data-testid="model-publish"><IconRocket size={16} /></ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t("flowDesign.models.diagram")}>
            <ActionIcon variant="subtle" aria-label={t("flowDesign.models.diagram")} onClick={() => diagram.open(row)} data-testid="model-diagram"><IconEye size={16} /></ActionIcon>
          </Tooltip>
          <Tooltip label={row.version ? t("flowDesign.models.start") : t("flowDesign.models.publishFirst")}>
            <ActionIcon variant="subtle" color="teal" disabled={!row.version} aria-label={t("flowDesign.models.start")} onClick={() => start.open(row)} data-testid="model-start"><IconPlayerPlay size={16} /></ActionIcon>
          </Tooltip>
          {hasPermission(perm.delete) && (
            <Tooltip label={t("actions.delete")}>
              <ActionIcon variant="subtle" color="red" aria-label={t("actions.delete")} onClick={() => void remove(row)} data-testid="model-delete"><IconTrash size={16} /></ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Card withBorder data-testid="models-screen">
      <Stack>
        <Group justify="space-between">
          <Group gap="sm">
            <TextInput
              placeholder={t("flowDesign.models.searchName")}
              aria-label={t("flowDesign.models.searchName")}
              value={list.draft.name}
              onChange={(e) => list.setDraft({ name: e.currentTarget.value })}
              onKeyDown={(e) => e.key === "Enter" && list.search()}
              w={220}
              data-testid="models-search-name"
            />
            <Button leftSection={<IconSearch size={16} />} onClick={list.search} data-testid="models-search">{t("actions.search")}</Button>
            <Button variant="default" onClick={list.reset}>{t("actions.reset")}</Button>
          </Group>
          <Group gap="sm">
            {hasPermission(perm.save) && (
              <FileButton onChange={(f) => void importFile(f)} accept=".bpmn,.xml,application/xml,text/xml">
                {(props) => <Button {...props} variant="default" leftSection={<IconFileImport size={16} />} data-testid="models-import">{t("flowDesign.models.import")}</Button>}
              </FileButton>
            )}
            {hasPermission(perm.save) && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => editor.open({ kind: "new" })} data-testid="models-new">{t("flowDesign.models.new")}</Button>
            )}
          </Group>
        </Group>
        <FlowTable
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ "data-testid": `model-row-${row.key}` })}
          minWidth={1000}
          tableProps={{ styles: { th: { whiteSpace: "nowrap" } } }}
          data-testid="models-table"
        />
      </Stack>
      <ModelEditor opened={editor.opened} target={editor.target} onClose={editor.close} onSaved={() => void refresh()} />
      <Modal opened={diagram.opened} onClose={diagram.close} title={diagram.target && named(diagram.target.name)} size="80%" data-testid="model-diagram-dialog">
        {diagram.target && <ModelDiagram id={diagram.target.id} />}
      </Modal>
      {start.target && (
        <Suspense fallback={null}>
          <StartDialog opened={start.opened} onClose={start.close} modelKey={start.target.key} />
        </Suspense>
      )}
    </Card>
  );
}

/** The model's BPMN as bpmn-js draws it. */
function ModelDiagram({ id }: { id: string }) {
  const { t } = useTranslation();
  const xml = useQuery(modelXmlQuery(id));
  if (xml.isError) return <Text c="red" size="sm">{(xml.error as Error).message}</Text>;
  if (!xml.data) return <Text c="dimmed" size="sm">{t("flowDesign.viewer.loading")}</Text>;
  return (
    <Suspense fallback={<Text c="dimmed" size="sm">{t("flowDesign.viewer.loading")}</Text>}>
      <BpmnViewer xml={xml.data} height={560} />
    </Suspense>
  );
}
