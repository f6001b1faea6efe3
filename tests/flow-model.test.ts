/**
 * The model layer of the workflow engine: BPMN XML compiled to what the engine runs (every conformance file
 * of ../shared/bpmn-conformance, unchanged, plus refusals naming what is outside the subset), and the
 * expression evaluator (jexl behind EL spelling: unknown variables refused by name, no prototype access).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { compileBpmn } from "../worker/flow/model/compile.ts";
import { ExpressionError, evaluate, evaluateCondition, evaluateString, referencedVariables } from "../worker/flow/model/expressions.ts";
import { FlowRefused } from "../worker/flow/engine/refusal.ts";
import type { CompiledModel } from "../worker/flow/engine/types.ts";

const conformance = (name: string) => {
  const text = env.BPMN_CONFORMANCE[name];
  if (!text) throw new Error(`missing conformance file ${name}`);
  return text;
};
const compileFile = (name: string) => compileBpmn(conformance(name));

/** The refusal a promise or function ends with (both languages). */
async function refusal(run: () => unknown): Promise<FlowRefused> {
  try {
    await run();
  } catch (e) {
    if (e instanceof FlowRefused) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

const definitions = (process: string, extra = "") => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:fl="http://flowable.org/bpmn" xmlns:q="http://qifu.example/schema/bpmn" ${extra} targetNamespace="t">
  <process id="p" name="Test" isExecutable="true">${process}</process>
</definitions>`;

const simple = (task: string, more = "") =>
  definitions(`<startEvent id="s"/><sequenceFlow id="f1" sourceRef="s" targetRef="t1"/>${task}<sequenceFlow id="f2" sourceRef="t1" targetRef="e"/><endEvent id="e"/>${more}`);

function outgoingTargets(model: CompiledModel, node: string): string[] {
  return model.nodes[node].outgoing.map((f) => model.flows[f].target);
}

describe("compileBpmn: the conformance files", () => {
  it("compiles every file of the suite", async () => {
    const files = Object.keys(env.BPMN_CONFORMANCE).filter((f) => f.endsWith(".bpmn"));
    expect(files.length).toBe(12);
    for (const file of files) {
      const model = await compileFile(file);
      expect(model.nodes[model.startNode]?.kind, file).toBe("startEvent");
      // every flow joins two nodes (or leaves a boundary timer) and is listed on both ends
      for (const flow of Object.values(model.flows)) {
        expect(model.nodes[flow.target], `${file} ${flow.id}`).toBeDefined();
        expect(model.nodes[flow.target].incoming).toContain(flow.id);
        if (model.nodes[flow.source]) expect(model.nodes[flow.source].outgoing).toContain(flow.id);
      }
      // every node reaches an end event
      for (const node of Object.values(model.nodes)) {
        if (node.kind !== "endEvent") expect(model.reach[node.id].some((n) => model.nodes[n].kind === "endEvent"), `${file} ${node.id}`).toBe(true);
      }
    }
  });

  it("exclusive gateway: conditions as written, in document order, no default", async () => {
    const m = await compileFile("camunda-ExclusiveGatewayTest.testDivergingExclusiveGateway.bpmn");
    expect(m.nodes.exclusiveGw.kind).toBe("exclusiveGateway");
    expect(m.nodes.exclusiveGw.defaultFlow).toBeNull();
    expect(m.nodes.exclusiveGw.outgoing.map((f) => m.flows[f].condition)).toEqual(["${input == 1}", "${input == 2}", "${input == 3}"]);
    expect(outgoingTargets(m, "exclusiveGw")).toEqual(["theTask1", "theTask2", "theTask3"]);
  });

  it("inclusive gateway: default flow kept", async () => {
    const m = await compileFile("camunda-InclusiveGatewayTest.testDefaultSequenceFlow.bpmn");
    const gw = Object.values(m.nodes).find((n) => n.kind === "inclusiveGateway")!;
    expect(gw.defaultFlow).toBe("flow3");
    expect(m.flows.flow3.condition).toBeNull();
  });

  it("flows without ids get flow_<n> in document order, and the join has two incoming", async () => {
    const m = await compileFile("camunda-ParallelGatewayTest.testForkJoin.bpmn");
    expect(Object.keys(m.flows)).toEqual(["flow1", "flow_2", "flow_3", "flow_4", "flow_5", "flow_6", "flow_7"]);
    expect(m.nodes.fork.kind).toBe("parallelGateway");
    expect(outgoingTargets(m, "fork")).toEqual(["receivePayment", "shipOrder"]);
    expect(m.nodes.join.incoming).toHaveLength(2);
    expect(m.reach.fork).toEqual(expect.arrayContaining(["receivePayment", "shipOrder", "join", "archiveOrder", "theEnd"]));
    expect(m.reach.theEnd).toEqual([]);
  });

  it("manual tasks and plain tasks pass through", async () => {
    const m = await compileFile("camunda-ParallelGatewayTest.testUnstructuredConcurrencyTwoJoins.bpmn");
    const kinds = Object.values(m.nodes).map((n) => n.kind);
    expect(kinds.filter((k) => k === "passThrough")).toHaveLength(6);
    const react = await compileFile("camunda-examples-react-example.bpmn");
    expect(Object.values(react.nodes).filter((n) => n.kind === "passThrough")).toHaveLength(3);
    expect(Object.values(react.nodes).filter((n) => n.kind === "endEvent")).toHaveLength(2);
    const conditions = Object.values(react.flows).map((f) => f.condition).filter(Boolean);
    expect(conditions).toEqual(expect.arrayContaining(["${approved}", "${not approved}"]));
  });

  it("multi-instance: parallel by an expression cardinality, with an expression assignee", async () => {
    const m = await compileFile("camunda-MultiInstanceTest.testParallelUserTasks.bpmn");
    expect(m.nodes.miTasks.multi).toEqual({ sequential: false, cardinality: "${5-2}", collection: null, elementVariable: null, completionCondition: null });
    expect(m.nodes.miTasks.assignment).toEqual({ assignee: "kermit_${loopCounter}", candidateUsers: [], candidateGroups: [] });
    expect(m.nodes.miTasks.name).toBe("My Task ${loopCounter}");
  });

  it("multi-instance: sequential by a literal; any-one by a completion condition", async () => {
    const seq = await compileFile("camunda-ProcessInstanceModificationMultiInstanceTest.sequentialTasks.bpmn");
    expect(seq.nodes.miTasks.multi).toMatchObject({ sequential: true, cardinality: "3" });
    expect(seq.nodes.beforeTask.multi).toBeNull();
    const any = await compileFile("flowable-TaskBatchDeleteTest.testDeleteCancelledMultiInstanceTasks.bpmn");
    expect(any.nodes.multiInstance.multi).toMatchObject({ sequential: false, cardinality: "5", completionCondition: "${1 == 1}" });
  });

  it("assignment: vendor candidate users trimmed, standard potentialOwner user()/group()", async () => {
    const a = await compileFile("camunda-TaskAssignmentExtensionsTest.testCandidateUsersExtension.bpmn");
    const task = Object.values(a.nodes).find((n) => n.kind === "userTask")!;
    expect(task.assignment).toEqual({ assignee: null, candidateUsers: ["kermit", "gonzo"], candidateGroups: [] });
    const b = await compileFile("camunda-TaskCandidateTest.testMixedCandidateUserAndGroup.bpmn");
    expect(b.nodes.theTask.assignment).toEqual({ assignee: null, candidateUsers: ["kermit"], candidateGroups: ["sales"] });
  });

  it("terminate end event, bpmn2: prefix", async () => {
    const m = await compileFile("camunda-TerminateEndEventTest.testProcessTerminate.bpmn");
    expect(m.nodes.EndEvent_2.terminate).toBe(true);
    expect(m.nodes.EndEvent_1.terminate).toBeUndefined();
  });
});

describe("compileBpmn: attributes and timers", () => {
  it("resolves a prefix declared on the process element", async () => {
    const xml = `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="t">
      <process id="p" isExecutable="true" xmlns:x="http://activiti.org/bpmn"><startEvent id="s"/><sequenceFlow sourceRef="s" targetRef="t1"/>
      <userTask id="t1" x:assignee="kermit" x:candidateGroups="management"/><sequenceFlow sourceRef="t1" targetRef="e"/><endEvent id="e"/></process></definitions>`;
    const m = await compileBpmn(xml);
    expect(m.nodes.t1.assignment).toEqual({ assignee: "kermit", candidateUsers: [], candidateGroups: ["management"] });
  });

  it("reads vendor attributes by namespace URI whatever the prefix", async () => {
    const m = await compileBpmn(
      simple(`<userTask id="t1" name="Approve" fl:assignee="\${initiator}" fl:candidateUsers="a , b" fl:candidateGroups="g1,\${dept}">
        <multiInstanceLoopCharacteristics isSequential="true" fl:collection="\${approvers}" fl:elementVariable="assignee">
          <completionCondition>\${nrOfCompletedInstances/nrOfInstances &gt;= 0.5}</completionCondition>
        </multiInstanceLoopCharacteristics></userTask>`),
    );
    expect(m.nodes.t1.assignment).toEqual({ assignee: "${initiator}", candidateUsers: ["a", "b"], candidateGroups: ["g1", "${dept}"] });
    expect(m.nodes.t1.multi).toEqual({
      sequential: true,
      cardinality: null,
      collection: "${approvers}",
      elementVariable: "assignee",
      completionCondition: "${nrOfCompletedInstances/nrOfInstances >= 0.5}",
    });
    expect(m.name).toBe("Test");
    expect(m.processId).toBe("p");
  });

  it("standard loopDataInputRef / inputDataItem and humanPerformer", async () => {
    const m = await compileBpmn(
      simple(`<userTask id="t1"><humanPerformer><resourceAssignmentExpression><formalExpression>\${boss}</formalExpression></resourceAssignmentExpression></humanPerformer>
        <multiInstanceLoopCharacteristics><loopDataInputRef>assigneeList</loopDataInputRef><inputDataItem name="assignee"/></multiInstanceLoopCharacteristics></userTask>`),
    );
    expect(m.nodes.t1.assignment?.assignee).toBe("${boss}");
    expect(m.nodes.t1.multi).toMatchObject({ sequential: false, collection: "assigneeList", elementVariable: "assignee" });
  });

  it("qifu policies, cc nodes and handlers", async () => {
    const m = await compileBpmn(
      definitions(`<startEvent id="s"/><sequenceFlow sourceRef="s" targetRef="t1"/>
        <userTask id="t1" q:emptyApprover="user" q:emptyApproverUser="u9" q:repeatedApprover="pass" q:formPerms='{"amount":"edit","note":"hidden"}'/>
        <sequenceFlow sourceRef="t1" targetRef="c"/><serviceTask id="c" q:type="cc" q:ccUsers="u1,u2" q:ccGroups="r1"/>
        <sequenceFlow sourceRef="c" targetRef="h"/><serviceTask id="h" q:handler="stamp"/>
        <sequenceFlow sourceRef="h" targetRef="j"/><serviceTask id="j" camunda:class="com.example.Java"/>
        <sequenceFlow sourceRef="j" targetRef="k"/><scriptTask id="k" scriptFormat="groovy"><script>evil()</script></scriptTask>
        <sequenceFlow sourceRef="k" targetRef="e"/><endEvent id="e"/>`),
    );
    expect(m.nodes.t1.policy).toEqual({ emptyApprover: "user", emptyApproverUser: "u9", repeatedApprover: "pass", formPerms: { amount: "edit", note: "hidden" } });
    expect(m.nodes.c).toMatchObject({ kind: "cc", cc: { users: ["u1", "u2"], groups: ["r1"] } });
    expect(m.nodes.h).toMatchObject({ kind: "serviceTask", handler: "stamp" });
    expect(m.nodes.j).toMatchObject({ kind: "serviceTask", handler: "com.example.Java" });
    expect(m.nodes.k.kind).toBe("passThrough");
    // a task drawn elsewhere has no qifu policy: the engine's plain behaviour
    const plain = await compileFile("camunda-examples-react-example.bpmn");
    expect(plain.nodes.Task_1a9adlo.policy).toBeUndefined();
  });

  it("boundary timers: reminder (non-interrupting, cycle) and escalation (interrupting, with a flow)", async () => {
    const m = await compileBpmn(
      simple(
        `<userTask id="t1"/>`,
        `<boundaryEvent id="remind" attachedToRef="t1" cancelActivity="false"><timerEventDefinition><timeCycle>R3/PT1H</timeCycle></timerEventDefinition></boundaryEvent>
         <boundaryEvent id="late" attachedToRef="t1"><timerEventDefinition><timeDuration>P2D</timeDuration></timerEventDefinition></boundaryEvent>
         <sequenceFlow id="f3" sourceRef="late" targetRef="boss"/><userTask id="boss"/><sequenceFlow id="f4" sourceRef="boss" targetRef="e"/>`,
      ),
    );
    expect(m.nodes.t1.timers).toEqual([
      { id: "remind", duration: "PT1H", repeat: 3, interrupting: false, outgoing: [] },
      { id: "late", duration: "P2D", repeat: 1, interrupting: true, outgoing: ["f3"] },
    ]);
    expect(m.flows.f3.source).toBe("late");
    expect(m.nodes.t1.outgoing).toEqual(["f2"]);
    expect(m.reach.t1).toEqual(expect.arrayContaining(["e", "boss"]));
    expect(m.nodes.late).toBeUndefined();
  });

  it("ignores listeners, form keys, async flags, documentation and DI", async () => {
    const m = await compileBpmn(
      simple(
        `<userTask id="t1" camunda:formKey="embedded:app:x.html" camunda:asyncBefore="true"><documentation>doc</documentation>
          <extensionElements><camunda:taskListener event="create" class="x.Y"/><camunda:executionListener event="start" expression="\${x}"/></extensionElements></userTask>`,
      ),
    );
    expect(m.nodes.t1.kind).toBe("userTask");
  });
});

describe("compileBpmn: refusals", () => {
  const cases: [string, string, RegExp][] = [
    ["sub-process", simple(`<subProcess id="t1"/>`), /SubProcess "t1"/],
    ["call activity", simple(`<callActivity id="t1" calledElement="x"/>`), /CallActivity "t1"/],
    ["intermediate event", simple(`<intermediateCatchEvent id="t1"><timerEventDefinition/></intermediateCatchEvent>`), /IntermediateCatchEvent "t1"/],
    ["intermediate throw", simple(`<intermediateThrowEvent id="t1"/>`), /IntermediateThrowEvent "t1"/],
    ["event-based gateway", simple(`<eventBasedGateway id="t1"/>`), /EventBasedGateway "t1"/],
    ["message start", definitions(`<startEvent id="s"><messageEventDefinition/></startEvent><sequenceFlow sourceRef="s" targetRef="e"/><endEvent id="e"/>`), /StartEvent "s"/],
    ["signal end", definitions(`<startEvent id="s"/><sequenceFlow sourceRef="s" targetRef="e"/><endEvent id="e"><signalEventDefinition/></endEvent>`), /EndEvent "e"/],
    ["error boundary", simple(`<userTask id="t1"/>`, `<boundaryEvent id="b" attachedToRef="t1"><errorEventDefinition/></boundaryEvent>`), /BoundaryEvent "b"/],
    ["two starts", definitions(`<startEvent id="s1"/><startEvent id="s2"/><sequenceFlow sourceRef="s1" targetRef="e"/><sequenceFlow sourceRef="s2" targetRef="e"/><endEvent id="e"/>`), /s1, s2/],
    ["no start", definitions(`<userTask id="t"/><sequenceFlow sourceRef="t" targetRef="e"/><endEvent id="e"/>`), /no start event/],
    ["flow to a missing node", definitions(`<startEvent id="s"/><sequenceFlow id="f9" sourceRef="s" targetRef="ghost"/><endEvent id="e"/>`), /"f9".*"ghost"/],
    ["a loop with no way out", definitions(`<startEvent id="s"/><sequenceFlow sourceRef="s" targetRef="a"/><task id="a"/><sequenceFlow sourceRef="a" targetRef="b"/><task id="b"/><sequenceFlow sourceRef="b" targetRef="a"/><endEvent id="e"/>`), /Task "a"/],
    ["script condition", simple(`<exclusiveGateway id="t1"/>`).replace(`<sequenceFlow id="f2" sourceRef="t1" targetRef="e"/>`, `<sequenceFlow id="f2" sourceRef="t1" targetRef="e"><conditionExpression xsi:type="tFormalExpression" language="javascript">true</conditionExpression></sequenceFlow>`), /javascript/],
    ["timer with a date", simple(`<userTask id="t1"/>`, `<boundaryEvent id="b" attachedToRef="t1"><timerEventDefinition><timeDate>2030-01-01T00:00:00Z</timeDate></timerEventDefinition></boundaryEvent>`), /"b".*date/],
    ["timer with a bad duration", simple(`<userTask id="t1"/>`, `<boundaryEvent id="b" attachedToRef="t1"><timerEventDefinition><timeDuration>tomorrow</timeDuration></timerEventDefinition></boundaryEvent>`), /tomorrow/],
    ["unknown BPMN element", simple(`<userTask id="t1"/>`, `<frobnicator id="x"/>`), /frobnicator/i],
    ["bad formPerms", simple(`<userTask id="t1" q:formPerms="not json"/>`), /formPerms/],
    ["standard loop", simple(`<userTask id="t1"><standardLoopCharacteristics/></userTask>`), /UserTask "t1"/],
  ];
  for (const [what, xml, pattern] of cases) {
    it(`refuses ${what}, naming the element in both languages`, async () => {
      const e = await refusal(() => compileBpmn(xml));
      expect(e.code).toBe(422);
      expect(e.render("en-US").msg).toMatch(pattern);
      expect(e.render("zh-CN").msg).toMatch(/BPMN 模型无法使用/);
      expect(e.render("zh-CN").msg).not.toBe(e.render("en-US").msg);
    });
  }

  it("accepts an activity or gateway without an outgoing flow: BPMN's implicit end of its path", async () => {
    const m = await compileBpmn(
      simple(`<userTask id="t1"/>`, `<sequenceFlow sourceRef="s" targetRef="dead"/><userTask id="dead"/><sequenceFlow sourceRef="s" targetRef="gw"/><parallelGateway id="gw"/>`),
    );
    expect(m.nodes.dead.outgoing).toEqual([]);
    expect(m.nodes.gw.outgoing).toEqual([]);
  });

  it("answers the parser's message for unparseable XML", async () => {
    const e = await refusal(() => compileBpmn("<definitions><process"));
    expect(e.code).toBe(422);
    expect(e.render("en-US").msg).toMatch(/cannot be parsed \(.+\)/);
    expect(e.render("zh-CN").msg).toMatch(/XML 无法解析/);
    expect((await refusal(() => compileBpmn(""))).render("en-US").msg).toMatch(/empty/);
    expect((await refusal(() => compileBpmn("<foo/>"))).code).toBe(422);
  });
});

describe("expressions", () => {
  it("EL conditions from the conformance files", () => {
    expect(evaluate("${input == 1}", { input: 1 })).toBe(true);
    expect(evaluate("${input == 1}", { input: 2 })).toBe(false);
    expect(evaluate("${input == 3 || input == 1}", { input: 1 })).toBe(true);
    expect(evaluate("${not approved}", { approved: false })).toBe(true);
    expect(evaluate("${not approved}", { approved: true })).toBe(false);
    expect(evaluate("${approved}", { approved: true })).toBe(true);
    expect(evaluate("${1 == 1}", {})).toBe(true);
  });

  it("arithmetic, and `/` divides as decimals", () => {
    expect(evaluate("${5-2}", {})).toBe(3);
    expect(evaluate("${nrOfCompletedInstances/nrOfInstances >= 0.5}", { nrOfCompletedInstances: 1, nrOfInstances: 2 })).toBe(true);
    expect(evaluate("${nrOfCompletedInstances/nrOfInstances >= 0.5}", { nrOfCompletedInstances: 1, nrOfInstances: 3 })).toBe(false);
    expect(evaluate("${nrOfCompletedInstances / nrOfInstances >= 0.6}", { nrOfCompletedInstances: 2, nrOfInstances: 3 })).toBe(true);
    expect(evaluate("${7 div 2}", {})).toBe(3.5);
    expect(evaluate("${7 mod 2}", {})).toBe(1);
  });

  it("text with embedded expressions answers a string; plain literals as themselves", () => {
    expect(evaluate("kermit_${loopCounter}", { loopCounter: 0 })).toBe("kermit_0");
    expect(evaluate("My Task ${loopCounter}", { loopCounter: 2 })).toBe("My Task 2");
    expect(evaluate("#{a}-#{b}", { a: "x", b: null })).toBe("x-");
    expect(evaluate("kermit", {})).toBe("kermit");
    expect(evaluate("3", {})).toBe(3);
    expect(evaluate("007", {})).toBe("007");
    expect(evaluateString("${n}", { n: 42 })).toBe("42");
  });

  it("EL keywords and operators, outside strings only", () => {
    const vars = { amount: 1500, dept: "finance", note: "", list: [], tags: ["a"] };
    expect(evaluate("${amount > 1000 && dept == 'finance'}", vars)).toBe(true);
    expect(evaluate("${amount gt 1000 and dept eq 'finance'}", vars)).toBe(true);
    expect(evaluate("${amount le 1000 or dept ne 'finance'}", vars)).toBe(false);
    expect(evaluate("${dept == 'not and or'}", vars)).toBe(false);
    expect(evaluate("${'and' + ' or'}", vars)).toBe("and or");
    expect(evaluate("${empty note && empty list && not empty tags}", vars)).toBe(true);
    expect(evaluate("${['id1','id2']}", {})).toEqual(["id1", "id2"]);
    expect(evaluate("${dept in ['finance', 'hr']}", vars)).toBe(true);
    expect(evaluate("${x == null}", { x: null })).toBe(true);
    expect(evaluate("${amount === 1500}", vars)).toBe(true);
  });

  it("refuses an unknown variable by name, in both languages", () => {
    const e = (() => {
      try {
        evaluate("${input == 1}", {});
      } catch (error) {
        return error;
      }
    })() as ExpressionError;
    expect(e).toBeInstanceOf(ExpressionError);
    expect(e).toBeInstanceOf(FlowRefused);
    expect(e.code).toBe(422);
    expect(e.render("en-US").msg).toContain('unknown variable "input"');
    expect(e.render("zh-CN").msg).toContain('未定义的变量 "input"');
    expect(() => evaluate("kermit_${loopCounter}", {})).toThrow(ExpressionError);
    // a name only reached through a member is not a variable of its own
    expect(evaluate("${user.name}", { user: { name: "Ann" } })).toBe("Ann");
  });

  it("no prototype access, no calls, never eval", () => {
    const vars = { a: { b: 1 }, s: "text" };
    for (const text of ["${a.constructor}", "${a['constructor']}", "${a.__proto__}", "${s.constructor.constructor}", "${constructor}", "${toString}", "${a.prototype}"]) {
      expect(() => evaluate(text, vars), text).toThrow(ExpressionError);
    }
    expect(() => evaluate("${a[s]}", vars)).toThrow(ExpressionError);
    expect(() => evaluate("${alert(1)}", vars)).toThrow(/unsupported function "alert"/);
    expect(() => evaluate("${a.b(1)}", vars)).toThrow(ExpressionError);
    expect(() => evaluate("${", vars)).toThrow(ExpressionError);
    expect(() => evaluate("${a +}", vars)).toThrow(/cannot be parsed/);
    // a variable named like an Object member reads as the variable, not Object.prototype
    expect(evaluate("${valueOf2}", { valueOf2: 3 })).toBe(3);
  });

  it("conditions must come out true or false", () => {
    expect(evaluateCondition("${approved}", { approved: true })).toBe(true);
    expect(evaluateCondition("${approved}", { approved: "false" })).toBe(false);
    expect(evaluateCondition("${approved}", { approved: null })).toBe(false);
    expect(evaluateCondition("${nrOfCompletedInstances >= 1}", { nrOfCompletedInstances: 1 })).toBe(true);
    expect(() => evaluateCondition("${amount}", { amount: 3 })).toThrow(/did not give true or false/);
  });

  it("lists the variables a text refers to", () => {
    expect(referencedVariables("${amount > 1000 && dept == 'x' && user.name == amount}")).toEqual(["amount", "dept", "user"]);
    expect(referencedVariables("kermit")).toEqual([]);
  });
});
