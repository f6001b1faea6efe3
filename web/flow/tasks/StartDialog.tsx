/**
 * Starts a process from a published model: the model's simple start form (`GET /flowable/process/startFlow/{key}`
 * → formFields), one user picker per approval node whose approver the initiator picks (pickNodes → variable
 * `approver_<node key>`), submit → `POST /flowable/definition/dynamicStart {code, data}`. Enter submits,
 * Escape closes. A refusal (a missing approver, a condition the variables cannot answer) shows the
 * server's message and keeps the dialog as it was.
 */
import { Alert, Center, Divider, Loader, Modal, Stack, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../core/api/http.ts";
import { notifyError, notifySuccess } from "../../core/feedback.tsx";
import { command, fetchStartForm } from "./api.ts";
import { FormFields, missingRequired, typedValues, type FormValues } from "./FormFields.tsx";
import { DialogButtons } from "./parts.tsx";
import { UserPicker } from "./UserPicker.tsx";

export interface StartDialogProps {
  opened: boolean;
  onClose: () => void;
  /** the model key (or a deploy id): the latest published version starts */
  modelKey: string | null | undefined;
  /** after a successful start, with the new instance id */
  onStarted?: (procInsId: string) => void;
}

export default function StartDialog({ opened, onClose, modelKey, onStarted }: StartDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useQuery({
    queryKey: ["/flowable/process/startFlow", modelKey],
    queryFn: () => fetchStartForm(modelKey!),
    enabled: opened && !!modelKey,
    staleTime: 0,
    retry: false,
  });
  const [values, setValues] = useState<FormValues>({});
  const [approvers, setApprovers] = useState<Record<string, string | null>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  // a fresh form for each model opened
  useEffect(() => {
    if (opened) {
      setValues({});
      setApprovers({});
      setErrors({});
    }
  }, [opened, modelKey]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const def = form.data;
    if (!def || busy) return;
    const next: Record<string, string> = {};
    for (const f of def.formFields) if (missingRequired([f], values).length) next[f.key] = t("flowTasks.start.required", { name: f.label });
    for (const p of def.pickNodes) if (!approvers[p.key]) next[`approver_${p.key}`] = t("flowTasks.start.pickRequired", { name: p.name });
    setErrors(next);
    if (Object.keys(next).length) return;
    const data: FormValues = typedValues(def.formFields, values);
    for (const p of def.pickNodes) data[`approver_${p.key}`] = approvers[p.key];
    setBusy(true);
    try {
      const answer = await command<{ procInsId: string }>("/flowable/definition/dynamicStart", { code: def.key, data });
      notifySuccess(t("flowTasks.start.started", { name: def.name }));
      void queryClient.invalidateQueries({ queryKey: ["/flowable/task/myProcess"] });
      void queryClient.invalidateQueries({ queryKey: ["/flowable/task/todoList"] });
      onClose();
      onStarted?.(answer.data?.procInsId);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) setErrors(error.errors);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={form.data ? t("flowTasks.start.titleOf", { name: form.data.name, version: form.data.version }) : t("flowTasks.start.title")} data-testid="start-dialog">
      {form.isLoading && <Center h={120}><Loader /></Center>}
      {form.error && <Alert color="red">{(form.error as Error).message}</Alert>}
      {form.data && (
        <form onSubmit={submit} data-testid="start-form">
          <Stack>
            {form.data.formFields.length ? (
              <FormFields fields={form.data.formFields} values={values} editAll errors={errors} onChange={(key, v) => setValues((s) => ({ ...s, [key]: v }))} />
            ) : (
              <Text size="sm" c="dimmed">{t("flowTasks.start.noFields")}</Text>
            )}
            {form.data.pickNodes.length > 0 && (
              <>
                <Divider label={t("flowTasks.start.pickTitle")} labelPosition="left" />
                {form.data.pickNodes.map((p) => (
                  <UserPicker
                    key={p.key}
                    label={t("flowTasks.start.pick", { name: p.name })}
                    required
                    value={approvers[p.key] ?? null}
                    onChange={(id) => setApprovers((s) => ({ ...s, [p.key]: id }))}
                    error={errors[`approver_${p.key}`]}
                    data-testid={`pick-${p.key}`}
                  />
                ))}
              </>
            )}
            <DialogButtons onCancel={onClose} label={t("flowTasks.start.submit")} busy={busy} data-testid="start-submit" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
