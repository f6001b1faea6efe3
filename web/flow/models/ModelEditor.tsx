/**
 * Creates or edits a process model, full screen: its details (name, key, category, description, form code)
 * and either the designer (a tree model) or the diagram of its BPMN (an imported model, whose file can be
 * replaced). Save checks the details and the tree first and lists every problem, each opening its node;
 * Ctrl/⌘+S saves; closing with unsaved edits asks first.
 */
import { Alert, Anchor, Button, Center, FileButton, Group, Loader, Modal, Stack, Tabs, Text, TextInput, Textarea } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { useQuery } from "@tanstack/react-query";
import { IconDeviceFloppy, IconFileImport, IconRocket } from "@tabler/icons-react";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProcessTree } from "../../../events/flow/tree.ts";
import { ApiError } from "../../core/api/http.ts";
import { hasPermission } from "../../core/session.ts";
import { notifyError, notifySuccess } from "../../core/feedback.tsx";
import { ProcessDesigner } from "../designer/ProcessDesigner.tsx";
import { insertAfter, makeNode, newTree } from "../designer/treeOps.ts";
import { problemsByNode, validateTree, type DesignProblem } from "../designer/validateTree.ts";
import { useNodeNames } from "../designer/ProcessDesigner.tsx";
import { describeBpmn, modelQuery, publishModel, saveModel, type ModelDetail } from "./api.ts";

const BpmnViewer = lazy(() => import("../diagram/BpmnViewer.tsx"));

export type EditorTarget = { kind: "new" } | { kind: "edit"; id: string } | { kind: "import"; xml: string; key: string; name: string };

export interface ModelEditorProps {
  opened: boolean;
  target: EditorTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Details {
  name: string;
  key: string;
  category: string;
  description: string;
  formCode: string;
}

/** A model key is the BPMN process id: a letter or _ then letters, digits, _ . or -. */
const keyPattern = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

export function ModelEditor({ opened, target, onClose, onSaved }: ModelEditorProps) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState(false);
  const close = () => {
    if (!dirty) return onClose();
    modals.openConfirmModal({
      title: t("notice.confirmTitle"),
      centered: true,
      zIndex: 500,
      children: <Text size="sm">{t("flowDesign.editor.discard")}</Text>,
      labels: { confirm: t("actions.confirm"), cancel: t("actions.cancel") },
      onConfirm: () => (setDirty(false), onClose()),
    });
  };
  const title = !target ? "" : target.kind === "new" ? t("flowDesign.editor.newTitle") : target.kind === "import" ? t("flowDesign.editor.importTitle") : t("flowDesign.editor.editTitle");
  const bodyKey = !target ? "none" : target.kind === "edit" ? `edit-${target.id}` : target.kind;
  return (
    <Modal opened={opened} onClose={close} fullScreen title={title} closeOnEscape={false} data-testid="model-editor" styles={{ body: { paddingBottom: 8 } }}>
      {opened && target && <EditorBody key={bodyKey} target={target} onDirty={setDirty} onDone={() => (setDirty(false), onSaved(), onClose())} onCancel={close} />}
    </Modal>
  );
}

function EditorBody({ target, onDirty, onDone, onCancel }: { target: EditorTarget; onDirty: (dirty: boolean) => void; onDone: () => void; onCancel: () => void }) {
  const id = target.kind === "edit" ? target.id : null;
  const detail = useQuery({ ...modelQuery(id ?? ""), enabled: Boolean(id) });
  if (id && detail.isError) return <Alert color="red">{(detail.error as Error).message}</Alert>;
  if (id && !detail.data)
    return (
      <Center h={200}>
        <Loader />
      </Center>
    );
  return <EditorForm target={target} detail={detail.data ?? null} onDirty={onDirty} onDone={onDone} onCancel={onCancel} />;
}

