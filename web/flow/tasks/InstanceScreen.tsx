/**
 * Process instances (`flowable/instance/index`, administrators): every instance with its business record,
 * applicant and status; info (`GET /flowable/instance/info/{id}`: version, status, active and end nodes, in
 * the list kit's drawer), the read-only approval view (form, record, diagram), and delete with confirmation
 * (`POST /flowable/process/delete/{id}`).
 */
import { pagedQuery } from "../../core/api/call.ts";
import { Button, Text } from "@mantine/core";
import { queryOptions } from "@tanstack/react-query";
import type { ScreenProps } from "../../registry/index.ts";
import { hasPermission } from "../../core/session.ts";
import { confirmDialog } from "../../core/ui/confirmDelete.tsx";
import { seededText } from "../../core/seeded.ts";
import { flow } from "../../../events/api/flow.ts";
import type { DetailSpec } from "../../crud/DetailDrawer.tsx";
import { ListScreen, type ListContext, type ListSpec } from "../../crud/ListScreen.tsx";
import { command, fetchInstanceInfo, joined, paths, show, type InstanceInfo, type InstanceRow } from "./api.ts";
import { aboutColumns, flowColumn, instanceColumns, instanceFilters, OpenButton, StatusBadge } from "./parts.tsx";

const infoField = (key: keyof InstanceInfo, value: (d: InstanceInfo) => React.ReactNode = (d) => seededText(String(show(d[key])))) => ({ label: (t: (k: string) => string) => t(`flowTasks.columns.${key}`), value });

const instanceInfo: DetailSpec<InstanceInfo> = {
  testId: "instance-info",
  title: (t) => t("flowTasks.instance.info"),
  query: (id) => queryOptions({ queryKey: ["/flowable/instance/info", id], queryFn: () => fetchInstanceInfo(id) }),
  fields: [
    infoField("procInsId"),
    infoField("procDefName"),
    infoField("procDefKey"),
    infoField("version"),
    infoField("status", (d) => <StatusBadge status={d.status} />),
    infoField("startUserName"),
    infoField("startTime"),
    infoField("endTime"),
    infoField("activeNodes", (d) => seededText(joined(d.activeNodes))),
    infoField("endNodes", (d) => seededText(joined(d.endNodes))),
    infoField("businessKey"),
    infoField("deployId"),
  ],
};

function RowActions({ row: r, list }: { row: InstanceRow; list: ListContext<InstanceRow> }) {
  const { t } = list;
  const remove = async () => {
    if (!(await confirmDialog(t("flowTasks.confirm.deleteInstance", { id: r.procInsId, name: r.procDefName })))) return;
    await list.command(r.procInsId, () => command(`/flowable/process/delete/${encodeURIComponent(r.procInsId)}`, {}), t("http.deleted"));
  };
  return (
    <>
      {hasPermission("flowable:instance:info") && <Button size="compact-sm" variant="light" onClick={() => list.open(r.procInsId)} data-testid="instance-info-open">{t("flowTasks.actions.info")}</Button>}
      <OpenButton procInsId={r.procInsId} label="flowTasks.actions.view" variant="subtle" />
      {hasPermission("flowable:instance:delete") && (
        <Button size="compact-sm" variant="subtle" color="red" loading={list.busy === r.procInsId} onClick={() => void remove()} data-testid="instance-delete">{t("actions.delete")}</Button>
      )}
    </>
  );
}

const instanceList: ListSpec<InstanceRow> = {
  name: "instance",
  path: paths.instances,
  query: pagedQuery(flow.instances),
  rowKey: (r) => r.procInsId,
  rowAttrs: (r) => ({ "data-instance": r.procInsId }),
  minWidth: 1000,
  filters: instanceFilters,
  columns: [
    flowColumn("procDefName", { render: (r) => <>{seededText(r.procDefName)}<Text size="xs" c="dimmed">{r.procInsId}</Text></> }),
    ...aboutColumns<InstanceRow>(),
    ...instanceColumns("version", "status", "startUserName", "activeNodes", "startTime", "endTime"),
  ],
  actions: (r, list) => <RowActions row={r} list={list} />,
  detail: instanceInfo,
};

export default function InstanceScreen(_: ScreenProps) {
  return <ListScreen list={instanceList} />;
}
