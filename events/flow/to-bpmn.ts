/**
 * The designer's process tree → BPMN 2.0 XML, by the seed's rule: the initiator's start event, approvals
 * as user tasks, a condition block as an exclusive gateway whose branches rejoin at a second one, a
 * concurrent block as a parallel fork and join, copies as CC service tasks, empty placeholders skipped, and
 * the last node into an end event. Who approves and the node policies travel as `flowable:` and `qifu:`
 * attributes the compiler (worker/flow/model/compile.ts) reads back, so an exported file also opens in
 * Flowable's modeler.
 *
 * The diagram (BPMNDI) is laid out top to bottom: every construct is a block with a width, a height and an
 * axis (the x of its entry and exit); a chain stacks its blocks on one axis, a branch block puts its
 * branches side by side between the split and the join. Edges run orthogonally between the blocks.
 */
import {
  bpmnIdOf,
  type ApprovalNode,
  type CcNode,
  type ConditionNode,
  type ConditionRow,
  type FormField,
  type ProcessNode,
  type ProcessTree,
} from "./tree.ts";
import type { Lang } from "../i18n.ts";
import { defaultNames } from "./default-names.ts";

export const qifuNamespace = "http://qifu.example/schema/bpmn";
export const flowableNamespace = "http://flowable.org/bpmn";

// ---------------------------------------------------------------- sizes of the diagram

const EVENT = 36;
const TASK_W = 110;
const TASK_H = 80;
const GATEWAY = 50;
const VGAP = 50;
const HGAP = 50;
const MARGIN = 60;
const LABEL_W = 90;
const LABEL_H = 14;

// ---------------------------------------------------------------- the graph being built

type ElementType = "startEvent" | "endEvent" | "userTask" | "serviceTask" | "exclusiveGateway" | "parallelGateway" | "boundaryEvent";

interface Element {
  id: string;
  type: ElementType;
  name: string;
  attrs: Record<string, string>;
  /** child XML (multi-instance, timer definition) */
  inner: string;
  w: number;
  h: number;
  x: number;
  y: number;
  /** a join gateway: edges into it turn just above it */
  join?: boolean;
  /** exclusive split: its default flow */
  defaultFlow?: string;
}

interface Flow {
  id: string;
  source: Element;
  target: Element;
  name: string | null;
  condition: string | null;
  /** the column an edge runs down (an empty branch) */
  via?: () => number;
  /** an escalation edge: down its own column, then into the merge's side */
  side?: boolean;
}

type Block =
  | { kind: "element"; element: Element; extra?: Element[] }
  | { kind: "chain"; items: Block[] }
  | { kind: "branches"; split: Element; join: Element; branches: Block[] }
  | { kind: "escalation"; task: Element; boundary: Element; escalate: Element; merge: Element };

interface Size {
  w: number;
  h: number;
  /** the x of the entry/exit line, from the block's left */
  axis: number;
}

class Graph {
  readonly names: (typeof defaultNames)[Lang];
  readonly elements: Element[] = [];
  readonly flows: Flow[] = [];
  private readonly ids = new Set<string>();
  private flowCount = 0;
  constructor(names: (typeof defaultNames)[Lang]) {
    this.names = names;
  }

  unique(base: string): string {
    let id = base;
    for (let n = 2; this.ids.has(id); n++) id = `${base}_${n}`;
    this.ids.add(id);
    return id;
  }
  element(type: ElementType, id: string, name: string, attrs: Record<string, string> = {}, inner = ""): Element {
    const [w, h] = type === "userTask" || type === "serviceTask" ? [TASK_W, TASK_H] : type.endsWith("Gateway") ? [GATEWAY, GATEWAY] : [EVENT, EVENT];
    const element: Element = { id: this.unique(id), type, name, attrs, inner, w, h, x: 0, y: 0 };
    this.elements.push(element);
    return element;
  }
  flow(source: Element, target: Element, extra: Partial<Pick<Flow, "name" | "condition" | "via" | "side">> = {}): Flow {
    const flow: Flow = { id: this.unique(`flow_${++this.flowCount}`), source, target, name: extra.name ?? null, condition: extra.condition ?? null, via: extra.via, side: extra.side };
    this.flows.push(flow);
    return flow;
  }
}

// ---------------------------------------------------------------- tree → blocks

