/**
 * Process models (menu flowable/model/index): the paged list searched by name or key, on the list kit
 * (web/crud/ListScreen.tsx); new and edit open the designer, an imported .bpmn/.xml file becomes a model as
 * it is; publish deploys a new version, the diagram shows the model's BPMN, start opens the start dialog of
 * the latest version, delete confirms. Buttons follow the flowable:definition:* tags.
 */
import { ActionIcon, Badge, Button, FileButton, Modal, Text, Tooltip } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconEdit, IconEye, IconFileImport, IconPlayerPlay, IconPlus, IconRocket, IconTrash } from "@tabler/icons-react";
import { createContext, lazy, Suspense, useContext, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../registry/index.ts";
import { hasPermission } from "../../core/session.ts";
import { confirmDelete, notifyError, notifySuccess } from "../../core/feedback.tsx";
import { seededText } from "../../core/seeded.ts";
import { useDialog } from "../../core/ui/useDialog.ts";
import { ListScreen, type ListContext, type ListSpec } from "../../crud/ListScreen.tsx";
import { deleteModel, describeBpmn, modelsPath, modelsQuery, modelXmlQuery, publishModel, type ModelRow } from "./api.ts";
import { ModelEditor, type EditorTarget } from "./ModelEditor.tsx";

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

/** The screen's dialogs, which the rows' buttons and the toolbar open. */
interface Dialogs {
  edit: (target: EditorTarget) => void;
  diagram: (row: ModelRow) => void;
  start: (row: ModelRow) => void;
}
const DialogsContext = createContext<Dialogs | null>(null);
const useDialogs = () => useContext(DialogsContext)!;

function RowActions({ row, list }: { row: ModelRow; list: ListContext<ModelRow> }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const publish = () =>
    list.run(row.id, async () => {
      const answer = await publishModel(row.id);
      notifySuccess(t("flowDesign.models.published", { name: seededText(row.name), version: answer.data.version }));
    });
  const remove = async () => {
    if (!(await confirmDelete([], { text: t("sys.common.deleteNamed", { name: seededText(row.name) }), warning: row.version ? t("flowDesign.models.deleteDeployed") : undefined }))) return;
    await list.run(`delete:${row.id}`, async () => notifySuccess((await deleteModel(row)).msg));
  };
  const icon = (label: string, node: React.ReactElement) => <Tooltip label={label}>{node}</Tooltip>;
  return (
    <>
      {hasPermission(perm.update) && icon(t("flowDesign.models.design"), <ActionIcon variant="subtle" aria-label={t("flowDesign.models.design")} onClick={() => dialogs.edit({ kind: "edit", id: row.id })} data-testid="model-edit"><IconEdit size={16} /></ActionIcon>)}
      {hasPermission(perm.publish) &&
        icon(t("flowDesign.models.publish"), <ActionIcon variant="subtle" color="green" loading={list.busy === row.id} aria-label={t("flowDesign.models.publish")} onClick={() => void publish()} data-testid="model-publish"><IconRocket size={16} /></ActionIcon>)}
      {icon(t("flowDesign.models.diagram"), <ActionIcon variant="subtle" aria-label={t("flowDesign.models.diagram")} onClick={() => dialogs.diagram(row)} data-testid="model-diagram"><IconEye size={16} /></ActionIcon>)}
      {icon(
        row.version ? t("flowDesign.models.start") : t("flowDesign.models.publishFirst"),
        <ActionIcon variant="subtle" color="teal" disabled={!row.version} aria-label={t("flowDesign.models.start")} onClick={() => dialogs.start(row)} data-testid="model-start"><IconPlayerPlay size={16} /></ActionIcon>,
      )}
      {hasPermission(perm.delete) &&
        icon(t("actions.delete"), <ActionIcon variant="subtle" color="red" loading={list.busy === `delete:${row.id}`} aria-label={t("actions.delete")} onClick={() => void remove()} data-testid="model-delete"><IconTrash size={16} /></ActionIcon>)}
    </>
  );
}

/** Import a BPMN file (prefilled in the editor) and new model. */
function Toolbar() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const importFile = async (file: File | null) => {
    if (!file) return;
    const xml = await file.text();
    const described = describeBpmn(xml);
    if (!described) return notifyError(t("flowDesign.models.notBpmn", { name: file.name }));
    dialogs.edit({ kind: "import", xml, key: described.key, name: described.name });
  };
  if (!hasPermission(perm.save)) return null;
  return (
    <>
      <FileButton onChange={(f) => void importFile(f)} accept=".bpmn,.xml,application/xml,text/xml">
        {(props) => <Button {...props} variant="default" leftSection={<IconFileImport size={16} />} data-testid="models-import">{t("flowDesign.models.import")}</Button>}
      </FileButton>
      <Button leftSection={<IconPlus size={16} />} onClick={() => dialogs.edit({ kind: "new" })} data-testid="models-new">{t("flowDesign.models.new")}</Button>
    </>
  );
}

