/**
 * The engine's scenarios, each from a BPMN file in tests/flow/: the list and every rule of "Where
 * every peer breaks". Pure: decide and evolve with an in-memory directory, no storage.
 */
import { describe, expect, it } from "vitest";
import { evolve, fold } from "../worker/flow/engine/evolve.ts";
import { activeNodes, decide, predictNext, returnTargets } from "../worker/flow/engine/decide.ts";
import { offeredActions, taskActions, type TaskAction } from "../worker/flow/engine/actions.ts";
import type { DecideContext, FlowActor, FlowCommand } from "../worker/flow/engine/types.ts";
import { FlowRefused } from "../worker/flow/engine/refusal.ts";
import accountsXml from "./flow/accounts.bpmn?raw";
import ccXml from "./flow/cc.bpmn?raw";
import exclusiveXml from "./flow/exclusive.bpmn?raw";
import noDefaultXml from "./flow/exclusive-nodefault.bpmn?raw";
import { checkInvariants, deploy, memoryDirectory, Sim, type PeopleSpec } from "./flow/harness.ts";
import implicitEndXml from "./flow/implicit-end.bpmn?raw";
import inclusiveXml from "./flow/inclusive.bpmn?raw";
import multiXml from "./flow/multi.bpmn?raw";
import multiTimerXml from "./flow/multi-timer.bpmn?raw";
import parallelXml from "./flow/parallel.bpmn?raw";
import policyXml from "./flow/policy.bpmn?raw";
import sequenceXml from "./flow/sequence.bpmn?raw";
import timerXml from "./flow/timer.bpmn?raw";

const people: PeopleSpec = {
  users: { u1: "One", u2: "Two", u3: "Three", u4: "Four", u5: "Five", u7: "Seven", u9: "Nine", m1: "Manager 1", m2: "Manager 2", boss: "Boss", admin: "Admin", starter: "Starter" },
  roles: { managers: { name: "经理", members: ["m1", "m2"] }, empty: { name: "nobody", members: [] } },
  leaders: { starter: "boss" },
  admins: ["admin"],
};
const roleOf = (id: string) => Object.entries(people.roles ?? {}).flatMap(([r, v]) => (v.members.includes(id) ? [r] : []));

async function sim(xml: string) {
  return new Sim(await deploy(xml), memoryDirectory(people), roleOf);
}

async function refused(p: Promise<unknown>, code?: number, match?: RegExp): Promise<FlowRefused> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(FlowRefused);
  const r = e as FlowRefused;
  if (code) expect(r.code).toBe(code);
  if (match) expect(`${r.text["zh-CN"]} | ${r.text["en-US"]}`).toMatch(match);
  return r;
}

/** A command that is refused writes nothing: the state before equals the state after. */
async function refusesCleanly(s: Sim, run: () => Promise<unknown>, code?: number, match?: RegExp) {
  const before = JSON.stringify(s.state);
  const count = s.events.length;
  const r = await refused(run(), code, match);
  expect(JSON.stringify(s.state)).toBe(before);
  expect(s.events.length).toBe(count);
  return r;
}

function ok(s: Sim) {
  expect(checkInvariants(s.s)).toBeNull();
  // the state folded from all events at once equals the one built command by command
  const refolded = fold(s.events.map((e) => ({ ...e, at: "" }) as never));
  expect(Object.keys(refolded!.tasks).sort()).toEqual(Object.keys(s.s.tasks).sort());
  expect(Object.keys(refolded!.tokens).sort()).toEqual(Object.keys(s.s.tokens).sort());
}

describe("sequence and assignment", () => {
  it("runs a sequence with an assignee, a candidate group and the initiator's leader", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter", { amount: 5 });
    expect(s.s.variables).toMatchObject({ initiator: "starter", initiatorLeader: "boss", amount: 5 });
    expect(s.keys()).toEqual(["a"]);
    await s.complete("a");
    const b = s.task("b");
    expect(b.assignee).toBeNull();
    expect(b.candidateGroups).toEqual(["managers"]);
    expect(s.may(b.taskId, "m1")).toBe(true);
    expect(s.may(b.taskId, "u1")).toBe(false);
    await refusesCleanly(s, () => s.run({ type: "complete", taskId: b.taskId }, "u1"), 403);
    await s.run({ type: "complete", taskId: b.taskId }, "m2");
    expect(s.task("c").assignee).toBe("boss");
    await s.complete("c");
    expect(s.s.status).toBe("finished");
    expect(s.s.endNodes).toEqual(["end"]);
    ok(s);
  });

  it("names users by id or account and roles by id or name, in vendor attributes and potentialOwner", async () => {
    const s = await sim(accountsXml);
    await s.start("starter");
    expect(s.task("byAccount").assignee).toBe("u1");
    await s.complete("byAccount");
    const mixed = s.task("mixed");
    expect(mixed.candidateUsers).toEqual(["starter", "u2"]);
    expect(mixed.candidateGroups).toEqual(["managers"]);
    const created = s.events.filter((e) => e.type === "flow.taskCreated").at(-1);
    expect(created?.type === "flow.taskCreated" && created.data.notify.sort()).toEqual(["m1", "m2", "starter", "u2"]);
    await s.run({ type: "complete", taskId: mixed.taskId }, "m2");
    const standard = s.task("standard");
    expect([standard.candidateUsers, standard.candidateGroups]).toEqual([["u3"], ["managers"]]);
    await s.complete("standard");
    expect(s.s.status).toBe("finished");
  });

  it("a group member cannot approve a task another member holds", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    await s.complete("a");
    const b = s.task("b");
    await s.run({ type: "transfer", taskId: b.taskId, userId: "m1" }, "m1");
    expect(s.task("b").assignee).toBe("m1");
    await refusesCleanly(s, () => s.run({ type: "complete", taskId: b.taskId }, "m2"), 403);
  });

  it("two completions of one task (two tabs): exactly one wins, the other is told it was already handled", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a");
    const stale = structuredClone(s.state);
    await s.run({ type: "complete", taskId: a.taskId }, "u1");
    // the second decides again on the new state (the store's expected-version retry)
    await refusesCleanly(s, () => s.run({ type: "complete", taskId: a.taskId }, "u1"), 409, /already handled/);
    expect(stale!.tasks[a.taskId]).toBeDefined();
    expect(s.events.filter((e) => e.type === "flow.taskCompleted")).toHaveLength(1);
  });

  it("an action on a finished instance names the task as handled", async () => {
    const s = await sim(exclusiveXml);
    await s.start("starter", { amount: 5, dept: "x" });
    const t = s.task("small");
    await s.complete("small");
    await refusesCleanly(s, () => s.run({ type: "complete", taskId: t.taskId }, "u3"), 409, /already handled/);
    await refusesCleanly(s, () => s.run({ type: "urge" }, "starter"), 409);
  });
});

