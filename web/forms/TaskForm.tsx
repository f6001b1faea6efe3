/**
 * The form of an approval task whose instance was started from a filled form (business key form.data:…):
 * the values and the release's layout as the node's `formPerms` let this user see them (the server leaves
 * hidden fields out), `edit` fields changeable, the rest read-only. The task screen keeps the values and
 * sends the editable ones with the approval (/form/data/task/complete).
 */
import { Alert, Badge, Center, Group, Loader, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { missingRequired } from "../../events/forms/layout.ts";
import { useModelFamily } from "../datamodel/useModelFamily.ts";
import { formQueries, type TaskFormAnswer } from "./api.ts";
import { FormRenderer } from "./FormRenderer.tsx";
import { FilledStatus } from "./parts.tsx";

/** Whether an instance's business key names a filled form. */
export const isFormKey = (businessKey: unknown) => typeof businessKey === "string" && businessKey.startsWith("form.data:");

/** The task's form answer (null taskId: none). */
export const useTaskForm = (taskId: string | null) => useQuery({ ...formQueries.taskForm(taskId ?? ""), enabled: !!taskId });

/** The values the approver may send and the names of required ones left empty. */
export function collectTaskForm(answer: TaskFormAnswer, values: Record<string, unknown>): { data: Record<string, unknown>; missing: string[] } {
  const perms = answer.perms;
  const data = Object.fromEntries(Object.entries(values).filter(([k]) => perms[k] === "edit"));
  return { data, missing: missingRequired(answer.layout, { ...answer.values, ...values }, perms) };
}

export function TaskForm({ answer, values, onChange, errors }: { answer: TaskFormAnswer; values: Record<string, unknown>; onChange: (field: string, value: unknown) => void; errors?: Record<string, string> }) {
  const { t } = useTranslation();
  const { family, model, error, isLoading } = useModelFamily(answer.dataModelId);
  if (isLoading) return <Center><Loader size="sm" /></Center>;
  if (error || !family) return <Alert color="red">{error?.message ?? ""}</Alert>;
  return (
    <Stack data-testid="task-form">
      <Group gap="xs">
        <Badge variant="outline" tt="none">{t("forms.data.filledWith", { version: answer.formVersion })}</Badge>
        <FilledStatus status={answer.status} />
      </Group>
      <FormRenderer layout={answer.layout} family={family} fields={model?.fields ?? []} values={values} onChange={onChange} nodePerms={answer.perms} errors={errors} />
    </Stack>
  );
}
