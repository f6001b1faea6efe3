/**
 * 项目进度计划 (/enterprise/gantt): a project's schedule plan on a Gantt chart. Pick a project; add tasks,
 * drag their dates and progress, draw links, edit a task in the editor; save the plan whole (the server
 * checks its rules and names the task a refusal is about); import an xlsx in the template's columns or an
 * MS Project XML file, export either, download the template; the picture settings (zoom, colours, columns)
 * are kept per project.
 */
import { Alert, Button, ColorInput, FileButton, Group, Loader, Menu, MultiSelect, Paper, Popover, SegmentedControl, Select, Stack, Switch, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { IApi, ILink, ITask } from "@svar-ui/react-gantt";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ganttColumns, ganttZooms, type VisualSettings } from "../../events/gantt/visual.ts";
import { ApiError } from "../core/api/http.ts";
import { notifyError, notifySuccess } from "../core/feedback.tsx";
import { hasPermission } from "../core/session.ts";
import { nameOf, saveBlob } from "../crud/spreadsheet/download.ts";
import type { ScreenProps } from "../registry/index.ts";
import { ganttApi, ganttQueries, ganttTags, type PlanFormat } from "./api.ts";
import { dayOf, planOf } from "./convert.ts";
import GanttChart from "./GanttChart.tsx";

const editActions = ["add-task", "update-task", "delete-task", "move-task", "add-link", "update-link", "delete-link", "indent-task"] as const;

export default function GanttScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [search, setSearch] = useState("");
  const projects = useQuery(ganttQueries.projects(search));
  const [projectId, setProjectId] = useState<string | null>(null);
  useEffect(() => {
    if (!projectId && projects.data?.length) setProjectId(projects.data[0]!.id);
  }, [projectId, projects.data]);
  const plan = useQuery({ ...ganttQueries.plan(projectId ?? ""), enabled: !!projectId });
  const conf = useQuery({ ...ganttQueries.conf(projectId ?? ""), enabled: !!projectId });
  const api = useRef<IApi | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // a new mount of the chart after each load, save or import: the chart starts from the stored plan
  const [generation, setGeneration] = useState(0);
  const canSave = hasPermission(ganttTags.save);

  const onApi = useCallback((a: IApi) => {
    api.current = a;
    // a drag reports each step (inProgress) and then its end: the end marks the plan changed
    for (const action of editActions) a.on(action, (ev) => !(ev as { inProgress?: boolean } | undefined)?.inProgress && setDirty(true));
  }, []);

  const reload = async () => {
    await client.invalidateQueries({ queryKey: ["/gantt"] });
    setDirty(false);
    setGeneration((g) => g + 1);
  };

  /** Runs a write of the plan: its message on success, then the stored plan again; a refusal stays shown above the chart. */
  const write = async (work: () => Promise<string>) => {
    setBusy(true);
    setProblem(null);
    try {
      notifySuccess(await work());
      await reload();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    const chart = api.current;
    if (!chart || !projectId) return;
    const tasks = chart.serialize({ data: "tasks" }) as ITask[];
    const links = chart.serialize({ data: "links" }) as ILink[];
    return write(async () => (await ganttApi.save(projectId, planOf(tasks, links))).msg);
  };

  const addTask = () => {
    if (!api.current) return;
    const start = new Date();
    start.setHours(0, 0, 0, 0);
    const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 5);
    void api.current.exec("add-task", { task: { text: t("gantt.newTask"), start, end, progress: 0, type: "task" }, select: true, show: true });
  };

  const importFile = (file: File | null) => {
    if (!file || !projectId) return;
    return write(async () => {
      const answer = await ganttApi.importFile(projectId, file);
      if (answer.data.unmatchedOwners.length) notifyError(t("gantt.unmatchedOwners", { names: answer.data.unmatchedOwners.join(t("gantt.listSeparator")) }));
      return t("gantt.imported", { count: answer.data.tasks.length });
    });
  };

  const download = async (work: () => Promise<{ data: Blob }>, fallback: string) => {
    try {
      const answer = await work();
      saveBlob(answer.data, nameOf(answer.data, fallback));
    } catch (error) {
      notifyError(error);
    }
  };
  const exportAs = (format: PlanFormat) => projectId && download(() => ganttApi.exportFile(projectId, format), `schedule-${dayOf(new Date())}.${format}`);

  const projectOptions = useMemo(() => (projects.data ?? []).map((p) => ({ value: p.id, label: p.entName ? `${p.projectName}（${p.entName}）` : p.projectName })), [projects.data]);
  const settings = conf.data?.settings;

  return (
    <Stack gap="sm" h="calc(100vh - 140px)" data-testid="gantt-screen">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Select
            data-testid="gantt-project"
            w={360}
            searchable
            placeholder={t("gantt.chooseProject")}
            data={projectOptions}
            value={projectId}
            onSearchChange={(s) => !projectOptions.some((o) => o.label === s) && setSearch(s)}
            onChange={(v) => {
              setProjectId(v);
              setDirty(false);
              setProblem(null);
              setGeneration((g) => g + 1);
            }}
            nothingFoundMessage={t("gantt.noProjects")}
          />
          {dirty ? <Text size="sm" c="orange" data-testid="gantt-dirty">{t("gantt.unsaved")}</Text> : null}
        </Group>
        <Group gap="xs">
          {canSave ? (
            <>
              <Button variant="default" onClick={addTask} disabled={!plan.data} data-testid="gantt-add">{t("gantt.addTask")}</Button>
              <Button onClick={() => void save()} loading={busy} disabled={!plan.data} data-testid="gantt-save">{t("gantt.save")}</Button>
            </>
          ) : null}
          {hasPermission(ganttTags.import) ? (
            <FileButton onChange={(f) => void importFile(f)} accept=".xlsx,.xml,application/xml,text/xml,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
              {(props) => <Button variant="default" {...props} disabled={!projectId} data-testid="gantt-import">{t("gantt.import")}</Button>}
            </FileButton>
          ) : null}
          {hasPermission(ganttTags.export) ? (
            <Menu>
              <Menu.Target>
                <Button variant="default" disabled={!projectId} data-testid="gantt-export">{t("gantt.export")}</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void exportAs("xml")} data-testid="gantt-export-xml">{t("gantt.exportXml")}</Menu.Item>
                <Menu.Item onClick={() => void exportAs("xlsx")} data-testid="gantt-export-xlsx">{t("gantt.exportXlsx")}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
          {hasPermission(ganttTags.import) ? (
            <Button variant="subtle" onClick={() => void download(() => ganttApi.template(), `schedule-template.xlsx`)} data-testid="gantt-template">{t("gantt.template")}</Button>
          ) : null}
          {projectId && settings ? <DisplaySettings projectId={projectId} settings={settings} onSaved={() => void client.invalidateQueries({ queryKey: ["/project/visualpicconf", projectId] })} /> : null}
        </Group>
      </Group>
      {problem ? (
        <Alert color="red" withCloseButton onClose={() => setProblem(null)} data-testid="gantt-problem">
          {problem}
        </Alert>
      ) : null}
      <Paper withBorder style={{ flex: 1, minHeight: 420, overflow: "hidden" }}>
        {!projectId ? (
          <Text p="md" c="dimmed">{projects.isLoading ? <Loader size="sm" /> : t("gantt.noProjects")}</Text>
        ) : plan.isLoading || conf.isLoading || !plan.data || !settings ? (
          <Loader m="md" size="sm" />
        ) : (
          <GanttChart key={`${projectId}:${generation}`} tasks={plan.data.tasks} settings={settings} readonly={!canSave} onApi={onApi} />
        )}
      </Paper>
    </Stack>
  );
}

