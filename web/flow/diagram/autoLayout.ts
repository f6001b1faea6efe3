/**
 * Diagram layout for BPMN documents that carry none (most engine test files and many hand-written models
 * have no BPMNDiagram): the process's nodes in columns left to right by their longest path from the start
 * (back edges — loops, returns — ignored for the columns), rows ordered by their predecessors, boundary
 * events on their task's lower edge, flows drawn orthogonally (splits leave a gateway vertically, joins
 * enter one vertically, loops run below). Works on the moddle tree bpmn-js itself parsed, so the viewer
 * imports the result with importDefinitions and no second XML round trip.
 *
 * Flows without an id get `flow_<n>` the way the engine's compiler names them (the n-th sequence flow in
 * document order, never clashing), so an instance's taken flows can be marked on such a diagram too.
 */

/** A moddle element as this file uses it (bpmn-moddle types its elements loosely). */
export interface El {
  $type: string;
  id?: string;
  name?: string;
  [key: string]: unknown;
}

export interface Moddle {
  create(type: string, attrs?: Record<string, unknown>): El;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const isFlow = (e: El) => e.$type === "bpmn:SequenceFlow";
const isGateway = (e: El) => /Gateway$/.test(e.$type);
const isEvent = (e: El) => /Event$/.test(e.$type);
/** Elements with no shape of their own in this layout (data, text annotations, associations). */
const isDrawable = (e: El) => !isFlow(e) && !/^bpmn:(DataObject|DataObjectReference|DataStoreReference|DataInput|DataOutput|TextAnnotation|Association|Group)$/.test(e.$type);

function sizeOf(e: El): { width: number; height: number } {
  if (isEvent(e)) return { width: 36, height: 36 };
  if (isGateway(e)) return { width: 50, height: 50 };
  return { width: 100, height: 80 };
}

const columnWidth = 170;
const rowHeight = 120;
const margin = 60;

/** Whether the definitions already hold a diagram with shapes (then nothing is laid out). */
export function hasDiagram(definitions: El): boolean {
  const diagrams = (definitions.diagrams as El[] | undefined) ?? [];
  return diagrams.some((d) => (((d.plane as El | undefined)?.planeElement as El[] | undefined) ?? []).length > 0);
}

/** Names the id-less sequence flows `flow_<n>` (n = their place among the process's flows, counted from 1). */
export function nameFlows(process: El): void {
  const elements = (process.flowElements as El[] | undefined) ?? [];
  const taken = new Set(elements.map((e) => e.id).filter(Boolean));
  let n = 0;
  for (const flow of elements.filter(isFlow)) {
    n++;
    if (flow.id) continue;
    let id = `flow_${n}`;
    while (taken.has(id)) id = `flow_${++n}`;
    taken.add(id);
    flow.id = id;
  }
}

/** Renames a process and its elements for display (the seeded models' names in the screen's language). */
export function renameElements(process: El, rename: (name: string) => string): void {
  if (process.name) process.name = rename(process.name);
  for (const el of (process.flowElements as El[] | undefined) ?? []) if (el.name) el.name = rename(el.name);
}

/** The process to draw: the first with elements (a collaboration's participants' processes included). */
export function mainProcess(definitions: El): El | null {
  const roots = (definitions.rootElements as El[] | undefined) ?? [];
  const processes = roots.filter((r) => r.$type === "bpmn:Process");
  return processes.find((p) => ((p.flowElements as El[] | undefined) ?? []).length > 0) ?? processes[0] ?? null;
}

/** Adds a BPMNDiagram for the main process to `definitions`. */
export function addLayout(moddle: Moddle, definitions: El): void {
  const process = mainProcess(definitions);
  if (!process) return;
  nameFlows(process);
  const elements = (process.flowElements as El[] | undefined) ?? [];
  const flows = elements.filter(isFlow);
  const nodes = elements.filter(isDrawable);
  const boundaries = nodes.filter((n) => n.$type === "bpmn:BoundaryEvent");
  const placed = nodes.filter((n) => n.$type !== "bpmn:BoundaryEvent");
  const placedSet = new Set(placed);
  // for the columns, a boundary event stands for the task it sits on
  const anchor = (e: El | undefined) => (e && e.$type === "bpmn:BoundaryEvent" ? (e.attachedToRef as El | undefined) : e);

  const next = new Map<El, El[]>(placed.map((n) => [n, []]));
  const edges: [El, El][] = [];
  for (const f of flows) {
    const s = anchor(f.sourceRef as El | undefined);
    const t = anchor(f.targetRef as El | undefined);
    if (s && t && placedSet.has(s) && placedSet.has(t)) (next.get(s)!.push(t), edges.push([s, t]));
  }

  // back edges by depth-first search from the start events, then from whatever is left
  const state = new Map<El, 1 | 2>();
  const back = new Set<string>();
  const order: El[] = [];
  const visit = (n: El) => {
    state.set(n, 1);
    order.push(n);
    for (const t of next.get(n)!) {
      if (state.get(t) === 1) back.add(`${n.id}>${t.id}`);
      else if (!state.has(t)) visit(t);
    }
    state.set(n, 2);
  };
  for (const n of placed.filter((p) => p.$type === "bpmn:StartEvent")) if (!state.has(n)) visit(n);
  for (const n of placed) if (!state.has(n)) visit(n);
  const forward = edges.filter(([s, t]) => !back.has(`${s.id}>${t.id}`) && s !== t);

  // columns: longest path over the forward edges (Kahn order)
  const column = new Map<El, number>(placed.map((n) => [n, 0]));
  const indegree = new Map<El, number>(placed.map((n) => [n, 0]));
  for (const [, t] of forward) indegree.set(t, indegree.get(t)! + 1);
  const queue = placed.filter((n) => indegree.get(n) === 0);
  while (queue.length) {
    const n = queue.shift()!;
    for (const [s, t] of forward) {
      if (s !== n) continue;
      column.set(t, Math.max(column.get(t)!, column.get(n)! + 1));
      indegree.set(t, indegree.get(t)! - 1);
      if (indegree.get(t) === 0) queue.push(t);
    }
  }

  // rows: each column ordered by its predecessors' mean row, first seen first on ties
  const columns: El[][] = [];
  for (const n of order) (columns[column.get(n)!] ??= []).push(n);
  const row = new Map<El, number>();
  for (const members of columns) {
    if (!members) continue;
    const weight = (n: El) => {
      const rows = forward.filter(([, t]) => t === n).map(([s]) => row.get(s)).filter((r): r is number => r !== undefined);
      return rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length : Number.MAX_SAFE_INTEGER;
    };
    const sorted = [...members].sort((a, b) => weight(a) - weight(b) || order.indexOf(a) - order.indexOf(b));
    sorted.forEach((n, i) => row.set(n, i - (sorted.length - 1) / 2));
  }
  const minRow = Math.min(0, ...row.values());

  const boxes = new Map<El, Box>();
  for (const n of placed) {
    const { width, height } = sizeOf(n);
    const cx = margin + column.get(n)! * columnWidth + 50;
    const cy = margin + (row.get(n)! - minRow) * rowHeight + 40;
    boxes.set(n, { x: cx - width / 2, y: cy - height / 2, width, height });
  }
  const onHost = new Map<El, number>();
  for (const b of boundaries) {
    const host = boxes.get(b.attachedToRef as El);
    const k = onHost.get(b.attachedToRef as El) ?? 0;
    onHost.set(b.attachedToRef as El, k + 1);
    const x = host ? host.x + host.width - 28 - k * 30 : margin;
    boxes.set(b, { x: x - 10, y: host ? host.y + host.height - 18 : margin, width: 36, height: 36 });
  }
  const bottom = Math.max(...[...boxes.values()].map((b) => b.y + b.height), margin) + 40;

  const mid = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
  const waypoints = (f: El): { x: number; y: number }[] => {
    const source = f.sourceRef as El;
    const target = f.targetRef as El;
    const s = boxes.get(source);
    const t = boxes.get(target);
    if (!s || !t) return [];
    const sm = mid(s);
    const tm = mid(t);
    const backward = back.has(`${anchor(source)?.id}>${anchor(target)?.id}`) || t.x <= s.x;
    if (source.$type === "bpmn:BoundaryEvent") {
      const start = { x: sm.x, y: s.y + s.height };
      return [start, { x: start.x, y: tm.y }, { x: t.x, y: tm.y }].filter((p, i, a) => i === 0 || p.x !== a[i - 1]!.x || p.y !== a[i - 1]!.y);
    }
    if (backward) {
      // loops run below everything, entering the target from beneath
      return [{ x: sm.x, y: s.y + s.height }, { x: sm.x, y: bottom }, { x: tm.x, y: bottom }, { x: tm.x, y: t.y + t.height }];
    }
    if (Math.abs(sm.y - tm.y) < 1) return [{ x: s.x + s.width, y: sm.y }, { x: t.x, y: tm.y }];
    if (isGateway(source)) return [{ x: sm.x, y: tm.y < sm.y ? s.y : s.y + s.height }, { x: sm.x, y: tm.y }, { x: t.x, y: tm.y }];
    if (isGateway(target)) return [{ x: s.x + s.width, y: sm.y }, { x: tm.x, y: sm.y }, { x: tm.x, y: sm.y < tm.y ? t.y : t.y + t.height }];
    const midX = (s.x + s.width + t.x) / 2;
    return [{ x: s.x + s.width, y: sm.y }, { x: midX, y: sm.y }, { x: midX, y: tm.y }, { x: t.x, y: tm.y }];
  };

  const planeElement: El[] = [];
  for (const [n, b] of boxes) {
    // an exclusive gateway shows its X only when its DI asks for it
    const marker = n.$type === "bpmn:ExclusiveGateway" ? { isMarkerVisible: true } : {};
    planeElement.push(moddle.create("bpmndi:BPMNShape", { id: `${n.id}_di`, bpmnElement: n, bounds: moddle.create("dc:Bounds", { ...b }), ...marker }));
  }
  for (const f of flows) {
    const points = waypoints(f);
    if (points.length) planeElement.push(moddle.create("bpmndi:BPMNEdge", { id: `${f.id}_di`, bpmnElement: f, waypoint: points.map((p) => moddle.create("dc:Point", p)) }));
  }
  const plane = moddle.create("bpmndi:BPMNPlane", { id: `${process.id ?? "process"}_plane`, bpmnElement: process, planeElement });
  const diagram = moddle.create("bpmndi:BPMNDiagram", { id: `${process.id ?? "process"}_diagram`, plane });
  definitions.diagrams = [diagram];
}