/** Options of the conversion: the model's key becomes the process id, its name the process name. */
export interface BpmnOptions {
  key: string;
  name: string;
  /** the language of the names given to unnamed nodes (zh-CN when absent) */
  lang?: Lang;
}



export async function treeToBpmn(tree: ProcessTree, options: BpmnOptions): Promise<string> {
  const graph = new Graph(defaultNames[options.lang ?? "zh-CN"]);
  const names = graph.names;
  const fields = new Map(tree.props.formFields.map((f) => [f.key, f]));

  const start = graph.element("startEvent", bpmnIdOf(tree.id), tree.name || names.start, {
    "flowable:initiator": "initiator",
    ...(Object.keys(tree.props.formPerms).length ? { "qifu:formPerms": JSON.stringify(tree.props.formPerms) } : {}),
  });
  const body = chain(graph, tree.children ?? null, fields);
  const end = graph.element("endEvent", `${bpmnIdOf(tree.id)}_end`, names.end);
  const whole: Block = { kind: "chain", items: [{ kind: "element", element: start }, ...body.items, { kind: "element", element: end }] };
  connect(graph, whole);

  // after the nodes, so a node keeps its own id (it names the pick variable) if the key is the same
  const processId = graph.unique(bpmnIdOf(options.key || "process"));
  const size = measure(whole);
  place(whole, MARGIN, MARGIN, size);
  return render(graph, processId, options.name || options.key || processId);
}

/** A chain of tree nodes (following `children`) as blocks; EMPTY nodes leave nothing. */
function chain(graph: Graph, first: ProcessNode | null, fields: Map<string, FormField>): { kind: "chain"; items: Block[] } {
  const items: Block[] = [];
  for (let node = first; node; node = node.children ?? null) {
    switch (node.type) {
      case "APPROVAL":
        items.push(approval(graph, node));
        break;
      case "CC":
        items.push({ kind: "element", element: cc(graph, node) });
        break;
      case "CONDITIONS": {
        const split = graph.element("exclusiveGateway", bpmnIdOf(node.id), node.name || "");
        const join = graph.element("exclusiveGateway", `${bpmnIdOf(node.id)}_join`, "");
        join.join = true;
        const branches = node.branches.map((b) => chain(graph, b.children ?? null, fields));
        const block: Block = { kind: "branches", split, join, branches };
        conditionFlows.set(block, node.branches.map((b) => ({ name: b.name || null, condition: b.props.isDefault ? null : conditionExpression(b, fields), isDefault: b.props.isDefault })));
        items.push(block);
        break;
      }
      case "CONCURRENTS": {
        const split = graph.element("parallelGateway", bpmnIdOf(node.id), node.name || "");
        const join = graph.element("parallelGateway", `${bpmnIdOf(node.id)}_join`, "");
        join.join = true;
        items.push({ kind: "branches", split, join, branches: node.branches.map((b) => chain(graph, b.children ?? null, fields)) });
        break;
      }
      case "EMPTY":
      case "ROOT":
      case "CONDITION":
      case "CONCURRENT":
        // EMPTY is a placeholder; ROOT/CONDITION/CONCURRENT never follow in a chain (treeProblems refuses them)
        break;
    }
  }
  return { kind: "chain", items };
}

/** Per condition block: the name, expression and default flag of each branch's first edge. */
const conditionFlows = new WeakMap<Block, { name: string | null; condition: string | null; isDefault: boolean }[]>();

const literal = (value: string | number | boolean, field: FormField | undefined): string => {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  // a number field compares as a number even when the designer sends the value as text
  if (field && (field.type === "number" || field.type === "money") && value.trim() !== "" && Number.isFinite(Number(value))) return String(Number(value));
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
};

function rowExpression(row: ConditionRow, fields: Map<string, FormField>): string {
  const field = fields.get(row.field);
  if (row.op === "in") {
    const values = Array.isArray(row.value) ? row.value : [row.value];
    return `${row.field} in [${values.map((v) => literal(v, field)).join(", ")}]`;
  }
  const value = Array.isArray(row.value) ? row.value[0] ?? "" : row.value;
  if (row.op === "contains") return `${literal(String(value), undefined)} in ${row.field}`;
  return `${row.field} ${row.op} ${literal(value, field)}`;
}