describe("gateways", () => {
  it("exclusive: the first true condition in document order, else the default", async () => {
    for (const [vars, key] of [
      [{ amount: 5000, dept: "finance" }, "big"],
      [{ amount: 5000, dept: "sales" }, "mid"],
      [{ amount: 50, dept: "finance" }, "small"],
    ] as const) {
      const s = await sim(exclusiveXml);
      await s.start("starter", vars);
      expect(s.keys()).toEqual([key]);
    }
  });

  it("exclusive: none true and no default is refused and writes nothing", async () => {
    const s = await sim(noDefaultXml);
    await s.start("starter", { ok: "maybe" });
    const a = s.task("a");
    await refusesCleanly(s, () => s.run({ type: "complete", taskId: a.taskId, variables: { ok: null } }, "u1"), 422, /default/);
    await s.run({ type: "complete", taskId: a.taskId, variables: { ok: false } }, "u1");
    expect(s.s.status).toBe("finished");
  });

  it("parallel: the join waits for every branch", async () => {
    const s = await sim(parallelXml);
    await s.start("starter");
    await s.complete("first");
    expect(s.keys()).toEqual(["left1", "right"]);
    await s.complete("right");
    expect(s.keys()).toEqual(["left1"]);
    expect(activeNodes(s.s).sort()).toEqual(["join", "left1"]);
    await s.complete("left1");
    expect(s.keys()).toEqual(["left2"]);
    await s.complete("left2");
    expect(s.keys()).toEqual(["after"]);
    await s.complete("after");
    expect(s.s.status).toBe("finished");
    ok(s);
  });

  it("inclusive: forks by conditions and the merge waits for every branch that can still arrive", async () => {
    const s = await sim(inclusiveXml);
    await s.start("starter", { a: true, b: true });
    expect(s.keys()).toEqual(["ta", "tb"]);
    await s.complete("ta");
    expect(s.keys()).toEqual(["tb"]);
    await s.complete("tb");
    expect(s.keys()).toEqual(["tb2"]);
    await s.complete("tb2");
    expect(s.keys()).toEqual(["after"]);
    ok(s);
    const d = await sim(inclusiveXml);
    await d.start("starter", { a: false, b: false });
    expect(d.keys()).toEqual(["tc"]);
    await d.complete("tc");
    expect(d.keys()).toEqual(["after"]);
  });
});

describe("multi-instance", () => {
  it("all (会签), any (或签), ratio, sequential — counters and completion conditions", async () => {
    const s = await sim(multiXml);
    await s.start("starter", { approvers: ["u4", "u5"] });
    await s.complete("before");
    expect(s.tasks("all").map((t) => t.assignee).sort()).toEqual(["u1", "u2", "u3"]);
    const a = Object.values(s.s.activations)[0];
    expect(a).toMatchObject({ nrOfInstances: 3, nrOfCompletedInstances: 0, nrOfActiveInstances: 3 });
    await s.complete("all");
    expect(Object.values(s.s.activations)[0]).toMatchObject({ nrOfCompletedInstances: 1, nrOfActiveInstances: 2 });
    await s.complete("all");
    await s.complete("all");
    // any: the first completion satisfies ${nrOfCompletedInstances >= 1}; the other is cancelled
    expect(s.tasks("any").map((t) => t.assignee).sort()).toEqual(["u4", "u5"]);
    await s.run({ type: "complete", taskId: s.tasks("any").find((t) => t.assignee === "u5")!.taskId }, "u5");
    expect(s.keys()).toEqual(Array(5).fill("ratio"));
    // ratio 0.6 of 5: 3 completions (decimal division)
    await s.complete("ratio");
    await s.complete("ratio");
    expect(s.tasks("ratio")).toHaveLength(3);
    await s.complete("ratio");
    expect(s.tasks("ratio")).toHaveLength(0);
    // sequential: one at a time, in order
    expect(s.tasks("seq").map((t) => t.assignee)).toEqual(["u3"]);
    await s.complete("seq");
    expect(s.tasks("seq").map((t) => [t.assignee, t.loopCounter])).toEqual([["u1", 1]]);
    await s.complete("seq");
    expect(s.s.status).toBe("finished");
    ok(s);
  });

  it("returning into a multi-instance node rebuilds its list and counters (no duplicates, none missing)", async () => {
    const s = await sim(multiXml);
    await s.start("starter", { approvers: ["u4"] });
    await s.complete("before");
    await s.complete("all");
    await s.complete("all");
    await s.complete("all");
    const any = s.task("any");
    expect(returnTargets(s.model, s.s, any.taskId).map((t) => t.key)).toEqual(["start", "before", "all"]);
    await s.run({ type: "return", taskId: any.taskId, targetKey: "all", comment: "again" }, "u4");
    expect(s.tasks("all").map((t) => t.assignee).sort()).toEqual(["u1", "u2", "u3"]);
    expect(s.tasks("any")).toHaveLength(0);
    const a = Object.values(s.s.activations).find((x) => x.node === "all")!;
    expect(a).toMatchObject({ nrOfInstances: 3, nrOfCompletedInstances: 0, nrOfActiveInstances: 3 });
    // returning from inside a running multi-instance node cancels all its instances
    const one = s.tasks("all")[0];
    await s.run({ type: "return", taskId: one.taskId, targetKey: "before" }, one.assignee!);
    expect(s.keys()).toEqual(["before"]);
    ok(s);
  });
});

