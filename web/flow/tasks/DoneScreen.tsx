/** Done (`flowable/done/index`, `GET /flowable/task/finishedList`): the tasks I handled, with outcome and comment; a row opens the instance. */
import { Button, Card, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../registry/index.ts";
import { paths, type DoneRow } from "./api.ts";
import { FlowTable, type FlowColumn } from "./FlowTable.tsx";
import { actionLabel, flowColumn, FlowSearch, searchFields, useOpenTask } from "./parts.tsx";
import { usePagedList } from "./usePagedList.ts";

export default function DoneScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const list = usePagedList<DoneRow, { name: string; procDefKey: string }>(paths.done, { name: "", procDefKey: "" });
  const open = useOpenTask();
  const columns: FlowColumn<DoneRow>[] = [
    flowColumn("procDefName"),
    flowColumn("taskName"),
    flowColumn("startUserName"),
    flowColumn("outcome", undefined, (r) => actionLabel(r.outcome)),
    flowColumn("comment"),
    flowColumn("createTime", 170),
    flowColumn("endTime", 170),
    flowColumn("actions", 90, (r) => <Button size="compact-sm" variant="light" onClick={() => open(r.procInsId, r.taskId)}>{t("flowTasks.actions.view")}</Button>),
  ];
  return (
    <Card withBorder data-testid="done-screen">
      <Stack>
        <FlowSearch list={list} fields={[searchFields.taskName, searchFields.procDefKey]} />
        <FlowTable list={list} columns={columns} rowKey={(r) => `${r.taskId}-${r.endTime ?? ""}`} minWidth={1000} data-testid="done-table" />
      </Stack>
    </Card>
  );
}
