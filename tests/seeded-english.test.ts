/**
 * What the product seeds reads in English in en-US: every name of the seed's divisions, organisation units,
 * departments, posts, members, users and roles, and of its process models (model names, every node and branch
 * of their trees, every field label of their forms, every name in their BPMN diagrams, published versions
 * included) has an English form without Chinese characters, and stays as it is in zh-CN.
 */
import { describe, expect, it } from "vitest";
import { seededName } from "../events/seed/seeded-english.ts";
import { families } from "../events/families/index.ts";
import { deploymentPublished } from "../worker/flow/projection.ts";
import { seedWrites } from "../worker/seed/index.ts";

const han = /\p{Script=Han}/u;
const named = new Set(["sys:area", "sys:department", "sys:organization", "sys:role", "sys:user", "common:projectorgpost", "common:proorgmember"]);

/** Every name in a designer tree: nodes, branches, form field labels. */
function treeNames(node: unknown, out: string[]): string[] {
  if (!node || typeof node !== "object") return out;
  const n = node as { name?: string; props?: { formFields?: { label: string }[] }; children?: unknown; branches?: unknown[] };
  if (n.name) out.push(n.name);
  for (const f of n.props?.formFields ?? []) out.push(f.label);
  treeNames(n.children, out);
  for (const b of n.branches ?? []) treeNames(b, out);
  return out;
}
const xmlNames = (xml: string) => [...xml.matchAll(/\sname="([^"]*)"/g)].map((m) => m[1]!.replace(/&gt;/g, ">").replace(/&lt;/g, "<").replace(/&amp;/g, "&"));

describe("seeded names in English", () => {
  it("every seeded division, organisation, department, post, person, role and process name has an English form", async () => {
    const writes = await seedWrites({ adminPassword: "Admin@123456", at: "2026-11-23T08:00:00.000Z" });
    const byName = new Map(families.map((f) => [f.name, f]));
    const names: { where: string; name: string }[] = [];
    const counts = new Map<string, number>();
    for (const write of writes) {
      const event = write.events[0]!;
      const family = byName.get(write.stream.slice(0, write.stream.indexOf(":")));
      const record = event.data.record as Record<string, unknown> | undefined;
      const found: string[] = [];
      if (family && record && named.has(family.perm) && typeof record.name === "string") found.push(record.name);
      if (family?.perm === "flowable:definition" && record) found.push(String(record.name), String(record.description), ...treeNames(record.tree, []), ...xmlNames(String(record.xml)));
      if (event.type === deploymentPublished) found.push(String(event.data.name), ...treeNames(event.data.tree, []), ...xmlNames(String(event.data.xml)));
      const kind = family?.perm ?? event.type;
      if (found.length) counts.set(kind, (counts.get(kind) ?? 0) + 1);
      for (const name of found) names.push({ where: kind, name });
    }
    // the seed holds all of them: a change that stops seeding one kind is a change to this test
    expect([...counts.keys()].sort()).toEqual([...named, "flowable:definition", deploymentPublished].sort());
    expect(counts.get("sys:area")).toBeGreaterThan(100);
    const chinese = names.filter(({ name }) => han.test(name));
    expect(chinese.length).toBeGreaterThan(200);
    expect(chinese.filter(({ name }) => han.test(seededName(name, "en-US"))).map(({ where, name }) => `${where}: ${name}`)).toEqual([]);
    for (const { name } of names) expect(seededName(name, "zh-CN")).toBe(name);
  });

  it("reads the names the screens show: divisions, escalated tasks, a role; and leaves a typed name as typed", () => {
    expect(seededName("雁塔区", "en-US")).toBe("Yanta District");
    expect(seededName("西安市", "en-US")).toBe("Xi'an");
    expect(seededName("部门人员", "en-US")).toBe("Department staff");
    expect(seededName("财务复核（超时上报）", "en-US")).toBe("Finance review (escalated)");
    expect(seededName("我的流程", "en-US")).toBe("我的流程");
  });
});
