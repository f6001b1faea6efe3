/**
 * The designer's process tree: its schema and rules (events/flow/tree.ts), its conversion to BPMN with a
 * diagram (events/flow/to-bpmn.ts), and the round trip — every node type becomes BPMN that compiles back
 * (worker/flow/model/compile.ts) and runs to the end in the engine.
 */
import { BpmnModdle } from "bpmn-moddle";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LABEL_FONT, labelSize } from "../events/flow/labels.ts";
import { conditionExpression, treeToBpmn } from "../events/flow/to-bpmn.ts";
import { processNode, processTree, treeProblems, walkTree, type ProcessTree } from "../events/flow/tree.ts";
import { compileBpmn } from "../worker/flow/model/compile.ts";
import { evaluateCondition } from "../worker/flow/model/expressions.ts";
import type { CompiledModel } from "../worker/flow/engine/types.ts";
import { Sim, deploy, memoryDirectory } from "./flow/harness.ts";

/** A tree from loose input, as the designer sends it (defaults filled by the schema). */
function tree(input: unknown): ProcessTree {
  const parsed = processTree.safeParse(input);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const root = (children: unknown, formFields: unknown[] = [
  { key: "amount", label: "金额", type: "money", required: true },
  { key: "dept", label: "部门", type: "select", options: [{ value: "finance", label: "财务" }, { value: "hr", label: "人事" }] },
  { key: "note", label: "说明", type: "textarea" },
]) => ({ id: "root", type: "ROOT", name: "发起人", props: { formFields }, children });

const approval = (id: string, props: Record<string, unknown>, children: unknown = null) => ({ id, type: "APPROVAL", name: `审批 ${id}`, props, children });

/** Every node type and every approver kind in one tree. */
const everything = root(
  approval("leader", { assignedType: "leader", timeout: { hours: 24, action: "remind" } },
    { id: "conds", type: "CONDITIONS", name: "金额", props: {}, branches: [
      { id: "big", type: "CONDITION", name: "大额财务", props: { conditions: [{ field: "amount", op: ">", value: "1000" }, { field: "dept", op: "==", value: "finance" }] },
        children: approval("all", { assignedType: "user", assignedUser: [{ id: "u1", name: "一" }, { id: "u2", name: "二" }], mode: "all" },
          approval("ratio", { assignedType: "user", assignedUser: [{ id: "u1", name: "一" }, { id: "u2", name: "二" }, { id: "u3", name: "三" }], mode: "ratio", passRatio: 0.6 })) },
      { id: "hr", type: "CONDITION", name: "人事", props: { conditions: [{ field: "dept", op: "in", value: ["hr"] }, { field: "note", op: "contains", value: "急" }], logic: "or" },
        children: approval("seq", { assignedType: "user", assignedUser: [{ id: "u2", name: "二" }, { id: "u3", name: "三" }], mode: "sequential" }) },
      { id: "other", type: "CONDITION", name: "其他", props: { isDefault: true }, children: { id: "blank", type: "EMPTY", name: "", props: {} } },
    ],
    children: { id: "par", type: "CONCURRENTS", name: "并行", props: {}, branches: [
      { id: "p1", type: "CONCURRENT", name: "", props: {}, children: approval("role", { assignedType: "role", roles: [{ id: "r1", name: "审核员" }] },
        { id: "copy", type: "CC", name: "抄送", props: { assignedUser: [{ id: "u4", name: "四" }], roles: [{ id: "r1", name: "审核员" }] } }) },
      { id: "p2", type: "CONCURRENT", name: "", props: {}, children: approval("any", { assignedType: "user", assignedUser: [{ id: "u3", name: "三" }, { id: "u4", name: "四" }], mode: "any", timeout: { hours: 1.5, action: "escalate" } }) },
      { id: "p3", type: "CONCURRENT", name: "", props: {}, children: null },
    ],
    children: approval("pick", { assignedType: "pick", emptyApprover: "admin" },
      approval("self", { assignedType: "self", repeatedApprover: "pass", formPerms: { note: "edit", amount: "read" } }, null)) } }));

const moddle = new BpmnModdle();

interface DiElement {
  $type: string;
  id: string;
  bpmnElement?: { id: string };
  bounds?: { x: number; y: number; width: number; height: number };
  waypoint?: { x: number; y: number }[];
  label?: { bounds?: { x: number; y: number; width: number; height: number } };
}

async function diagram(xml: string) {
  const { rootElement, warnings } = await moddle.fromXML(xml);
  const defs = rootElement as { rootElements: { $type: string; flowElements: { $type: string; id: string }[] }[]; diagrams: { plane: { planeElement: DiElement[] } }[] };
  const process = defs.rootElements.find((e) => e.$type === "bpmn:Process")!;
  return { warnings, flowElements: process.flowElements, plane: defs.diagrams[0].plane.planeElement };
}

const overlap = (a: DiElement["bounds"], b: DiElement["bounds"]) =>
  !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Edges with fewer than two points or a slanted segment; shapes on top of each other (a timer on its task aside). */
function layoutProblems(flowElements: { $type: string; id: string }[], plane: DiElement[]): string[] {
  const problems: string[] = [];
  const shapes = plane.filter((p) => p.$type === "bpmndi:BPMNShape");
  for (const e of plane.filter((p) => p.$type === "bpmndi:BPMNEdge")) {
    const w = e.waypoint ?? [];
    if (w.length < 2) problems.push(`${e.id}: fewer than two waypoints`);
    for (let i = 1; i < w.length; i++) if (w[i - 1].x !== w[i].x && w[i - 1].y !== w[i].y) problems.push(`${e.id}: slanted segment`);
  }
  const boundary = new Set(flowElements.filter((n) => n.$type === "bpmn:BoundaryEvent").map((n) => n.id));
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      const [a, b] = [shapes[i], shapes[j]];
      if (boundary.has(a.bpmnElement!.id) || boundary.has(b.bpmnElement!.id)) continue;
      if (overlap(a.bounds, b.bounds)) problems.push(`${a.bpmnElement!.id} overlaps ${b.bpmnElement!.id}`);
    }
  }
  return problems;
}