describe("returns across parallel branches", () => {
  async function atBranches() {
    const s = await sim(parallelXml);
    await s.start("starter");
    await s.complete("first");
    return s;
  }

  it("inside a branch the return stays in the branch; the sibling keeps its task and the join still fires", async () => {
    const s = await atBranches();
    await s.complete("left1");
    const left2 = s.task("left2");
    await s.run({ type: "return", taskId: left2.taskId, targetKey: "left1" }, "u3");
    expect(s.keys()).toEqual(["left1", "right"]);
    ok(s);
    await s.complete("right");
    await s.complete("left1");
    await s.complete("left2");
    expect(s.keys()).toEqual(["after"]);
    ok(s);
  });

  it("inside a branch whose sibling already reached the join: the join keeps the sibling's token", async () => {
    const s = await atBranches();
    await s.complete("right");
    await s.complete("left1");
    await s.run({ type: "return", taskId: s.task("left2").taskId, targetKey: "left1" }, "u3");
    expect(s.keys()).toEqual(["left1"]);
    await s.complete("left1");
    await s.complete("left2");
    expect(s.keys()).toEqual(["after"]);
    ok(s);
  });

  it("to a node before the fork: every sibling token is cancelled and the join reset", async () => {
    const s = await atBranches();
    await s.complete("right");
    await s.run({ type: "return", taskId: s.task("left1").taskId, targetKey: "first" }, "u2");
    expect(s.keys()).toEqual(["first"]);
    expect(Object.values(s.s.tokens).map((t) => t.node)).toEqual(["first"]);
    ok(s);
    await s.complete("first");
    expect(s.keys()).toEqual(["left1", "right"]);
    await s.complete("left1");
    await s.complete("left2");
    // the join waits again for right: the old token was not kept
    expect(s.keys()).toEqual(["right"]);
    await s.complete("right");
    expect(s.keys()).toEqual(["after"]);
  });

  it("into a branch from after its join: the join does not wait for branches that will not come again", async () => {
    const s = await atBranches();
    await s.complete("right");
    await s.complete("left1");
    await s.complete("left2");
    const after = s.task("after");
    expect(returnTargets(s.model, s.s, after.taskId).map((t) => t.key)).toEqual(["start", "first", "right", "left1", "left2"]);
    await s.run({ type: "return", taskId: after.taskId, targetKey: "left1" }, "u5");
    expect(s.keys()).toEqual(["left1"]);
    ok(s);
    await s.complete("left1");
    await s.complete("left2");
    expect(s.keys()).toEqual(["after"]);
    await s.complete("after");
    expect(s.s.status).toBe("finished");
  });

  it("to the start: the initiator's task, and the resubmission resumes at the node that returned it", async () => {
    const s = await atBranches();
    await s.complete("right");
    const left1 = s.task("left1");
    await s.run({ type: "return", taskId: left1.taskId, targetKey: "start", comment: "fix the amount" }, "u2");
    const mine = s.task("start");
    expect(mine.assignee).toBe("starter");
    expect(mine.resumeAt).toBe("left1");
    const returned = s.events.find((e) => e.type === "flow.returned");
    expect(returned?.type === "flow.returned" && returned.data.notify).toEqual(["starter"]);
    await refusesCleanly(s, () => s.run({ type: "return", taskId: mine.taskId, targetKey: "first" }, "starter"), 422);
    await s.run({ type: "complete", taskId: mine.taskId, variables: { amount: 9 } }, "starter");
    expect(s.s.variables.amount).toBe(9);
    expect(s.keys()).toEqual(["left1"]);
    await s.complete("left1");
    await s.complete("left2");
    expect(s.keys()).toEqual(["after"]);
    ok(s);
  });

  it("every re-entry re-arms the node's timers", async () => {
    const s = await sim(timerXml);
    await s.start("starter");
    const firstTimer = Object.values(s.s.timers)[0];
    await s.complete("t1");
    expect(s.s.timers[firstTimer.timerId]).toBeUndefined();
    const t2 = s.task("t2");
    await s.run({ type: "return", taskId: t2.taskId, targetKey: "t1" }, "u2");
    const timers = Object.values(s.s.timers);
    expect(timers).toHaveLength(1);
    expect(timers[0]).toMatchObject({ node: "t1", remaining: 2 });
    expect(timers[0].timerId).not.toBe(firstTimer.timerId);
  });

  it("a return to a node that is not earlier on the path is refused", async () => {
    const s = await atBranches();
    await refusesCleanly(s, () => s.run({ type: "return", taskId: s.task("left1").taskId, targetKey: "right" }, "u2"), 422);
    await refusesCleanly(s, () => s.run({ type: "return", taskId: s.task("left1").taskId, targetKey: "after" }, "u2"), 422);
  });
});