/** A branch's condition as one expression: `${amount > 1000 && dept == 'finance'}`. */
export function conditionExpression(branch: ConditionNode, fields: Map<string, FormField> | FormField[]): string {
  const byKey = fields instanceof Map ? fields : new Map(fields.map((f) => [f.key, f]));
  const rows = branch.props.conditions.map((r) => rowExpression(r, byKey));
  if (rows.length === 0) return "${true}";
  const joined = rows.length === 1 ? rows[0] : rows.map((r) => `(${r})`).join(branch.props.logic === "or" ? " || " : " && ");
  return `\${${joined}}`;
}

/** The variable a `pick` task's approver arrives in, by the task's BPMN id (= the compiled node key). */
export const pickVariableOf = (taskId: string) => `approver_${taskId}`;

const quoteList = (ids: string[]) => `\${[${ids.map((id) => `'${id.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`).join(", ")}]}`;

/** The hours of a timeout as an ISO 8601 duration (whole hours, else minutes). */
function isoHours(hours: number): string {
  return Number.isInteger(hours) ? `PT${hours}H` : `PT${Math.max(1, Math.round(hours * 60))}M`;
}

function policyAttrs(node: ApprovalNode): Record<string, string> {
  const p = node.props;
  const attrs: Record<string, string> = { "qifu:emptyApprover": p.emptyApprover, "qifu:repeatedApprover": p.repeatedApprover };
  if (p.emptyApprover === "user" && p.emptyApproverUser) attrs["qifu:emptyApproverUser"] = p.emptyApproverUser.id;
  if (Object.keys(p.formPerms).length) attrs["qifu:formPerms"] = JSON.stringify(p.formPerms);
  return attrs;
}

function approval(graph: Graph, node: ApprovalNode): Block {
  const p = node.props;
  const attrs: Record<string, string> = {};
  let inner = "";
  switch (p.assignedType) {
    case "self":
      attrs["flowable:assignee"] = "${initiator}";
      break;
    case "leader":
      attrs["flowable:assignee"] = "${initiatorLeader}";
      break;
    case "pick":
      // set below from the task's id: the start form sends `approver_<task id>`
      break;
    case "role":
      attrs["flowable:candidateGroups"] = p.roles.map((r) => r.id).join(",");
      break;
    case "user": {
      const ids = p.assignedUser.map((u) => u.id);
      if (ids.length === 1) {
        attrs["flowable:assignee"] = ids[0];
        break;
      }
      // several people: one task each (会签 all, 或签 any, in order, or a share of them)
      attrs["flowable:assignee"] = "${assignee}";
      const completion =
        p.mode === "any" ? "${nrOfCompletedInstances >= 1}" : p.mode === "ratio" ? `\${nrOfCompletedInstances / nrOfInstances >= ${p.passRatio ?? 1}}` : null;
      inner =
        `<bpmn:multiInstanceLoopCharacteristics isSequential="${p.mode === "sequential"}" flowable:collection="${xmlAttr(quoteList(ids))}" flowable:elementVariable="assignee">` +
        (completion ? `<bpmn:completionCondition xsi:type="bpmn:tFormalExpression">${xmlText(completion)}</bpmn:completionCondition>` : "") +
        `</bpmn:multiInstanceLoopCharacteristics>`;
      break;
    }
  }
  const task = graph.element("userTask", bpmnIdOf(node.id), node.name || graph.names.approval, { ...attrs, ...policyAttrs(node) }, inner);
  if (p.assignedType === "pick") task.attrs = { "flowable:assignee": `\${${pickVariableOf(task.id)}}`, ...task.attrs };
  const timeout = p.timeout;
  if (!timeout) return { kind: "element", element: task };
  const timer = (cancel: boolean) =>
    graph.element(
      "boundaryEvent",
      `${task.id}_timeout`,
      "",
      { attachedToRef: task.id, cancelActivity: String(cancel) },
      `<bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">${isoHours(timeout.hours)}</bpmn:timeDuration></bpmn:timerEventDefinition>`,
    );
  if (timeout.action === "remind") return { kind: "element", element: task, extra: [timer(false)] };
  // escalate: the overdue task is withdrawn and goes to the initiator's leader, then the flow goes on
  const boundary = timer(true);
  const escalate = graph.element("userTask", `${task.id}_escalated`, graph.names.escalated(task.name), { "flowable:assignee": "${initiatorLeader}", ...policyAttrs(node) });
  const merge = graph.element("exclusiveGateway", `${task.id}_merge`, "");
  return { kind: "escalation", task, boundary, escalate, merge };
}

