/**
 * The dashboard figures' work inside the bench Worker (tests/bench/worker.ts): each gateway method of the
 * dashboard (worker/dashboard/methods.ts) called as the gateway calls it, with its default params and,
 * where it takes one, a prefecture filter, `runs` times each.
 */
import { dashboardMethods } from "../../worker/dashboard/methods.ts";
import type { GatewayCall } from "../../worker/gateway/method.ts";
import { summarise } from "./scenarios.ts";

/** The params each method is timed with: its defaults, and the prefecture filter where it has one. */
export const dashboardCases: [string, Record<string, unknown>][] = [
  ["dashboard.listing", {}],
  ["dashboard.listing", { areaCode: "610400" }],
  ["dashboard.map", { metric: "enterprises" }],
  ["dashboard.map", { metric: "financingDemand" }],
  ["dashboard.trusteeship", {}],
  ["dashboard.funding", { areaCode: "610100" }],
  ["dashboard.products", { date: "2026", size: 10 }],
  ["dashboard.members", {}],
  ["dashboard.enterprises", { areaCode: "610500" }],
  ["dashboard.peers", {}],
  ["dashboard.institutions", {}],
];

export async function dashboardCalls(db: D1Database, runs: number) {
  const call = { db, lang: "zh-CN", moduleCode: "dashboard", files: [], c: undefined } as unknown as GatewayCall;
  const out: { name: string; params: Record<string, unknown>; median: number; p95: number; runs: number }[] = [];
  for (const [name, params] of dashboardCases) {
    const method = dashboardMethods.find((m) => m.name === name)!;
    const parsed = method.params.parse(params);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await method.handle(call, parsed);
      samples.push(performance.now() - started);
    }
    out.push({ name, params, ...summarise(samples) });
  }
  return out;
}