describe("reject, revoke, recall, stop, suspend, delete", () => {
  it("reject ends the instance as rejected whatever branches are alive", async () => {
    const s = await sim(parallelXml);
    await s.start("starter");
    await s.complete("first");
    await s.complete("left1");
    await s.run({ type: "reject", taskId: s.task("right").taskId, comment: "no" }, "u4");
    expect(s.s.status).toBe("rejected");
    expect(s.keys()).toEqual([]);
    expect(Object.keys(s.s.tokens)).toEqual([]);
    const ended = s.events.at(-1);
    expect(ended?.type === "flow.ended" && ended.data.notify).toEqual(["starter"]);
    expect(s.events.filter((e) => e.type === "flow.taskCancelled").map((e) => e.type === "flow.taskCancelled" && e.data.node).sort()).toEqual(["left2", "right"]);
    ok(s);
  });

  it("revoke: allowed while no approver acted, refused after", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    await refusesCleanly(s, () => s.run({ type: "revoke" }, "u1"), 403);
    await s.run({ type: "revoke", comment: "wrong form" }, "starter");
    expect(s.s.status).toBe("revoked");
    const t = await sim(sequenceXml);
    await t.start("starter");
    await t.complete("a");
    await refusesCleanly(t, () => t.run({ type: "revoke" }, "starter"), 409);
  });

  it("recall: the approver takes back their approval while the next step is untouched", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a");
    await s.complete("a");
    await refusesCleanly(s, () => s.run({ type: "recall", taskId: a.taskId }, "m1"), 403);
    await s.run({ type: "recall", taskId: a.taskId }, "u1");
    expect(s.keys()).toEqual(["a"]);
    ok(s);
    // once the next step is handled, too late
    await s.complete("a");
    const a2 = s.s.completed.at(-1)!.taskId;
    await s.complete("b");
    await refusesCleanly(s, () => s.run({ type: "recall", taskId: a2 }, "u1"), 409);
  });

  it("recall within a multi-instance node gives the same instance back", async () => {
    const s = await sim(multiXml);
    await s.start("starter", { approvers: ["u4"] });
    await s.complete("before");
    const mine = s.tasks("all").find((t) => t.assignee === "u2")!;
    await s.run({ type: "complete", taskId: mine.taskId }, "u2");
    await s.run({ type: "recall", taskId: mine.taskId }, "u2");
    expect(s.tasks("all").map((t) => t.assignee).sort()).toEqual(["u1", "u2", "u3"]);
    expect(Object.values(s.s.activations)[0]).toMatchObject({ nrOfCompletedInstances: 0, nrOfActiveInstances: 3 });
    ok(s);
  });

  it("recall in a branch that reached the join: the join forgets that branch's arrival", async () => {
    const s = await sim(parallelXml);
    await s.start("starter");
    await s.complete("first");
    const right = s.task("right");
    await s.complete("right");
    await s.run({ type: "recall", taskId: right.taskId }, "u4");
    expect(s.keys()).toEqual(["left1", "right"]);
    await s.complete("left1");
    await s.complete("left2");
    expect(s.keys()).toEqual(["right"]);
    await s.complete("right");
    expect(s.keys()).toEqual(["after"]);
    ok(s);
  });

  it("suspend blocks every task action until activated; only administrators suspend", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a");
    await refusesCleanly(s, () => s.run({ type: "suspend" }, "u1"), 403);
    await s.run({ type: "suspend" }, s.actor("admin", true));
    await refusesCleanly(s, () => s.run({ type: "complete", taskId: a.taskId }, "u1"), 409, /suspended/);
    await refusesCleanly(s, () => s.run({ type: "transfer", taskId: a.taskId, userId: "u2" }, "u1"), 409, /suspended/);
    await s.run({ type: "activate" }, s.actor("admin", true));
    await s.run({ type: "complete", taskId: a.taskId }, "u1");
    expect(s.keys()).toEqual(["b"]);
  });

  it("stop by an administrator or the initiator ends the instance as stopped", async () => {
    const s = await sim(parallelXml);
    await s.start("starter");
    await s.complete("first");
    await refusesCleanly(s, () => s.run({ type: "stop" }, "u2"), 403);
    await s.run({ type: "stop", comment: "obsolete" }, s.actor("admin", true));
    expect(s.s.status).toBe("stopped");
    expect(s.keys()).toEqual([]);
    ok(s);
  });

  it("delete by an administrator: tasks cancelled, the instance gone for every later command", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    await s.run({ type: "delete", reason: "test" }, s.actor("admin", true));
    expect(s.s.deleted).toBe(true);
    await refused(s.run({ type: "urge" }, "starter"), 404);
  });
});

