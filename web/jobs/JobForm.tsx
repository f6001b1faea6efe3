/**
 * Add or edit a scheduled job: name, group, the handler (only registered ones, from getDataSource, shown by
 * their label), its parameters (fields from the handler's schema, else JSON), the cron expression with its
 * reading and next runs, and a remark. The server validates everything again; its field errors show on
 * the fields (`params.x` on parameter x).
 */
import { Loader, Select, Textarea, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { currentLang } from "../core/i18n.ts";
import { notifySuccess } from "../core/feedback.tsx";
import { ModalForm, useKitForm } from "../widgets/FormKit/index.ts";
import { handlerKey, jobApi, jobPath, jobQueries, type Job } from "./api.ts";
import { CronInput } from "./CronInput.tsx";
import { ParamsEditor } from "./ParamsEditor.tsx";

type Draft = {
  jobName: string;
  jobGroup: string;
  handler: string | null;
  params: Record<string, unknown> | null;
  cronExpression: string;
  remark: string;
};

const blank: Draft = { jobName: "", jobGroup: "", handler: null, params: {}, cronExpression: "0 0 12 * * ?", remark: "" };

const paramsObject = (params: unknown): Record<string, unknown> => {
  if (typeof params === "string") {
    try {
      params = JSON.parse(params);
    } catch {
      return {};
    }
  }
  return params && typeof params === "object" && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
};

export function JobForm({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const handlers = useQuery(jobQueries.handlers());
  const stored = useQuery({ ...jobQueries.detail(id ?? ""), enabled: id !== null });
  // the server checks everything again (the cron expression, the parameters against the handler's schema)
  const schema = z.object({
    jobName: z.string().trim().min(1, t("jobs.nameRequired")),
    handler: z.string({ error: t("jobs.handlerHint") }).refine((key) => handlers.data?.some((h) => handlerKey(h) === key), t("jobs.handlerHint")),
    params: z.record(z.string(), z.unknown(), { error: t("jobs.paramsInvalid") }),
  });
  const form = useKitForm<Draft>({ initialValues: blank, schema });
  const draft = form.values;

  useEffect(() => {
    const job = stored.data;
    if (!job) return;
    form.load({
      jobName: job.jobName ?? "",
      jobGroup: job.jobGroup ?? "",
      handler: job.beanName ? handlerKey(job) : null,
      params: paramsObject(job.params),
      cronExpression: job.cronExpression ?? "",
      remark: job.remark ?? "",
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored.data]);

  const handler = handlers.data?.find((h) => handlerKey(h) === draft.handler);
  const errors = form.errors as Record<string, string>;

  const save = async (values: Draft) => {
    const job: Partial<Job> = {
      ...(id ? { jobId: id, version: stored.data?.version } : {}),
      jobName: values.jobName.trim(),
      jobGroup: values.jobGroup.trim() || null,
      beanName: handler!.beanName,
      methodName: handler!.methodName,
      params: values.params,
      cronExpression: values.cronExpression.trim(),
      remark: values.remark.trim() || null,
    };
    notifySuccess((await jobApi.save(job)).msg);
    await queryClient.invalidateQueries({ queryKey: [jobPath] });
  };

  const loading = id !== null && stored.isLoading;
  return (
    <ModalForm form={form} opened onClose={onClose} title={id ? t("jobs.edit") : t("jobs.add")} onSubmit={save} submitTestId="job-save" errorKeys={["beanName", "methodName"]} disabled={loading} data-testid="job-form">
      {loading ? (
        <Loader size="sm" />
      ) : (
        <>
          <TextInput label={t("jobs.jobName")} required {...form.getInputProps("jobName")} data-autofocus data-testid="job-name" />
          <TextInput label={t("jobs.jobGroup")} {...form.getInputProps("jobGroup")} data-testid="job-group" />
          <Select
            label={t("jobs.handler")}
            placeholder={t("jobs.handlerHint")}
            required
            searchable
            data={(handlers.data ?? []).map((h) => ({ value: handlerKey(h), label: `${h.label[lang]} (${handlerKey(h)})` }))}
            value={draft.handler}
            onChange={(v) => {
              form.setFieldValue("handler", v);
              form.setFieldValue("params", {});
            }}
            error={errors.handler ?? errors.beanName ?? errors.methodName}
            data-testid="job-handler"
          />
          <ParamsEditor key={draft.handler ?? ""} schema={handler?.paramsSchema} value={draft.params} onChange={(v) => form.setFieldValue("params", v)} errors={errors} />
          <CronInput value={draft.cronExpression} onChange={(v) => form.setFieldValue("cronExpression", v)} error={errors.cronExpression} />
          <Textarea label={t("jobs.remark")} {...form.getInputProps("remark")} autosize minRows={2} />
        </>
      )}
    </ModalForm>
  );
}
