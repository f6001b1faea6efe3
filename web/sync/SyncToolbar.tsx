/**
 * The synchronised lists' toolbar (registered for "/syn/" in ./index.ts): "立即同步" (with the list's run
 * tag) starts a run after a confirmation and shows its progress, polling the run until it ends, then
 * refreshes the list; "同步记录" shows the list's recent runs.
 */
import { Alert, Badge, Button, Drawer, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconHistory, IconRefresh } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import { currentLang } from "../core/i18n.ts";
import { hasPermission } from "../core/session.ts";
import { confirmDialog } from "../core/ui/confirmDelete.tsx";
import { notifyError, notifySuccess } from "../core/feedback.tsx";
import { EmptyRow } from "../core/ui/TableParts.tsx";
import { listName, runTag, startRun, syncQueries } from "./api.ts";
import { RunCounts, runColour } from "./RunCounts.tsx";

export default function SyncToolbar({ family }: { family: Family }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [showRuns, setShowRuns] = useState(false);
  const run = useQuery({ ...syncQueries.run(runId ?? ""), enabled: runId !== null });
  const status = run.data?.status;
  // a run already going on when the list opens (the schedule's, or one started elsewhere) is followed too
  const recent = useQuery({ ...syncQueries.recent(listName(family.path)), retry: false });
  const ongoing = recent.data?.find((r) => r.status === "running")?.runId;
  useEffect(() => {
    if (ongoing && runId === null) setRunId(ongoing);
  }, [ongoing, runId]);

  // the run ended: the list shows what it wrote, the recent runs include it
  useEffect(() => {
    if (!status || status === "running") return;
    void queryClient.invalidateQueries({ queryKey: [family.path] });
    void queryClient.invalidateQueries({ queryKey: ["/syn/runs", "recent"] });
    if (status === "done") notifySuccess(t("sync.done"));
  }, [status, family.path, queryClient, t]);

  const start = async () => {
    if (!(await confirmDialog(t("sync.confirmRun", { name: family.label[lang] }), { danger: false }))) return;
    setStarting(true);
    try {
      const answer = await startRun(family.path);
      setRunId(answer.data.runId);
    } catch (error) {
      notifyError(error);
    } finally {
      setStarting(false);
    }
  };

  const busy = starting || status === "running" || (runId !== null && !run.data);
  return (
    <>
      {hasPermission(runTag(family.path)) && (
        <Button variant="light" leftSection={busy ? <Loader size={14} /> : <IconRefresh size={16} />} onClick={() => void start()} disabled={busy} data-testid="sync-run">
          {busy ? t("sync.running") : t("sync.run")}
        </Button>
      )}
      <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setShowRuns(true)} data-testid="sync-runs">{t("sync.runs")}</Button>
      {run.data && (
        <Group gap="xs" data-testid="sync-progress" data-status={run.data.status}>
          <Badge color={runColour[run.data.status]} tt="none">{t(`sync.${run.data.status === "done" ? "done" : run.data.status === "failed" ? "failed" : "running"}`)}</Badge>
          <RunCounts run={run.data} />
          {run.data.error && <Text size="sm" c="red">{run.data.error}</Text>}
        </Group>
      )}
      {run.isError && <Text size="sm" c="red">{(run.error as Error).message}</Text>}
      <Drawer opened={showRuns} onClose={() => setShowRuns(false)} position="right" size="xl" title={`${family.label[lang]} · ${t("sync.runs")}`}>
        {showRuns && <RecentRuns list={listName(family.path)} />}
      </Drawer>
    </>
  );
}

function RecentRuns({ list }: { list: string }) {
  const { t } = useTranslation();
  const runs = useQuery(syncQueries.recent(list));
  if (runs.isError) return <Alert color="red">{(runs.error as Error).message}</Alert>;
  const rows = runs.data ?? [];
  return (
    <Stack>
      <Table withTableBorder striped data-testid="sync-runs-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("sync.startedAt")}</Table.Th>
            <Table.Th>{t("sync.finishedAt")}</Table.Th>
            <Table.Th>{t("sync.status")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.runId} data-testid="sync-run-row">
              <Table.Td>{r.startedAt}</Table.Td>
              <Table.Td>{r.finishedAt ?? "—"}</Table.Td>
              <Table.Td><Badge color={runColour[r.status]} tt="none">{t(`sync.${r.status === "done" ? "done" : r.status === "failed" ? "failed" : "running"}`)}</Badge></Table.Td>
              <Table.Td>
                <RunCounts run={r} />
                {r.error && <Text size="xs" c="red">{r.error}</Text>}
              </Table.Td>
            </Table.Tr>
          ))}
          {!rows.length && (runs.isLoading ? <EmptyRow colSpan={4} loading /> : (
            <Table.Tr><Table.Td colSpan={4}><Text c="dimmed" ta="center" size="sm">{t("sync.noRuns")}</Text></Table.Td></Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