describe("delegate, transfer, signers, cc, urge", () => {
  it("delegate and resolve: the delegate's completion gives the task back to its owner", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a");
    await s.run({ type: "delegate", taskId: a.taskId, userId: "u2", comment: "please check" }, "u1");
    expect(s.task("a")).toMatchObject({ assignee: "u2", owner: "u1", delegation: "pending" });
    await refusesCleanly(s, () => s.run({ type: "complete", taskId: a.taskId }, "u1"), 403);
    await s.run({ type: "complete", taskId: a.taskId, comment: "checked" }, "u2");
    expect(s.task("a")).toMatchObject({ assignee: "u1", owner: null, delegation: null });
    await s.run({ type: "complete", taskId: a.taskId }, "u1");
    expect(s.keys()).toEqual(["b"]);
  });

  it("transfer by the assignee, and by an administrator clearing a stuck task", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a");
    await refusesCleanly(s, () => s.run({ type: "transfer", taskId: a.taskId, userId: "u3" }, "u2"), 403);
    await s.run({ type: "transfer", taskId: a.taskId, userId: "u2" }, "u1");
    expect(s.task("a").assignee).toBe("u2");
    await s.run({ type: "transfer", taskId: a.taskId, userId: "u3" }, s.actor("admin", true));
    expect(s.task("a").assignee).toBe("u3");
    await refusesCleanly(s, () => s.run({ type: "transfer", taskId: a.taskId, userId: "nobody" }, "u3"), 404);
    await s.run({ type: "complete", taskId: a.taskId }, "u3");
    expect(s.keys()).toEqual(["b"]);
  });

  it("add a signer before: the task waits until the signer approves", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a");
    await s.run({ type: "addSigner", taskId: a.taskId, userIds: ["u7"], position: "before" }, "u1");
    expect(s.s.tasks[a.taskId].state).toBe("waiting");
    await refusesCleanly(s, () => s.run({ type: "complete", taskId: a.taskId }, "u1"), 409);
    const signer = s.tasks("a").find((t) => t.assignee === "u7")!;
    await s.run({ type: "complete", taskId: signer.taskId }, "u7");
    expect(s.s.tasks[a.taskId].state).toBe("open");
    expect(s.keys()).toEqual(["a"]);
    await s.run({ type: "complete", taskId: a.taskId }, "u1");
    expect(s.keys()).toEqual(["b"]);
    ok(s);
  });

  it("add a signer after: the signer gets the task once the current one approves; remove one", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a");
    await s.run({ type: "addSigner", taskId: a.taskId, userIds: ["u7", "u9"], position: "after" }, "u1");
    await s.run({ type: "removeSigner", taskId: a.taskId }, "u1");
    expect(s.s.tasks[a.taskId].after).toEqual(["u7"]);
    await s.run({ type: "complete", taskId: a.taskId }, "u1");
    expect(s.tasks("a").map((t) => t.assignee)).toEqual(["u7"]);
    await s.complete("a");
    expect(s.keys()).toEqual(["b"]);
    ok(s);
  });

  it("add a signer in parallel: both must approve; the adder may remove them", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a");
    await s.run({ type: "addSigner", taskId: a.taskId, userIds: ["u7"], position: "parallel" }, "u1");
    expect(s.keys()).toEqual(["a", "a"]);
    await s.run({ type: "complete", taskId: a.taskId }, "u1");
    expect(s.keys()).toEqual(["a"]);
    const signer = s.task("a");
    await refusesCleanly(s, () => s.run({ type: "removeSigner", taskId: signer.taskId }, "u7"), 403);
    await s.run({ type: "removeSigner", taskId: signer.taskId }, "u1");
    expect(s.keys()).toEqual(["b"]);
    ok(s);
  });

  it("a cc node copies to users and group members; a handler sets variables for a gateway", async () => {
    const s = await sim(ccXml);
    s.handlers.score = (v) => ({ score: Number(v.base) * 2 });
    await s.start("starter", { base: 4 });
    const copied = s.events.find((e) => e.type === "flow.copied");
    expect(copied?.type === "flow.copied" && copied.data.users.map((u) => u.id).sort()).toEqual(["m1", "m2", "starter", "u7"]);
    expect(s.s.ccUsers.sort()).toEqual(["m1", "m2", "starter", "u7"]);
    expect(s.keys()).toEqual(["high"]);
    await s.run({ type: "cc", userIds: ["u9"], comment: "fyi" }, "u1");
    expect(s.s.ccUsers).toContain("u9");
    await refusesCleanly(s, () => s.run({ type: "cc", userIds: ["u9"] }, "u5"), 403);
  });

  it("urge: the initiator, at most once an hour, tells the current approvers", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    await s.complete("a");
    await refusesCleanly(s, () => s.run({ type: "urge" }, "u1"), 403);
    await s.run({ type: "urge", comment: "please" }, "starter");
    const urged = s.events.at(-1);
    expect(urged?.type === "flow.urged" && urged.data.notify.sort()).toEqual(["m1", "m2"]);
    await refusesCleanly(s, () => s.run({ type: "urge" }, "starter"), 409, /once an hour/);
    s.advance(3600_000);
    await s.run({ type: "urge" }, "starter");
  });
});