const title = (key: string) => (t: (k: string) => string) => t(key);

const modelList: ListSpec<ModelRow> = {
  name: "models",
  path: modelsPath,
  query: modelsQuery,
  rowKey: (r) => r.id,
  rowAttrs: (r) => ({ "data-model-key": r.key }),
  filters: [{ kind: "text", key: "name", label: title("flowDesign.models.searchName"), width: 220, testId: "models-search-name" }],
  columns: [
    {
      key: "name",
      title: title("flowDesign.model.name"),
      render: (row) => (
        <>
          <Text size="sm" fw={500} truncate="end" maw={220} title={seededText(row.name)}>{seededText(row.name)}</Text>
          {row.description && <Text size="xs" c="dimmed" truncate="end" maw={220} title={seededText(row.description)}>{seededText(row.description)}</Text>}
        </>
      ),
    },
    { key: "key", title: title("flowDesign.model.key"), render: (row) => <Text size="sm" ff="monospace" truncate="end" maw={180} title={row.key}>{row.key}</Text> },
    { key: "category", title: title("flowDesign.model.category"), render: (row) => row.category ?? "" },
    { key: "formCode", title: title("flowDesign.model.formCode"), render: (row) => row.formCode ?? "" },
    {
      key: "version",
      title: title("flowDesign.models.version"),
      width: 100,
      render: (row, t) => (
        <>
          {row.version ? <Badge variant="light" color="green" tt="none">v{row.version}</Badge> : <Badge variant="light" color="gray" tt="none">{t("flowDesign.models.undeployed")}</Badge>}
          {changedSincePublish(row) && <Text size="xs" c="orange" data-testid="model-changed">{t("flowDesign.models.changedSincePublish")}</Text>}
        </>
      ),
    },
    { key: "deployTime", title: title("flowDesign.models.deployTime"), width: 110, render: (row) => <Text fz="xs">{row.deployTime ?? ""}</Text> },
    { key: "updateTime", title: title("sys.common.updateTime"), width: 110, render: (row) => <Text fz="xs">{row.updateTime ?? ""}</Text> },
  ],
  actions: (row, list) => <RowActions row={row} list={list} />,
  toolbar: () => <Toolbar />,
};

export default function ModelsScreen(_: ScreenProps) {
  const queryClient = useQueryClient();
  const editor = useDialog<EditorTarget>();
  const diagram = useDialog<ModelRow>();
  const start = useDialog<ModelRow>();
  const dialogs = useMemo<Dialogs>(() => ({ edit: editor.open, diagram: diagram.open, start: start.open }), [editor.open, diagram.open, start.open]);
  return (
    <DialogsContext.Provider value={dialogs}>
      <ListScreen list={modelList} />
      <ModelEditor opened={editor.opened} target={editor.target} onClose={editor.close} onSaved={() => void queryClient.invalidateQueries({ queryKey: [modelsPath] })} />
      <Modal opened={diagram.opened} onClose={diagram.close} title={diagram.target && seededText(diagram.target.name)} size="80%" data-testid="model-diagram-dialog">
        {diagram.target && <ModelDiagram id={diagram.target.id} />}
      </Modal>
      {start.target && (
        <Suspense fallback={null}>
          <StartDialog opened={start.opened} onClose={start.close} modelKey={start.target.key} />
        </Suspense>
      )}
    </DialogsContext.Provider>
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