type Rect = { x: number; y: number; width: number; height: number };

/** Gap between a rectangle and a point outside it (0 inside). */
const gap = (r: Rect, x: number, y: number) => Math.hypot(Math.max(r.x - x, 0, x - r.x - r.width), Math.max(r.y - y, 0, y - r.y - r.height));
/** Gap between a rectangle and an axis-parallel segment (0 when they touch or cross). */
function segmentGap(r: Rect, [a, b]: [{ x: number; y: number }, { x: number; y: number }]): number {
  if (a.x === b.x) {
    const [lo, hi] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
    const y = Math.min(Math.max(r.y + r.height / 2, lo), hi);
    return Math.min(gap(r, a.x, y), gap(r, a.x, Math.min(Math.max(r.y, lo), hi)), gap(r, a.x, Math.min(Math.max(r.y + r.height, lo), hi)));
  }
  const [lo, hi] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  return Math.min(gap(r, Math.min(Math.max(r.x, lo), hi), a.y), gap(r, Math.min(Math.max(r.x + r.width, lo), hi), a.y), gap(r, Math.min(Math.max(r.x + r.width / 2, lo), hi), a.y));
}
const rectGap = (a: Rect, b: Rect) => Math.hypot(Math.max(a.x - b.x - b.width, b.x - a.x - a.width, 0), Math.max(a.y - b.y - b.height, b.y - a.y - a.height, 0));
const segments = (e: DiElement) => (e.waypoint ?? []).slice(1).map((b, i): [{ x: number; y: number }, { x: number; y: number }] => [e.waypoint![i]!, b]);

/**
 * Where labels go wrong: a label over any shape or any edge, two labels on each other, a label more than a
 * few pixels from its own shape or line (floating away), or one lower than a line of the viewer's label font.
 */
function labelProblems(plane: DiElement[]): string[] {
  // bpmn-js centres a label's text in its box: a box wider than the text floats the text away from its line
  const nameOf = (p: DiElement) => (p.bpmnElement as { name?: string } | undefined)?.name ?? "";
  const problems: string[] = [];
  const shapes = plane.filter((p) => p.$type === "bpmndi:BPMNShape");
  const edges = plane.filter((p) => p.$type === "bpmndi:BPMNEdge");
  const labelled = plane.filter((p) => p.label?.bounds);
  for (const owner of labelled) {
    const l = owner.label!.bounds!;
    const id = owner.bpmnElement!.id;
    if (l.height < LABEL_FONT) problems.push(`${id}: label ${l.height}px high, under the ${LABEL_FONT}px font`);
    if (l.width > labelSize(nameOf(owner), Number.POSITIVE_INFINITY).w + 2) problems.push(`${id}: label box ${l.width}px wide for a text of ${labelSize(nameOf(owner), Number.POSITIVE_INFINITY).w}px`);
    for (const sh of shapes) if (overlap(l, sh.bounds)) problems.push(`${id}: label over ${sh.bpmnElement!.id}`);
    for (const e of edges) for (const s of segments(e)) if (segmentGap(l, s) < 1) problems.push(`${id}: label on the line of ${e.bpmnElement!.id}`);
    for (const other of labelled) if (other !== owner && overlap(l, other.label!.bounds!)) problems.push(`${id}: label over the label of ${other.bpmnElement!.id}`);
    const near = owner.bounds ? rectGap(l, owner.bounds) : Math.min(...segments(owner).map((s) => segmentGap(l, s)));
    if (near > 10) problems.push(`${id}: label ${Math.round(near)}px from its ${owner.bounds ? "shape" : "line"}`);
  }
  return problems;
}

