/**
 * The BPMN conformance suite (../shared/bpmn-conformance, written by Camunda and Flowable and run unchanged):
 * every MANIFEST.tsv row started with its variables and driven step by step, the open task keys checked after
 * each step, and the end node or a refusal at start that leaves nothing behind.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FlowRefused } from "../worker/flow/engine/refusal.ts";
import { checkInvariants, deploy, memoryDirectory, Sim } from "./flow/harness.ts";

interface Row {
  file: string;
  case: string;
  scenario: string;
  expected: string;
}

function rows(): Row[] {
  const text = env.BPMN_CONFORMANCE["MANIFEST.tsv"];
  const [header, ...lines] = text.split("\n").filter((l) => l.trim());
  const cols = header.split("\t");
  const at = (name: string) => cols.indexOf(name);
  return lines.map((l) => {
    const c = l.split("\t");
    return { file: c[at("file")], case: c[at("case")], scenario: c[at("scenario")], expected: c[at("expected_outcome")] };
  });
}

type Step = { kind: "start"; vars: Record<string, unknown> } | { kind: "complete"; key: string; vars: Record<string, unknown> };

function steps(scenario: string): Step[] {
  return scenario.split(" ; ").map((s) => {
    const m = /^(start|complete)\s*([^\s{]*)\s*(\{.*\})?\s*$/.exec(s.trim());
    if (!m) throw new Error(`unreadable step: ${s}`);
    const vars = m[3] ? (JSON.parse(m[3]) as Record<string, unknown>) : {};
    return m[1] === "start" ? { kind: "start", vars } : { kind: "complete", key: m[2], vars };
  });
}

type Expect = { kind: "error" } | { kind: "tasks"; keys: string[]; ended: string | null };

function expectations(text: string): Expect[] {
  return text.split(" ; ").map((e) => {
    if (/^ERROR/.test(e.trim())) return { kind: "error" };
    const list = /^\[([^\]]*)\]/.exec(e.trim());
    if (!list) throw new Error(`unreadable expectation: ${e}`);
    const keys: string[] = [];
    for (const item of list[1].split(",").map((x) => x.trim()).filter(Boolean)) {
      const [key, times] = item.split("×");
      for (let i = 0; i < Number(times ?? 1); i++) keys.push(key.trim());
    }
    const ended = /ENDED\(([^\s)]+)/.exec(e)?.[1] ?? null;
    return { kind: "tasks", keys: keys.sort(), ended };
  });
}

describe("BPMN conformance suite", () => {
  const all = rows();
  it("reads every row of the manifest", () => {
    expect(all.length).toBeGreaterThanOrEqual(20);
  });
  for (const row of all) {
    it(`${row.file} case ${row.case}`, async () => {
      const deployment = await deploy(env.BPMN_CONFORMANCE[row.file], row.file);
      const sim = new Sim(deployment, memoryDirectory({ lenient: true, users: { admin: "Admin" }, admins: ["admin"], roles: { sales: { name: "sales", members: ["salesman"] } } }));
      const plan = steps(row.scenario);
      const wanted = expectations(row.expected);
      expect(wanted.length).toBe(plan.length);
      for (const [i, step] of plan.entries()) {
        const want = wanted[i];
        if (want.kind === "error") {
          expect(step.kind).toBe("start");
          await expect(sim.start("starter", step.vars)).rejects.toBeInstanceOf(FlowRefused);
          expect(sim.state).toBeNull();
          expect(sim.events).toHaveLength(0);
          continue;
        }
        if (step.kind === "start") await sim.start("starter", step.vars);
        else await sim.complete(step.key, step.vars);
        expect(sim.keys(), `after step ${i + 1}`).toEqual(want.keys);
        expect(checkInvariants(sim.s)).toBeNull();
        if (want.ended) {
          expect(sim.s.status).toBe("finished");
          expect(sim.s.endNodes).toContain(want.ended);
          // the end node is reached once, by the last token
          const last = [...sim.events].reverse().find((e) => e.type === "flow.ended");
          expect(last?.type === "flow.ended" && last.data.endNode).toBe(want.ended);
        } else expect(sim.s.status).toBe("running");
      }
      checkDetails(row, sim);
    });
  }
});

/** What some rows say beyond the task keys: names, assignees, candidates, cancellations, single end. */
function checkDetails(row: Row, sim: Sim): void {
  const created = sim.events.flatMap((e) => (e.type === "flow.taskCreated" ? [e.data] : []));
  if (row.file.includes("testParallelUserTasks")) {
    expect(created.map((t) => t.name).sort()).toEqual(["My Task 0", "My Task 1", "My Task 2"]);
    expect(created.map((t) => t.assignee?.id).sort()).toEqual(["kermit_0", "kermit_1", "kermit_2"]);
  }
  if (row.file.includes("testCandidateUsersExtension")) {
    expect(created[0].candidateUsers.map((p) => p.id)).toEqual(["kermit", "gonzo"]);
    expect(created[0].assignee).toBeNull();
  }
  if (row.file.includes("testMixedCandidateUserAndGroup")) {
    expect(created[0].candidateUsers.map((p) => p.id)).toEqual(["kermit"]);
    expect(created[0].candidateGroups.map((p) => p.id)).toEqual(["sales"]);
  }
  if (row.file.includes("testUnstructuredConcurrencyTwoJoins")) {
    expect(sim.events.filter((e) => e.type === "flow.nodePassed" && e.data.node === "theEnd")).toHaveLength(1);
  }
  if (row.file.includes("TerminateEndEvent") && row.case === "a") {
    const cancelled = sim.events.flatMap((e) => (e.type === "flow.taskCancelled" ? [e.data.node] : []));
    expect(cancelled).toEqual(["preNormalTerminateTask"]);
  }
  if (row.file.includes("testDeleteCancelledMultiInstanceTasks")) {
    expect(sim.events.filter((e) => e.type === "flow.taskCancelled")).toHaveLength(4);
  }
  if (row.file.includes("sequentialTasks")) {
    expect(created.filter((t) => t.node === "miTasks").map((t) => t.loopCounter)).toEqual([0, 1, 2]);
  }
}