describe("timers", () => {
  it("a reminder fired by the cron trigger tells the assignee and re-arms while repetitions remain", async () => {
    const s = await sim(timerXml);
    await s.start("starter");
    const [timer] = Object.values(s.s.timers);
    expect(timer).toMatchObject({ node: "t1", remaining: 2 });
    expect(Date.parse(timer.dueAt) - Date.parse("2026-01-05T09:00:00.000Z")).toBe(3600_000);
    s.advance(3600_000);
    await s.run({ type: "fireTimer", timerId: timer.timerId }, s.actor("system", true));
    const fired = s.events.find((e) => e.type === "flow.timerFired");
    expect(fired?.type === "flow.timerFired" && fired.data).toMatchObject({ notify: ["u1"], escalated: false });
    const [next] = Object.values(s.s.timers);
    expect(next.remaining).toBe(1);
    await refusesCleanly(s, () => s.run({ type: "fireTimer", timerId: timer.timerId }, s.actor("system", true)), 409);
    await s.run({ type: "fireTimer", timerId: next.timerId }, s.actor("system", true));
    expect(Object.keys(s.s.timers)).toEqual([]);
    expect(s.keys()).toEqual(["t1"]);
  });

  it("an interrupting timer escalates: the task is cancelled and the timer's flow taken", async () => {
    const s = await sim(timerXml);
    await s.start("starter");
    await s.complete("t1");
    const [timer] = Object.values(s.s.timers);
    expect(timer.node).toBe("t2");
    await s.run({ type: "fireTimer", timerId: timer.timerId }, s.actor("system", true));
    expect(s.keys()).toEqual(["boss"]);
    ok(s);
    await s.complete("boss");
    expect(s.s.status).toBe("finished");
  });
});

describe("implicit end", () => {
  it("an activity or gateway without an outgoing flow ends its path; the instance ends when no token remains", async () => {
    const s = await sim(implicitEndXml);
    await s.start("starter", { toEnd: false });
    // the plain task passed and ended its path at once; the two user tasks wait
    expect(s.keys()).toEqual(["left", "right"]);
    expect(Object.values(s.s.tokens).map((t) => t.node).sort()).toEqual(["left", "right"]);
    ok(s);
    // right → the gateway's default → a gateway with no way on: that path ends, left still runs
    await s.complete("right");
    expect(s.s.status).toBe("running");
    expect(s.keys()).toEqual(["left"]);
    expect(Object.values(s.s.tokens).map((t) => t.node)).toEqual(["left"]);
    ok(s);
    await s.complete("left");
    expect(s.s.status).toBe("finished");
    expect(s.s.tokens).toEqual({});
    expect(s.s.endNodes.sort()).toEqual(["deadEndGw", "left", "note"]);
    ok(s);
  });

  it("a path through an end event and one ending implicitly finish the instance together", async () => {
    const s = await sim(implicitEndXml);
    await s.start("starter", { toEnd: true });
    await s.complete("left");
    expect(s.s.status).toBe("running");
    await s.complete("right");
    expect(s.s.status).toBe("finished");
    expect(s.s.endNodes.sort()).toEqual(["end", "left", "note"]);
    const ended = s.events.filter((e) => e.type === "flow.ended");
    expect(ended).toHaveLength(1);
    ok(s);
  });
});

describe("boundary timers on multi-instance tasks", () => {
  const system = (s: Sim) => s.actor("system", true);

  it("parallel: one timer for the whole activity; firing cancels every open instance and leaves by the timer's flow", async () => {
    const s = await sim(multiTimerXml);
    await s.start("starter", { mode: "parallel" });
    expect(s.keys()).toEqual(["all", "all", "all"]);
    const timers = Object.values(s.s.timers);
    expect(timers).toHaveLength(1);
    expect(Date.parse(timers[0].dueAt) - Date.parse("2026-01-05T09:00:00.000Z")).toBe(3600_000);
    // one signer approves: the activity's timer keeps running for the others
    await s.run({ type: "complete", taskId: s.tasks("all").find((t) => t.assignee === "u1")!.taskId }, "u1");
    expect(Object.values(s.s.timers).map((t) => t.timerId)).toEqual([timers[0].timerId]);
    s.advance(3600_000);
    const open = s.tasks("all").map((t) => t.taskId).sort();
    await s.run({ type: "fireTimer", timerId: timers[0].timerId }, system(s));
    const cancelled = s.events.filter((e) => e.type === "flow.taskCancelled").map((e) => e.type === "flow.taskCancelled" && [e.data.taskId, e.data.reason]);
    expect(cancelled.sort()).toEqual(open.map((id) => [id, "escalation"]));
    const fired = s.events.find((e) => e.type === "flow.timerFired");
    expect(fired?.type === "flow.timerFired" && fired.data.notify.sort()).toEqual(["u2", "u3"]);
    expect(s.keys()).toEqual(["boss"]);
    expect(Object.values(s.s.activations).map((a) => a.node)).toEqual(["boss"]);
    expect(Object.keys(s.s.timers)).toEqual([]);
    ok(s);
    await s.complete("boss");
    expect(s.s.status).toBe("finished");
  });

  it("sequential: the timer runs from the activity's entry, not from each instance's", async () => {
    const s = await sim(multiTimerXml);
    await s.start("starter", { mode: "sequential" });
    const [timer] = Object.values(s.s.timers);
    expect(s.task("inOrder").assignee).toBe("u1");
    s.advance(30 * 60_000);
    await s.complete("inOrder");
    expect(s.task("inOrder").assignee).toBe("u2");
    // the next instance does not restart the clock
    expect(Object.values(s.s.timers)).toEqual([timer]);
    s.advance(30 * 60_000);
    expect(Date.parse(s.now)).toBeGreaterThanOrEqual(Date.parse(timer.dueAt));
    await s.run({ type: "fireTimer", timerId: timer.timerId }, system(s));
    expect(s.keys()).toEqual(["boss"]);
    expect(s.s.activations).not.toHaveProperty(Object.values(s.s.activations).find((a) => a.node === "inOrder")?.id ?? "none");
    ok(s);
  });

  it("a reminder on a multi-instance task tells every open instance's people once, and re-arms for the activity", async () => {
    const s = await sim(multiTimerXml);
    await s.start("starter", { mode: "remind" });
    const timers = Object.values(s.s.timers);
    expect(timers).toHaveLength(1);
    s.advance(3600_000);
    await s.run({ type: "fireTimer", timerId: timers[0].timerId }, system(s));
    const fired = s.events.find((e) => e.type === "flow.timerFired");
    expect(fired?.type === "flow.timerFired" && fired.data).toMatchObject({ escalated: false });
    expect(fired?.type === "flow.timerFired" && fired.data.notify.sort()).toEqual(["u1", "u2"]);
    expect(s.keys()).toEqual(["reminded", "reminded"]);
    expect(Object.values(s.s.timers)).toHaveLength(1);
    expect(Object.values(s.s.timers)[0].remaining).toBe(1);
    // both sign: the activity leaves and its timer goes with it
    await s.complete("reminded");
    await s.complete("reminded");
    expect(s.s.status).toBe("finished");
    expect(Object.keys(s.s.timers)).toEqual([]);
    ok(s);
  });
});

