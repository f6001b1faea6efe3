/**
 * What the report screens share: the kind and status names, the present period of a kind, the drawer of
 * one report (its text, its review, who has read it) and the write/edit form.
 */
import { Badge, Group, Select, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { workReportKinds } from "../../events/api/workreports.ts";
import { notifySuccess } from "../core/feedback.tsx";
import { useSeededName } from "../core/seeded.ts";
import type { DetailSpec } from "../crud/DetailDrawer.tsx";
import { UsersPicker } from "../flow/tasks/UserPicker.tsx";
import { ModalForm, useKitForm } from "../widgets/FormKit/index.ts";
import { reportApi, reportPath, reportQueries, type ReportDetail } from "./api.ts";

export type Kind = (typeof workReportKinds)[number];
export const writableKinds: Kind[] = ["daily", "weekly", "monthly"];

const pad = (n: number) => String(n).padStart(2, "0");

/** The present period of a kind in the browser's calendar: 2026-11-27, 2026-W48, 2026-11. */
export function presentPeriod(kind: Kind, now = new Date()): string {
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  if (kind === "daily") return day;
  if (kind === "monthly") return day.slice(0, 7);
  if (kind === "weekly") {
    const at = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
    const thursday = at + (3 - ((new Date(at).getUTCDay() + 6) % 7)) * 86_400_000;
    const year = new Date(thursday).getUTCFullYear();
    const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
    return `${year}-W${pad(week)}`;
  }
  return "";
}

export const kindName = (t: TFunction, kind: string | null | undefined) => (kind ? t(`workreports.types.${kind}`, { defaultValue: kind }) : "—");

const statusColours: Record<string, string> = { draft: "gray", submitted: "blue", reviewed: "green", returned: "orange" };

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColours[status] ?? "gray"} variant="light" tt="none" data-status={status}>
      {t(`workreports.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}

function Readers({ detail }: { detail: ReportDetail }) {
  const { t } = useTranslation();
  const named = useSeededName();
  if (!detail.readers.length) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Group gap={6} data-testid="report-readers">
      {detail.readers.map((r) => (
        <Badge key={r.userId} variant={r.readTime ? "light" : "outline"} color={r.readTime ? "green" : "gray"} tt="none" data-read={r.readTime ? "1" : "0"}>
          {named(r.name ?? r.userId)} · {r.readTime ? t("workreports.readAt", { time: r.readTime }) : t("workreports.notRead")}
        </Badge>
      ))}
    </Group>
  );
}

const paragraphs = (text: string | null) => <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>{text || "—"}</Text>;

export const reportDetail: DetailSpec<ReportDetail> = {
  testId: "report-drawer",
  title: (t) => t("workreports.detail"),
  query: (id) => reportQueries.detail(id),
  fields: [
    { label: (t) => t("workreports.title"), value: (d) => d.title },
    { label: (t) => t("workreports.reportType"), value: (d, t) => kindName(t, d.reportType) },
    { label: (t) => t("workreports.period"), value: (d) => d.period },
    { label: (t) => t("workreports.reporter"), value: (d) => d.reporterName ?? "—" },
    { label: (t) => t("workreports.dept"), value: (d) => d.deptName ?? "—" },
    { label: (t) => t("workreports.status"), value: (d) => <StatusBadge status={d.status} /> },
    { label: (t) => t("workreports.submitTime"), value: (d) => d.submitTime ?? "—" },
  ],
  sections: [
    { title: (t) => t("workreports.content"), body: (d) => paragraphs(d.content) },
    { title: (t) => t("workreports.nextPlan"), body: (d) => paragraphs(d.nextPlan) },
    { title: (t) => t("workreports.problems"), body: (d) => paragraphs(d.problems) },
    {
      title: (t) => t("workreports.reviewOpinion"),
      when: (d) => !!d.reviewTime,
      body: (d) => (
        <Stack gap={2} data-testid="report-review">
          <Text size="sm">{d.reviewerName} · {d.reviewTime}</Text>
          {paragraphs(d.reviewOpinion)}
        </Stack>
      ),
    },
    { title: (t) => t("workreports.readers"), body: (d) => <Readers detail={d} /> },
  ],
};

type Draft = { title: string; reportType: Kind; period: string; content: string; nextPlan: string; problems: string; notifyUserIds: string[]; submit: boolean };

/** Write a report (id null) or edit one of one's own; the server checks the period and refuses a second report of it by name. */
export function ReportForm({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stored = useQuery({ ...reportQueries.detail(id ?? ""), enabled: id !== null });
  const need = (key: string) => z.string().trim().min(1, t("workreports.required", { name: t(`workreports.${key}`) }));
  const form = useKitForm<Draft>({
    initialValues: { title: "", reportType: "weekly", period: presentPeriod("weekly"), content: "", nextPlan: "", problems: "", notifyUserIds: [], submit: true },
    schema: z.object({ title: need("title"), period: need("period"), content: need("content") }),
  });
  useEffect(() => {
    const r = stored.data;
    if (!r) return;
    form.load({ title: r.title, reportType: r.reportType as Kind, period: r.period, content: r.content, nextPlan: r.nextPlan ?? "", problems: r.problems ?? "", notifyUserIds: r.notifyUserIds ?? [], submit: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored.data]);

  const save = async (v: Draft) => {
    const answer = await reportApi.save({
      ...(id ? { id, version: stored.data?.version } : {}),
      title: v.title.trim(),
      reportType: v.reportType,
      period: v.period.trim(),
      content: v.content,
      nextPlan: v.nextPlan || null,
      problems: v.problems || null,
      notifyUserIds: v.notifyUserIds,
      submit: v.submit,
    });
    notifySuccess(answer.msg);
    await queryClient.invalidateQueries({ queryKey: [reportPath] });
  };

  return (
    <ModalForm form={form} opened onClose={onClose} title={id ? t("workreports.editTitle") : t("workreports.add")} onSubmit={save} submitTestId="report-save" data-testid="report-form" size="xl">
      <Group grow align="flex-start">
        <Select
          label={t("workreports.reportType")}
          data={writableKinds.map((k) => ({ value: k, label: kindName(t, k) }))}
          value={form.values.reportType}
          allowDeselect={false}
          onChange={(v) => {
            const kind = (v ?? "weekly") as Kind;
            form.setFieldValue("reportType", kind);
            form.setFieldValue("period", presentPeriod(kind));
          }}
          data-testid="report-type"
        />
        <TextInput label={t("workreports.period")} description={t("workreports.periodHint")} required {...form.getInputProps("period")} data-testid="report-period" />
      </Group>
      <TextInput label={t("workreports.title")} required {...form.getInputProps("title")} data-autofocus data-testid="report-title" />
      <Textarea label={t("workreports.content")} required autosize minRows={4} {...form.getInputProps("content")} data-testid="report-content" />
      <Textarea label={t("workreports.nextPlan")} autosize minRows={2} {...form.getInputProps("nextPlan")} data-testid="report-next-plan" />
      <Textarea label={t("workreports.problems")} autosize minRows={2} {...form.getInputProps("problems")} data-testid="report-problems" />
      <UsersPicker label={t("workreports.notify")} value={form.values.notifyUserIds} onChange={(ids) => form.setFieldValue("notifyUserIds", ids)} error={form.errors.notifyUserIds as string | undefined} data-testid="report-notify" />
      <Switch label={t("workreports.submit")} {...form.getInputProps("submit", { type: "checkbox" })} data-testid="report-submit" />
    </ModalForm>
  );
}
