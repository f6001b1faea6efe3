/**
 * Scoring one enterprise under one model, pure: a definition (events/evaluation/definition.ts) and the
 * enterprise's facts (a paper's answers join them as `q:<question code>`) give the breakdown
 * (events/evaluation/breakdown.ts): eligibility with the entry trace, the direct-pass route taken, every
 * metric's value, band and points with full points applied down the tree, the total, the grade, passed,
 * and what would raise the score. Points are rounded to 2 decimals at each leaf so totals add up as shown.
 */
import { evaluate, missing } from "../conditions/evaluate.ts";
import { factsOf, type FactValue, type Facts } from "../conditions/tree.ts";
import type { Band, Definition, Measure, MetricNode, Scoring } from "./definition.ts";
import type { BandHit, Breakdown, MetricScore, Raise } from "./breakdown.ts";

export type AnswerValue = string | number | string[];

const round = (n: number) => Math.round(n * 100) / 100;
const qFact = (code: string) => `q:${code}`;

/** A fact as a number to score: numbers as they are, a flag as 1/0, anything else is no value. */
function numberOf(v: FactValue | undefined): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  return null;
}

export const measureFacts = (m: Measure): string[] => ("fact" in m ? [m.fact] : [...m.ratio]);

/** A measure's value: a fact, or the ratio of two (×100 with `percent`); a missing fact or a zero denominator gives none. */
export function measure(m: Measure, facts: Facts): number | null {
  if ("fact" in m) return numberOf(facts[m.fact]);
  const a = numberOf(facts[m.ratio[0]]);
  const b = numberOf(facts[m.ratio[1]]);
  if (a === null || b === null || b === 0) return null;
  return (a / b) * (m.percent ? 100 : 1);
}

export const inBand = (b: Band, v: number) => (b.min === null || v >= b.min) && (b.max === null || v < b.max);
const hit = (b: Band, index: number): BandHit => ({ index, min: b.min, max: b.max, points: b.points, ...(b.label ? { label: b.label } : {}) });

/** The band a value falls in (the first, bands must not overlap), or null. */
export function bandOf(bands: readonly Band[], v: number | null): BandHit | null {
  if (v === null) return null;
  const i = bands.findIndex((b) => inBand(b, v));
  return i < 0 ? null : hit(bands[i], i);
}

/** Every fact a definition reads, each once: entry, direct passes, measures, items' conditions and answers. */
export function factsOfDefinition(def: Definition): string[] {
  const keys = new Set<string>();
  if (def.entry) factsOf(def.entry).forEach((k) => keys.add(k));
  for (const d of def.directPass) factsOf(d.when).forEach((k) => keys.add(k));
  const visit = (n: MetricNode) => {
    const s = n.scoring;
    if (s?.kind === "bands") measureFacts(s.measure).forEach((k) => keys.add(k));
    if (s?.kind === "best") s.alternatives.forEach((a) => measureFacts(a.measure).forEach((k) => keys.add(k)));
    if (s?.kind === "items") s.items.forEach((i) => factsOf(i.when).forEach((k) => keys.add(k)));
    if (s?.kind === "answer") keys.add(qFact(s.question));
    n.children?.forEach(visit);
  };
  def.metrics.forEach(visit);
  return [...keys];
}

/** The question codes a definition's `answer` metrics read. */
export function questionsOf(def: Definition): string[] {
  const codes: string[] = [];
  const visit = (n: MetricNode) => {
    if (n.scoring?.kind === "answer") codes.push(n.scoring.question);
    n.children?.forEach(visit);
  };
  def.metrics.forEach(visit);
  return [...new Set(codes)];
}

function answerPoints(s: Extract<Scoring, { kind: "answer" }>, v: FactValue | undefined): number {
  if (v === null || v === undefined) return 0;
  if (s.options) {
    const chosen = Array.isArray(v) ? v : [String(v)];
    return s.options.filter((o) => chosen.includes(o.value)).reduce((sum, o) => sum + o.points, 0);
  }
  if (Array.isArray(v)) return 0;
  const n = typeof v === "string" ? (v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : null) : numberOf(v);
  return Math.max(0, n ?? 0);
}