describe("process tree schema and rules", () => {
  it("fills defaults and accepts every node type", () => {
    const t = tree(everything);
    const types = new Set<string>();
    walkTree(t, (n) => types.add(n.type));
    expect([...types].sort()).toEqual(["APPROVAL", "CC", "CONCURRENT", "CONCURRENTS", "CONDITION", "CONDITIONS", "EMPTY", "ROOT"]);
    const pick = (() => {
      let found: unknown;
      walkTree(t, (n) => n.id === "pick" && (found = n));
      return found as { props: { mode: string; repeatedApprover: string; formPerms: object } };
    })();
    expect(pick.props).toMatchObject({ mode: "all", repeatedApprover: "again", formPerms: {} });
    expect(treeProblems(t)).toEqual([]);
  });

  it("names what keeps a tree from running, per node, in both languages", () => {
    // the shape alone (processNode): the rules are what is under test
    const bad = processNode.parse(root(
      approval("a", { assignedType: "user" },
        { id: "c", type: "CONDITIONS", name: "", props: {}, branches: [
          { id: "b1", type: "CONDITION", name: "无条件", props: {} },
          { id: "b2", type: "CONDITION", name: "", props: { isDefault: true, conditions: [{ field: "ghost", op: "==", value: 1 }] } },
          { id: "b3", type: "CONDITION", name: "", props: { isDefault: true } },
        ], children: approval("a", { assignedType: "role", mode: "ratio" }) }),
    )) as ProcessTree;
    const problems = treeProblems(bad);
    const en = problems.map((p) => `${p.nodeId}: ${p.text["en-US"]}`);
    expect(en).toEqual(expect.arrayContaining([
      expect.stringMatching(/^a: .*has no approver/),
      expect.stringMatching(/^c: .*more than one default/),
      expect.stringMatching(/^b1: .*has no condition/),
      expect.stringMatching(/^b2: .*unknown form field ghost/),
      expect.stringMatching(/^a: .*duplicate id/),
      expect.stringMatching(/^a: .*no approver role/),
      expect.stringMatching(/^a: .*no ratio/),
    ]));
    for (const p of problems) expect(p.text["zh-CN"]).toMatch(/^节点「/);
    // the schema reports the same rules as issues
    expect(processTree.safeParse(bad).success).toBe(false);
  });

  it("names two node ids that become the same BPMN id, and ids the conversion gives its own elements", () => {
    const approver = { assignedType: "user", assignedUser: [{ id: "u1", name: "一" }] };
    const clash = processNode.parse(root(approval("a-b", approver, approval("a.b", approver, approval("node_a_b", approver))))) as ProcessTree;
    const en = treeProblems(clash).map((p) => `${p.nodeId}: ${p.text["en-US"]}`);
    expect(en).toEqual([expect.stringMatching(/^a\.b: .*clashes with another node's/), expect.stringMatching(/^node_a_b: .*clashes with another node's/)]);
    expect(treeProblems(clash).every((p) => p.text["zh-CN"].includes("冲突"))).toBe(true);
    expect(processTree.safeParse(clash).success).toBe(false);

    const derived = processNode.parse(root(
      { id: "c", type: "CONDITIONS", name: "", props: {}, branches: [
        { id: "b1", type: "CONDITION", name: "", props: { conditions: [{ field: "amount", op: ">", value: 1 }] }, children: approval("c_join", approver) },
        { id: "b2", type: "CONDITION", name: "", props: { isDefault: true } },
      ], children: approval("flow_3", approver, approval("root_end", approver)) },
    )) as ProcessTree;
    const texts = treeProblems(derived).map((p) => `${p.nodeId}: ${p.text["en-US"]}`);
    expect(texts).toEqual(expect.arrayContaining([
      expect.stringMatching(/^c_join: .*clashes with an element made for node/),
      expect.stringMatching(/^flow_3: .*clashes with a sequence flow's/),
      expect.stringMatching(/^root_end: .*clashes with an element made for node/),
    ]));
    // a tree without clashes has none of these
    expect(treeProblems(tree(everything)).filter((p) => /clash/.test(p.text["en-US"]))).toEqual([]);
  });

  it("refuses shapes that are not a tree of known nodes", () => {
    expect(processTree.safeParse({ id: "x", type: "APPROVAL", name: "", props: {} }).success).toBe(false);
    expect(processTree.safeParse(root({ id: "x", type: "MAGIC", props: {} })).success).toBe(false);
    expect(processTree.safeParse(root({ id: "c", type: "CONDITIONS", props: {}, branches: [{ id: "b", type: "CONDITION", props: {} }] })).success).toBe(false);
    expect(processTree.safeParse(root(null, [{ key: "1bad", label: "x", type: "text" }])).success).toBe(false);
  });
});

describe("tree → BPMN", () => {
  it("every node type converts to BPMN that compiles back", async () => {
    const xml = await treeToBpmn(tree(everything), { key: "expense", name: "费用报销" });
    const m = await compileBpmn(xml);
    expect(m.processId).toBe("expense");
    expect(m.name).toBe("费用报销");
    expect(m.startNode).toBe("root");
    const kind = (id: string) => m.nodes[id]?.kind;
    expect(kind("root")).toBe("startEvent");
    expect(["leader", "all", "ratio", "seq", "role", "any", "pick", "self"].map(kind)).toEqual(Array(8).fill("userTask"));
    expect(kind("conds")).toBe("exclusiveGateway");
    expect(kind("conds_join")).toBe("exclusiveGateway");
    expect(kind("par")).toBe("parallelGateway");
    expect(kind("par_join")).toBe("parallelGateway");
    expect(kind("copy")).toBe("cc");
    expect(kind("blank")).toBeUndefined();
    expect(Object.values(m.nodes).filter((n) => n.kind === "endEvent")).toHaveLength(1);

    expect(m.nodes.leader.assignment?.assignee).toBe("${initiatorLeader}");
    expect(m.nodes.self.assignment?.assignee).toBe("${initiator}");
    expect(m.nodes.pick.assignment?.assignee).toBe("${approver_pick}");
    expect(m.nodes.role.assignment).toEqual({ assignee: null, candidateUsers: [], candidateGroups: ["r1"] });
    expect(m.nodes.copy.cc).toEqual({ users: ["u4"], groups: ["r1"] });

    expect(m.nodes.all.multi).toMatchObject({ sequential: false, collection: "${['u1', 'u2']}", elementVariable: "assignee", completionCondition: null });
    expect(m.nodes.all.assignment?.assignee).toBe("${assignee}");
    expect(m.nodes.any.multi?.completionCondition).toBe("${nrOfCompletedInstances >= 1}");
    expect(m.nodes.ratio.multi?.completionCondition).toBe("${nrOfCompletedInstances / nrOfInstances >= 0.6}");
    expect(m.nodes.seq.multi?.sequential).toBe(true);

    expect(m.nodes.pick.policy?.emptyApprover).toBe("admin");
    expect(m.nodes.self.policy).toMatchObject({ repeatedApprover: "pass", formPerms: { note: "edit", amount: "read" } });
    expect(m.nodes.leader.timers).toEqual([{ id: "leader_timeout", duration: "PT24H", repeat: 1, interrupting: false, outgoing: [] }]);
    const [escalation] = m.nodes.any.timers!;
    expect(escalation).toMatchObject({ duration: "PT90M", interrupting: true });
    expect(m.flows[escalation.outgoing[0]].target).toBe("any_escalated");
    expect(m.nodes.any_escalated.assignment?.assignee).toBe("${initiatorLeader}");
  });

  it("condition branches: expressions from the rows, the default flow, an empty branch straight to the join", async () => {
    const m = await compileBpmn(await treeToBpmn(tree(everything), { key: "expense", name: "x" }));
    const gw = m.nodes.conds;
    const flows = gw.outgoing.map((f) => m.flows[f]);
    expect(flows.map((f) => f.target)).toEqual(["all", "seq", "conds_join"]);
    expect(flows.map((f) => f.condition)).toEqual(["${(amount > 1000) && (dept == 'finance')}", "${(dept in ['hr']) || ('急' in note)}", null]);
    expect(gw.defaultFlow).toBe(flows[2].id);
    expect(flows.map((f) => f.name)).toEqual(["大额财务", "人事", "其他"]);
    const pick = (vars: Record<string, unknown>) => flows.find((f) => f.condition && evaluateCondition(f.condition, vars))?.target ?? "default";
    expect(pick({ amount: 1500, dept: "finance", note: "" })).toBe("all");
    expect(pick({ amount: 500, dept: "hr", note: "" })).toBe("seq");
    expect(pick({ amount: 500, dept: "finance", note: "很急" })).toBe("seq");
    expect(pick({ amount: 500, dept: "finance", note: "" })).toBe("default");
    expect(m.nodes.conds_join.incoming).toHaveLength(3);
  });

  it("builds condition text safely from values", () => {
    const branch = (conditions: unknown[]) => tree(root({ id: "c", type: "CONDITIONS", props: {}, branches: [{ id: "b", type: "CONDITION", props: { conditions } }, { id: "d", type: "CONDITION", props: { isDefault: true } }] })).children as unknown as { branches: Parameters<typeof conditionExpression>[0][] };
    const fields = [{ key: "amount", label: "a", type: "number" as const, required: false }, { key: "note", label: "n", type: "text" as const, required: false }];
    expect(conditionExpression(branch([{ field: "note", op: "==", value: "it's" }]).branches[0], fields)).toBe("${note == 'it\\'s'}");
    expect(evaluateCondition(conditionExpression(branch([{ field: "note", op: "==", value: "it's" }]).branches[0], fields), { note: "it's" })).toBe(true);
    expect(conditionExpression(branch([{ field: "amount", op: ">=", value: "12.5" }]).branches[0], fields)).toBe("${amount >= 12.5}");
    expect(conditionExpression(branch([{ field: "note", op: "!=", value: "12" }]).branches[0], fields)).toBe("${note != '12'}");
  });

  it("concurrent blocks fork and rejoin on every branch, an empty one included", async () => {
    const m = await compileBpmn(await treeToBpmn(tree(everything), { key: "expense", name: "x" }));
    expect(m.nodes.par.outgoing.map((f) => m.flows[f].target)).toEqual(["role", "any", "par_join"]);
    expect(m.nodes.par_join.incoming.map((f) => m.flows[f].source)).toEqual(["copy", "any_merge", "par"]);
    expect(m.nodes.par_join.outgoing.map((f) => m.flows[f].target)).toEqual(["pick"]);
  });

  it("a diagram: a shape for every flow node, an edge for every flow, shapes apart", async () => {
    const xml = await treeToBpmn(tree(everything), { key: "expense", name: "x" });
    const { warnings, flowElements, plane } = await diagram(xml);
    expect(warnings).toEqual([]);
    const shapes = plane.filter((p) => p.$type === "bpmndi:BPMNShape");
    const edges = plane.filter((p) => p.$type === "bpmndi:BPMNEdge");
    const nodes = flowElements.filter((e) => e.$type !== "bpmn:SequenceFlow");
    const flows = flowElements.filter((e) => e.$type === "bpmn:SequenceFlow");
    expect(shapes.map((s) => s.bpmnElement?.id).sort()).toEqual(nodes.map((n) => n.id).sort());
    expect(edges.map((s) => s.bpmnElement?.id).sort()).toEqual(flows.map((n) => n.id).sort());
    expect(layoutProblems(flowElements, plane)).toEqual([]);
    expect(labelProblems(plane)).toEqual([]);
    // top to bottom: the start above everything, the end below everything
    const y = (id: string) => shapes.find((s) => s.bpmnElement!.id === id)!.bounds!.y;
    expect(Math.min(...shapes.map((s) => s.bounds!.y))).toBe(y("root"));
    expect(Math.max(...shapes.map((s) => s.bounds!.y))).toBe(y("root_end"));
  });

  it("branch labels of a split sit apart from each other and from every shape", async () => {
    const approver = { assignedType: "user", assignedUser: [{ id: "u1", name: "一" }] };
    const wide = root({ id: "many", type: "CONDITIONS", name: "分支", props: {}, branches: [
      ...[1, 2, 3].map((n) => ({ id: `w${n}`, type: "CONDITION", name: `金额大于 ${n}000 且部门为财务的一个很长的条件名称`, props: { conditions: [{ field: "amount", op: ">", value: n * 1000 }] }, children: approval(`t${n}`, approver) })),
      { id: "w4", type: "CONDITION", name: "其他情况（默认分支，空）", props: { isDefault: true } },
    ] });
    for (const input of [everything, wide]) {
      const xml = await treeToBpmn(tree(input), { key: "labels", name: "x" });
      const { flowElements, plane } = await diagram(xml);
      const gateways = new Set(flowElements.filter((e) => e.$type.endsWith("Gateway")).map((e) => e.id));
      const flows = flowElements.filter((e) => e.$type === "bpmn:SequenceFlow") as unknown as { id: string; sourceRef: { id: string }; name?: string }[];
      const fromSplit = new Set(flows.filter((f) => f.name && gateways.has(f.sourceRef.id) && flows.filter((g) => g.sourceRef.id === f.sourceRef.id).length > 1).map((f) => f.id));
      const labels = plane.filter((p) => p.$type === "bpmndi:BPMNEdge" && fromSplit.has(p.bpmnElement!.id)).map((p) => ({ id: p.bpmnElement!.id, bounds: p.label?.bounds }));
      expect(labels.length).toBeGreaterThan(1);
      for (const l of labels) expect(l.bounds, `${l.id} has a label`).toBeDefined();
      for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) expect(overlap(labels[i].bounds, labels[j].bounds), `${labels[i].id} / ${labels[j].id}`).toBe(false);
      const shapes = plane.filter((p) => p.$type === "bpmndi:BPMNShape");
      for (const l of labels) for (const sh of shapes) expect(overlap(l.bounds, sh.bounds), `${l.id} over ${sh.bpmnElement!.id}`).toBe(false);
    }
  });

  it("labels sit beside their own line or shape, on no edge and no shape, sized for the viewer's font", async () => {
    const approver = { assignedType: "user", assignedUser: [{ id: "u1", name: "一" }] };
    const named = { ...everything, name: "申请人" };
    const split = root({ id: "cases", type: "CONDITIONS", name: "分支", props: {}, branches: [
      { id: "big", type: "CONDITION", name: "金额大于一万", props: { conditions: [{ field: "amount", op: ">", value: 10000 }] }, children: approval("t1", approver) },
      { id: "mid", type: "CONDITION", name: "Amount over 500 and department is finance", props: { conditions: [{ field: "amount", op: ">", value: 500 }] }, children: approval("t2", approver) },
      { id: "else", type: "CONDITION", name: "其他情况", props: { isDefault: true } },
    ] });
    for (const input of [named, split]) {
      const { plane } = await diagram(await treeToBpmn(tree(input), { key: "labels", name: "x" }));
      expect(labelProblems(plane)).toEqual([]);
      const labelled = plane.filter((p) => p.label?.bounds);
      expect(labelled.length).toBeGreaterThan(2);
    }
    // the start event's label is beside it, not under it where its first flow leaves
    const { plane } = await diagram(await treeToBpmn(tree(named), { key: "labels", name: "x" }));
    const start = plane.find((p) => p.bpmnElement?.id === "root")!;
    expect(start.label!.bounds!.x).toBeGreaterThan(start.bounds!.x + start.bounds!.width);
    expect(start.label!.bounds!.y).toBeLessThan(start.bounds!.y + start.bounds!.height);
  });

  it("the smallest tree: start straight to end; odd ids and keys become valid BPMN ids", async () => {
    const m = await compileBpmn(await treeToBpmn(tree(root(null, [])), { key: "k", name: "n" }));
    expect(Object.keys(m.nodes)).toEqual(["root", "root_end"]);
    expect(m.nodes.root_end.name).toBe("结束");
    const unnamed = tree({ id: "r", type: "ROOT", name: "", props: {}, children: approval("a", { assignedType: "self" }) });
    (unnamed.children as { name: string }).name = "";
    const en = await compileBpmn(await treeToBpmn(unnamed, { key: "k", name: "n", lang: "en-US" }));
    expect([en.nodes.r.name, en.nodes.a.name, en.nodes.r_end.name]).toEqual(["Initiator", "Approver", "End"]);
    const odd = tree({ id: "1-root", type: "ROOT", name: "", props: {}, children: approval("9 x", { assignedType: "pick" }) });
    const m2 = await compileBpmn(await treeToBpmn(odd, { key: "报销-1", name: "" }));
    expect(m2.nodes.node_9_x.assignment?.assignee).toBe("${approver_node_9_x}");
    expect(m2.processId).toMatch(/^[A-Za-z_][\w]*$/);
  });
});

