/**
 * The home page's workflow lists, on the list kit (web/crud/ListScreen.tsx): my pending tasks, the tasks I
 * handled, the processes I started. Each reads the workflow screen's query (same key, so an approval there
 * refreshes it here) with fewer columns; a row's button opens the approval page /todoCheck. On the home
 * page's tabs a list keeps its state to itself (`embedded`), on its own screen (menu msg/…) in the URL.
 */
import { pagedQuery } from "../core/api/call.ts";
import { flow } from "../../events/api/flow.ts";
import { ListScreen, type ListColumn, type ListSpec } from "../crud/ListScreen.tsx";
import { paths, type DoneRow, type MyProcessRow, type TodoRow } from "../flow/tasks/api.ts";
import { actionLabel, flowColumn, flowFilters, instanceColumns, OpenButton, StatusBadge } from "../flow/tasks/parts.tsx";

/** An approval list's column (a text cell shows seeded names in the screen's language), titled `msg.columns.<key>`. */
const column = <R,>(key: string, more: Omit<ListColumn<R>, "key" | "title"> = {}): ListColumn<R> => ({ ...flowColumn<R>(key, more), title: (t) => t(`msg.columns.${key}`) });

type TaskRow = Pick<DoneRow, "taskId" | "procInsId" | "procDefName" | "taskName" | "startUserName">;

/** A task list: its process, the task and who started it, then the given columns; a row's button opens its task. */
const taskList = <R extends TaskRow>(name: string, spec: Pick<ListSpec<R>, "path" | "query" | "rowKey">, more: ListColumn<R>[], label: string): ListSpec<R> => ({
  name: `msg-${name}`,
  ...spec,
  rowAttrs: (r) => ({ "data-task": r.taskId }),
  minWidth: 760,
  // the path is the workflow screen's too, whose columns the user arranges there
  columnChooser: false,
  filters: [flowFilters.taskName, flowFilters.procDefKey],
  columns: [column("process", { render: (r) => r.procDefName }), column("task", { render: (r) => r.taskName }), column("starter", { width: 120, render: (r) => r.startUserName ?? "" }), ...more],
  actions: (r) => <OpenButton procInsId={r.procInsId} taskId={r.taskId} label={label} data-testid={`msg-${name}-open`} />,
});

const pending = taskList<TodoRow>("pending", { path: paths.todo, query: pagedQuery(flow.todo), rowKey: (r) => r.taskId }, [column("received", { width: 170, render: (r) => r.createTime })], "msg.open");

const approved = taskList<DoneRow>(
  "approved",
  { path: paths.done, query: pagedQuery(flow.done), rowKey: (r) => `${r.taskId}-${r.endTime ?? ""}` },
  [
    column("outcome", { width: 100, render: (r) => actionLabel(r.outcome) }),
    column("comment", { render: (r) => r.comment ?? "" }),
    column("finished", { width: 170, render: (r) => r.endTime ?? "" }),
  ],
  "msg.view",
);

const initiated: ListSpec<MyProcessRow> = {
  name: "msg-initiated",
  path: paths.myProcess,
  query: pagedQuery(flow.myProcess),
  rowKey: (r) => r.procInsId,
  rowAttrs: (r) => ({ "data-instance": r.procInsId }),
  minWidth: 760,
  columnChooser: false,
  filters: [flowFilters.procName, flowFilters.status],
  columns: [
    column("process", { render: (r) => r.procDefName }),
    column("state", { width: 100, render: (r) => <StatusBadge status={r.status} /> }),
    // the end time is in the workflow screen's column chooser; here, where there is none, it shows
    ...instanceColumns("activeNodes", "assignees", "startTime", "endTime").map((c) => ({ ...c, hidden: false })),
  ],
  actions: (r) => <OpenButton procInsId={r.procInsId} label="msg.view" data-testid="msg-initiated-open" />,
};

/** The same list with its state kept to itself (one of several on the home page). */
const embedded = <R,>(spec: ListSpec<R>): ListSpec<R> => ({ ...spec, local: true });
const onHome = { pending: embedded(pending), approved: embedded(approved), initiated: embedded(initiated) };

type ListProps = { embedded?: boolean };
export const PendingList = ({ embedded }: ListProps) => <ListScreen list={embedded ? onHome.pending : pending} />;
export const ApprovedList = ({ embedded }: ListProps) => <ListScreen list={embedded ? onHome.approved : approved} />;
export const InitiatedList = ({ embedded }: ListProps) => <ListScreen list={embedded ? onHome.initiated : initiated} />;
