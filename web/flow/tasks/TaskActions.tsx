/**
 * The buttons of /todoCheck: exactly the actions the server says this user may take now
 * (taskAttributes.actions), each with its dialog. Approve shows the next nodes and their approvers
 * (nextFlowNode, given the edited form) and the user's opinion phrases; reject and stop warn that the
 * instance ends; return picks its target from returnList; delegate, transfer, add signer and CC pick users
 * from the candidate tree. A refused command shows the server's message and leaves dialog and page as they
 * were; a done one refreshes the page's data.
 */
import { Alert, Button, Group, List, Loader, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../core/feedback.tsx";
import { command, fetchNextNodes, fetchOpinions, fetchReturnList, task, type TaskAction } from "./api.ts";
import { CommentDialog } from "./CommentDialog.tsx";
import { UserPicker, UsersPicker } from "./UserPicker.tsx";
import { confirmDialog } from "../../core/ui/confirmDelete.tsx";

export interface TaskActionsProps {
  taskId: string | null;
  procInsId: string;
  actions: TaskAction[];
  /** completing this task resubmits the initiator's form after a return */
  resubmit: boolean;
  /** the edited form variables to send (only fields the node may edit), or a text naming what is missing */
  collect: () => { variables: Record<string, unknown> } | { missing: string };
  /** after any command that worked */
  onDone: (action: TaskAction | "resubmit") => void;
  /** the instance was started from a filled form: approving saves the node's editable fields with it */
  formTask?: boolean;
}

type Dialog = "complete" | "reject" | "return" | "delegate" | "transfer" | "addSigner" | "removeSigner" | "cc" | "resolve" | "recall" | "urge" | "stop" | null;

/** The order buttons appear in, the main one first. */
const order: TaskAction[] = ["complete", "resolve", "reject", "return", "delegate", "transfer", "addSigner", "removeSigner", "cc", "recall", "urge", "revoke", "stop"];

function NextNodes({ taskId, variables }: { taskId: string; variables: Record<string, unknown> }) {
  const { t } = useTranslation();
  const next = useQuery({ queryKey: [`${task}/nextFlowNode`, taskId, variables], queryFn: () => fetchNextNodes(taskId, variables), retry: false, staleTime: 0 });
  return (
    <Alert variant="light" color="blue" title={t("flowTasks.approve.next")} data-testid="next-nodes">
      {next.isLoading && <Loader size="xs" />}
      {next.error && <Text size="sm" c="red">{(next.error as Error).message}</Text>}
      {next.data && !next.data.length && <Text size="sm">{t("flowTasks.approve.nextEnd")}</Text>}
      {next.data && next.data.length > 0 && (
        <List size="sm">
          {next.data.map((n) => (
            <List.Item key={n.key}>
              <Text span size="sm" fw={500}>{n.name || n.key}</Text>
              {n.kind === "end" || n.kind === "endEvent" ? (
                <Text span size="sm" c="dimmed"> · {t("flowTasks.approve.nextEnd")}</Text>
              ) : (
                <Text span size="sm" c="dimmed"> · {n.approvers.length ? n.approvers.map((a) => a.name).join(", ") : t("flowTasks.approve.noApprover")}</Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

export function TaskActions({ taskId, procInsId, actions, resubmit, collect, onDone, formTask = false }: TaskActionsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [position, setPosition] = useState<"before" | "after" | "parallel">("after");
  const [target, setTarget] = useState<string | null>(null);
  const [variables, setVariables] = useState<Record<string, unknown>>({});
  const opinions = useQuery({ queryKey: ["/flowable/opinion/mine"], queryFn: fetchOpinions, staleTime: 60_000, enabled: actions.includes("complete") || actions.includes("resolve") });
  const returnList = useQuery({ queryKey: [`${task}/returnList`, taskId], queryFn: () => fetchReturnList(taskId!), enabled: dialog === "return" && !!taskId, staleTime: 0 });
  const phrases = opinions.data?.phrases ?? [];
  // the user's phrases are one record: saving sends the whole list
  const savePhrases = async (next: string[]) => {
    try {
      const signatureFileId = opinions.data?.signatureFileId ?? null;
      await command("/flowable/opinion/saveMine", { phrases: next, signatureFileId });
      await queryClient.invalidateQueries({ queryKey: ["/flowable/opinion/mine"] });
    } catch (error) {
      notifyError(error);
    }
  };

  const send = async (action: TaskAction | "resubmit", path: string, body: Record<string, unknown>) => {
    try {
      const answer = await command(path, body);
      notifySuccess(answer.msg || t(`flowTasks.done.${action}`, { defaultValue: t("http.ok") }));
      onDone(action);
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };

  const openDialog = (d: Exclude<Dialog, null>) => {
    if (d === "complete" || d === "resolve") {
      const form = collect();
      if ("missing" in form) return notifyError(new Error(form.missing));
      setVariables(form.variables);
    }
    setUserId(null);
    setUserIds([]);
    setTarget(null);
    setPosition("after");
    setDialog(d);
  };
  const revoke = async () => {
    if (!(await confirmDialog(t("flowTasks.confirm.revokeHere")))) return;
    await send("revoke", `${task}/revokeProcess`, { procInsId });
  };
  const click = (a: TaskAction) => (a === "revoke" ? void revoke() : openDialog(a as Exclude<Dialog, null>));

  const shown = order.filter((a) => actions.includes(a) && (taskId || ["urge", "revoke", "stop", "cc"].includes(a)));
  const label = (a: TaskAction) => (a === "complete" && resubmit ? t("flowTasks.actions.resubmit") : t(`flowTasks.actions.${a === "complete" ? "approve" : a}`));
  const close = () => setDialog(null);
  const note = t("flowTasks.dialog.note");
  const common = { onClose: close };

  return (
    <>
      <Group gap="sm" data-testid="task-actions">
        {shown.map((a, i) => (
          <Button
            key={a}
            variant={i === 0 ? "filled" : a === "reject" || a === "stop" ? "light" : "default"}
            color={a === "reject" || a === "stop" ? "red" : a === "complete" || a === "resolve" ? "green" : undefined}
            onClick={() => click(a)}
            data-testid={`action-${a}`}
          >
            {label(a)}
          </Button>
        ))}
        {!shown.length && <Text size="sm" c="dimmed" data-testid="no-actions">{t("flowTasks.page.noActions")}</Text>}
      </Group>

      <CommentDialog
        {...common}
        opened={dialog === "complete" || dialog === "resolve"}
        title={dialog === "resolve" ? t("flowTasks.actions.resolve") : label("complete")}
        submitLabel={dialog === "resolve" ? t("flowTasks.actions.resolve") : label("complete")}
        color="green"
        defaultComment={resubmit ? t("flowTasks.approve.resubmitComment") : t("flowTasks.approve.defaultComment")}
        phrases={phrases}
        onSavePhrase={(text) => void savePhrases([...phrases, text])}
        onRemovePhrase={(text) => void savePhrases(phrases.filter((p) => p !== text))}
        onSubmit={(comment) =>
          resubmit
            ? send("resubmit", `${task}/resubmit`, { taskId, variables, comment })
            : formTask && dialog === "complete"
              ? send("complete", "/form/data/task/complete", { taskId, comment, data: variables })
              : send(dialog === "resolve" ? "resolve" : "complete", `${task}/complete`, { taskId, comment, variables })
        }
        data-testid="approve-dialog"
      >
        {taskId && dialog === "complete" && <NextNodes taskId={taskId} variables={variables} />}
      </CommentDialog>

      <CommentDialog {...common} opened={dialog === "reject"} title={t("flowTasks.actions.reject")} submitLabel={t("flowTasks.actions.reject")} color="red" commentRequired onSubmit={(comment) => send("reject", `${task}/reject`, { taskId, comment })} data-testid="reject-dialog">
        <Alert color="red" variant="light">{t("flowTasks.confirm.reject")}</Alert>
      </CommentDialog>

      <CommentDialog {...common} opened={dialog === "return"} title={t("flowTasks.actions.return")} submitLabel={t("flowTasks.actions.return")} color="orange" commentRequired invalid={!target} onSubmit={(comment) => send("return", `${task}/return`, { taskId, targetKey: target, comment })} data-testid="return-dialog">
        {returnList.isLoading ? <Loader size="sm" /> : returnList.error ? <Alert color="red">{(returnList.error as Error).message}</Alert> : (returnList.data ?? []).length === 0 ? (
          <Alert color="orange">{t("flowTasks.dialog.noReturnTarget")}</Alert>
        ) : (
          <Select label={t("flowTasks.dialog.returnTarget")} withAsterisk data={(returnList.data ?? []).map((n) => ({ value: n.key, label: n.name || n.key }))} value={target} onChange={setTarget} comboboxProps={{ withinPortal: true }} data-testid="return-target" />
        )}
      </CommentDialog>

      {(["delegate", "transfer"] as const).map((a) => (
        <CommentDialog key={a} {...common} opened={dialog === a} title={t(`flowTasks.actions.${a}`)} submitLabel={t(`flowTasks.actions.${a}`)} invalid={!userId} onSubmit={(comment) => send(a, `${task}/${a}`, { taskId, userId, comment })} data-testid={`${a}-dialog`} commentLabel={note}>
          <Text size="sm" c="dimmed">{t(`flowTasks.dialog.${a}Hint`)}</Text>
          <UserPicker label={t("flowTasks.dialog.user")} required value={userId} onChange={setUserId} data-testid={`${a}-user`} />
        </CommentDialog>
      ))}

      <CommentDialog {...common} opened={dialog === "addSigner"} title={t("flowTasks.actions.addSigner")} submitLabel={t("flowTasks.actions.addSigner")} invalid={!userIds.length} onSubmit={(comment) => send("addSigner", `${task}/addSigner`, { taskId, userIds, position, comment })} data-testid="addSigner-dialog" commentLabel={note}>
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t("flowTasks.dialog.position")}</Text>
          <SegmentedControl value={position} onChange={(v) => setPosition(v as typeof position)} data={(["before", "after", "parallel"] as const).map((p) => ({ value: p, label: t(`flowTasks.dialog.${p}`) }))} data-testid="signer-position" />
          <Text size="xs" c="dimmed">{t(`flowTasks.dialog.${position}Hint`)}</Text>
        </Stack>
        <UsersPicker label={t("flowTasks.dialog.users")} required value={userIds} onChange={setUserIds} data-testid="signer-users" />
      </CommentDialog>

      <CommentDialog {...common} opened={dialog === "removeSigner"} title={t("flowTasks.actions.removeSigner")} submitLabel={t("flowTasks.actions.removeSigner")} color="orange" onSubmit={(comment) => send("removeSigner", `${task}/removeSigner`, { taskId, comment })} data-testid="removeSigner-dialog" commentLabel={note}>
        <Text size="sm">{t("flowTasks.dialog.removeSignerHint")}</Text>
      </CommentDialog>

      <CommentDialog {...common} opened={dialog === "cc"} title={t("flowTasks.actions.cc")} submitLabel={t("flowTasks.actions.cc")} invalid={!userIds.length} onSubmit={(comment) => send("cc", `${task}/cc`, { procInsId, userIds, comment })} data-testid="cc-dialog" commentLabel={note}>
        <UsersPicker label={t("flowTasks.dialog.users")} required value={userIds} onChange={setUserIds} data-testid="cc-users" />
      </CommentDialog>

      <CommentDialog {...common} opened={dialog === "recall"} title={t("flowTasks.actions.recall")} submitLabel={t("flowTasks.actions.recall")} color="orange" onSubmit={(comment) => send("recall", `${task}/recall`, { taskId, comment })} data-testid="recall-dialog">
        <Text size="sm">{t("flowTasks.dialog.recallHint")}</Text>
      </CommentDialog>

      <CommentDialog {...common} opened={dialog === "urge"} title={t("flowTasks.actions.urge")} submitLabel={t("flowTasks.actions.urge")} defaultComment={t("flowTasks.dialog.urgeDefault")} onSubmit={(comment) => send("urge", `${task}/urge`, { procInsId, comment })} data-testid="urge-dialog" commentLabel={note} />

      <CommentDialog {...common} opened={dialog === "stop"} title={t("flowTasks.actions.stop")} submitLabel={t("flowTasks.actions.stop")} color="red" commentRequired onSubmit={(comment) => send("stop", `${task}/stopProcess`, { procInsId, comment })} data-testid="stop-dialog">
        <Alert color="red" variant="light">{t("flowTasks.confirm.stopHere")}</Alert>
      </CommentDialog>
    </>
  );
}
