/**
 * A point well inside each prefecture of the drawn map, in the chart's pixels: the label points of the
 * boundary file may sit near a border, so the point is the contained grid sample nearest the middle of
 * the contained samples. Published on the map (data-points) for browser tests and for reading positions.
 * Reads the map series' geo regions (ECharts' coordinate system of the series).
 */
import type { echarts } from "./echarts.ts";

type Instance = ReturnType<typeof echarts.init>;
interface Region {
  name: string;
  contain(coord: number[]): boolean;
  getBoundingRect(): { x: number; y: number; width: number; height: number };
}

export function interiorPoints(chart: Instance, steps = 24): Record<string, [number, number]> {
  const model = (chart as unknown as { getModel(): { getSeriesByIndex(i: number): { coordinateSystem?: { regions?: Region[] } } | undefined } }).getModel();
  const regions = model.getSeriesByIndex(0)?.coordinateSystem?.regions ?? [];
  const out: Record<string, [number, number]> = {};
  for (const region of regions) {
    const rect = region.getBoundingRect();
    const inside: [number, number][] = [];
    for (let i = 1; i < steps; i++)
      for (let j = 1; j < steps; j++) {
        const coord: [number, number] = [rect.x + (rect.width * i) / steps, rect.y + (rect.height * j) / steps];
        if (region.contain(coord)) inside.push(coord);
      }
    if (!inside.length) continue;
    const mid = [inside.reduce((s, c) => s + c[0], 0) / inside.length, inside.reduce((s, c) => s + c[1], 0) / inside.length];
    const best = inside.reduce((a, b) => (Math.hypot(a[0] - mid[0]!, a[1] - mid[1]!) <= Math.hypot(b[0] - mid[0]!, b[1] - mid[1]!) ? a : b));
    const px = chart.convertToPixel({ seriesIndex: 0 }, best) as number[] | undefined;
    if (px) out[region.name] = [Math.round(px[0]!), Math.round(px[1]!)];
  }
  return out;
}
