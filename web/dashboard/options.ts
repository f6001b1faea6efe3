/**
 * Chart options of the dashboard from its figures: the choropleth of the prefectures, rankings as
 * horizontal bars, shares as rings, trends as lines. Pure: figures and texts in, options out.
 */
import type { Bucket, Trend } from "../../events/api/dashboard.ts";
import { mapName, type EChartsOption } from "./echarts.ts";

export const palette = ["#3fb1e3", "#6be6c1", "#626c91", "#a0a7e6", "#c4ebad", "#96dee8", "#f7c95c", "#f08c6c", "#c27fe0", "#7fd1ff"];
const axisText = { color: "#9fb3c8", fontSize: 14 };
const splitLine = { lineStyle: { color: "rgba(120,160,200,0.15)" } };
const fmt = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 2 });

export interface MapFigure {
  code: string;
  name: string;
  value: number;
  districts: Bucket[];
}

/** A map series item: named by its division code, the feature's name in the boundary file as registered. */
interface MapItem {
  name: string;
  code: string;
  label: string;
  value: number;
  districts: Bucket[];
  itemStyle?: object;
}

/** The prefectures filled by value; the selected one outlined; tooltips naming the districts inside. */
export function mapOption(prefectures: MapFigure[], metricLabel: string, includesLabel: string, selected: string | null): EChartsOption {
  const max = Math.max(1, ...prefectures.map((p) => p.value));
  return {
    tooltip: {
      trigger: "item",
      formatter: (p: { data?: MapItem }) => {
        const d = p.data;
        if (!d) return "";
        // the map joins by division code (the boundary features are named by it); the reader sees the name
        const inside = d.districts.slice(0, 6).map((x) => `${x.label}：${fmt(x.value)}`).join("<br/>");
        return `<b>${d.label}</b><br/>${metricLabel}：${fmt(d.value)}${inside ? `<br/><span style="opacity:.75">${includesLabel}</span><br/>${inside}` : ""}`;
      },
    },
    // the handles carry the range's ends (formatted as every figure is), so no separate end texts
    visualMap: { min: 0, max, left: 24, bottom: 24, calculable: true, formatter: (value: unknown) => fmt(Number(value)), inRange: { color: ["#12345a", "#1f6fb2", "#3fb1e3", "#9be7ff"] }, textStyle: { color: "#cfe3ff", fontSize: 14 } },
    series: [
      {
        type: "map",
        map: mapName,
        roam: false,
        selectedMode: false,
        layoutCenter: ["50%", "52%"],
        layoutSize: "92%",
        label: { show: true, color: "#e6f4ff", fontSize: 14, formatter: (p: { data?: MapItem }) => p.data?.label ?? "" },
        itemStyle: { borderColor: "#8fd3ff", borderWidth: 1, areaColor: "#0d2440" },
        emphasis: { label: { color: "#fff" }, itemStyle: { areaColor: "#f7c95c" } },
        data: prefectures.map((p): MapItem => ({ name: p.code, code: p.code, label: p.name, value: p.value, districts: p.districts, ...(p.code === selected ? { itemStyle: { borderColor: "#f7c95c", borderWidth: 3 } } : {}) })),
      },
    ],
  };
}

/** A ranking: the largest first, top to bottom. */
export function rankingOption(buckets: Bucket[], limit = 10, highlighted?: string | null): EChartsOption {
  const top = buckets.slice(0, limit).reverse();
  // room on the right for the longest value label (about 8 px a character at 14 px)
  const widest = Math.max(1, ...top.map((b) => fmt(b.value).length));
  return {
    grid: { left: 8, right: 16 + widest * 8, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    xAxis: { type: "value", axisLabel: { show: false }, splitLine },
    yAxis: { type: "category", data: top.map((b) => b.label), axisLabel: { ...axisText, width: 150, overflow: "truncate" } },
    series: [
      {
        type: "bar",
        data: top.map((b) => ({ value: b.value, name: b.key, itemStyle: { color: b.key === highlighted ? "#f7c95c" : "#3fb1e3", borderRadius: [0, 4, 4, 0] } })),
        label: { show: true, position: "right", color: "#e6f4ff", fontSize: 14, formatter: (p: { value: number }) => fmt(p.value) },
        barMaxWidth: 18,
      },
    ],
  };
}

/** Shares of a whole as a ring with its legend. */
export function ringOption(buckets: Bucket[]): EChartsOption {
  return {
    color: palette,
    tooltip: { trigger: "item", formatter: "{b}：{c}（{d}%）" },
    legend: { orient: "vertical", right: 8, top: "middle", textStyle: { color: "#cfe3ff", fontSize: 14 }, type: "scroll" },
    series: [{ type: "pie", radius: ["42%", "70%"], center: ["32%", "50%"], label: { show: false }, data: buckets.filter((b) => b.value > 0).map((b) => ({ name: b.label, value: b.value })) }],
  };
}

/** Series over periods; `bars` draws the first series as bars, `dual` puts the second on its own axis (another unit). */
export function trendOption(trend: Trend, names: (key: string) => string, { bars = false, dual = false } = {}): EChartsOption {
  return {
    color: palette,
    tooltip: { trigger: "axis" },
    legend: { top: 0, textStyle: { color: "#cfe3ff", fontSize: 14 } },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: "category", data: trend.periods, axisLabel: axisText },
    yAxis: (dual ? [0, 1] : [0]).map((i) => ({ type: "value", axisLabel: axisText, splitLine: i === 0 ? splitLine : { show: false } })),
    series: trend.series.map((s, i) => ({
      type: bars && i === 0 ? "bar" : "line",
      name: names(s.key),
      data: s.values,
      smooth: true,
      yAxisIndex: dual ? Math.min(i, 1) : 0,
      areaStyle: bars ? undefined : { opacity: 0.12 },
      barMaxWidth: 22,
    })),
  };
}

/** Plain bars over categories (dictionary buckets in their order). */
export function columnsOption(buckets: Bucket[]): EChartsOption {
  return {
    color: palette,
    tooltip: { trigger: "axis" },
    grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: "category", data: buckets.map((b) => b.label), axisLabel: { ...axisText, interval: 0, width: 90, overflow: "truncate" } },
    yAxis: { type: "value", axisLabel: axisText, splitLine },
    series: [{ type: "bar", data: buckets.map((b, i) => ({ value: b.value, itemStyle: { color: palette[i % palette.length] } })), barMaxWidth: 28, label: { show: true, position: "top", color: "#e6f4ff", fontSize: 13 } }],
  };
}
