/**
 * Add or edit a task plan: title, kind of visit, window, owner, the staff who visit (the user picker) and
 * the enterprises they visit (the enterprise picker, each added to the list below it). A distributed plan
 * keeps its enterprises and staff: its tasks were made from them. The server checks everything again.
 */
import { ActionIcon, Box, Group, Loader, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconTrash } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import type { Family } from "../../events/family.ts";
import { recordQueries, saveRecord } from "../core/api/records.ts";
import { notifySuccess } from "../core/feedback.tsx";
import { EnterprisePicker } from "../enterprise/EnterprisePicker.tsx";
import { UserPicker, UsersPicker } from "../flow/tasks/UserPicker.tsx";
import { ModalForm, useKitForm } from "../widgets/FormKit/index.ts";
import { currentUserQuery } from "../core/api/names.ts";
import { chinaToday, planPath, shiftDay } from "./api.ts";

type Draft = {
  title: string;
  visitKind: string;
  startDate: string | null;
  endDate: string | null;
  ownerId: string | null;
  assignees: string[];
  targets: { creditCode: string; entName: string }[];
  content: string;
};

const master = enterpriseBasicInfo as unknown as Family;

export function PlanForm({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useQuery(currentUserQuery);
  const stored = useQuery({ ...recordQueries(planPath).detail(id ?? ""), enabled: id !== null });
  const today = chinaToday();
  const schema = z
    .object({
      title: z.string().trim().min(1, t("tasks.titleRequired")),
      startDate: z.string({ error: t("tasks.windowRequired") }),
      endDate: z.string({ error: t("tasks.windowRequired") }),
      ownerId: z.string({ error: t("tasks.ownerRequired") }),
      assignees: z.array(z.string()).min(1, t("tasks.assigneesRequired")),
      targets: z.array(z.unknown()).min(1, t("tasks.targetsRequired")),
    })
    .refine((v) => v.endDate >= v.startDate, { path: ["endDate"], message: t("tasks.endBeforeStart") });
  const form = useKitForm<Draft>({
    initialValues: { title: "", visitKind: "zf", startDate: today, endDate: shiftDay(today, 14), ownerId: null, assignees: [], targets: [], content: "" },
    schema,
  });
  const draft = form.values;
  const locked = !!stored.data?.distributedAt;

  useEffect(() => {
    if (id === null && me.data && !form.values.ownerId) form.setFieldValue("ownerId", me.data.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [me.data]);
  useEffect(() => {
    const p = stored.data;
    if (!p) return;
    form.load({
      title: String(p.title ?? ""),
      visitKind: String(p.visitKind ?? "zf"),
      startDate: (p.startDate as string) ?? null,
      endDate: (p.endDate as string) ?? null,
      ownerId: (p.ownerId as string) ?? null,
      assignees: (p.assignees as string[] | null) ?? [],
      targets: (p.targets as Draft["targets"] | null) ?? [],
      content: String(p.content ?? ""),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored.data]);

  const save = async (v: Draft) => {
    const record = {
      ...(id ? { id, version: stored.data?.version } : { status: "notStarted" }),
      title: v.title.trim(),
      planType: v.visitKind === "fw" ? "service" : v.visitKind === "xq" ? "survey" : "visit",
      visitKind: v.visitKind,
      startDate: v.startDate,
      endDate: v.endDate,
      ownerId: v.ownerId,
      ...(locked ? {} : { assignees: v.assignees, targets: v.targets, targetCount: v.targets.length }),
      content: v.content.trim() || null,
    };
    const answer = await saveRecord(planPath, record);
    notifySuccess(answer.msg || t("tasks.saved"));
    await queryClient.invalidateQueries({ queryKey: [planPath] });
  };

  const errors = form.errors as Record<string, string>;
  const loading = id !== null && stored.isLoading;
  return (
    <ModalForm form={form} opened onClose={onClose} title={id ? t("tasks.editPlan") : t("tasks.add")} onSubmit={save} submitTestId="plan-save" disabled={loading} data-testid="plan-form" size="xl">
      {loading ? (
        <Loader size="sm" />
      ) : (
        <Stack>
          <TextInput label={t("tasks.planTitle")} required {...form.getInputProps("title")} data-autofocus data-testid="plan-title" />
          <SimpleGrid cols={3}>
            <Select label={t("tasks.visitKind")} data={(["zf", "fw", "xq"] as const).map((k) => ({ value: k, label: t(`tasks.kind_${k}`) }))} value={draft.visitKind} onChange={(v) => form.setFieldValue("visitKind", v ?? "zf")} allowDeselect={false} data-testid="plan-kind" />
            <DatePickerInput label={t("tasks.startDate")} required valueFormat="YYYY-MM-DD" value={draft.startDate} onChange={(v) => form.setFieldValue("startDate", v ? String(v).slice(0, 10) : null)} error={errors.startDate} data-testid="plan-start" />
            <DatePickerInput label={t("tasks.endDate")} required valueFormat="YYYY-MM-DD" value={draft.endDate} onChange={(v) => form.setFieldValue("endDate", v ? String(v).slice(0, 10) : null)} error={errors.endDate} data-testid="plan-end" />
          </SimpleGrid>
          <UserPicker label={t("tasks.owner")} required value={draft.ownerId} onChange={(v) => form.setFieldValue("ownerId", v)} error={errors.ownerId} data-testid="plan-owner" />
          {locked && <Text size="sm" c="orange">{t("tasks.lockedAfterDistribution")}</Text>}
          <UsersPicker label={t("tasks.assignees")} required value={draft.assignees} onChange={(v) => !locked && form.setFieldValue("assignees", v)} error={errors.assignees} data-testid="plan-assignees" />
          <Stack gap={4}>
            <Group justify="space-between" align="flex-end">
              <Text size="sm" fw={500}>{t("tasks.targets")} ({draft.targets.length})</Text>
              {!locked && (
                <Box data-testid="plan-enterprise-picker">
                <EnterprisePicker
                  master={master}
                  label={t("tasks.addEnterprise")}
                  onPick={(e) => !draft.targets.some((x) => x.creditCode === e.creditCode) && form.setFieldValue("targets", [...draft.targets, e])}
                  error={errors.targets}
                />
                </Box>
              )}
            </Group>
            <Table withTableBorder data-testid="plan-targets">
              <Table.Tbody>
                {draft.targets.length === 0 && (
                  <Table.Tr>
                    <Table.Td c="dimmed">{t("tasks.noTargets")}</Table.Td>
                  </Table.Tr>
                )}
                {draft.targets.map((e) => (
                  <Table.Tr key={e.creditCode} data-testid="plan-target">
                    <Table.Td>{e.entName}</Table.Td>
                    <Table.Td ff="monospace">{e.creditCode}</Table.Td>
                    <Table.Td w={40}>
                      {!locked && (
                        <ActionIcon variant="subtle" color="red" aria-label={t("tasks.removeEnterprise")} onClick={() => form.setFieldValue("targets", draft.targets.filter((x) => x.creditCode !== e.creditCode))}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
          <Textarea label={t("tasks.content")} autosize minRows={2} {...form.getInputProps("content")} data-testid="plan-content" />
        </Stack>
      )}
    </ModalForm>
  );
}
