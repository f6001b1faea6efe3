/**
 * BPMN 2.0 XML → CompiledModel: what the engine runs, computed once per deployment. The XML may come from
 * our designer (events/flow/to-bpmn.ts), from Camunda, Flowable or Activiti modelers, or be written by hand;
 * vendor attributes are recognised by their namespace URI, whatever prefix the document gives them.
 *
 * The supported subset: none start, none and terminate end events (and the implicit end of a node without an
 * outgoing flow), user/manual/plain tasks, service/script/send/receive/business-rule tasks as pass-throughs
 * (or a registered handler), exclusive, parallel and inclusive gateways, sequence flows with conditions,
 * multi-instance user tasks, boundary timers on user tasks. Anything else is refused here, naming the element, rather than misbehaving when an
 * instance reaches it. Listeners, form keys, async flags, documentation, DI: ignored.
 */
import type { BpmnModdle, ModdleWarning } from "bpmn-moddle";
import type { Text } from "../../../events/i18n.ts";
import { lazy } from "../../../events/lazy.ts";
import { FlowRefused } from "../engine/refusal.ts";
import type { Assignment, BoundaryTimer, CompiledFlow, CompiledModel, CompiledNode, MultiInstance, NodeKind, NodePolicy } from "../engine/types.ts";

/** The part of a moddle element the compiler reads: typed properties are looked up by name. */
interface El {
  $type: string;
  id?: string;
  name?: string;
  $attrs?: Record<string, string>;
  [property: string]: unknown;
}

export const namespaces = {
  camunda: "http://camunda.org/schema/1.0/bpmn",
  flowable: "http://flowable.org/bpmn",
  activiti: "http://activiti.org/bpmn",
  qifu: "http://qifu.example/schema/bpmn",
} as const;
type Vendor = keyof typeof namespaces;
const vendorByUri = new Map<string, Vendor>(Object.entries(namespaces).map(([k, v]) => [v, k as Vendor]));

/** bpmn-moddle and its package descriptors load with the first model compiled, not with the Worker (start-up budget). */
const moddle = lazy(async (): Promise<BpmnModdle> => new (await import("bpmn-moddle")).BpmnModdle());

// ---------------------------------------------------------------- refusals

function refuse(zh: string, en: string): FlowRefused {
  return new FlowRefused(422, { "zh-CN": `BPMN 模型无法使用：${zh}`, "en-US": `The BPMN model cannot be used: ${en}` });
}

const bare = (type: string) => type.replace(/^bpmn:/, "");
const named = (el: El): Text => {
  const id = el.id ?? "?";
  const type = bare(el.$type);
  return { "zh-CN": `${type} "${id}"`, "en-US": `${type} "${id}"` };
};

/** Elements outside the subset, with what they are in both languages. */
const unsupported: Record<string, Text> = {
  "bpmn:SubProcess": { "zh-CN": "子流程", "en-US": "sub-process" },
  "bpmn:AdHocSubProcess": { "zh-CN": "自由子流程", "en-US": "ad-hoc sub-process" },
  "bpmn:Transaction": { "zh-CN": "事务子流程", "en-US": "transaction" },
  "bpmn:CallActivity": { "zh-CN": "调用活动", "en-US": "call activity" },
  "bpmn:IntermediateCatchEvent": { "zh-CN": "中间捕获事件", "en-US": "intermediate catch event" },
  "bpmn:IntermediateThrowEvent": { "zh-CN": "中间抛出事件", "en-US": "intermediate throw event" },
  "bpmn:EventBasedGateway": { "zh-CN": "事件网关", "en-US": "event-based gateway" },
  "bpmn:ComplexGateway": { "zh-CN": "复杂网关", "en-US": "complex gateway" },
  "bpmn:ChoreographyTask": { "zh-CN": "编排任务", "en-US": "choreography task" },
};

