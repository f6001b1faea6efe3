/**
 * Starts a process from a published model: the model's simple start form (`GET /flowable/process/startFlow/{key}`
 * → formFields), one user picker per approval node whose approver the initiator picks (pickNodes → variable
 * `approver_<node key>`), submit → `POST /flowable/definition/dynamicStart {code, data}`. Enter in a
 * single-line input or Ctrl+S submits, Escape closes (asking first when something was filled in). A refusal (a missing approver, a condition the variables cannot answer) shows the
 * server's message and keeps the dialog as it was.
 */
import { Alert, Center, Divider, Loader, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../core/feedback.tsx";
import { ModalForm, useKitForm } from "../../widgets/FormKit/index.ts";
import { fetchStartForm } from "./api.ts";
import { call } from "../../core/api/call.ts";
import { flowModels } from "../../../events/api/flow-models.ts";
import { FormFields, missingRequired, typedValues, type FormValues } from "./FormFields.tsx";
import { UserPicker } from "./UserPicker.tsx";
import { useSeededName } from "../../core/seeded.ts";

type Draft = { fields: FormValues; approvers: Record<string, string | null> };

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
  const named = useSeededName();
  const queryClient = useQueryClient();
  const form = useQuery({
    queryKey: ["/flowable/process/startFlow", modelKey],
    queryFn: () => fetchStartForm(modelKey!),
    enabled: opened && !!modelKey,
    staleTime: 0,
    retry: false,
  });
  // errors are keyed as the server keys them: the field's key, `approver_<node key>`
  const draft = useKitForm<Draft>({
    initialValues: { fields: {}, approvers: {} },
    check: ({ fields, approvers }) => {
      const errors: Record<string, string> = {};
      for (const f of form.data?.formFields ?? []) if (missingRequired([f], fields).length) errors[f.key] = t("flowTasks.start.required", { name: named(f.label) });
      for (const p of form.data?.pickNodes ?? []) if (!approvers[p.key]) errors[`approver_${p.key}`] = t("flowTasks.start.pickRequired", { name: named(p.name) });
      return errors;
    },
  });
  const { fields: values, approvers } = draft.values;
  const errors = draft.errors as Record<string, string>;

  // a fresh form for each model opened
  useEffect(() => {
    if (opened) draft.load({ fields: {}, approvers: {} });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, modelKey]);

  const submit = async () => {
    const def = form.data;
    if (!def) return false;
    const data: FormValues = typedValues(def.formFields, values);
    for (const p of def.pickNodes) data[`approver_${p.key}`] = approvers[p.key];
    const { procInsId } = await call(flowModels.start, { body: { code: def.key, data } });
    notifySuccess(t("flowTasks.start.started", { name: named(def.name) }));
    void queryClient.invalidateQueries({ queryKey: ["/flowable/task/myProcess"] });
    void queryClient.invalidateQueries({ queryKey: ["/flowable/task/todoList"] });
    onStarted?.(procInsId);
  };

  const errorKeys = [...(form.data?.formFields ?? []).map((f) => f.key), ...(form.data?.pickNodes ?? []).map((p) => `approver_${p.key}`)];
  return (
    <ModalForm
      form={draft}
      opened={opened}
      onClose={onClose}
      title={form.data ? t("flowTasks.start.titleOf", { name: named(form.data.name), version: form.data.version }) : t("flowTasks.start.title")}
      onSubmit={submit}
      submitLabel={t("flowTasks.start.submit")}
      submitTestId="start-submit"
      disabled={!form.data}
      errorKeys={errorKeys}
      formTestId="start-form"
      data-testid="start-dialog"
    >
      {form.isLoading && <Center h={120}><Loader /></Center>}
      {form.error && <Alert color="red">{(form.error as Error).message}</Alert>}
      {form.data && (
        <>
          {form.data.formFields.length ? (
            <FormFields
              fields={form.data.formFields}
              values={values}
              editAll
              errors={errors}
              onChange={(key, v) => {
                draft.setFieldValue("fields", { ...values, [key]: v });
                draft.clearFieldError(key);
              }}
            />
          ) : (
            <Text size="sm" c="dimmed">{t("flowTasks.start.noFields")}</Text>
          )}
          {form.data.pickNodes.length > 0 && (
            <>
              <Divider label={t("flowTasks.start.pickTitle")} labelPosition="left" />
              {form.data.pickNodes.map((p) => (
                <UserPicker
                  key={p.key}
                  label={t("flowTasks.start.pick", { name: named(p.name) })}
                  required
                  value={approvers[p.key] ?? null}
                  onChange={(id) => {
                    draft.setFieldValue("approvers", { ...approvers, [p.key]: id });
                    draft.clearFieldError(`approver_${p.key}`);
                  }}
                  error={errors[`approver_${p.key}`]}
                  data-testid={`pick-${p.key}`}
                />
              ))}
            </>
          )}
        </>
      )}
    </ModalForm>
  );
}
