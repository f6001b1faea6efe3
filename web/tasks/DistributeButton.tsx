/**
 * Distribute a plan: a confirmation saying how many tasks it makes (enterprises × assignees), then the
 * distribution's progress while the one command runs, and its outcome. A refusal (already distributed, no
 * assignees) is the server's message; nothing was written then.
 */
import { Button, Group, Modal, Progress, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../core/feedback.tsx";
import { hasPermission } from "../core/session.ts";
import { taskPlan } from "../../events/families/casework.ts";
import { boardPath, planPath, taskApi, taskPath, type PlanRecord } from "./api.ts";

export function DistributeButton({ plan }: { plan: PlanRecord }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<"confirm" | "running" | "done">("confirm");
  const [made, setMade] = useState(0);
  if (!hasPermission(taskPlan.tags.update)) return null;
  const enterprises = new Set((plan.targets ?? []).map((e) => e.creditCode)).size;
  const assignees = new Set(plan.assignees ?? []).size;
  const count = enterprises * assignees;
  const run = async () => {
    setPhase("running");
    try {
      const answer = await taskApi.distribute(plan.id);
      setMade(answer.taskCount);
      setPhase("done");
      notifySuccess(t("tasks.distributedOk", { count: answer.taskCount }));
      await Promise.all([planPath, taskPath, boardPath].map((path) => queryClient.invalidateQueries({ queryKey: [path] })));
    } catch (error) {
      notifyError(error);
      setOpen(false);
      setPhase("confirm");
    }
  };
  const close = () => {
    if (phase === "running") return;
    setOpen(false);
    setPhase("confirm");
  };
  return (
    <>
      <Button size="compact-sm" variant="light" disabled={!!plan.distributedAt} onClick={() => setOpen(true)} data-testid="plan-distribute">
        {plan.distributedAt ? t("tasks.distributed") : t("tasks.distribute")}
      </Button>
      <Modal opened={open} onClose={close} title={t("tasks.distributeTitle")} centered data-testid="distribute-dialog">
        <Stack>
          <Text fw={500}>{plan.title}</Text>
          {phase === "confirm" && <Text size="sm" data-testid="distribute-text">{t("tasks.distributeText", { count, enterprises, assignees })}</Text>}
          {phase !== "confirm" && (
            <Stack gap={4}>
              <Text size="sm">{phase === "running" ? t("tasks.distributing") : t("tasks.distributedOk", { count: made })}</Text>
              <Progress value={phase === "running" ? 60 : 100} animated={phase === "running"} color={phase === "done" ? "green" : "blue"} data-testid="distribute-progress" data-phase={phase} />
            </Stack>
          )}
          <Group justify="flex-end">
            {phase === "confirm" && (
              <>
                <Button variant="default" onClick={close}>{t("tasks.cancel")}</Button>
                <Button onClick={() => void run()} disabled={count === 0} data-testid="distribute-ok">{t("tasks.confirm")}</Button>
              </>
            )}
            {phase === "done" && <Button onClick={close} data-testid="distribute-close">OK</Button>}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
