/**
 * Filled forms (menu /flowable/formdata, /form/data) on the list kit: the list by form, status and title (in
 * the URL), exported as shown; fill a released form (or submit a process form for approval); view one with
 * the release it was filled with; change or delete one that is not in approval or approved. A form filled
 * through a fill-in link names the enterprise that filled it.
 */
import { Anchor, Badge, Button, Center, Group, Loader, Modal, Stack } from "@mantine/core";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../registry/index.ts";
import { hasPermission } from "../core/session.ts";
import { confirmDelete, notifyError } from "../core/feedback.tsx";
import { useModelFamily } from "../datamodel/useModelFamily.ts";
import { ListScreen, type ListContext, type ListSpec, type Option } from "../crud/ListScreen.tsx";
import { dataPath, deleteFilled, formQueries, type FilledInfo, type FilledRow } from "./api.ts";
import { FillModal } from "./FillModal.tsx";
import { FormRenderer } from "./FormRenderer.tsx";
import { FilledStatus } from "./parts.tsx";

const statuses = ["draft", "reviewing", "approved", "rejected", "returned", "withdrawn"];
const locked = (row: FilledRow) => row.status === "reviewing" || row.status === "approved";
const can = {
  add: () => hasPermission("form:data:save"),
  edit: () => hasPermission("form:data:update"),
  remove: () => hasPermission("form:data:delete"),
};

/** The released forms (the form filter's options and the form column's names). */
const releasedForms = () => formQueries.select({});
function useFormOptions(): Option[] {
  const forms = useQuery(releasedForms());
  return (forms.data ?? []).map((f) => ({ value: f.id, label: f.name }));
}
function FormName({ row }: { row: FilledRow }) {
  const forms = useQuery(releasedForms());
  return <>{forms.data?.find((f) => f.id === row.formId)?.name ?? row.formCode}</>;
}
const formName = async (row: FilledRow, queryClient: QueryClient) => (await queryClient.ensureQueryData(releasedForms())).find((f) => f.id === row.formId)?.name ?? row.formCode;

async function remove(row: FilledRow, list: ListContext<FilledRow>) {
  if (!(await confirmDelete([], { text: list.t("sys.common.deleteNamed", { name: row.title || row.formCode }) }))) return;
  await list.command(`delete:${row.id}`, () => deleteFilled([row.id]));
}

interface Dialogs {
  fill: (filled: FilledInfo | "new") => void;
  view: (row: FilledRow) => void;
}

function filledList(open: Dialogs, queryClient: QueryClient): ListSpec<FilledRow> {
  const edit = async (row: FilledRow) => {
    try {
      open.fill(await queryClient.fetchQuery(formQueries.filledInfo(row.formId, row.id)));
    } catch (error) {
      notifyError(error);
    }
  };
  return {
    name: "formdata",
    path: dataPath,
    query: formQueries.filled,
    rowKey: (row) => row.id,
    rowAttrs: (row) => ({ "data-id": row.id }),
    minWidth: 900,
    filters: [
      { kind: "select", key: "formId", label: (t) => t("forms.data.form"), useOptions: useFormOptions, searchable: true, width: 200 },
      { kind: "select", key: "status", label: (t) => t("forms.data.status"), options: (t) => statuses.map((s) => ({ value: s, label: t(`forms.filledStatus.${s}`) })), width: 140 },
      { kind: "text", key: "title", label: (t) => t("forms.data.title") },
    ],
    columns: [
      { key: "title", title: (t) => t("forms.data.title"), render: (row) => row.title ?? "" },
      { key: "form", title: (t) => t("forms.data.form"), value: (row) => formName(row, queryClient), render: (row) => <FormName row={row} /> },
      { key: "formVersion", title: (t) => t("forms.form.version"), width: 90, value: (row) => `v${row.formVersion}`, render: (row) => <Badge variant="outline" tt="none">v{row.formVersion}</Badge> },
      { key: "status", title: (t) => t("forms.data.status"), width: 110, value: (row, t) => t(`forms.filledStatus.${row.status ?? "draft"}`), render: (row) => <FilledStatus status={row.status} /> },
      { key: "enterprise", title: (t) => t("forms.data.enterprise"), value: (row) => row.enterpriseName ?? "", render: (row) => row.enterpriseName ?? "" },
      { key: "createTime", title: (t) => t("forms.data.createTime"), width: 170, render: (row) => row.createTime ?? "" },
    ],
    export: { fileName: (t) => t("forms.data.fileName") },
    toolbar: (list) => can.add() && <Button leftSection={<IconPlus size={16} />} onClick={() => open.fill("new")} data-testid="fill-add">{list.t("forms.data.fill")}</Button>,
    actions: (row, list) => (
      <>
        <Button size="compact-sm" variant="light" onClick={() => open.view(row)} data-testid="formdata-view">{list.t("forms.data.view")}</Button>
        {can.edit() && !locked(row) && <Button size="compact-sm" variant="subtle" onClick={() => void edit(row)} data-testid="formdata-edit">{list.t("actions.edit")}</Button>}
        {can.remove() && !locked(row) && <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(row, list)} data-testid="formdata-delete">{list.t("actions.delete")}</Button>}
      </>
    ),
  };
}

export default function FormDataScreen(_: ScreenProps) {
  const queryClient = useQueryClient();
  const [filling, setFilling] = useState<FilledInfo | "new" | null>(null);
  const [viewing, setViewing] = useState<FilledRow | null>(null);
  // one declaration for the screen's life (the kit keys its URL shape on it); the setters are stable
  const list = useMemo(() => filledList({ fill: setFilling, view: setViewing }, queryClient), [queryClient]);
  return (
    <>
      <ListScreen list={list} />
      {filling && <FillModal filled={filling === "new" ? null : filling} onClose={() => setFilling(null)} onSaved={() => void queryClient.invalidateQueries({ queryKey: [dataPath] })} />}
      {viewing && <ViewModal row={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

/** A filled form, read-only, rendered with the release it was filled with. */
function ViewModal({ row, onClose }: { row: FilledRow; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useQuery(formQueries.filledInfo(row.formId, row.id));
  const { family, model } = useModelFamily(row.dataModelId);
  return (
    <Modal opened onClose={onClose} size="xl" title={row.title || row.formCode} data-testid="formdata-viewer">
      {info.isLoading || !family ? (
        <Center><Loader size="sm" /></Center>
      ) : info.data ? (
        <Stack>
          <Group gap="xs">
            <Badge variant="outline" tt="none" data-testid="viewer-version">{t("forms.data.filledWith", { version: info.data.formVersion })}</Badge>
            <FilledStatus status={info.data.status} />
            {info.data.procInsId && (
              <Anchor size="sm" onClick={() => void navigate({ to: "/todoCheck", search: { procInsId: info.data!.procInsId } as never })}>{t("forms.data.approval")}</Anchor>
            )}
          </Group>
          <FormRenderer layout={info.data.layout} family={family} fields={model?.fields ?? []} values={info.data.values} readOnly />
        </Stack>
      ) : null}
    </Modal>
  );
}
