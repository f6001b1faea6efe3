/**
 * One ECharts chart in a div: initialised once with the dark theme, the option applied as it changes,
 * resized with its box, disposed on unmount; clicks on its items reported. `onReady` hands the instance
 * to screens that need its coordinates (the map's prefecture points for tests and keyboard users).
 */
import { useEffect, useRef } from "react";
import { echarts, type EChartsOption } from "./echarts.ts";

type Instance = ReturnType<typeof echarts.init>;

export function Chart({ option, onClick, onRendered, testId, height = "100%" }: { option: EChartsOption; onClick?: (params: { name?: string; data?: unknown }) => void; onRendered?: (chart: Instance) => void; testId?: string; height?: number | string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance | null>(null);
  const click = useRef(onClick);
  const rendered = useRef(onRendered);
  click.current = onClick;
  rendered.current = onRendered;

  useEffect(() => {
    const el = box.current!;
    const instance = echarts.init(el, "dark", { renderer: "canvas" });
    chart.current = instance;
    instance.on("click", (p) => click.current?.(p as never));
    instance.on("finished", () => rendered.current?.(instance));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: "transparent", ...option }, { notMerge: true });
  }, [option]);

  return <div ref={box} data-testid={testId} style={{ width: "100%", height }} />;
}
