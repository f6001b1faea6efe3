/**
 * The model designer's arithmetic and edits, pure: the weights of each level with what remains to reach
 * 100 %, a metric's full points (its weight applied down the tree to the model's full score), a metric by
 * its index path, and fresh metrics, bands and definitions. The server's check (events/evaluation/check.ts)
 * stays the judge; these let the screen show the remainder while a person types.
 */
import type { Band, Definition, MetricNode, Scoring } from "../../events/evaluation/definition.ts";

const round = (n: number) => Math.round(n * 100) / 100;

/** The siblings' weights: their sum and what remains to 100 (negative: over by that much). */
export function levelWeights(siblings: readonly MetricNode[]): { sum: number; remainder: number } {
  const sum = round(siblings.reduce((s, m) => s + (Number.isFinite(m.weight) ? m.weight : 0), 0));
  return { sum, remainder: round(100 - sum) };
}

/** Every metric's full points by its key path ("innovation.ip"): its weight share of its parent's full points. */
export function fullPoints(metrics: readonly MetricNode[], total: number, prefix = "", out = new Map<string, number>()): Map<string, number> {
  for (const m of metrics) {
    const key = prefix ? `${prefix}.${m.key}` : m.key;
    const full = round((total * m.weight) / 100);
    out.set(key, full);
    if (m.children) fullPoints(m.children, full, key, out);
  }
  return out;
}

/** Every level whose weights do not sum to 100: the parent's key path ("" the top) and the remainder. */
export function unbalancedLevels(metrics: readonly MetricNode[], prefix = ""): { path: string; remainder: number }[] {
  const here = levelWeights(metrics);
  const own = Math.abs(here.remainder) > 1e-9 ? [{ path: prefix, remainder: here.remainder }] : [];
  return [...own, ...metrics.flatMap((m) => (m.children ? unbalancedLevels(m.children, prefix ? `${prefix}.${m.key}` : m.key) : []))];
}

/** The metric at an index path ([1, 0]: the second top metric's first child). */
export const metricAt = (metrics: readonly MetricNode[], at: readonly number[]): MetricNode | undefined =>
  at.reduce<MetricNode | undefined>((node, i, depth) => (depth === 0 ? metrics[i] : node?.children?.[i]), undefined);

/** The metrics with the node at `at` replaced by `edit(node)`, or removed when `edit` answers null. */
export function editMetric(metrics: readonly MetricNode[], at: readonly number[], edit: (m: MetricNode) => MetricNode | null): MetricNode[] {
  const [i, ...rest] = at;
  const out = metrics.slice();
  if (rest.length === 0) {
    const next = edit(out[i!]!);
    if (next === null) out.splice(i!, 1);
    else out[i!] = next;
    return out;
  }
  const node = out[i!]!;
  const kids = editMetric(node.children ?? [], rest, edit);
  out[i!] = kids.length > 0 ? { ...node, children: kids } : withoutChildren(node);
  return out;
}

const withoutChildren = ({ children: _c, ...m }: MetricNode): MetricNode => ({ ...m, scoring: m.scoring ?? defaultScoring() });

/** Every metric key in use, to make new ones unique. */
export const metricKeys = (metrics: readonly MetricNode[]): Set<string> => new Set(metrics.flatMap((m) => [m.key, ...metricKeys(m.children ?? [])]));

export function freshKey(metrics: readonly MetricNode[]): string {
  const used = metricKeys(metrics);
  let n = used.size + 1;
  while (used.has(`m${n}`)) n++;
  return `m${n}`;
}

export const defaultBands = (): Band[] => [{ min: null, max: null, points: 0 }];
export const defaultScoring = (): Scoring => ({ kind: "bands", measure: { fact: "inventionPatents" }, bands: defaultBands() });

/** A new metric whose weight takes what remains at its level (at least 0). */
export function newMetric(all: readonly MetricNode[], siblings: readonly MetricNode[]): MetricNode {
  const key = freshKey(all);
  return { key, name: { "zh-CN": `指标 ${key}`, "en-US": `Metric ${key}` }, weight: Math.max(0, levelWeights(siblings).remainder), scoring: defaultScoring() };
}

/** Turns a scored metric into a group of one sub-metric (taking its scoring), or adds a sub-metric to a group. */
export function addChild(all: readonly MetricNode[], at: readonly number[]): MetricNode[] {
  return editMetric(all, at, (m) => {
    if (!m.children) {
      const { scoring, ...group } = m;
      const first: MetricNode = { ...newMetric(all, []), weight: 100, scoring: scoring ?? defaultScoring() };
      return { ...group, children: [first] };
    }
    return { ...m, children: [...m.children, newMetric(all, m.children)] };
  });
}

/** The list with its i-th element patched. */
export const patchAt = <T,>(list: readonly T[], i: number, patch: Partial<T>): T[] => list.map((x, j) => (j === i ? { ...x, ...patch } : x));
/** The list without its i-th element. */
export const without = <T,>(list: readonly T[], i: number): T[] => list.filter((_, j) => j !== i);

/** The next band after the last: starting where it ends. */
export function nextBand(bands: readonly Band[]): Band {
  const last = bands[bands.length - 1];
  return { min: last?.max ?? null, max: null, points: 0 };
}

/** A new model's definition: one metric, nothing to enter, pass at 60 of 100. */
export const blankDefinition = (): Definition => ({
  totalScore: 100,
  entry: null,
  directPass: [],
  metrics: [{ key: "m1", name: { "zh-CN": "指标 m1", "en-US": "Metric m1" }, weight: 100, scoring: defaultScoring() }],
  passLine: 60,
  passRequires: [],
  grades: [],
});