function refuseElement(el: El, what: Text): FlowRefused {
  const n = named(el);
  return refuse(`不支持${what["zh-CN"]} ${n["zh-CN"]}`, `${n["en-US"]} is a ${what["en-US"]}, which is not supported`);
}

// ---------------------------------------------------------------- vendor attributes

/** Reads vendor attributes by namespace: `flowable:assignee`, `camunda:assignee`, `activiti:assignee` alike. */
class Attributes {
  private readonly vendorOfPrefix = new Map<string, Vendor>();
  constructor(...scopes: El[]) {
    // declarations on <definitions>, or on <process> (the inner one wins, as in XML)
    for (const scope of scopes) {
      for (const [key, uri] of Object.entries(scope.$attrs ?? {})) {
        if (key.startsWith("xmlns:") && vendorByUri.has(uri)) this.vendorOfPrefix.set(key.slice(6), vendorByUri.get(uri)!);
      }
    }
  }
  private vendor(prefix: string): Vendor | null {
    // a prefix declared with a known URI; failing that (declared on an inner element), a prefix named like one
    return this.vendorOfPrefix.get(prefix) ?? (prefix in namespaces ? (prefix as Vendor) : null);
  }
  /** The engine attribute `local` (camunda, flowable or activiti), trimmed, or null. */
  engine(el: El | undefined, local: string): string | null {
    return this.find(el, local, (v) => v !== "qifu");
  }
  /** Our own designer attribute `qifu:<local>`. */
  qifu(el: El | undefined, local: string): string | null {
    return this.find(el, local, (v) => v === "qifu");
  }
  private find(el: El | undefined, local: string, accept: (v: Vendor) => boolean): string | null {
    for (const [key, value] of Object.entries(el?.$attrs ?? {})) {
      const colon = key.indexOf(":");
      if (colon < 0 || key.slice(colon + 1) !== local) continue;
      const vendor = this.vendor(key.slice(0, colon));
      if (vendor && accept(vendor)) return value.trim() === "" ? null : value.trim();
    }
    return null;
  }
}

/** Splits `a, b, ${x, y}` at top-level commas (not inside `${…}`, `(…)`, quotes) and trims the entries. */
export function splitList(text: string | null): string[] {
  if (!text) return [];
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = "";
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "{" || ch === "(" || ch === "[") depth++;
    else if (ch === "}" || ch === ")" || ch === "]") depth--;
    else if (ch === "," && depth === 0) {
      out.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  out.push(current);
  return out.map((s) => s.trim()).filter(Boolean);
}

const body = (expression: unknown): string | null => {
  const text = (expression as { body?: unknown } | undefined)?.body;
  return typeof text === "string" && text.trim() !== "" ? text.trim() : null;
};

// ---------------------------------------------------------------- the compiler

export async function compileBpmn(xml: string): Promise<CompiledModel> {
  if (typeof xml !== "string" || xml.trim() === "") throw refuse("内容为空", "the document is empty");
  let parsed: Awaited<ReturnType<BpmnModdle["fromXML"]>>;
  try {
    parsed = await (await moddle()).fromXML(xml);
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).split("\n")[0];
    throw refuse(`XML 无法解析（${message}）`, `the XML cannot be parsed (${message})`);
  }
  const definitions = parsed.rootElement as El;
  checkWarnings(parsed.warnings);
  const process = pickProcess(definitions);
  const attrs = new Attributes(definitions, process);
  // references moddle could not resolve, by element and property (loopDataInputRef names a variable)
  const unresolved = new Map<unknown, Map<string, string>>();
  for (const w of parsed.warnings) {
    if (!w.element || !w.property || typeof w.value !== "string") continue;
    const byProperty = unresolved.get(w.element) ?? new Map<string, string>();
    byProperty.set(w.property.replace(/^bpmn:/, ""), w.value);
    unresolved.set(w.element, byProperty);
  }
  return new Compiler(process, attrs, unresolved).compile();
}