describe("tree → BPMN → engine", () => {
  const directory = memoryDirectory({
    users: { boss: "主管", starter: "发起人", u1: "一", u2: "二", u3: "三", u4: "四", r1m: "审核员甲", picked: "被选人" },
    roles: { r1: { name: "审核员", members: ["r1m"] } },
    leaders: { starter: "boss" },
    admins: ["u1"],
  });
  const roleOf = (id: string) => (id === "r1m" ? ["r1"] : []);

  /** Starts an instance and completes whatever is open until it ends; answers the nodes whose tasks were done. */
  async function driveToEnd(model: CompiledModel, variables: Record<string, unknown>): Promise<{ done: string[]; status: string }> {
    const sim = new Sim({ deployId: "t:1", key: "t", version: 1, name: "t", formCode: null, model }, directory, roleOf);
    await sim.start("starter", variables);
    const done: string[] = [];
    for (let step = 0; step < 50 && sim.s.status === "running"; step++) {
      const [next] = sim.keys();
      if (!next) break;
      await sim.complete(next);
      done.push(next);
    }
    return { done, status: sim.s.status };
  }

  it("runs through the big-amount branch and the concurrent block to the end", async () => {
    const model = (await deploy(await treeToBpmn(tree(everything), { key: "expense", name: "x" }))).model;
    const { done, status } = await driveToEnd(model, { amount: 5000, dept: "finance", note: "", approver_pick: "picked" });
    expect(status).toBe("finished");
    expect(done[0]).toBe("leader");
    expect(done.filter((n) => n === "all")).toHaveLength(2);
    expect(done).toEqual(expect.arrayContaining(["ratio", "role", "any", "pick", "self"]));
    expect(done).not.toContain("seq");
  });

  it("runs through the default branch", async () => {
    const model = (await deploy(await treeToBpmn(tree(everything), { key: "expense", name: "x" }))).model;
    const { done, status } = await driveToEnd(model, { amount: 10, dept: "finance", note: "", approver_pick: "picked" });
    expect(status).toBe("finished");
    expect(done).not.toContain("all");
    expect(done).not.toContain("seq");
  });

  it("runs through the sequential branch", async () => {
    const model = (await deploy(await treeToBpmn(tree(everything), { key: "expense", name: "x" }))).model;
    const { done, status } = await driveToEnd(model, { amount: 10, dept: "hr", note: "", approver_pick: "picked" });
    expect(status).toBe("finished");
    expect(done.filter((n) => n === "seq")).toHaveLength(2);
  });
});