describe("policies and prediction", () => {
  it("empty approver: pass, a named user, administrators; repeated approver passes; picked approver; reject", async () => {
    const s = await sim(policyXml);
    await refusesCleanly(s, () => s.start("starter"), 422, /approver_picked/);
    await s.start("starter", { approver_picked: "u4" });
    // nobodyPass passed on its own; nobodyUser went to u7
    expect(s.keys()).toEqual(["nobodyUser"]);
    expect(s.task("nobodyUser").assignee).toBe("u7");
    await s.complete("nobodyUser");
    expect(s.task("nobodyAdmin").candidateUsers).toEqual(["admin"]);
    await s.complete("nobodyAdmin");
    // admin approved the step before: "again" passes automatically
    expect(s.keys()).toEqual(["picked"]);
    const auto = s.events.filter((e) => e.type === "flow.taskCompleted" && e.data.auto).map((e) => e.type === "flow.taskCompleted" && [e.data.node, e.data.auto]);
    expect(auto).toEqual([
      ["nobodyPass", "emptyApprover"],
      ["again", "repeatedApprover"],
    ]);
    expect(s.task("picked").assignee).toBe("u4");
    await s.complete("picked");
    expect(s.s.status).toBe("rejected");
    ok(s);
  });

  it("predicts the next nodes and their approvers from the variables", async () => {
    const s = await sim(noDefaultXml);
    await s.start("starter", { ok: true });
    const a = s.task("a");
    expect(await predictNext(s.model, s.s, a.taskId, { ok: true }, s.directory)).toEqual([{ key: "b", name: "B", kind: "userTask", approvers: [{ id: "u2", name: "Two" }] }]);
    expect((await predictNext(s.model, s.s, a.taskId, { ok: false }, s.directory)).map((n) => n.key)).toEqual(["end"]);
    const p = await sim(parallelXml);
    await p.start("starter");
    expect((await predictNext(p.model, p.s, p.task("first").taskId, {}, p.directory)).map((n) => n.key).sort()).toEqual(["left1", "right"]);
  });
});

describe("evolve", () => {
  it("folds without touching the state handed in, and refuses a stream that does not start", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const before = JSON.stringify(s.s);
    const next = evolve(s.s, { type: "flow.variablesSet", data: { variables: { x: 1 }, by: null } });
    expect(next.variables.x).toBe(1);
    expect(JSON.stringify(s.s)).toBe(before);
    expect(() => evolve(null, { type: "flow.suspended", data: { by: { id: "a", name: "a" } } })).toThrow();
  });

  it("a multi-instance collection named by a variable that is not set is refused", async () => {
    const s = await sim(multiXml);
    await s.start("starter");
    await s.complete("before");
    for (let i = 0; i < 2; i++) await s.complete("all");
    await refusesCleanly(s, () => s.complete("all"), 422, /collection/);
  });
});

describe("versions", () => {
  it("an instance is pinned to the version it started with", async () => {
    const v1 = await sim(sequenceXml);
    await v1.start("starter");
    expect(v1.s).toMatchObject({ deployId: "p:1", version: 1 });
  });
});