/** Moddle reads leniently; an unknown element *of BPMN itself* would silently vanish, so it is refused. */
function checkWarnings(warnings: ModdleWarning[]): void {
  for (const w of warnings) {
    const unknown = /unknown type <bpmn:([^>]+)>/.exec(w.message);
    if (unknown) {
      throw refuse(`未知元素 <${unknown[1]}>`, `unknown element <${unknown[1]}>`);
    }
  }
}

function pickProcess(definitions: El): El {
  if (definitions?.$type !== "bpmn:Definitions") throw refuse("根元素不是 BPMN definitions", "the root element is not BPMN definitions");
  const processes = ((definitions.rootElements as El[] | undefined) ?? []).filter((e) => e.$type === "bpmn:Process");
  if (processes.length === 0) throw refuse("没有 process 元素", "there is no process element");
  if (processes.length === 1) return processes[0];
  // a collaboration draws several pools; one of them must be the executable one
  const executable = processes.filter((p) => p.isExecutable === true && ((p.flowElements as El[] | undefined) ?? []).length > 0);
  if (executable.length === 1) return executable[0];
  throw refuse(
    `有 ${processes.length} 个 process，无法确定执行哪一个（请只保留一个 isExecutable="true"）`,
    `there are ${processes.length} processes and none stands out to run (mark exactly one isExecutable="true")`,
  );
}

const iso8601Duration = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
/** An unbounded cycle (`R/PT1H`) repeats this often at most: reminders, not a clock. */
const unboundedRepeats = 100;

class Compiler {
  private readonly nodes: Record<string, CompiledNode> = {};
  private readonly flows: Record<string, CompiledFlow> = {};
  private readonly flowIds = new Map<El, string>();
  private readonly boundaries = new Map<string, El>();
  /** the XML element type of every node, for messages */
  private readonly types = new Map<string, string>();
  private readonly process: El;
  private readonly attrs: Attributes;
  private readonly unresolved: Map<unknown, Map<string, string>>;

  constructor(process: El, attrs: Attributes, unresolved: Map<unknown, Map<string, string>>) {
    this.process = process;
    this.attrs = attrs;
    this.unresolved = unresolved;
  }

  compile(): CompiledModel {
    const elements = (this.process.flowElements as El[] | undefined) ?? [];
    const flowElements = elements.filter((e) => e.$type === "bpmn:SequenceFlow");
    this.nameFlows(flowElements);
    for (const el of elements) this.node(el);
    for (const el of flowElements) this.flow(el);
    for (const [id, el] of this.boundaries) this.boundary(id, el);
    for (const el of elements) this.defaultFlow(el);
    const startNode = this.startNode();
    const reach = this.reach();
    this.checkEnds(reach);
    return {
      processId: this.process.id ?? "process",
      name: (typeof this.process.name === "string" && this.process.name.trim()) || this.process.id || "process",
      startNode,
      nodes: this.nodes,
      flows: this.flows,
      reach,
    };
  }

  /** Flow ids: the XML's, or `flow_<n>` in document order for flows without one (never clashing). */
  private nameFlows(flowElements: El[]): void {
    const taken = new Set(((this.process.flowElements as El[]) ?? []).map((e) => e.id).filter((id): id is string => !!id));
    let n = 0;
    for (const el of flowElements) {
      n++;
      if (el.id) {
        this.flowIds.set(el, el.id);
        continue;
      }
      let id = `flow_${n}`;
      while (taken.has(id)) id = `flow_${++n}`;
      taken.add(id);
      this.flowIds.set(el, id);
    }
  }

