/**
 * The plan list both plan screens declare on the list kit: /task/plan (add and edit) and /task/distribution
 * (distribute, with the plans' progress). Rows are the family's list (`/common/entaskplan/list`), its
 * declared filters and sort.
 */
import { Button, Group, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { hasPermission } from "../core/session.ts";
import type { ListColumn, ListFilter, ListSpec } from "../crud/ListScreen.tsx";
import { NameById } from "../widgets/NameById/index.ts";
import { DistributeButton } from "./DistributeButton.tsx";
import { PlanForm } from "./PlanForm.tsx";
import { taskPlan } from "../../events/families/casework.ts";
import { planPath, planQueries, type PlanRecord } from "./api.ts";

const filters: ListFilter[] = [
  { kind: "text", key: "title", label: (t) => t("tasks.planTitle"), width: 220 },
  { kind: "dict", key: "status", dictType: "taskStatus", label: (t) => t("tasks.status"), width: 150 },
];

const kindName = (t: TFunction, kind: string | null) => (kind ? t(`tasks.kind_${kind}`) : "—");

const columns: ListColumn<PlanRecord>[] = [
  { key: "title", title: (t) => t("tasks.planTitle"), sortable: true, render: (r) => <Text size="sm" fw={500} data-testid="plan-row-title">{r.title}</Text>, value: (r) => r.title },
  { key: "visitKind", title: (t) => t("tasks.visitKind"), width: 90, render: (r, t) => kindName(t, r.visitKind), value: (r, t) => kindName(t, r.visitKind) },
  { key: "startDate", title: (t) => t("tasks.window"), width: 200, sortable: true, render: (r) => `${r.startDate} ~ ${r.endDate}`, value: (r) => `${r.startDate} ~ ${r.endDate}` },
  { key: "ownerId", title: (t) => t("tasks.owner"), width: 110, render: (r) => <NameById kind="user" id={r.ownerId} /> },
  { key: "targetCount", title: (t) => t("tasks.targetCount"), width: 80, render: (r) => r.targets?.length ?? r.targetCount ?? 0, value: (r) => r.targets?.length ?? r.targetCount ?? 0 },
  { key: "assignees", title: (t) => t("tasks.assignees"), width: 80, render: (r) => r.assignees?.length ?? 0, value: (r) => r.assignees?.length ?? 0 },
  { key: "distributedAt", title: (t) => t("tasks.distributedAt"), width: 170, render: (r, t) => r.distributedAt ?? <Text size="sm" c="dimmed">{t("tasks.notDistributed")}</Text>, value: (r) => r.distributedAt ?? "" },
  { key: "taskCount", title: (t) => t("tasks.taskCount"), width: 80, render: (r) => r.taskCount ?? "—", value: (r) => r.taskCount ?? "" },
];

export function planList(mode: "plan" | "distribution"): ListSpec<PlanRecord> {
  return {
    name: mode === "plan" ? "plans" : "distribution",
    path: planPath,
    query: (params) => planQueries.list(params),
    rowKey: (r) => r.id,
    rowAttrs: (r) => ({ "data-plan-id": r.id, "data-distributed": r.distributedAt ? "1" : "0" }),
    filters,
    columns,
    minWidth: 1100,
    actions: (r, list) => (
      <Group gap={4} wrap="nowrap">
        {mode === "plan" && hasPermission(taskPlan.tags.update) && (
          <Button size="compact-sm" variant="subtle" onClick={() => list.edit(r.id)} data-testid="plan-edit">
            {list.t("tasks.edit")}
          </Button>
        )}
        <DistributeButton plan={r} />
      </Group>
    ),
    toolbar: (list) =>
      mode === "plan" && hasPermission(taskPlan.tags.save) ? (
        <Button onClick={() => list.edit(null)} data-testid="plan-add">
          {list.t("tasks.add")}
        </Button>
      ) : null,
    form: (id, close) => <PlanForm id={id} onClose={close} />,
    export: { fileName: (t) => t("tasks.planFileName") },
  };
}