describe("offered actions are exactly the commands the engine accepts", () => {
  /** The real command of an action (real people, the first return target), or null when there is nothing to act on. */
  function realCommand(action: TaskAction, s: Sim, taskId: string): FlowCommand | null {
    switch (action) {
      case "complete":
      case "resolve":
        return { type: "complete", taskId, comment: "ok" };
      case "reject":
        return { type: "reject", taskId, comment: "no" };
      case "return": {
        const target = returnTargets(s.model, s.s, taskId)[0];
        return target ? { type: "return", taskId, targetKey: target.key } : null;
      }
      case "delegate":
      case "transfer":
        return { type: action, taskId, userId: "u9" };
      case "addSigner":
        return { type: "addSigner", taskId, userIds: ["u9"], position: "after" };
      case "removeSigner":
        return { type: "removeSigner", taskId };
      case "recall":
        return { type: "recall", taskId };
      case "cc":
        return { type: "cc", userIds: ["u9"] };
      case "urge":
        return { type: "urge" };
      case "revoke":
        return { type: "revoke" };
      case "stop":
        return { type: "stop" };
    }
  }

  /** Offered ⇒ the real command succeeds; not offered ⇒ it is refused (complete/resolve: one command, one name). */
  async function offeredAgree(s: Sim, taskId: string, who: FlowActor): Promise<TaskAction[]> {
    let n = 0;
    const ctx: DecideContext = { actor: who, now: s.now, directory: s.directory, newId: () => `dry${++n}` };
    const offered = await offeredActions(s.model, s.s, taskId, ctx);
    const delegated = s.s.tasks[taskId]?.delegation === "pending";
    for (const action of taskActions) {
      if (action === (delegated ? "complete" : "resolve")) {
        expect(offered, `${action} is the other name of the same command`).not.toContain(action);
        continue;
      }
      const command = realCommand(action, s, taskId);
      const outcome = command
        ? await decide(s.model, s.s, command, { ...ctx, newId: () => `real${++n}` }).then(
            () => "accepted",
            (e: unknown) => {
              if (e instanceof FlowRefused) return "refused";
              throw e;
            },
          )
        : "refused";
      expect(outcome, `${action} by ${who.id} (offered: ${offered.join(",")})`).toBe(offered.includes(action) ? "accepted" : "refused");
    }
    return offered;
  }

  it("the assignee, the initiator, a stranger and an administrator on an open task", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a").taskId;
    expect(await offeredAgree(s, a, s.actor("u1"))).toEqual(["complete", "reject", "return", "delegate", "transfer", "addSigner", "cc"]);
    expect(await offeredAgree(s, a, s.actor("starter"))).toEqual(["cc", "urge", "revoke", "stop"]);
    expect(await offeredAgree(s, a, s.actor("u5"))).toEqual([]);
    expect(await offeredAgree(s, a, s.actor("admin", true))).toEqual(["transfer", "cc", "stop"]);
  });

  it("after approving as an added signer, recall is not offered (the engine refuses it)", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a").taskId;
    await s.run({ type: "addSigner", taskId: a, userIds: ["u7"], position: "after" }, "u1");
    expect(await offeredAgree(s, a, s.actor("u1"))).toContain("removeSigner");
    await s.run({ type: "complete", taskId: a }, "u1");
    const signer = s.task("a").taskId;
    expect(await offeredAgree(s, a, s.actor("u1"))).not.toContain("recall");
    await s.run({ type: "complete", taskId: signer }, "u7");
    // the signer's own approval moved the flow on: not recallable either (approved as a signer)
    expect(await offeredAgree(s, signer, s.actor("u7"))).not.toContain("recall");
  });

  it("an ordinary approval can be recalled while the next step is untouched, and not after", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a").taskId;
    await s.run({ type: "complete", taskId: a }, "u1");
    expect(await offeredAgree(s, a, s.actor("u1"))).toEqual(["cc", "recall"]);
    await s.complete("b");
    expect(await offeredAgree(s, a, s.actor("u1"))).toEqual(["cc"]);
  });

  it("a signer added in parallel: only the one who added them may remove them", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a").taskId;
    await s.run({ type: "addSigner", taskId: a, userIds: ["u7"], position: "parallel" }, "u1");
    const signer = s.tasks("a").find((t) => t.assignee === "u7")!.taskId;
    expect(await offeredAgree(s, signer, s.actor("u7"))).not.toContain("removeSigner");
    expect(await offeredAgree(s, signer, s.actor("u1"))).toContain("removeSigner");
  });

  it("a delegated task offers resolve to the delegate and nothing to act on to the owner", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a").taskId;
    await s.run({ type: "delegate", taskId: a, userId: "u7" }, "u1");
    const delegate = await offeredAgree(s, a, s.actor("u7"));
    expect(delegate).toContain("resolve");
    expect(delegate).not.toContain("complete");
    expect(await offeredAgree(s, a, s.actor("u1"))).toEqual([]);
  });

  it("the initiator's task after a return: resubmit (complete), no reject, return or signers", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    await s.complete("a");
    const b = s.task("b");
    await s.run({ type: "return", taskId: b.taskId, targetKey: "start" }, await s.worker(b));
    const mine = s.task("start").taskId;
    const offered = await offeredAgree(s, mine, s.actor("starter"));
    expect(offered).toContain("complete");
    for (const never of ["reject", "return", "addSigner"] as const) expect(offered).not.toContain(never);
  });

  it("a suspended instance offers no task action, only stop to an administrator", async () => {
    const s = await sim(sequenceXml);
    await s.start("starter");
    const a = s.task("a").taskId;
    await s.run({ type: "suspend" }, s.actor("admin", true));
    expect(await offeredAgree(s, a, s.actor("u1"))).toEqual([]);
    expect(await offeredAgree(s, a, s.actor("admin", true))).toEqual(["cc", "stop"]);
  });
});
