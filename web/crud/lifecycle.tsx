/**
 * A family's state commands in the generic list (spec section 4, `family.lifecycle`): publish and revoke,
 * examine (a dialog: pass or refuse with an opinion) and the portal display switch, submit for approval and the
 * approval record. Each button needs its permission tag and shows only while the row's state allows the command,
 * so a user never meets a button the server would refuse; when the server refuses anyway (someone else acted
 * first), its message is shown.
 */
import { Button, Group, Radio, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { ApiError, get, post } from "../core/api/http.ts";
import type { Row } from "../core/api/records.ts";
import { hasPermission } from "../core/session.ts";
import { confirmDialog } from "../core/ui/confirmDelete.tsx";
import { approvalRecordLoader } from "../registry/index.ts";
import { ModalForm, useKitForm } from "../widgets/FormKit/index.ts";

// the workflow registers the approval record (web/flow/index.ts); loaded with the first opening
const ApprovalRecord = lazy(() => approvalRecordLoader()?.() ?? Promise.resolve({ default: () => null }));

export type LifecycleCommand = "publish" | "revoke" | "examine" | "showChange" | "submit" | "record";

/** The permission tags each command needs, all of them (worker/services' routes ask for the same). */
export const lifecycleTags = (family: Family): Record<LifecycleCommand, string[]> => ({
  publish: [`${family.perm}:publish`],
  revoke: [`${family.perm}:revoke`],
  examine: [`${family.perm}:examine`],
  showChange: [`${family.perm}:showchange`],
  // pcSave of a stored application asks for save (the route) and update (a stored record); the matters form
  // submits through its own verb
  submit: family.name === "common.mattersrequestform" ? [`${family.perm}:submit`] : [family.tags.save, family.tags.update],
  record: [family.tags.info],
});

/** A state value as text ("" when the record has none yet: a new record is a draft). */
const code = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** The commands the row's state allows, in the order the buttons appear (permissions aside). */
export function allowedCommands(family: Family, row: Row): LifecycleCommand[] {
  const lifecycle = family.lifecycle;
  if (!lifecycle) return [];
  const status = code(row.status);
  const out: LifecycleCommand[] = [];
  if (lifecycle.publish) {
    if (status === "" || status === "0" || status === "2") out.push("publish");
    if (status === "1") out.push("revoke");
  }
  if (lifecycle.examine) {
    const exam = code(row.examStatus);
    if (exam === "" || exam === "0") out.push("examine");
    if (status === "1") out.push("showChange", "revoke");
  }
  if (lifecycle.apply) {
    if (status === "" || status === "draft" || status === "returned") out.push("submit");
    out.push("record");
  }
  return [...new Set(out)];
}

/** The commands a user may take on a row now: allowed by its state and held as permission tags. */
export function rowCommands(family: Family, row: Row): LifecycleCommand[] {
  const tags = lifecycleTags(family);
  return allowedCommands(family, row).filter((command) => tags[command].every((tag) => hasPermission(tag)));
}

// ─── the calls (answers use the envelope; a refusal throws ApiError with the server's message) ───

export const lifecycleApi = {
  publish: (family: Family, id: string) => get<unknown>(`${family.path}/publish/${encodeURIComponent(id)}/1`),
  revoke: (family: Family, id: string) => post<unknown>(`${family.path}/revokeData`, { id }),
  examine: (family: Family, id: string, examStatus: "1" | "2", examOpinion: string) => post<unknown>(`${family.path}/examData`, { id, examStatus, examOpinion }),
  showChange: (family: Family, id: string) => post<unknown>(`${family.path}/showChange`, { id }),
  /** pcSave of the stored record with submit, or the matters form's own sendSubmit */
  submit: async (family: Family, id: string) => {
    if (family.name === "common.mattersrequestform") return post<unknown>(`${family.path}/sendSubmit`, { id });
    const record = (await get<Row>(`${family.path}/info/${encodeURIComponent(id)}`)).data;
    return post<unknown>(`${family.path}/pcSave`, { ...record, [family.idKey]: id, submit: true });
  },
};

const opinionMax = 2000;

export interface LifecycleHandle {
  /** the row's command buttons (none when the family declares no lifecycle) */
  buttons: (row: Row, serial: number) => ReactNode;
  /** the examine dialog and the approval record, rendered once by the list */
  dialogs: ReactNode;
}

/**
 * The lifecycle buttons and dialogs of one list. `onChanged` runs after a command succeeded (the list itself
 * is refreshed here).
 */
export function useLifecycle(family: Family, idOf: (row: Row) => string, onChanged?: (id: string) => void): LifecycleHandle {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [examining, setExamining] = useState<string | null>(null);
  const [recordOf, setRecordOf] = useState<string | null>(null);

  const run = async (id: string, command: LifecycleCommand, call: () => Promise<{ msg: string }>) => {
    setBusy(`${id}:${command}`);
    try {
      const answer = await call();
      notifications.show({ color: "green", message: answer.msg || t("http.ok") });
      await queryClient.invalidateQueries({ queryKey: [family.path] });
      onChanged?.(id);
      return true;
    } catch (error) {
      notifications.show({ color: "red", message: error instanceof ApiError ? error.message : t("http.failed") });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const take = async (row: Row, serial: number, command: LifecycleCommand) => {
    const id = idOf(row);
    switch (command) {
      case "publish":
        return void run(id, command, () => lifecycleApi.publish(family, id));
      case "revoke":
        if (await confirmDialog(t("lifecycle.revokeConfirm", { n: serial }), { textTestId: "revoke-confirm-text" })) void run(id, command, () => lifecycleApi.revoke(family, id));
        return;
      case "showChange":
        return void run(id, command, () => lifecycleApi.showChange(family, id));
      case "submit":
        if (await confirmDialog(t("lifecycle.submitConfirm", { n: serial }), { danger: false, textTestId: "submit-confirm-text" })) void run(id, command, () => lifecycleApi.submit(family, id));
        return;
      case "examine":
        return setExamining(id);
      case "record":
        return setRecordOf(id);
    }
  };

  const label = (row: Row, command: LifecycleCommand) => {
    if (command === "showChange") return t(row.isShow === true || row.isShow === 1 || row.isShow === "1" || row.isShow === "true" ? "lifecycle.showOff" : "lifecycle.showOn");
    if (command === "record") return t("lifecycle.approvalRecord");
    return t(`lifecycle.${command}`);
  };
  const colour: Partial<Record<LifecycleCommand, string>> = { publish: "teal", revoke: "orange", examine: "blue", submit: "teal", record: "gray" };

  const buttons = (row: Row, serial: number) => {
    const id = idOf(row);
    return rowCommands(family, row).map((command) => (
      <Button
        key={command}
        size="compact-sm"
        variant="subtle"
        color={colour[command]}
        loading={busy === `${id}:${command}`}
        onClick={() => void take(row, serial, command)}
        data-testid={`lifecycle-${command}`}
      >
        {label(row, command)}
      </Button>
    ));
  };

  const dialogs = family.lifecycle ? (
    <>
      {family.lifecycle.examine && (
        <ExamineDialog family={family} id={examining} onClose={() => setExamining(null)} onExamined={(id) => {
          void queryClient.invalidateQueries({ queryKey: [family.path] });
          onChanged?.(id);
        }} />
      )}
      {family.lifecycle.apply && recordOf && (
        <Suspense fallback={null}>
          <ApprovalRecord family={family} id={recordOf} onClose={() => setRecordOf(null)} />
        </Suspense>
      )}
    </>
  ) : null;

  return { buttons, dialogs };
}

/** Examine one record: pass or refuse (refusing needs an opinion), then POST examData. */
function ExamineDialog({ family, id, onClose, onExamined }: { family: Family; id: string | null; onClose: () => void; onExamined: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const schema = z
    .object({ examStatus: z.enum(["1", "2"]), examOpinion: z.string().trim().max(opinionMax, t("lifecycle.exam.opinionTooLong", { n: opinionMax })) })
    .refine((v) => v.examStatus === "1" || v.examOpinion.trim() !== "", { path: ["examOpinion"], message: t("lifecycle.exam.opinionRequired") });
  const form = useKitForm<{ examStatus: "1" | "2"; examOpinion: string }>({ initialValues: { examStatus: "1", examOpinion: "" }, schema });

  // a blank form for each record examined
  useEffect(() => {
    if (id) form.load({ examStatus: "1", examOpinion: "" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const submit = async ({ examStatus, examOpinion }: { examStatus: "1" | "2"; examOpinion: string }) => {
    if (!id) return false;
    const answer = await lifecycleApi.examine(family, id, examStatus, examOpinion.trim());
    notifications.show({ color: "green", message: answer.msg || t("http.ok") });
    onExamined(id);
  };

  return (
    <ModalForm form={form} opened={!!id} onClose={onClose} title={t("lifecycle.exam.title", { name: family.label[lang] })} centered size="md" onSubmit={submit} submitLabel={t("lifecycle.exam.submit")} submitTestId="exam-submit" data-testid="examine-dialog">
      <Radio.Group label={t("lifecycle.exam.result")} {...form.getInputProps("examStatus")} name="examStatus" withAsterisk>
        <Group mt={6}>
          <Radio value="1" label={t("lifecycle.exam.pass")} data-testid="exam-pass" />
          <Radio value="2" label={t("lifecycle.exam.refuse")} data-testid="exam-refuse" />
        </Group>
      </Radio.Group>
      <Textarea label={t("lifecycle.exam.opinion")} name="examOpinion" {...form.getInputProps("examOpinion")} withAsterisk={form.values.examStatus === "2"} autosize minRows={3} maxRows={8} data-autofocus />
    </ModalForm>
  );
}