  private node(el: El): void {
    const type = el.$type;
    if (type === "bpmn:SequenceFlow") return;
    if (unsupported[type]) throw refuseElement(el, unsupported[type]);
    // data objects, data stores: no behaviour
    if (/^bpmn:(DataObject|DataObjectReference|DataStoreReference)$/.test(type)) return;
    if (!el.id) throw refuse(`存在没有 id 的 ${bare(type)}`, `a ${bare(type)} has no id`);
    if (this.nodes[el.id] || this.boundaries.has(el.id)) throw refuse(`id "${el.id}" 重复`, `the id "${el.id}" is used twice`);
    if (type === "bpmn:BoundaryEvent") {
      this.boundaries.set(el.id, el);
      return;
    }
    const kind = this.kindOf(el);
    if (!kind) throw refuseElement(el, { "zh-CN": "此类元素", "en-US": "kind of element the engine does not run" });
    if (el.loopCharacteristics && kind !== "userTask") {
      throw refuse(`${named(el)["zh-CN"]} 的多实例只支持用户任务`, `${named(el)["en-US"]} is multi-instance, which only user tasks may be`);
    }
    const node: CompiledNode = {
      id: el.id,
      kind,
      name: (typeof el.name === "string" && el.name.trim()) || el.id,
      incoming: [],
      outgoing: [],
      defaultFlow: null,
    };
    if (kind === "endEvent" && ((el.eventDefinitions as El[] | undefined) ?? []).some((d) => d.$type === "bpmn:TerminateEventDefinition")) {
      node.terminate = true;
    }
    if (kind === "userTask") {
      node.assignment = this.assignment(el);
      node.multi = this.multiInstance(el);
      node.timers = [];
      const policy = this.policy(el);
      if (policy) node.policy = policy;
    }
    if (kind === "serviceTask") node.handler = this.handler(el);
    if (kind === "cc") {
      node.cc = { users: splitList(this.attrs.qifu(el, "ccUsers")), groups: splitList(this.attrs.qifu(el, "ccGroups")) };
    }
    this.nodes[el.id] = node;
    this.types.set(el.id, type);
  }

  private kindOf(el: El): NodeKind | null {
    const definitions = (el.eventDefinitions as El[] | undefined) ?? [];
    switch (el.$type) {
      case "bpmn:StartEvent":
        if (definitions.length > 0) {
          throw refuseElement(el, { "zh-CN": `带${bare(definitions[0].$type)}的开始事件`, "en-US": `start event with a ${bare(definitions[0].$type)}` });
        }
        return "startEvent";
      case "bpmn:EndEvent": {
        const other = definitions.find((d) => d.$type !== "bpmn:TerminateEventDefinition");
        if (other) throw refuseElement(el, { "zh-CN": `带${bare(other.$type)}的结束事件`, "en-US": `end event with a ${bare(other.$type)}` });
        return "endEvent";
      }
      case "bpmn:UserTask":
        return "userTask";
      case "bpmn:Task":
      case "bpmn:ManualTask":
      case "bpmn:ScriptTask":
      case "bpmn:SendTask":
      case "bpmn:ReceiveTask":
      case "bpmn:BusinessRuleTask":
        return "passThrough";
      case "bpmn:ServiceTask":
        if (this.attrs.qifu(el, "type") === "cc") return "cc";
        return this.handler(el) ? "serviceTask" : "passThrough";
      case "bpmn:ExclusiveGateway":
        return "exclusiveGateway";
      case "bpmn:ParallelGateway":
        return "parallelGateway";
      case "bpmn:InclusiveGateway":
        return "inclusiveGateway";
      default:
        return null;
    }
  }