// ---------------------------------------------------------------- generated trees

type Spec =
  | { k: "approval"; type: "user" | "role" | "leader" | "self" | "pick"; users: number; mode: "all" | "any" | "sequential" | "ratio"; timeout: "none" | "remind" | "escalate" }
  | { k: "cc" }
  | { k: "empty" }
  | { k: "conditions"; branches: Spec[][]; withDefault: boolean }
  | { k: "concurrents"; branches: Spec[][] };

const leaf = fc.oneof(
  { weight: 5, arbitrary: fc.record({
    k: fc.constant("approval" as const),
    type: fc.constantFrom("user" as const, "role" as const, "leader" as const, "self" as const, "pick" as const),
    users: fc.integer({ min: 1, max: 3 }),
    mode: fc.constantFrom("all" as const, "any" as const, "sequential" as const, "ratio" as const),
    timeout: fc.constantFrom("none" as const, "none" as const, "remind" as const, "escalate" as const),
  }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("cc" as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("empty" as const) }) },
);
const spec: fc.Memo<Spec[]> = fc.memo((n) =>
  fc.array(
    n <= 1
      ? leaf
      : fc.oneof(
          { weight: 3, arbitrary: leaf },
          { weight: 1, arbitrary: fc.record({ k: fc.constant("conditions" as const), branches: fc.array(spec(n - 1), { minLength: 2, maxLength: 3 }), withDefault: fc.boolean() }) },
          { weight: 1, arbitrary: fc.record({ k: fc.constant("concurrents" as const), branches: fc.array(spec(n - 1), { minLength: 2, maxLength: 3 }) }) },
        ),
    { maxLength: 3 },
  ),
);

