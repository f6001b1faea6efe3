/**
 * Add or edit a scheduled job: name, group, the handler (only registered ones, from getDataSource, shown by
 * their label), its parameters (fields from the handler's schema, else JSON), the cron expression with its
 * reading and next runs, and a remark. The server validates everything again; its field errors show on
 * the fields (`params.x` on parameter x).
 */
import { Button, Group, Loader, Modal, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { currentLang } from "../core/i18n.ts";
import { runCommand } from "../core/feedback.tsx";
import { handlerKey, jobApi, jobPath, jobQueries, type Job } from "./api.ts";
import { CronInput } from "./CronInput.tsx";
import { ParamsEditor } from "./ParamsEditor.tsx";

interface Draft {
  jobName: string;
  jobGroup: string;
  handler: string | null;
  params: Record<string, unknown> | null;
  cronExpression: string;
  remark: string;
}

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
  const [draft, setDraft] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const job = stored.data;
    if (!job) return;
    setDraft({
      jobName: job.jobName ?? "",
      jobGroup: job.jobGroup ?? "",
      handler: job.beanName ? handlerKey(job) : null,
      params: paramsObject(job.params),
      cronExpression: job.cronExpression ?? "",
      remark: job.remark ?? "",
    });
  }, [stored.data]);

  const handler = handlers.data?.find((h) => handlerKey(h) === draft.handler);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!draft.jobName.trim()) missing.jobName = t("jobs.nameRequired");
    if (!handler) missing.beanName = t("jobs.handlerHint");
    if (draft.params === null) missing.params = t("jobs.paramsInvalid");
    if (Object.keys(missing).length) return setErrors(missing);
    setErrors({});
    setSaving(true);
    const job: Partial<Job> = {
      ...(id ? { jobId: id, version: stored.data?.version } : {}),
      jobName: draft.jobName.trim(),
      jobGroup: draft.jobGroup.trim() || null,
      beanName: handler!.beanName,
      methodName: handler!.methodName,
      params: draft.params,
      cronExpression: draft.cronExpression.trim(),
      remark: draft.remark.trim() || null,
    };
    const ok = await runCommand(() => jobApi.save(job), setErrors);
    setSaving(false);
    if (ok) {
      await queryClient.invalidateQueries({ queryKey: [jobPath] });
      onClose();
    }
  };

  const loading = id !== null && stored.isLoading;
  return (
    <Modal opened onClose={onClose} title={id ? t("jobs.edit") : t("jobs.add")} size="lg" data-testid="job-form">
      {loading ? (
        <Loader size="sm" />
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <Stack gap="sm">
            <TextInput label={t("jobs.jobName")} required value={draft.jobName} onChange={(e) => set("jobName", e.currentTarget.value)} error={errors.jobName} data-autofocus data-testid="job-name" />
            <TextInput label={t("jobs.jobGroup")} value={draft.jobGroup} onChange={(e) => set("jobGroup", e.currentTarget.value)} error={errors.jobGroup} data-testid="job-group" />
            <Select
              label={t("jobs.handler")}
              placeholder={t("jobs.handlerHint")}
              required
              searchable
              data={(handlers.data ?? []).map((h) => ({ value: handlerKey(h), label: `${h.label[lang]} (${handlerKey(h)})` }))}
              value={draft.handler}
              onChange={(v) => setDraft((d) => ({ ...d, handler: v, params: {} }))}
              error={errors.beanName ?? errors.methodName}
              data-testid="job-handler"
            />
            <ParamsEditor key={draft.handler ?? ""} schema={handler?.paramsSchema} value={draft.params} onChange={(v) => set("params", v)} errors={errors} />
            <CronInput value={draft.cronExpression} onChange={(v) => set("cronExpression", v)} error={errors.cronExpression} />
            <Textarea label={t("jobs.remark")} value={draft.remark} onChange={(e) => set("remark", e.currentTarget.value)} autosize minRows={2} error={errors.remark} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>{t("actions.cancel")}</Button>
              <Button type="submit" loading={saving} data-testid="job-save">{t("actions.save")}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