  /** A registered handler's name: never code, only a name the Worker looks up. */
  private handler(el: El): string | null {
    const own = this.attrs.qifu(el, "handler");
    if (own) return own;
    const delegate = this.attrs.engine(el, "delegateExpression");
    if (delegate) return delegate.replace(/^[$#]\{\s*|\s*\}$/g, "");
    return this.attrs.engine(el, "class");
  }

  private assignment(el: El): Assignment {
    const assignment: Assignment = {
      assignee: this.attrs.engine(el, "assignee"),
      candidateUsers: splitList(this.attrs.engine(el, "candidateUsers")),
      candidateGroups: splitList(this.attrs.engine(el, "candidateGroups")),
    };
    // the standard form: <potentialOwner>/<humanPerformer> with `user(a), group(b)`
    for (const resource of (el.resources as El[] | undefined) ?? []) {
      const text = body((resource.resourceAssignmentExpression as El | undefined)?.expression);
      if (!text) continue;
      const performer = resource.$type === "bpmn:HumanPerformer" || resource.$type === "bpmn:Performer";
      for (const entry of splitList(text)) {
        const m = /^(user|group)\s*\(\s*(.*?)\s*\)$/.exec(entry);
        const kind = m ? m[1] : performer ? "user" : "group"; // Camunda/Flowable: a bare potential owner is a group
        const who = m ? m[2] : entry;
        if (!who) continue;
        if (kind === "group") assignment.candidateGroups.push(who);
        else if (performer && !assignment.assignee) assignment.assignee = who;
        else assignment.candidateUsers.push(who);
      }
    }
    return assignment;
  }

  private multiInstance(el: El): MultiInstance | null {
    const loop = el.loopCharacteristics as El | undefined;
    if (!loop) return null;
    if (loop.$type !== "bpmn:MultiInstanceLoopCharacteristics") {
      throw refuseElement(el, { "zh-CN": "标准循环任务", "en-US": "standard loop task" });
    }
    const collection =
      this.attrs.engine(loop, "collection") ??
      this.unresolved.get(loop)?.get("loopDataInputRef") ??
      // resolved to a data input / property: its name is the variable
      (((loop.loopDataInputRef as El | undefined)?.name as string | undefined) || (loop.loopDataInputRef as El | undefined)?.id) ??
      null;
    const elementVariable = this.attrs.engine(loop, "elementVariable") ?? (((loop.inputDataItem as El | undefined)?.name as string | undefined) || null);
    const cardinality = body(loop.loopCardinality);
    if (!cardinality && !collection) {
      throw refuse(`${named(el)["zh-CN"]} 的多实例既没有数量也没有集合`, `${named(el)["en-US"]} is multi-instance without a cardinality or a collection`);
    }
    return { sequential: loop.isSequential === true, cardinality, collection, elementVariable, completionCondition: body(loop.completionCondition) };
  }

  /** The designer's per-node policies; absent on models drawn elsewhere (the engine's plain BPMN behaviour). */
  private policy(el: El): NodePolicy | undefined {
    const emptyApprover = this.attrs.qifu(el, "emptyApprover");
    const emptyApproverUser = this.attrs.qifu(el, "emptyApproverUser");
    const repeatedApprover = this.attrs.qifu(el, "repeatedApprover");
    const formPerms = this.attrs.qifu(el, "formPerms");
    if (!emptyApprover && !repeatedApprover && !formPerms && !emptyApproverUser) return undefined;
    // the same defaults as the engine's for a node without any (worker/flow/engine/run.ts)
    const policy: NodePolicy = { emptyApprover: "admin", emptyApproverUser: emptyApproverUser, repeatedApprover: "again", formPerms: {} };
    if (emptyApprover) {
      if (!["pass", "reject", "admin", "user"].includes(emptyApprover)) {
        throw refuse(`${named(el)["zh-CN"]} 的 qifu:emptyApprover 值 "${emptyApprover}" 无效`, `${named(el)["en-US"]} has an invalid qifu:emptyApprover "${emptyApprover}"`);
      }
      policy.emptyApprover = emptyApprover as NodePolicy["emptyApprover"];
    }
    if (repeatedApprover) {
      if (!["pass", "again"].includes(repeatedApprover)) {
        throw refuse(`${named(el)["zh-CN"]} 的 qifu:repeatedApprover 值 "${repeatedApprover}" 无效`, `${named(el)["en-US"]} has an invalid qifu:repeatedApprover "${repeatedApprover}"`);
      }
      policy.repeatedApprover = repeatedApprover as NodePolicy["repeatedApprover"];
    }
    if (formPerms) policy.formPerms = parseFormPerms(formPerms, el);
    return policy;
  }

  private flow(el: El): void {
    const id = this.flowIds.get(el)!;
    const source = (el.sourceRef as El | undefined)?.id ?? this.unresolved.get(el)?.get("sourceRef") ?? null;
    const target = (el.targetRef as El | undefined)?.id ?? this.unresolved.get(el)?.get("targetRef") ?? null;
    const from = source ? this.nodes[source] : undefined;
    const to = target ? this.nodes[target] : undefined;
    const fromBoundary = source ? this.boundaries.has(source) : false;
    if (!from && !fromBoundary) {
      throw refuse(`顺序流 "${id}" 的起点 "${source ?? ""}" 不是流程中的节点`, `sequence flow "${id}" starts at "${source ?? ""}", which is not a node of the process`);
    }
    if (!to) {
      throw refuse(`顺序流 "${id}" 指向的 "${target ?? ""}" 不是流程中的节点`, `sequence flow "${id}" leads to "${target ?? ""}", which is not a node of the process`);
    }
    const conditionExpression = el.conditionExpression as El | undefined;
    const language = typeof conditionExpression?.language === "string" ? conditionExpression.language.toLowerCase() : null;
    if (language && !["juel", "el", "jexl", "uel"].includes(language)) {
      throw refuse(
        `顺序流 "${id}" 的条件使用 ${language} 脚本；只支持表达式 \${…}`,
        `sequence flow "${id}" has a ${language} script condition; only \${…} expressions are supported`,
      );
    }
    this.flows[id] = { id, source: source!, target: target!, name: (typeof el.name === "string" && el.name) || null, condition: body(conditionExpression) };
    if (from) from.outgoing.push(id);
    to.incoming.push(id);
  }

  private boundary(id: string, el: El): void {
    const host = (el.attachedToRef as El | undefined)?.id ?? this.unresolved.get(el)?.get("attachedToRef") ?? null;
    const definitions = (el.eventDefinitions as El[] | undefined) ?? [];
    const timer = definitions.length === 1 && definitions[0].$type === "bpmn:TimerEventDefinition" ? definitions[0] : null;
    if (!timer) {
      const what = definitions[0] ? bare(definitions[0].$type) : "none";
      throw refuseElement(el, { "zh-CN": `${what} 边界事件（只支持定时器）`, "en-US": `${what} boundary event (only timers are supported)` });
    }
    const task = host ? this.nodes[host] : undefined;
    if (!task || task.kind !== "userTask") {
      throw refuse(`定时边界事件 "${id}" 只能附在用户任务上`, `boundary timer "${id}" must be attached to a user task`);
    }
    const { duration, repeat } = this.timerSpec(id, timer);
    const outgoing = Object.values(this.flows).filter((f) => f.source === id).map((f) => f.id);
    const entry: BoundaryTimer = { id, duration, repeat, interrupting: el.cancelActivity !== false, outgoing };
    task.timers!.push(entry);
  }

  private timerSpec(id: string, timer: El): { duration: string; repeat: number } {
    const duration = body(timer.timeDuration);
    const cycle = body(timer.timeCycle);
    if (timer.timeDate) {
      throw refuse(`定时边界事件 "${id}" 使用固定日期；只支持时长和循环`, `boundary timer "${id}" uses a fixed date; only durations and cycles are supported`);
    }
    if (duration) {
      if (!iso8601Duration.test(duration)) {
        throw refuse(`定时边界事件 "${id}" 的时长 "${duration}" 不是 ISO 8601 时长（如 PT24H）`, `boundary timer "${id}" has the duration "${duration}", not an ISO 8601 duration (such as PT24H)`);
      }
      return { duration, repeat: 1 };
    }
    const m = cycle ? /^R(\d*)\/(P[^/]+)$/.exec(cycle) : null;
    if (!m || !iso8601Duration.test(m[2])) {
      throw refuse(`定时边界事件 "${id}" 的周期 "${cycle ?? ""}" 无效（如 R3/PT1H）`, `boundary timer "${id}" has the cycle "${cycle ?? ""}", which is not like R3/PT1H`);
    }
    return { duration: m[2], repeat: m[1] === "" ? unboundedRepeats : Math.max(1, Number(m[1])) };
  }

  private defaultFlow(el: El): void {
    const target = el.default as El | undefined;
    if (!target || !el.id || !this.nodes[el.id]) return;
    const id = this.flowIds.get(target) ?? target.id ?? null;
    if (!id || !this.nodes[el.id].outgoing.includes(id)) {
      throw refuse(`${named(el)["zh-CN"]} 的默认流不是它的出口`, `${named(el)["en-US"]} has a default flow that does not leave it`);
    }
    this.nodes[el.id].defaultFlow = id;
  }

  private startNode(): string {
    const starts = Object.values(this.nodes).filter((n) => n.kind === "startEvent");
    if (starts.length === 0) throw refuse("没有开始事件", "there is no start event");
    if (starts.length > 1) throw refuse(`有多个开始事件（${starts.map((s) => s.id).join(", ")}）`, `there is more than one start event (${starts.map((s) => s.id).join(", ")})`);
    if (starts[0].outgoing.length === 0) throw refuse(`开始事件 "${starts[0].id}" 没有出口`, `the start event "${starts[0].id}" leads nowhere`);
    return starts[0].id;
  }

  /** The nodes a token may move to next from a node: its flows' targets, and its timers' flows' targets. */
  private successors(node: CompiledNode): string[] {
    const flows = [...node.outgoing, ...(node.timers ?? []).flatMap((t) => t.outgoing)];
    return [...new Set(flows.map((f) => this.flows[f].target))];
  }

  private reach(): Record<string, string[]> {
    const reach: Record<string, string[]> = {};
    for (const id of Object.keys(this.nodes)) {
      const seen = new Set<string>();
      const stack = this.successors(this.nodes[id]);
      while (stack.length) {
        const next = stack.pop()!;
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(...this.successors(this.nodes[next]));
      }
      reach[id] = [...seen];
    }
    return reach;
  }

  /**
   * Every node must be able to finish: a token that can never reach the end of a path is a model error (a
   * loop with no way out). A path ends at an end event or at any node without an outgoing sequence flow: BPMN's
   * implicit end, which Camunda and Flowable accept. Of the nodes that cannot finish, the one closest to the
   * dead end (fewest nodes ahead) is named: that is where to look.
   */
  private checkEnds(reach: Record<string, string[]>): void {
    const ends = (id: string) => this.nodes[id].kind === "endEvent" || this.nodes[id].outgoing.length === 0;
    const stuck = Object.values(this.nodes).filter((n) => !ends(n.id) && !reach[n.id].some(ends));
    if (stuck.length === 0) return;
    const inner = stuck.filter((n) => n.kind !== "startEvent");
    const node = (inner.length ? inner : stuck).reduce((best, n) => (reach[n.id].length < reach[best.id].length ? n : best));
    const n = { $type: this.types.get(node.id) ?? node.kind, id: node.id } as El;
    throw refuse(`${named(n)["zh-CN"]} 之后无法到达结束事件`, `no path leads from ${named(n)["en-US"]} to an end event`);
  }
}

/** `qifu:formPerms` is JSON `{ "field": "edit" | "read" | "hidden" }`. */
function parseFormPerms(text: string, el: El): NodePolicy["formPerms"] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  const valid =
    value && typeof value === "object" && !Array.isArray(value) && Object.values(value).every((v) => v === "edit" || v === "read" || v === "hidden");
  if (!valid) throw refuse(`${named(el)["zh-CN"]} 的 qifu:formPerms 不是有效的 JSON 权限表`, `${named(el)["en-US"]} has a qifu:formPerms that is not a JSON permission map`);
  return value as NodePolicy["formPerms"];
}
