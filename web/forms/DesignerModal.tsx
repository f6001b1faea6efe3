/**
 * The designer of one form, full screen: the model's family and fields (useModelFamily), the layout being
 * edited, "save" keeping it as a draft and "save and release" publishing it as the next version.
 */
import { Alert, Button, Center, Group, Loader, Modal } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { emptyLayout, formLayoutSchema, layoutProblems, type FormLayout } from "../../events/forms/layout.ts";
import { useModelFamily } from "../datamodel/useModelFamily.ts";
import { runCommand } from "../core/feedback.tsx";
import { confirmDialog } from "../core/ui/confirmDelete.tsx";
import { releaseForm, saveForm, type FormRow } from "./api.ts";
import { FormDesigner } from "./FormDesigner.tsx";

export function DesignerModal({ form, onClose, onSaved }: { form: FormRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { family, model, error, isLoading } = useModelFamily(form.dataModelId);
  const [layout, setLayout] = useState<FormLayout>(() => {
    const parsed = formLayoutSchema.safeParse(form.layout);
    return parsed.success && parsed.data.sections.length ? parsed.data : emptyLayout();
  });
  const [busy, setBusy] = useState(false);
  const fields = model?.fields ?? [];
  const invalid = layoutProblems(layout, fields).length > 0;

  const save = async (release: boolean) => {
    if (release && !(await confirmDialog(t("forms.list.releaseConfirm", { name: form.name, version: (form.version ?? 0) + 1 }), { danger: false }))) return;
    setBusy(true);
    const saved = await runCommand(() => saveForm({ id: form.id, layout }));
    const released = saved && release ? await runCommand(() => releaseForm(form.id)) : saved;
    setBusy(false);
    if (saved) onSaved();
    if (released) onClose();
  };

  return (
    <Modal opened onClose={onClose} fullScreen title={t("forms.designer.title", { name: form.name })} data-testid="designer-modal">
      {isLoading && <Center h={200}><Loader /></Center>}
      {error && <Alert color="red">{error.message}</Alert>}
      {family && model && (
        <>
          <FormDesigner layout={layout} onChange={setLayout} family={family} fields={fields} />
          <Group justify="flex-end" mt="md" pos="sticky" bottom={0} bg="var(--mantine-color-body)" py="sm">
            <Button variant="default" onClick={onClose}>{t("actions.cancel")}</Button>
            <Button variant="light" onClick={() => void save(false)} loading={busy} disabled={invalid} data-testid="designer-save">{t("forms.designer.saveDraft")}</Button>
            <Button onClick={() => void save(true)} loading={busy} disabled={invalid} data-testid="designer-release">{t("forms.designer.saveRelease")}</Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
