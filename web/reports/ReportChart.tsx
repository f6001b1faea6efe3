/**
 * A report's chart through @mantine/charts (recharts). Loaded lazily by the report screens only
 * (`lazy(() => import("./ReportChart.tsx"))`), so the chart library never weighs on the first screen.
 * Every category keeps its label on the x axis (recharts would drop those that collide): long or many labels
 * are slanted instead; values on the axis and in the tooltip are numbers as the reader's language writes them.
 */
import "@mantine/charts/styles.css";
import { BarChart, LineChart, PieChart } from "@mantine/charts";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { currentLang } from "../core/i18n.ts";
import type { ReportAnswer } from "./api.ts";
import { formatNumber, useValueLabels } from "./ReportTable.tsx";

const palette = ["blue.6", "teal.6", "orange.6", "violet.6", "red.6", "cyan.6", "lime.7", "pink.6", "indigo.6", "yellow.7"];

export default function ReportChart({ answer, height = 280 }: { answer: ReportAnswer; height?: number }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const show = useValueLabels(answer.columns);
  const chart = answer.chart;
  const x = chart ? answer.columns.find((c) => c.key === chart.x) : undefined;
  const ys = chart ? answer.columns.filter((c) => chart.y.includes(c.key)) : [];
  if (!chart || !x || ys.length === 0) return null;
  if (answer.rows.length === 0) return <Text c="dimmed" size="sm">{t("reports.noRows")}</Text>;
  // the x axis shows labels (dictionary names, "(empty)"), the series numbers
  const data: Record<string, string | number>[] = answer.rows.map((row) => ({ ...Object.fromEntries(ys.map((y) => [y.key, Number(row[y.key] ?? 0)])), __x: show(x, row[x.key]) }));
  const series = ys.map((y, i) => ({ name: y.key, label: y.label[lang], color: palette[i % palette.length]! }));
  if (chart.type === "pie") {
    const y = ys[0]!;
    const cells = data.map((d, i) => ({ name: String(d.__x), value: Number(d[y.key] ?? 0), color: palette[i % palette.length]! }));
    return (
      <div data-testid="report-chart" data-chart="pie">
        <PieChart data={cells} valueFormatter={(v) => formatNumber(v, lang)} withLabelsLine withLabels withTooltip size={Math.min(height, 260)} h={height} labelsType="percent" />
      </div>
    );
  }
  const Chart = chart.type === "line" ? LineChart : BarChart;
  const axis = categoryAxis(data.map((d) => String(d.__x)));
  return (
    <div data-testid="report-chart" data-chart={chart.type}>
      <Chart h={height + axis.height} data={data} dataKey="__x" series={series} withLegend tickLine="y" xAxisProps={axis} valueFormatter={(v) => formatNumber(v, lang)} />
    </div>
  );
}

/** Rough width of a label in px at the axis' 12px font: CJK characters are twice as wide as Latin ones. */
const labelWidth = (text: string) => [...text].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 12 : 7), 0);

/**
 * The x axis of categories: every tick shown (interval 0); when the labels would not fit side by side
 * (about 1,000 px of chart) they slant, and the axis grows to hold the longest.
 */
export function categoryAxis(labels: string[]) {
  const widest = Math.max(0, ...labels.map(labelWidth));
  const slant = labels.length > 0 && widest > 1000 / labels.length - 8;
  // a label slanted 35° needs sin(35°) of its width in height
  return slant ? { interval: 0, angle: -35, textAnchor: "end" as const, height: Math.min(160, Math.ceil(widest * 0.58) + 16) } : { interval: 0, height: 30 };
}
