/**
 * ECharts with only what the dashboard draws: map, bar, line and pie series, tooltips, the visual map of
 * the choropleth, grids and legends, on the canvas renderer. Loaded with the dashboard's screens only.
 * The Shaanxi boundaries (./geo/shaanxi.json, ECharts 4.9's province file, Apache-2.0) are registered once.
 */
import * as echarts from "echarts/core";
import { BarChart, LineChart, MapChart, PieChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from "echarts/components";
import { CanvasRenderer } from "echarts/renderers";
import shaanxi from "./geo/shaanxi.json";

echarts.use([MapChart, BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

export const mapName = "shaanxi";
// the file's features are named in Chinese and carry their division code as `id`; the series joins by code
const features = (shaanxi as unknown as { features: { id: string; properties: { name: string } }[] }).features;
const withCodes = { ...(shaanxi as object), features: features.map((f) => ({ ...f, properties: { ...f.properties, name: f.id } })) };
echarts.registerMap(mapName, withCodes as never);

export { echarts };
export type EChartsOption = echarts.EChartsCoreOption;