function cc(graph: Graph, node: CcNode): Element {
  const attrs: Record<string, string> = { "qifu:type": "cc" };
  if (node.props.assignedUser.length) attrs["qifu:ccUsers"] = node.props.assignedUser.map((u) => u.id).join(",");
  if (node.props.roles.length) attrs["qifu:ccGroups"] = node.props.roles.map((r) => r.id).join(",");
  return graph.element("serviceTask", bpmnIdOf(node.id), node.name || graph.names.cc, attrs);
}

// ---------------------------------------------------------------- flows between blocks

const entryOf = (b: Block): Element | null =>
  b.kind === "element" ? b.element : b.kind === "chain" ? (b.items.length ? entryOf(b.items[0]) : null) : b.kind === "branches" ? b.split : b.task;
const exitOf = (b: Block): Element | null =>
  b.kind === "element" ? b.element : b.kind === "chain" ? (b.items.length ? exitOf(b.items[b.items.length - 1]) : null) : b.kind === "branches" ? b.join : b.merge;

function connect(graph: Graph, block: Block): void {
  switch (block.kind) {
    case "element":
      return;
    case "chain":
      block.items.forEach((item, i) => {
        connect(graph, item);
        const next = block.items[i + 1];
        if (next) graph.flow(exitOf(item)!, entryOf(next)!);
      });
      return;
    case "escalation":
      graph.flow(block.task, block.merge);
      graph.flow(block.boundary, block.escalate);
      graph.flow(block.escalate, block.merge, { side: true });
      return;
    case "branches": {
      const labels = conditionFlows.get(block);
      block.branches.forEach((branch, i) => {
        connect(graph, branch);
        const label = labels?.[i];
        const extra = { name: label?.name ?? null, condition: label?.condition ?? null };
        const first = entryOf(branch);
        const flow = first
          ? graph.flow(block.split, first, extra)
          : graph.flow(block.split, block.join, { ...extra, via: () => columnAxis.get(branch) ?? block.split.x + block.split.w / 2 });
        if (label?.isDefault) block.split.defaultFlow = flow.id;
        if (first) graph.flow(exitOf(branch)!, block.join);
      });
      return;
    }
  }
}

// ---------------------------------------------------------------- layout

/**
 * Room under a condition split for its branches' labels: each label sits in its own column between the
 * horizontal run and the branch's first node, so neither the labels nor the nodes overlap.
 */
const BRANCH_LABEL_ROOM = 2 * LABEL_H + 6;
const labelRoom = (block: Extract<Block, { kind: "branches" }>) => (block.split.type === "exclusiveGateway" ? BRANCH_LABEL_ROOM : 0);

/** The x of an empty branch's column, set when placed (its edge runs down there). */
const columnAxis = new WeakMap<Block, number>();
const sizes = new WeakMap<Block, Size>();

function measure(block: Block): Size {
  let size: Size;
  switch (block.kind) {
    case "element":
      size = { w: block.element.w, h: block.element.h, axis: block.element.w / 2 };
      // a boundary timer sits on the task's right edge
      if (block.extra?.length) size = { ...size, w: block.element.w + EVENT / 2 };
      break;
    case "chain": {
      const parts = block.items.map(measure);
      const left = Math.max(TASK_W / 2, ...parts.map((p) => p.axis));
      const right = Math.max(TASK_W / 2, ...parts.map((p) => p.w - p.axis));
      const h = parts.reduce((sum, p) => sum + p.h, 0) + VGAP * Math.max(0, parts.length - 1);
      size = { w: left + right, h, axis: left };
      break;
    }
    case "branches": {
      const parts = block.branches.map(measure);
      const w = parts.reduce((sum, p) => sum + p.w, 0) + HGAP * (parts.length - 1);
      const inner = Math.max(0, ...parts.map((p) => p.h));
      size = { w, h: GATEWAY + VGAP + labelRoom(block) + inner + VGAP + GATEWAY, axis: w / 2 };
      break;
    }
    case "escalation":
      size = { w: TASK_W * 2 + HGAP, h: TASK_H + VGAP + GATEWAY, axis: TASK_W / 2 };
      break;
  }
  sizes.set(block, size);
  return size;
}