/** The project's picture settings: zoom, colours, columns shown, links and progress; saved per project or reset. */
function DisplaySettings({ projectId, settings, onSaved }: { projectId: string; settings: VisualSettings; onSaved: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(settings);
  useEffect(() => setDraft(settings), [settings]);
  const canSave = hasPermission(ganttTags.confSave);
  const run = async (work: () => Promise<{ msg: string }>) => {
    try {
      notifySuccess((await work()).msg);
      onSaved();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Popover width={320} position="bottom-end" withinPortal>
      <Popover.Target>
        <Button variant="default" data-testid="gantt-display">{t("gantt.display")}</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <SegmentedControl size="xs" data-testid="gantt-zoom" value={draft.zoom} onChange={(v) => setDraft({ ...draft, zoom: v as VisualSettings["zoom"] })} data={ganttZooms.map((z) => ({ value: z, label: t(`gantt.zoom_${z}`) }))} />
          <ColorInput size="xs" label={t("gantt.barColor")} value={draft.barColor} onChange={(v) => setDraft({ ...draft, barColor: v })} format="hex" />
          <ColorInput size="xs" label={t("gantt.progressColor")} value={draft.progressColor} onChange={(v) => setDraft({ ...draft, progressColor: v })} format="hex" />
          <ColorInput size="xs" label={t("gantt.milestoneColor")} value={draft.milestoneColor} onChange={(v) => setDraft({ ...draft, milestoneColor: v })} format="hex" />
          <MultiSelect size="xs" label={t("gantt.columns")} value={draft.columns} onChange={(v) => v.length && setDraft({ ...draft, columns: v as VisualSettings["columns"] })} data={ganttColumns.map((c) => ({ value: c, label: t(`gantt.column_${c}`) }))} />
          <Switch size="xs" label={t("gantt.showLinks")} checked={draft.showLinks} onChange={(e) => setDraft({ ...draft, showLinks: e.currentTarget.checked })} />
          <Switch size="xs" label={t("gantt.showProgress")} checked={draft.showProgress} onChange={(e) => setDraft({ ...draft, showProgress: e.currentTarget.checked })} />
          {canSave ? (
            <Group justify="flex-end" gap="xs">
              {hasPermission(ganttTags.confDelete) ? <Button size="xs" variant="subtle" onClick={() => void run(() => ganttApi.deleteConf(projectId))} data-testid="gantt-display-reset">{t("gantt.reset")}</Button> : null}
              <Button size="xs" onClick={() => void run(() => ganttApi.saveConf(projectId, draft))} data-testid="gantt-display-save">{t("gantt.saveDisplay")}</Button>
            </Group>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
