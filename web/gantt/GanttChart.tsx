/**
 * The chart itself (SVAR React Gantt, MIT core): the plan's tasks as bars with their links, summary tasks
 * above their children, milestones; dragging moves and stretches bars and progress, links are drawn between
 * bars, a double click opens the task editor. The picture settings choose the zoom, colours and grid columns.
 * Loaded only with the schedule screen (the library and its stylesheet are in that chunk).
 */
import { Editor, Gantt, Willow, type IApi, type IColumnConfig, type IScaleConfig } from "@svar-ui/react-gantt";
import "@svar-ui/react-gantt/all.css";
import "./gantt.css";
import { Locale } from "@svar-ui/react-core";
import { cn as coreZh, en as coreEn } from "@svar-ui/core-locales";
import { cn as ganttZh, en as ganttEn } from "@svar-ui/gantt-locales";
import { useMemo, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { VisualSettings } from "../../events/gantt/visual.ts";
import type { StoredTask } from "./api.ts";
import { chartData, dayOf } from "./convert.ts";

const pad = (n: number) => String(n).padStart(2, "0");

function scalesOf(zoom: VisualSettings["zoom"], zh: boolean): { scales: IScaleConfig[]; cellWidth: number; lengthUnit: string } {
  const month = (d: Date) => (zh ? `${d.getFullYear()}年${d.getMonth() + 1}月` : `${d.getFullYear()}-${pad(d.getMonth() + 1)}`);
  const year = (d: Date) => (zh ? `${d.getFullYear()}年` : String(d.getFullYear()));
  switch (zoom) {
    case "day":
      return { scales: [{ unit: "month", step: 1, format: month }, { unit: "day", step: 1, format: (d: Date) => String(d.getDate()) }], cellWidth: 32, lengthUnit: "day" };
    case "week":
      return { scales: [{ unit: "month", step: 1, format: month }, { unit: "week", step: 1, format: (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}` }], cellWidth: 56, lengthUnit: "day" };
    case "month":
      return { scales: [{ unit: "year", step: 1, format: year }, { unit: "month", step: 1, format: (d: Date) => (zh ? `${d.getMonth() + 1}月` : pad(d.getMonth() + 1)) }], cellWidth: 80, lengthUnit: "day" };
    case "quarter":
      return { scales: [{ unit: "year", step: 1, format: year }, { unit: "quarter", step: 1, format: (d: Date) => `Q${Math.floor(d.getMonth() / 3) + 1}` }], cellWidth: 100, lengthUnit: "day" };
  }
}

export interface GanttChartProps {
  tasks: readonly StoredTask[];
  settings: VisualSettings;
  readonly: boolean;
  onApi: (api: IApi) => void;
}

export default function GanttChart({ tasks, settings, readonly, onApi }: GanttChartProps) {
  const { t, i18n } = useTranslation();
  const [api, setApi] = useState<IApi | null>(null);
  const zh = i18n.language !== "en-US";
  const data = useMemo(() => chartData(tasks), [tasks]);
  const { scales, cellWidth, lengthUnit } = scalesOf(settings.zoom, zh);
  const columns = useMemo<IColumnConfig[]>(() => {
    const all: Record<VisualSettings["columns"][number], IColumnConfig> = {
      wbs: { id: "wbs", header: "WBS", width: 70 },
      name: { id: "text", header: t("gantt.taskName"), width: 220 },
      start: { id: "start", header: t("gantt.start"), width: 100, align: "center", template: (v: unknown) => (v instanceof Date ? dayOf(v) : "") },
      // the chart's end is the next midnight: the grid shows the task's last day
      end: { id: "end", header: t("gantt.end"), width: 100, align: "center", template: (v: unknown) => (v instanceof Date ? dayOf(new Date(v.getTime() - 1)) : "") },
      duration: { id: "duration", header: t("gantt.duration"), width: 70, align: "center" },
      progress: { id: "progress", header: t("gantt.progress"), width: 70, align: "center", template: (v: unknown) => `${Math.round(Number(v ?? 0))}%` },
      owner: { id: "ownerName", header: t("gantt.owner"), width: 90 },
    };
    return [...settings.columns.map((c) => all[c]), ...(readonly ? [] : [{ id: "add-task", header: "", width: 50, align: "center" as const }])];
  }, [settings.columns, readonly, t]);
  const colours = { "--wx-gantt-task-color": settings.barColor, "--wx-gantt-task-fill-color": settings.progressColor, "--wx-gantt-milestone-color": settings.milestoneColor, height: "100%" } as CSSProperties;
  const words = zh ? { ...coreZh, ...ganttZh } : { ...coreEn, ...ganttEn };
  return (
    <Locale words={words}>
      <Willow fonts={false}>
        <div style={colours} data-testid="gantt-chart" className={[settings.showLinks ? "" : "gantt-no-links", settings.showProgress ? "" : "gantt-no-progress"].join(" ")}>
          <Gantt
            init={(a) => {
              setApi(a);
              onApi(a);
            }}
            tasks={data.tasks}
            links={data.links}
            scales={scales}
            cellWidth={cellWidth}
            lengthUnit={lengthUnit}
            columns={columns}
            readonly={readonly}
            cellHeight={36}
          />
          {readonly || !api ? null : <Editor api={api} />}
        </div>
      </Willow>
    </Locale>
  );
}