/** Places a block whose left edge is `left` and top is `top`. */
function place(block: Block, left: number, top: number, size: Size = sizes.get(block)!): void {
  const axis = left + size.axis;
  const at = (e: Element, x: number, y: number) => {
    e.x = Math.round(x);
    e.y = Math.round(y);
  };
  switch (block.kind) {
    case "element": {
      const e = block.element;
      at(e, axis - e.w / 2, top);
      for (const b of block.extra ?? []) at(b, e.x + e.w - EVENT / 2, e.y + e.h - EVENT - 4);
      return;
    }
    case "chain": {
      let y = top;
      for (const item of block.items) {
        const s = sizes.get(item)!;
        place(item, axis - s.axis, y, s);
        y += s.h + VGAP;
      }
      return;
    }
    case "branches": {
      at(block.split, axis - GATEWAY / 2, top);
      const room = labelRoom(block);
      const inner = size.h - 2 * GATEWAY - 2 * VGAP - room;
      let x = left;
      for (const branch of block.branches) {
        const s = sizes.get(branch)!;
        place(branch, x, top + GATEWAY + VGAP + room, s);
        columnAxis.set(branch, x + s.axis);
        x += s.w + HGAP;
      }
      at(block.join, axis - GATEWAY / 2, top + GATEWAY + VGAP + room + inner + VGAP);
      return;
    }
    case "escalation": {
      at(block.task, left, top);
      at(block.boundary, left + TASK_W - EVENT / 2, top + TASK_H - EVENT - 4);
      at(block.escalate, left + TASK_W + HGAP, top);
      at(block.merge, axis - GATEWAY / 2, top + TASK_H + VGAP);
      return;
    }
  }
}

type Point = [number, number];

/** Orthogonal waypoints: down from the source, across, down into the target. */
function waypoints(flow: Flow): Point[] {
  const s = flow.source;
  const t = flow.target;
  const sx = s.x + s.w / 2;
  const tx = t.x + t.w / 2;
  if (s.type === "boundaryEvent") {
    // from the timer on the task's right edge straight across to the escalation task
    const y = s.y + s.h / 2;
    return [[s.x + s.w, y], [t.x, y]];
  }
  if (flow.side) {
    const y = t.y + t.h / 2;
    return [[sx, s.y + s.h], [sx, y], [t.x + t.w, y]];
  }
  const sBottom = s.y + s.h;
  const tTop = t.y;
  const a = sBottom + VGAP / 2;
  const b = tTop - VGAP / 2;
  const v = flow.via ? flow.via() : t.join ? sx : tx;
  const points: Point[] = [[sx, sBottom], [sx, a], [v, a], [v, b], [tx, b], [tx, tTop]];
  return simplify(points);
}

/** Drops repeated points and the middle of three points on one line. */
function simplify(points: Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (last && last[0] === p[0] && last[1] === p[1]) continue;
    const before = out[out.length - 2];
    if (before && last && ((before[0] === last[0] && last[0] === p[0]) || (before[1] === last[1] && last[1] === p[1]))) out.pop();
    out.push(p);
  }
  return out;
}

// ---------------------------------------------------------------- XML

function xmlAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/\n/g, "&#10;");
}
function xmlText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
const attrList = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${xmlAttr(v)}"`)
    .join("");

const bounds = (b: { x: number; y: number; w: number; h: number }) =>
  `<dc:Bounds x="${Math.round(b.x)}" y="${Math.round(b.y)}" width="${Math.round(b.w)}" height="${Math.round(b.h)}" />`;

/** External labels: under an event, at a gateway's upper right (its branches leave from below). */
function shapeLabel(e: Element): string {
  if (e.type.endsWith("Gateway")) return `<bpmndi:BPMNLabel>${bounds({ x: e.x + e.w + 4, y: e.y - 4, w: LABEL_W, h: LABEL_H })}</bpmndi:BPMNLabel>`;
  if (e.type === "startEvent" || e.type === "endEvent") {
    return `<bpmndi:BPMNLabel>${bounds({ x: e.x + e.w / 2 - LABEL_W / 2, y: e.y + e.h + 4, w: LABEL_W, h: LABEL_H })}</bpmndi:BPMNLabel>`;
  }
  return "";
}

/** Branch columns are at least this far apart (a task's width and the gap between branches). */
const COLUMN = TASK_W + HGAP;

