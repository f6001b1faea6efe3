/**
 * The visit record form, opened from a task (a row of the task list): date, type, archive kind and that
 * kind's details (as the server's zfdaFields declares them), what was discussed and asked, a demand that
 * becomes a portal demand and/or a service application, and the next follow-up date (a new task). The server
 * decides; its field errors land on the fields (details.<key> on the detail's input).
 */
import { Button, Checkbox, Divider, NumberInput, SimpleGrid, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import type { Row as RecordRow } from "../core/api/records.ts";
import { notifySuccess } from "../core/feedback.tsx";
import { hasPermission } from "../core/session.ts";
import { DictSelect } from "../widgets/DictSelect/index.ts";
import { ModalForm, useKitForm } from "../widgets/FormKit/index.ts";
import { recordVisit, taskPath, visitPath, visitQueries, type RecordVisit } from "./api.ts";

const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

interface Values extends Record<string, unknown> {
  visitDate: string;
  visitType: string | null;
  archiveType: "zfda" | "fwda" | "xqda";
  content: string;
  demands: string;
  solution: string;
  details: Record<string, string | number | null>;
  demandTitle: string;
  demandType: string | null;
  toPortal: boolean;
  serviceType: string | null;
  nextFollowDate: string;
}

export function VisitForm({ task, onClose }: { task: RecordRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const kinds = useQuery(visitQueries.archiveFields());
  const form = useKitForm<Values>({
    initialValues: { visitDate: today(), visitType: "onsite", archiveType: "zfda", content: "", demands: "", solution: "", details: {}, demandTitle: "", demandType: null, toPortal: false, serviceType: null, nextFollowDate: "" },
    check: (v) => ({
      ...(v.content.trim() ? {} : { content: t("visits.record.contentRequired") }),
      ...(v.nextFollowDate && v.nextFollowDate <= v.visitDate ? { nextFollowDate: t("visits.record.nextAfterVisit") } : {}),
    }),
  });
  const fields = kinds.data?.find((k) => k.archiveType === form.values.archiveType)?.fields ?? [];
  const submit = async (v: Values) => {
    const details = Object.fromEntries(fields.map((f) => [f.key, v.details[f.key]]).filter(([, value]) => value !== undefined && value !== null && value !== ""));
    const demand = v.demandTitle.trim() && v.demandType ? { title: v.demandTitle.trim(), demandType: v.demandType, ...(v.demands ? { content: v.demands } : {}), ...(v.toPortal ? { toPortal: true } : {}), ...(v.serviceType ? { serviceType: v.serviceType } : {}) } : undefined;
    const body: RecordVisit = {
      taskId: String(task.id),
      visitDate: v.visitDate,
      visitType: v.visitType ?? "",
      archiveType: v.archiveType,
      content: v.content,
      ...(v.demands ? { demands: v.demands } : {}),
      ...(v.solution ? { solution: v.solution } : {}),
      details,
      ...(demand ? { demand } : {}),
      ...(v.nextFollowDate ? { nextFollowDate: v.nextFollowDate } : {}),
    };
    const answer = await recordVisit(body);
    notifySuccess(answer.msg || t("visits.record.saved"));
    await Promise.all([queryClient.invalidateQueries({ queryKey: [visitPath] }), queryClient.invalidateQueries({ queryKey: [taskPath] })]);
  };
  return (
    <ModalForm form={form} opened onClose={onClose} title={t("visits.record.title", { name: String(task.entName ?? "") })} onSubmit={submit} submitTestId="visit-save" data-testid="visit-form" size="xl">
      <Stack gap="sm">
        <SimpleGrid cols={3}>
          <TextInput type="date" label={t("visits.record.visitDate")} required {...form.getInputProps("visitDate")} data-testid="visit-date" />
          <DictSelect type="visitType" label={t("visits.record.visitType")} required {...form.getInputProps("visitType")} onChange={(v) => form.setFieldValue("visitType", v as string | null)} name="visitType" />
          <DictSelect type="visitArchiveType" label={t("visits.record.archiveType")} required value={form.values.archiveType} onChange={(v) => form.setValues({ archiveType: (v as Values["archiveType"]) ?? "zfda", details: {} })} name="archiveType" />
        </SimpleGrid>
        <Textarea label={t("visits.record.content")} required autosize minRows={3} maxLength={5000} {...form.getInputProps("content")} data-testid="visit-content" />
        <Text size="sm" fw={500}>{t("visits.record.details")}</Text>
        <SimpleGrid cols={2} data-testid="visit-details" data-kind={form.values.archiveType}>
          {fields.map((f) => {
            const props = { label: f.label[lang], required: f.required, error: form.errors[`details.${f.key}`], "data-testid": `visit-detail-${f.key}` };
            const value = form.values.details[f.key] ?? null;
            const set = (v: string | number | null) => form.setFieldValue("details", { ...form.values.details, [f.key]: v });
            if (f.kind === "dict") return <DictSelect key={f.key} type={f.dict!} {...props} value={value === null ? null : String(value)} onChange={(v) => set(v as string | null)} name={`details.${f.key}`} />;
            if (f.kind === "number") return <NumberInput key={f.key} {...props} value={value ?? ""} min={0} onChange={(v) => set(typeof v === "number" ? v : null)} />;
            if (f.kind === "date") return <TextInput key={f.key} type="date" {...props} value={String(value ?? "")} onChange={(e) => set(e.currentTarget.value)} />;
            return <TextInput key={f.key} {...props} maxLength={f.max} value={String(value ?? "")} onChange={(e) => set(e.currentTarget.value)} />;
          })}
        </SimpleGrid>
        <Textarea label={t("visits.record.demands")} autosize minRows={2} maxLength={5000} {...form.getInputProps("demands")} data-testid="visit-demands" />
        <Textarea label={t("visits.record.solution")} autosize minRows={2} maxLength={5000} {...form.getInputProps("solution")} />
        <Divider />
        <SimpleGrid cols={2}>
          <TextInput label={t("visits.record.demandTitle")} maxLength={128} {...form.getInputProps("demandTitle")} data-testid="visit-demand-title" />
          <DictSelect type="demandType" label={t("visits.record.demandType")} value={form.values.demandType} onChange={(v) => form.setFieldValue("demandType", v as string | null)} name="demandType" />
          <Checkbox label={t("visits.record.toPortal")} {...form.getInputProps("toPortal", { type: "checkbox" })} data-testid="visit-to-portal" />
          <DictSelect type="serviceType" label={t("visits.record.serviceType")} value={form.values.serviceType} onChange={(v) => form.setFieldValue("serviceType", v as string | null)} clearable name="serviceType" />
        </SimpleGrid>
        <TextInput type="date" label={t("visits.record.nextFollowDate")} description={t("visits.record.nextFollowHint")} {...form.getInputProps("nextFollowDate")} data-testid="visit-next" />
      </Stack>
    </ModalForm>
  );
}

/** A task row's action "登记走访 / Record visit" (with the visit save tag), on an open task only: the visit finishes it. */
export default function RecordVisitAction({ row }: { family: Family; row: RecordRow }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!hasPermission("common:encompanyvisit:save") || row.status === "done" || row.status === "cancelled") return null;
  return (
    <>
      <Button size="compact-sm" variant="subtle" onClick={() => setOpen(true)} data-testid="task-record-visit">{t("visits.record.button")}</Button>
      {open && <VisitForm task={row} onClose={() => setOpen(false)} />}
    </>
  );
}

