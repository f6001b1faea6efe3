/** Done (`flowable/done/index`, `GET /flowable/task/finishedList`): the tasks I handled, with what they were about, outcome and comment; a row opens the instance. */
import { pagedQuery } from "../../core/api/call.ts";
import type { ScreenProps } from "../../registry/index.ts";
import { flow } from "../../../events/api/flow.ts";
import { ListScreen, type ListSpec } from "../../crud/ListScreen.tsx";
import { paths, type DoneRow } from "./api.ts";
import { aboutColumns, actionLabel, flowColumn, flowFilters, OpenButton } from "./parts.tsx";

const doneList: ListSpec<DoneRow> = {
  name: "done",
  path: paths.done,
  query: pagedQuery(flow.done),
  rowKey: (r) => `${r.taskId}-${r.endTime ?? ""}`,
  rowAttrs: (r) => ({ "data-task": r.taskId }),
  minWidth: 1000,
  filters: [flowFilters.taskName, flowFilters.procDefKey],
  columns: [
    flowColumn("procDefName"),
    ...aboutColumns<DoneRow>(),
    flowColumn("taskName"),
    flowColumn("startUserName", { render: (r) => r.startUserName ?? "" }),
    flowColumn("outcome", { render: (r) => actionLabel(r.outcome) }),
    flowColumn("comment", { render: (r) => r.comment ?? "" }),
    flowColumn("createTime", { width: 165, hidden: true, render: (r) => r.createTime ?? "" }),
    flowColumn("endTime", { width: 165, render: (r) => r.endTime ?? "" }),
  ],
  actions: (r) => <OpenButton procInsId={r.procInsId} taskId={r.taskId} label="flowTasks.actions.view" data-testid="done-view" />,
};

export default function DoneScreen(_: ScreenProps) {
  return <ListScreen list={doneList} />;
}