function scoreLeaf(node: MetricNode, full: number, facts: Facts): MetricScore {
  const base = { key: node.key, name: node.name, weight: node.weight, fullPoints: round(full) };
  const s = node.scoring;
  if (!s) return { ...base, points: 0, kind: "none" };
  switch (s.kind) {
    case "bands": {
      const value = measure(s.measure, facts);
      const band = bandOf(s.bands, value);
      return { ...base, kind: "bands", value, facts: measureFacts(s.measure), band, points: round(Math.min(band?.points ?? 0, full)) };
    }
    case "best": {
      const alternatives = s.alternatives.map((a) => {
        const value = measure(a.measure, facts);
        const band = bandOf(a.bands, value);
        return { label: a.label, value, band, points: round(Math.min(band?.points ?? 0, full)), taken: false };
      });
      let best = 0;
      alternatives.forEach((a, i) => {
        if (a.points > alternatives[best].points) best = i;
      });
      alternatives[best].taken = true;
      const taken = alternatives[best];
      return { ...base, kind: "best", value: taken.value, band: taken.band, facts: s.alternatives.flatMap((a) => measureFacts(a.measure)), alternatives, points: taken.points };
    }
    case "items": {
      const items = s.items.map((i) => {
        const trace = evaluate(i.when, facts);
        return { label: i.label, pass: trace.pass, points: i.points, trace };
      });
      const sum = items.reduce((t, i) => t + (i.pass ? i.points : 0), 0);
      return { ...base, kind: "items", items, points: round(Math.min(sum, full)) };
    }
    case "answer": {
      const v = facts[qFact(s.question)] ?? null;
      const points = round(Math.min(answerPoints(s, v), full));
      return { ...base, kind: "answer", value: points, answer: { question: s.question, value: v }, points };
    }
  }
}

function scoreNode(node: MetricNode, parentFull: number, facts: Facts): MetricScore {
  const full = (parentFull * node.weight) / 100;
  if (!node.children?.length) return scoreLeaf(node, full, facts);
  const children = node.children.map((c) => scoreNode(c, full, facts));
  return { key: node.key, name: node.name, weight: node.weight, fullPoints: round(full), kind: "group", points: round(children.reduce((t, c) => t + c.points, 0)), children };
}

function* leaves(scores: MetricScore[]): Generator<MetricScore> {
  for (const s of scores) {
    if (s.children) yield* leaves(s.children);
    else yield s;
  }
}
const findMetric = (scores: MetricScore[], key: string): MetricScore | undefined => {
  for (const s of scores) {
    if (s.key === key) return s;
    const inner = s.children && findMetric(s.children, key);
    if (inner) return inner;
  }
  return undefined;
};

/**
 * The next band up from `current` points: the band with the fewest points above them (nearest the value on
 * a tie), what the measure needs to reach it and how far it is.
 */
export function nextBand(bands: readonly Band[], value: number | null, current: number, full: number): { band: BandHit; needs: Raise["needs"]; gap: number | null; adds: number } | null {
  let pick: { b: Band; i: number; distance: number } | null = null;
  bands.forEach((b, i) => {
    const pts = Math.min(b.points, full);
    if (pts <= current + 1e-9) return;
    const distance = value === null ? Infinity : b.min !== null && value < b.min ? b.min - value : b.max !== null && value >= b.max ? value - b.max : 0;
    const better = !pick || pts < Math.min(pick.b.points, full) - 1e-9 || (Math.abs(pts - Math.min(pick.b.points, full)) < 1e-9 && distance < pick.distance);
    if (better) pick = { b, i, distance };
  });
  if (!pick) return null;
  const { b, i } = pick as { b: Band; i: number };
  let needs: Raise["needs"] = null;
  let gap: number | null = null;
  if (b.min !== null && (value === null || value < b.min)) {
    needs = { op: "gte", value: b.min };
    gap = value === null ? null : round(b.min - value);
  } else if (b.max !== null && (value === null || value >= b.max)) {
    needs = { op: "lt", value: b.max };
    gap = value === null ? null : round(value - b.max);
  }
  return { band: hit(b, i), needs, gap, adds: round(Math.min(b.points, full) - current) };
}

