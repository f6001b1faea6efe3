/**
 * A report's chart through @mantine/charts (recharts). Loaded lazily by the report screens only
 * (`lazy(() => import("./ReportChart.tsx"))`), so the chart library never weighs on the first screen.
 */
import "@mantine/charts/styles.css";
import { BarChart, LineChart, PieChart } from "@mantine/charts";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { currentLang } from "../core/i18n.ts";
import type { ReportAnswer } from "./api.ts";
import { useValueLabels } from "./ReportTable.tsx";

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
        <PieChart data={cells} withLabelsLine withLabels withTooltip size={Math.min(height, 260)} h={height} labelsType="percent" />
      </div>
    );
  }
  const Chart = chart.type === "line" ? LineChart : BarChart;
  return (
    <div data-testid="report-chart" data-chart={chart.type}>
      <Chart h={height} data={data} dataKey="__x" series={series} withLegend tickLine="y" />
    </div>
  );
}
