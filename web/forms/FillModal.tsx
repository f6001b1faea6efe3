/**
 * Filling a form, or changing a filled one: the form's live release (or, for a filled one, the release it
 * was filled with) rendered over the model's family. Save stores the record and its form data; a process
 * form bound to a published flow can instead be submitted for approval (dynamicStart with proc_form_id).
 * The required rules are checked here as the server checks them (applyFormRules), so a missing field is
 * marked before any request; the server's own refusal is shown on its field.
 */
import { Alert, Button, Center, Group, Loader, Modal, Select, Stack, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "../../events/i18n.ts";
import type { FormLayout } from "../../events/forms/layout.ts";
import { get } from "../core/api/http.ts";
import { useModelFamily } from "../datamodel/useModelFamily.ts";
import { runCommand } from "../core/feedback.tsx";
import { fillForm, formQueries, formPath, startFromForm, type FilledInfo, type FormChoice, type ReleaseRow } from "./api.ts";
import { FormRenderer, requiredErrors } from "./FormRenderer.tsx";

export interface FillModalProps {
  /** a filled form to change (else a new one) */
  filled?: FilledInfo | null;
  onClose: () => void;
  onSaved: () => void;
}

export function FillModal({ filled, onClose, onSaved }: FillModalProps) {
  const { t } = useTranslation();
  const released = useQuery(formQueries.select({ status: "1" }));
  const [formId, setFormId] = useState<string | null>(filled?.formId ?? null);
  const form = (released.data ?? []).find((f) => f.id === formId) ?? null;
  return (
    <Modal opened onClose={onClose} size="xl" title={filled ? t("forms.fill.editTitle") : t("forms.fill.title")} data-testid="fill-modal">
      <Stack>
        {!filled && (
          <Select
            label={t("forms.fill.pickForm")}
            data={(released.data ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.code}) v${f.version}` }))}
            value={formId}
            onChange={setFormId}
            searchable
            attributes={{ input: { "data-testid": "fill-form-picker" } as Record<string, string> }}
          />
        )}
        {filled ? (
          <FillBody key={filled.id} dataModelId={filled.dataModelId} layout={filled.layout} form={null} filled={filled} onClose={onClose} onSaved={onSaved} />
        ) : form ? (
          <LiveRelease key={form.id} form={form} onClose={onClose} onSaved={onSaved} />
        ) : null}
      </Stack>
    </Modal>
  );
}

function LiveRelease({ form, onClose, onSaved }: { form: FormChoice; onClose: () => void; onSaved: () => void }) {
  const release = useQuery({ queryKey: [formPath, "release", form.id, form.version], queryFn: async () => (await get<ReleaseRow>(`${formPath}/release/${form.id}/${form.version}`)).data });
  if (release.isLoading) return <Center><Loader size="sm" /></Center>;
  if (release.error) return <Alert color="red">{(release.error as Error).message}</Alert>;
  return release.data ? <FillBody dataModelId={form.dataModelId} layout={release.data.layout} form={form} filled={null} onClose={onClose} onSaved={onSaved} /> : null;
}

function FillBody({ dataModelId, layout, form, filled, onClose, onSaved }: { dataModelId: string; layout: FormLayout; form: FormChoice | null; filled: FilledInfo | null; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const { family, model, isLoading } = useModelFamily(dataModelId);
  const [values, setValues] = useState<Record<string, unknown>>(filled?.values ?? {});
  const [title, setTitle] = useState(filled?.title ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const flows = useQuery({ ...formQueries.flowModels(), enabled: !!form?.processForm });
  const flow = form?.processForm ? (flows.data ?? []).find((m) => m.formCode === form.code && m.version) : undefined;
  useEffect(() => setErrors({}), [layout]);

  if (isLoading || !family) return <Center><Loader size="sm" /></Center>;

  const check = () => {
    const missing = requiredErrors(layout, values, family, t, lang);
    setErrors(missing);
    return Object.keys(missing).length === 0;
  };
  const save = async () => {
    if (!check()) return;
    setBusy(true);
    const ok = await runCommand(() => fillForm({ ...(filled ? { id: filled.id } : { formId: form!.id }), ...(title ? { title } : {}), data: values }), setErrors);
    setBusy(false);
    if (ok) (onSaved(), onClose());
  };
  const submit = async () => {
    if (!check() || !flow || !form) return;
    setBusy(true);
    const ok = await runCommand(() => startFromForm({ code: flow.key, proc_form_id: form.id, dataModelId, data: values }), setErrors);
    setBusy(false);
    if (ok) (onSaved(), onClose());
  };

  return (
    <Stack data-testid="fill-body">
      <TextInput label={t("forms.fill.titleField")} value={title} onChange={(e) => setTitle(e.currentTarget.value)} name="title" />
      <FormRenderer layout={layout} family={family} fields={model?.fields ?? []} values={values} errors={errors} onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))} />
      {form?.processForm && !flow && !flows.isLoading && <Alert color="orange" variant="light">{t("forms.fill.noFlow")}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>{t("actions.cancel")}</Button>
        <Button variant={flow ? "light" : "filled"} onClick={() => void save()} loading={busy} data-testid="fill-save">{t("actions.save")}</Button>
        {flow && <Button onClick={() => void submit()} loading={busy} data-testid="fill-submit">{t("forms.fill.submit", { name: flow.name })}</Button>}
      </Group>
    </Stack>
  );
}
