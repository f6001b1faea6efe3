/**
 * Property tests over generated process trees (sequences, parallel blocks, exclusive blocks, multi-instance
 * nodes, nested) and random command sequences (complete, return, reject, revoke, recall, add/remove signer,
 * delegate, transfer): after
 * every command no task is stray, no join is stuck, and the instance can always be driven to its end.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { returnTargets } from "../worker/flow/engine/decide.ts";
import { FlowRefused } from "../worker/flow/engine/refusal.ts";
import type { FlowCommand } from "../worker/flow/engine/types.ts";
import { checkInvariants, deploy, memoryDirectory, Sim } from "./flow/harness.ts";

type Block =
  | { t: "task"; user: number }
  | { t: "multi"; mode: "all" | "any" | "seq" }
  | { t: "seq"; items: Block[] }
  | { t: "par"; branches: Block[] }
  | { t: "xor"; branches: Block[] };

const block: fc.Memo<Block> = fc.memo((n) =>
  n <= 1
    ? fc.oneof(
        { weight: 4, arbitrary: fc.record({ t: fc.constant("task" as const), user: fc.integer({ min: 1, max: 4 }) }) },
        { weight: 1, arbitrary: fc.record({ t: fc.constant("multi" as const), mode: fc.constantFrom("all" as const, "any" as const, "seq" as const) }) },
      )
    : fc.oneof(
        { weight: 3, arbitrary: fc.record({ t: fc.constant("task" as const), user: fc.integer({ min: 1, max: 4 }) }) },
        { weight: 1, arbitrary: fc.record({ t: fc.constant("multi" as const), mode: fc.constantFrom("all" as const, "any" as const, "seq" as const) }) },
        { weight: 2, arbitrary: fc.record({ t: fc.constant("seq" as const), items: fc.array(block(n - 1), { minLength: 2, maxLength: 3 }) }) },
        { weight: 2, arbitrary: fc.record({ t: fc.constant("par" as const), branches: fc.array(block(n - 1), { minLength: 2, maxLength: 3 }) }) },
        { weight: 2, arbitrary: fc.record({ t: fc.constant("xor" as const), branches: fc.array(block(n - 1), { minLength: 2, maxLength: 3 }) }) },
      ),
);

/** BPMN for a tree: start → the tree → end; exclusive blocks choose by a variable `c_<gateway>` set at start. */
function toBpmn(tree: Block): { xml: string; choices: Record<string, number> } {
  const parts: string[] = [];
  const choices: Record<string, number> = {};
  let n = 0;
  let f = 0;
  const flow = (from: string, to: string, cond?: string) =>
    parts.push(
      cond
        ? `<sequenceFlow id="f${++f}" sourceRef="${from}" targetRef="${to}"><conditionExpression xsi:type="tFormalExpression">${cond}</conditionExpression></sequenceFlow>`
        : `<sequenceFlow id="f${++f}" sourceRef="${from}" targetRef="${to}" />`,
    );
  /** Builds the block after `from`; answers its last node. */
  const build = (b: Block, from: string): string => {
    switch (b.t) {
      case "task": {
        const id = `t${++n}`;
        parts.push(`<userTask id="${id}" name="Task ${id}" flowable:assignee="u${b.user}" />`);
        flow(from, id);
        return id;
      }
      case "multi": {
        const id = `m${++n}`;
        const cond = b.mode === "any" ? "<completionCondition>${nrOfCompletedInstances &gt;= 1}</completionCondition>" : "";
        parts.push(
          `<userTask id="${id}" name="Multi ${id}" flowable:assignee="\${assignee}"><multiInstanceLoopCharacteristics isSequential="${b.mode === "seq"}" flowable:collection="\${['u1','u2','u3']}" flowable:elementVariable="assignee">${cond}</multiInstanceLoopCharacteristics></userTask>`,
        );
        flow(from, id);
        return id;
      }
      case "seq":
        return b.items.reduce((last, item) => build(item, last), from);
      case "par": {
        const fork = `p${++n}`;
        const join = `j${n}`;
        parts.push(`<parallelGateway id="${fork}" />`, `<parallelGateway id="${join}" />`);
        flow(from, fork);
        for (const br of b.branches) flow(build(br, fork), join);
        return join;
      }
      case "xor": {
        const gw = `x${++n}`;
        const merge = `y${n}`;
        parts.push(`<exclusiveGateway id="${gw}" />`, `<exclusiveGateway id="${merge}" />`);
        flow(from, gw);
        choices[`c_${gw}`] = 0;
        b.branches.forEach((br, i) => {
          // build the branch's first flow with a condition: route through a pass-through task so the condition sits on the gateway's flow
          const entry = `e${gw}_${i}`;
          parts.push(`<task id="${entry}" />`);
          flow(gw, entry, `\${c_${gw} == ${i}}`);
          flow(build(br, entry), merge);
        });
        return merge;
      }
    }
  };
  const last = build(tree, "start");
  flow(last, "end");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" targetNamespace="prop">
<process id="prop" isExecutable="true"><startEvent id="start" name="Initiator" />${parts.join("")}<endEvent id="end" /></process></definitions>`;
  return { xml, choices };
}

const action = fc.record({
  kind: fc.constantFrom("complete", "complete", "complete", "complete", "return", "return", "reject", "revoke", "recall", "recall", "signerBefore", "signerAfter", "signerParallel", "removeSigner", "delegate", "transfer"),
  pick: fc.nat(),
  target: fc.nat(),
});

/**
 * In a structured tree every node is active at most once at a time, and a node never has more open instances
 * than it still needs (no duplicate tasks after a return into a multi-instance node).
 */
function structured(sim: Sim): string | null {
  const s = sim.s;
  const seen = new Set<string>();
  for (const a of Object.values(s.activations)) {
    if (seen.has(a.node)) return `node ${a.node} active twice`;
    seen.add(a.node);
    const counted = Object.values(s.tasks).filter((t) => t.activation === a.id && !t.signer).length;
    if (counted + a.pending.length > a.nrOfInstances - a.nrOfCompletedInstances) return `node ${a.node}: ${counted} open + ${a.pending.length} pending of ${a.nrOfInstances} (${a.nrOfCompletedInstances} done)`;
  }
  const waiting = Object.values(s.tokens).filter((t) => !Object.values(s.activations).some((a) => a.token === t.id));
  const keys = waiting.map((t) => `${t.node}/${t.via}`);
  if (new Set(keys).size !== keys.length) return `two tokens wait at one join on one flow: ${keys.join(",")}`;
  return null;
}

const directory = memoryDirectory({ users: { u1: "1", u2: "2", u3: "3", u4: "4", u5: "5", starter: "S" }, admins: [] });

async function runCase(tree: Block, choicePicks: number[], actions: { kind: string; pick: number; target: number }[]): Promise<void> {
  const { xml, choices } = toBpmn(tree);
  const sim = new Sim(await deploy(xml), directory);
  const vars: Record<string, unknown> = {};
  Object.keys(choices).forEach((k, i) => (vars[k] = (choicePicks[i] ?? 0) % 3 === 2 ? 1 : (choicePicks[i] ?? 0) % 2));
  // exclusive blocks have 2 or 3 branches; a choice beyond the count would be refused (no default): keep it 0/1
  await sim.start("starter", vars);
  const check = (step: string) => {
    const problem = checkInvariants(sim.s) ?? structured(sim);
    if (problem) throw new Error(`${step}: ${problem}\n${xml}`);
  };
  check("start");
  for (const a of actions) {
    if (sim.s.status !== "running") break;
    const open = Object.values(sim.s.tasks).filter((t) => t.state === "open");
    if (!open.length) break;
    const task = open[a.pick % open.length];
    let command: FlowCommand;
    let by: string = (await sim.worker(task)).id;
    switch (a.kind) {
      case "return": {
        const targets = returnTargets(sim.model, sim.s, task.taskId);
        if (!targets.length) continue;
        command = { type: "return", taskId: task.taskId, targetKey: targets[a.target % targets.length].key };
        break;
      }
      case "reject":
        command = { type: "reject", taskId: task.taskId };
        break;
      case "revoke":
        command = { type: "revoke" };
        by = "starter";
        break;
      case "recall": {
        const done = sim.s.completed.filter((c) => c.by !== "system");
        if (!done.length) continue;
        const entry = done[a.target % done.length];
        command = { type: "recall", taskId: entry.taskId };
        by = entry.by;
        break;
      }
      case "signerBefore":
      case "signerAfter":
      case "signerParallel":
        command = { type: "addSigner", taskId: task.taskId, userIds: ["u5"], position: a.kind === "signerBefore" ? "before" : a.kind === "signerAfter" ? "after" : "parallel" };
        break;
      case "removeSigner":
        command = { type: "removeSigner", taskId: task.taskId };
        if (task.addedBy) by = task.addedBy;
        break;
      case "delegate":
        command = { type: "delegate", taskId: task.taskId, userId: by === "u4" ? "u3" : "u4" };
        break;
      case "transfer":
        command = { type: "transfer", taskId: task.taskId, userId: by === "u4" ? "u3" : "u4" };
        break;
      default:
        command = { type: "complete", taskId: task.taskId };
    }
    const before = JSON.stringify(sim.state);
    try {
      await sim.run(command, by);
    } catch (e) {
      if (!(e instanceof FlowRefused)) throw new Error(`${command.type} threw ${String(e)}\n${xml}`);
      expect(JSON.stringify(sim.state)).toBe(before);
    }
    check(`${command.type} ${"taskId" in command ? sim.model.nodes[task.node]?.id : ""}`);
  }
  // whatever happened, completing tasks drives the instance to an end
  for (let i = 0; i < 400 && sim.s.status === "running"; i++) {
    const open = Object.values(sim.s.tasks).filter((t) => t.state === "open");
    if (!open.length) throw new Error(`stuck while driving to the end\n${xml}`);
    const t = open[0];
    await sim.run({ type: "complete", taskId: t.taskId }, await sim.worker(t));
    check("drive");
  }
  expect(["finished", "rejected", "revoked"]).toContain(sim.s.status);
  if (sim.s.status === "finished") expect(sim.s.endNodes).toEqual(["end"]);
}

/** Runs per property; raise (e.g. ×10) when hunting, the suite keeps it quick. */
const runs = (n: number) => n * 1;

describe("engine properties over generated process trees", () => {
  it("no stray task, no stuck join, always finishable — any sequence of commands", async () => {
    await fc.assert(
      fc.asyncProperty(block(4), fc.array(fc.nat(), { maxLength: 10 }), fc.array(action, { maxLength: 25 }), async (tree, picks, actions) => {
        await runCase(tree, picks, actions);
      }),
      { numRuns: runs(400) },
    );
  }, 600_000);

  it("returns only (the riskiest command) across nested parallel blocks", async () => {
    const nested: Block = {
      t: "seq",
      items: [
        { t: "task", user: 1 },
        { t: "par", branches: [{ t: "seq", items: [{ t: "task", user: 2 }, { t: "par", branches: [{ t: "task", user: 3 }, { t: "multi", mode: "all" }] }] }, { t: "task", user: 4 }] },
        { t: "task", user: 1 },
      ],
    };
    const returnsAndCompletes = fc.array(fc.record({ kind: fc.constantFrom("complete", "return", "recall"), pick: fc.nat(), target: fc.nat() }), { maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(returnsAndCompletes, async (actions) => {
        await runCase(nested, [], actions);
      }),
      { numRuns: runs(300) },
    );
  }, 600_000);
});