function EditorForm({ target, detail, onDirty, onDone, onCancel }: { target: EditorTarget; detail: ModelDetail | null; onDirty: (dirty: boolean) => void; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const names = useNodeNames();
  const [details, setDetails] = useState<Details>(() => ({
    name: detail?.name ?? (target.kind === "import" ? target.name : ""),
    key: detail?.key ?? (target.kind === "import" ? target.key : ""),
    category: detail?.category ?? "",
    description: detail?.description ?? "",
    formCode: detail?.formCode ?? "",
  }));
  // a tree model, or an imported one carried as its XML
  const [xml, setXml] = useState<string | null>(() => (target.kind === "import" ? target.xml : detail && !detail.tree ? detail.xml : null));
  const [tree, setTree] = useState<ProcessTree>(() => {
    if (detail?.tree) return detail.tree;
    const root = newTree(t("flowDesign.names.initiator"));
    return insertAfter(root, root.id, makeNode("APPROVAL", names));
  });
  const [tab, setTab] = useState<string | null>(target.kind === "edit" ? "design" : "details");
  const [selected, setSelected] = useState<string | null>(null);
  const [problems, setProblems] = useState<DesignProblem[] | null>(null);
  const [detailErrors, setDetailErrors] = useState<Partial<Record<keyof Details, string>>>({});
  const [busy, setBusy] = useState(false);

  const changeTree = useCallback(
    (next: ProcessTree) => {
      setTree(next);
      onDirty(true);
      // once problems were shown, they follow the edits
      setProblems((shown) => (shown ? validateTree(next) : shown));
    },
    [onDirty],
  );
  const setDetail = (field: keyof Details, value: string) => {
    setDetails((d) => ({ ...d, [field]: value }));
    setDetailErrors((e) => ({ ...e, [field]: undefined }));
    onDirty(true);
  };
  const byNode = useMemo(() => problemsByNode(problems ?? []), [problems]);

  const checkDetails = () => {
    const errors: Partial<Record<keyof Details, string>> = {};
    if (!details.name.trim()) errors.name = t("flowDesign.editor.nameMissing");
    if (!details.key.trim()) errors.key = t("flowDesign.editor.keyMissing");
    else if (!keyPattern.test(details.key.trim())) errors.key = t("flowDesign.editor.keyRule");
    setDetailErrors(errors);
    return Object.values(errors).filter(Boolean) as string[];
  };

  const save = async (andPublish: boolean) => {
    if (busy) return;
    const detailProblems = checkDetails();
    const treeProblems = xml === null ? validateTree(tree) : [];
    setProblems(xml === null ? treeProblems : []);
    if (detailProblems.length) return setTab("details");
    if (treeProblems.length) return setTab("design");
    setBusy(true);
    try {
      const body = {
        id: detail?.id,
        name: details.name.trim(),
        key: details.key.trim(),
        category: details.category.trim() || undefined,
        description: details.description.trim() || undefined,
        formCode: details.formCode.trim() || undefined,
        ...(xml === null ? { tree } : { xml }),
      };
      const saved = await saveModel(body);
      if (andPublish) {
        const published = await publishModel(saved.data.id);
        notifySuccess(t("flowDesign.models.published", { name: body.name, version: published.data.version }));
      } else notifySuccess(saved.msg);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) {
        // the server's field errors: details go under their inputs, the rest is listed
        const known: Partial<Record<keyof Details, string>> = {};
        const other: DesignProblem[] = [];
        for (const [field, text] of Object.entries(error.errors)) {
          if (field in details) known[field as keyof Details] = text;
          else other.push({ nodeId: null, text: `${field}: ${text}` });
        }
        setDetailErrors(known);
        setProblems(other);
      }
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  useHotkeys([["mod+S", () => void save(false)]], []);

  const replaceXml = async (file: File | null) => {
    if (!file) return;
    const text = await file.text();
    if (!describeBpmn(text)) return notifyError(t("flowDesign.models.notBpmn", { name: file.name }));
    setXml(text);
    onDirty(true);
  };

  const openProblem = (p: DesignProblem) => {
    if (!p.nodeId) return;
    setTab("design");
    setSelected(p.nodeId);
  };

  return (
    <Stack gap="sm">
      {problems && problems.length > 0 && (
        <Alert color="red" title={t("flowDesign.editor.problems", { n: problems.length })} data-testid="design-problems">
          <Stack gap={2} mah={110} style={{ overflowY: "auto" }}>
            {problems.map((p, i) =>
              p.nodeId ? (
                <Anchor key={i} component="button" type="button" size="sm" c="red" ta="left" onClick={() => openProblem(p)}>{p.text}</Anchor>
              ) : (
                <Text key={i} size="sm">{p.text}</Text>
              ),
            )}
          </Stack>
        </Alert>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Group justify="space-between" wrap="nowrap" align="flex-end">
          <Tabs.List>
            <Tabs.Tab value="details" data-testid="tab-details" c={Object.values(detailErrors).some(Boolean) ? "red" : undefined}>{t("flowDesign.editor.details")}</Tabs.Tab>
            <Tabs.Tab value="design" data-testid="tab-design" c={byNode.size ? "red" : undefined}>{xml === null ? t("flowDesign.editor.design") : t("flowDesign.editor.diagram")}</Tabs.Tab>
          </Tabs.List>
          <Group gap="xs" pb={4}>
            <Button variant="default" onClick={onCancel}>{t("actions.cancel")}</Button>
            {hasPermission("flowable:definition:publish") && (
              <Button variant="light" color="green" leftSection={<IconRocket size={16} />} loading={busy} onClick={() => void save(true)} data-testid="model-save-publish">{t("flowDesign.editor.saveAndPublish")}</Button>
            )}
            <Button leftSection={<IconDeviceFloppy size={16} />} loading={busy} onClick={() => void save(false)} data-testid="model-save">{t("actions.save")}</Button>
          </Group>
        </Group>
        <Tabs.Panel value="details" pt="md">
          <Stack maw={640}>
            <TextInput label={t("flowDesign.model.name")} required maxLength={100} value={details.name} error={detailErrors.name} onChange={(e) => setDetail("name", e.currentTarget.value)} data-autofocus data-testid="model-name" />
            <TextInput
              label={t("flowDesign.model.key")}
              description={t("flowDesign.editor.keyHint")}
              required
              maxLength={64}
              disabled={Boolean(detail)}
              value={details.key}
              error={detailErrors.key}
              onChange={(e) => setDetail("key", e.currentTarget.value)}
              styles={{ input: { fontFamily: "monospace" } }}
              data-testid="model-key"
            />
            <TextInput label={t("flowDesign.model.category")} maxLength={64} value={details.category} onChange={(e) => setDetail("category", e.currentTarget.value)} data-testid="model-category" />
            <TextInput label={t("flowDesign.model.formCode")} description={t("flowDesign.editor.formCodeHint")} maxLength={64} value={details.formCode} onChange={(e) => setDetail("formCode", e.currentTarget.value)} data-testid="model-form-code" />
            <Textarea label={t("flowDesign.model.description")} autosize minRows={3} maxLength={500} value={details.description} onChange={(e) => setDetail("description", e.currentTarget.value)} data-testid="model-description" />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="design" pt="sm">
          {xml === null ? (
            <ProcessDesigner value={tree} onChange={changeTree} selected={selected} onSelect={setSelected} problems={byNode} height={problems?.length ? "calc(100vh - 330px)" : "calc(100vh - 190px)"} />
          ) : (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" c="dimmed">{t("flowDesign.editor.importedHint")}</Text>
                <FileButton onChange={(f) => void replaceXml(f)} accept=".bpmn,.xml,application/xml,text/xml">
                  {(props) => <Button {...props} size="xs" variant="default" leftSection={<IconFileImport size={14} />}>{t("flowDesign.editor.replaceXml")}</Button>}
                </FileButton>
              </Group>
              <Suspense fallback={<Loader size="sm" />}>
                <BpmnViewer xml={xml} height={Math.max(360, window.innerHeight - 240)} />
              </Suspense>
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