/** A designer tree from a spec: condition branches test `amount` against thresholds (the last may be the default). */
function treeOf(chain: Spec[]): { tree: ProcessTree; picks: string[] } {
  let n = 0;
  const picks: string[] = [];
  const link = (nodes: Record<string, unknown>[]) => {
    for (let i = nodes.length - 1; i > 0; i--) nodes[i - 1].children = nodes[i];
    return nodes[0] ?? null;
  };
  const build = (items: Spec[]): Record<string, unknown> | null =>
    link(items.map((item) => {
      const id = `n${++n}`;
      switch (item.k) {
        case "approval": {
          if (item.type === "pick") picks.push(id);
          const users = [1, 2, 3].slice(0, item.users).map((u) => ({ id: `u${u}`, name: `U${u}` }));
          const timeout = item.timeout === "none" ? null : { hours: 4, action: item.timeout };
          return { id, type: "APPROVAL", name: id, props: { assignedType: item.type, assignedUser: users, roles: [{ id: "r1", name: "R" }], mode: item.mode, passRatio: 0.5, timeout } };
        }
        case "cc":
          return { id, type: "CC", name: id, props: { assignedUser: [{ id: "u4", name: "U4" }] } };
        case "empty":
          return { id, type: "EMPTY", name: "", props: {} };
        case "conditions":
          return {
            id, type: "CONDITIONS", name: id, props: {},
            branches: item.branches.map((b, i) => {
              const isDefault = item.withDefault && i === item.branches.length - 1;
              // thresholds 0, 100, 200…: amount 150 takes the first branch whose test holds
              const conditions = isDefault ? [] : [{ field: "amount", op: ">=", value: i * 100 }];
              return { id: `${id}_b${i}`, type: "CONDITION", name: "", props: { conditions, isDefault }, children: build(b) };
            }),
          };
        case "concurrents":
          return { id, type: "CONCURRENTS", name: id, props: {}, branches: item.branches.map((b, i) => ({ id: `${id}_b${i}`, type: "CONCURRENT", name: "", props: {}, children: build(b) })) };
      }
    }));
  return { tree: tree(root(build(chain), [{ key: "amount", label: "金额", type: "number" }])), picks };
}

