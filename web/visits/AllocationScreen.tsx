/**
 * 企业分配 (/task/allocation): enterprises allocated to staff, filtered by enterprise, staff and status; the
 * selected allocations are confirmed, then committed after a confirmation dialog (once: the server refuses a
 * second commit and the enterprise's service staff follow the commit). New allocations through the form of
 * the family list's dialog are the generic list's; this screen is about the two steps.
 */
import { Button, Group, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { TFunction } from "i18next";
import { familyByName } from "../../events/families/index.ts";
import { runCommand } from "../core/feedback.tsx";
import { hasPermission } from "../core/session.ts";
import { ListScreen, type ListContext, type ListSpec } from "../crud/ListScreen.tsx";
import { NameById } from "../widgets/NameById/index.ts";
import { DictTag } from "../widgets/DictTag/index.ts";
import type { ScreenProps } from "../registry/index.ts";
import { allocationCommands, allocationPath, allocationQueries, type Row } from "./api.ts";

const family = familyByName.get("common.envisituserallocation")!;
const tags = { confirm: `${family.perm}:confirm`, commit: `${family.perm}:commit` };
const colours: Record<string, string> = { pending: "gray", confirmed: "blue", committed: "green" };

function ask(t: TFunction, kind: "confirm" | "commit", ids: string[], list: ListContext<Row>) {
  if (ids.length === 0) return void modals.open({ title: t(`visits.allocation.${kind}Title`), children: <Text size="sm">{t("visits.allocation.selectFirst")}</Text> });
  modals.openConfirmModal({
    title: t(`visits.allocation.${kind}Title`),
    centered: true,
    children: <Text size="sm" data-testid="allocation-confirm-text">{t(`visits.allocation.${kind}Text`, { count: ids.length })}</Text>,
    labels: { confirm: t("actions.confirm"), cancel: t("actions.cancel") },
    confirmProps: { "data-testid": "confirm-ok" } as never,
    onConfirm: () =>
      void list.run(kind, async () => {
        if (await runCommand(() => allocationCommands[kind](ids))) list.setSelected([]);
      }),
  });
}

const allocationList: ListSpec<Row> = {
  name: "allocation",
  path: allocationPath,
  query: (params) => allocationQueries.list(params),
  rowKey: (r) => String(r.id),
  rowAttrs: (r) => ({ "data-id": String(r.id), "data-status": String(r.status ?? ""), "data-credit-code": String(r.creditCode ?? "") }),
  selectable: (r) => r.status !== "committed",
  filters: [
    { kind: "text", key: "entName", label: (t) => t("visits.allocation.enterprise") },
    { kind: "dict", key: "status", dictType: "allocationStatus", label: (t) => t("visits.allocation.status"), width: 140 },
  ],
  columns: [
    { key: "entName", title: (t) => t("visits.allocation.enterprise"), render: (r) => <><Text size="sm">{String(r.entName)}</Text><Text size="xs" c="dimmed">{String(r.creditCode)}</Text></> },
    { key: "userId", title: (t) => t("visits.allocation.staff"), width: 140, render: (r) => <NameById kind="user" id={r.userId as string | null} /> },
    { key: "allocateDate", title: (t) => t("visits.allocation.allocateDate"), width: 120, sortable: true },
    { key: "deadline", title: (t) => t("visits.allocation.deadline"), width: 120, sortable: true, render: (r) => String(r.deadline ?? "—") },
    {
      key: "status",
      title: (t) => t("visits.allocation.status"),
      width: 110,
      render: (r) => <DictTag type="allocationStatus" value={String(r.status)} color={colours} data-testid="allocation-status" />,
    },
  ],
  toolbar: (list) => (
    <Group gap="xs">
      {hasPermission(tags.confirm) && <Button size="sm" variant="light" loading={list.busy === "confirm"} onClick={() => ask(list.t, "confirm", list.selected, list)} data-testid="allocation-confirm">{list.t("visits.allocation.confirm")}</Button>}
      {hasPermission(tags.commit) && <Button size="sm" loading={list.busy === "commit"} onClick={() => ask(list.t, "commit", list.selected, list)} data-testid="allocation-commit">{list.t("visits.allocation.commit")}</Button>}
    </Group>
  ),
  export: { fileName: (t) => t("visits.allocation.commitTitle") },
};

export default function AllocationScreen(_: ScreenProps) {
  return <ListScreen list={allocationList} />;
}