/**
 * A flow's name. A branch leaving a split: just right of its own column's line (the vertical run after the
 * turn, or the straight run of a branch under the gateway), right under the horizontal run, as wide as a
 * column allows — so the labels of neighbouring branches never meet, however many there are, and the room
 * left under the split (BRANCH_LABEL_ROOM) keeps them off the nodes. Other flows: beside their middle.
 */
function edgeLabel(flow: Flow, route: Point[], split: boolean): string {
  if (split) {
    const turns = route.length >= 3 && route[1][1] === route[2][1];
    const column = turns ? route[2][0] : route[0][0];
    const y = flow.source.y + flow.source.h + VGAP / 2 + 4;
    return `<bpmndi:BPMNLabel>${bounds({ x: column + 5, y, w: COLUMN - 15, h: 2 * LABEL_H })}</bpmndi:BPMNLabel>`;
  }
  const [x, y] = route.length >= 3 ? route[2] : [(route[0][0] + route[route.length - 1][0]) / 2, (route[0][1] + route[route.length - 1][1]) / 2];
  return `<bpmndi:BPMNLabel>${bounds({ x: x + 5, y: y + 3, w: LABEL_W, h: LABEL_H })}</bpmndi:BPMNLabel>`;
}

function render(graph: Graph, processId: string, name: string): string {
  const lines: string[] = [];
  lines.push(`<?xml version="1.0" encoding="UTF-8"?>`);
  lines.push(
    `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"` +
      ` xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"` +
      ` xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="${flowableNamespace}" xmlns:qifu="${qifuNamespace}"` +
      ` id="definitions_${processId}" targetNamespace="${qifuNamespace}">`,
  );
  lines.push(`  <bpmn:process id="${processId}" name="${xmlAttr(name)}" isExecutable="true">`);
  for (const e of graph.elements) {
    const attrs: Record<string, string> = { id: e.id };
    if (e.name) attrs.name = e.name;
    Object.assign(attrs, e.attrs);
    if (e.defaultFlow) attrs.default = e.defaultFlow;
    const open = `    <bpmn:${e.type}${attrList(attrs)}`;
    lines.push(e.inner ? `${open}>${e.inner}</bpmn:${e.type}>` : `${open} />`);
  }
  for (const f of graph.flows) {
    const attrs: Record<string, string> = { id: f.id, sourceRef: f.source.id, targetRef: f.target.id };
    if (f.name) attrs.name = f.name;
    const open = `    <bpmn:sequenceFlow${attrList(attrs)}`;
    lines.push(
      f.condition
        ? `${open}><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${xmlText(f.condition)}</bpmn:conditionExpression></bpmn:sequenceFlow>`
        : `${open} />`,
    );
  }
  lines.push(`  </bpmn:process>`);
  lines.push(`  <bpmndi:BPMNDiagram id="diagram_${processId}">`);
  lines.push(`    <bpmndi:BPMNPlane id="plane_${processId}" bpmnElement="${processId}">`);
  for (const e of graph.elements) {
    const marker = e.type === "exclusiveGateway" ? ` isMarkerVisible="true"` : "";
    lines.push(
      `      <bpmndi:BPMNShape id="${e.id}_di" bpmnElement="${e.id}"${marker}>${bounds(e)}${e.name ? shapeLabel(e) : ""}</bpmndi:BPMNShape>`,
    );
  }
  const outgoing = new Map<Element, number>();
  for (const f of graph.flows) outgoing.set(f.source, (outgoing.get(f.source) ?? 0) + 1);
  const isSplit = (e: Element) => e.type.endsWith("Gateway") && (outgoing.get(e) ?? 0) > 1;
  for (const f of graph.flows) {
    const route = waypoints(f);
    const points = route.map(([x, y]) => `<di:waypoint x="${Math.round(x)}" y="${Math.round(y)}" />`).join("");
    lines.push(`      <bpmndi:BPMNEdge id="${f.id}_di" bpmnElement="${f.id}">${points}${f.name ? edgeLabel(f, route, isSplit(f.source)) : ""}</bpmndi:BPMNEdge>`);
  }
  lines.push(`    </bpmndi:BPMNPlane>`);
  lines.push(`  </bpmndi:BPMNDiagram>`);
  lines.push(`</bpmn:definitions>`);
  return lines.join("\n");
}