describe("generated trees", () => {
  const directory = memoryDirectory({
    users: { boss: "主管", starter: "发起人", u1: "一", u2: "二", u3: "三", u4: "四", r1m: "审核员" },
    roles: { r1: { name: "审核员", members: ["r1m"] } },
    leaders: { starter: "boss" },
    admins: ["u1"],
  });

  it("any tree converts to BPMN with a full diagram, compiles back, and runs to the end", async () => {
    await fc.assert(
      fc.asyncProperty(spec(3), fc.integer({ min: 0, max: 400 }), async (chain, amount) => {
        const { tree: t, picks } = treeOf(chain);
        const xml = await treeToBpmn(t, { key: "gen", name: "生成" });
        const model = await compileBpmn(xml);
        const { flowElements, plane } = await diagram(xml);
        const drawn = new Set(plane.map((p) => p.bpmnElement?.id));
        for (const e of flowElements) expect(drawn.has(e.id), e.id).toBe(true);
        expect(layoutProblems(flowElements, plane)).toEqual([]);
        expect(labelProblems(plane)).toEqual([]);
        walkTree(t, (node) => {
          if (node.type === "APPROVAL") expect(model.nodes[node.id]?.kind).toBe("userTask");
          if (node.type === "CC") expect(model.nodes[node.id]?.kind).toBe("cc");
          if (node.type === "CONDITIONS") expect(model.nodes[node.id]?.kind).toBe("exclusiveGateway");
          if (node.type === "CONCURRENTS") expect(model.nodes[node.id]?.kind).toBe("parallelGateway");
        });
        const sim = new Sim({ deployId: "g:1", key: "g", version: 1, name: "g", formCode: null, model }, directory, (id) => (id === "r1m" ? ["r1"] : []));
        await sim.start("starter", { amount, ...Object.fromEntries(picks.map((id) => [`approver_${id}`, "u2"])) });
        for (let step = 0; step < 200 && sim.s.status === "running"; step++) {
          const [next] = sim.keys();
          if (!next) break;
          await sim.complete(next);
        }
        expect(sim.s.status).toBe("finished");
      }),
      { numRuns: 60 },
    );
  });
});