function raiseOf(node: MetricNode, s: MetricScore): Raise | null {
  const sc = node.scoring;
  if (!sc) return null;
  const base = { metric: node.key, name: node.name };
  if (sc.kind === "bands") {
    const next = nextBand(sc.bands, s.value ?? null, s.points, s.fullPoints);
    return next && { ...base, facts: measureFacts(sc.measure), value: s.value ?? null, ...next };
  }
  if (sc.kind === "best") {
    const options = sc.alternatives.flatMap((a, i) => {
      const alt = s.alternatives![i];
      const next = nextBand(a.bands, alt.value, s.points, s.fullPoints);
      return next ? [{ ...base, via: a.label, facts: measureFacts(a.measure), value: alt.value, ...next }] : [];
    });
    options.sort((a, b) => a.adds - b.adds || (a.gap ?? Infinity) - (b.gap ?? Infinity));
    return options[0] ?? null;
  }
  if (sc.kind === "items") {
    const room = s.fullPoints - s.points;
    const options = s.items!.flatMap((it) => {
      const adds = round(Math.min(it.points, room));
      if (it.pass || adds <= 0) return [];
      const miss = missing(it.trace);
      return [{ ...base, via: it.label, facts: [...new Set(miss.flatMap((m) => (m.fact ? [m.fact] : [])))], value: null, needs: null, gap: miss.length === 1 ? (miss[0].gap ?? null) : null, band: null, missing: miss, adds }];
    });
    options.sort((a, b) => a.missing.length - b.missing.length || b.adds - a.adds);
    return options[0] ?? null;
  }
  return null;
}

function raises(nodes: MetricNode[], scores: MetricScore[]): Raise[] {
  return nodes.flatMap((n, i) => (n.children?.length ? raises(n.children, scores[i].children ?? []) : [raiseOf(n, scores[i])].flatMap((r) => (r ? [r] : []))));
}

/** The facts the scoring read, with answers joined as `q:<code>`. */
export function withAnswers(facts: Facts, answers: Readonly<Record<string, AnswerValue>> = {}): Facts {
  const joined: Record<string, FactValue> = { ...facts };
  for (const [code, v] of Object.entries(answers)) joined[qFact(code)] = v;
  return joined;
}

/** Scores one enterprise's facts (answers already joined, see withAnswers) under a definition. */
export function score(def: Definition, facts: Facts): Breakdown {
  const entry = def.entry ? evaluate(def.entry, facts) : null;
  const eligible = entry ? entry.pass : true;
  const directPass = def.directPass.map((d) => {
    const trace = evaluate(d.when, facts);
    return { label: d.label, pass: trace.pass, trace };
  });
  const taken = directPass.findIndex((d) => d.pass);
  const metrics = def.metrics.map((m) => scoreNode(m, def.totalScore, facts));
  const total = round(metrics.reduce((t, m) => t + m.points, 0));
  const passRequires = def.passRequires.map((r) => {
    const m = findMetric(metrics, r.metric);
    return { metric: r.metric, above: r.above, points: m ? m.points : null, met: !!m && m.points > r.above };
  });
  const scorePassed = total >= def.passLine && passRequires.every((r) => r.met);
  const grades = [...def.grades].sort((a, b) => a.min - b.min);
  const grade = eligible ? ([...grades].reverse().find((g) => total >= g.min) ?? null) : null;
  const used: Record<string, FactValue> = {};
  for (const k of factsOfDefinition(def)) used[k] = facts[k] ?? null;
  return {
    totalScore: def.totalScore,
    eligible,
    entry,
    entryMissing: entry ? missing(entry) : [],
    directPass,
    directPassTaken: eligible && taken >= 0 ? taken : null,
    metrics,
    total,
    passLine: def.passLine,
    passRequires,
    scorePassed,
    passed: eligible && (taken >= 0 || scorePassed),
    grade: grade && { code: grade.code, label: grade.label, min: grade.min },
    raise: raises(def.metrics, metrics),
    facts: used,
  };
}

/** Every leaf's score, flattened (for tests and summaries). */
export const leafScores = (b: Breakdown): MetricScore[] => [...leaves(b.metrics)];
