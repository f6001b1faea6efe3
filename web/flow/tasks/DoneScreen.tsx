/** Done (`flowable/done/index`, `GET /flowable/task/finishedList`): the tasks I handled, with outcome and comment; a row opens the instance. */
import { Alert, Button, Card, Group, Stack, Table, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../app/screens.ts";
import { EmptyRow } from "../../sys/shared/TableParts.tsx";
import { PageBar } from "../../widgets/PageBar/index.ts";
import { paths, type DoneRow } from "./api.ts";
import { actionLabel, SearchButtons, useOpenTask } from "./parts.tsx";
import { usePagedList } from "./usePagedList.ts";

export default function DoneScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const list = usePagedList<DoneRow, { name: string; procDefKey: string }>(paths.done, { name: "", procDefKey: "" });
  const open = useOpenTask();
  const enter = (e: React.KeyboardEvent) => e.key === "Enter" && list.search();
  return (
    <Card withBorder data-testid="done-screen">
      <Stack>
        <Group gap="sm">
          <TextInput placeholder={t("flowTasks.search.name")} value={list.draft.name} onChange={(e) => list.setDraft({ ...list.draft, name: e.currentTarget.value })} onKeyDown={enter} w={200} />
          <TextInput placeholder={t("flowTasks.search.procDefKey")} value={list.draft.procDefKey} onChange={(e) => list.setDraft({ ...list.draft, procDefKey: e.currentTarget.value })} onKeyDown={enter} w={180} />
          <SearchButtons onSearch={list.search} onReset={list.reset} onRefresh={() => void list.refetch()} />
        </Group>
        {list.error && <Alert color="red">{(list.error as Error).message}</Alert>}
        <Table.ScrollContainer minWidth={1000}>
          <Table striped highlightOnHover withTableBorder data-testid="done-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("flowTasks.columns.procDefName")}</Table.Th>
                <Table.Th>{t("flowTasks.columns.taskName")}</Table.Th>
                <Table.Th>{t("flowTasks.columns.startUserName")}</Table.Th>
                <Table.Th>{t("flowTasks.columns.outcome")}</Table.Th>
                <Table.Th>{t("flowTasks.columns.comment")}</Table.Th>
                <Table.Th w={170}>{t("flowTasks.columns.createTime")}</Table.Th>
                <Table.Th w={170}>{t("flowTasks.columns.endTime")}</Table.Th>
                <Table.Th w={90}>{t("flowTasks.columns.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((r) => (
                <Table.Tr key={`${r.taskId}-${r.endTime ?? ""}`}>
                  <Table.Td>{r.procDefName}</Table.Td>
                  <Table.Td>{r.taskName}</Table.Td>
                  <Table.Td>{r.startUserName}</Table.Td>
                  <Table.Td>{actionLabel(r.outcome)}</Table.Td>
                  <Table.Td>{r.comment ?? ""}</Table.Td>
                  <Table.Td>{r.createTime}</Table.Td>
                  <Table.Td>{r.endTime ?? ""}</Table.Td>
                  <Table.Td><Button size="compact-sm" variant="light" onClick={() => open(r.procInsId, r.taskId)}>{t("flowTasks.actions.view")}</Button></Table.Td>
                </Table.Tr>
              ))}
              {!list.rows.length && <EmptyRow colSpan={8} loading={list.loading} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageBar page={list.paging.page} limit={list.paging.limit} total={list.total} onChange={(page, limit) => list.setPaging({ page, limit })} />
      </Stack>
    </Card>
  );
}
