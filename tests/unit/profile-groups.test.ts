/**
 * The enterprise profile's grouping (events/families/profile-groups.ts) and the counts its tabs show
 * (web/enterprise/scope.ts): every synchronised list and every enterprise-scoped family sits in exactly one tab,
 * no name shows twice, and a group's count is the sum of what its tabs show.
 */
import { describe, expect, it } from "vitest";
import { families } from "../../events/families/index.ts";
import { isEnterpriseScoped, masterName } from "../../events/families/enterprise.ts";
import { profileGroups } from "../../events/families/profile-groups.ts";
import { synFamilies } from "../../events/families/syn-lists.ts";
import { groupCount, openingTab, shownGroups, tabCount } from "../../web/enterprise/scope.ts";

const groups = profileGroups(families);
const placed = groups.flatMap((g) => g.tabs.flat().map((f) => f.name));

describe("the profile's grouping", () => {
  it("lists every synchronised list exactly once", () => {
    expect(synFamilies.length).toBeGreaterThanOrEqual(37);
    for (const list of synFamilies) expect(placed.filter((name) => name === list.name), list.name).toHaveLength(1);
  });

  it("lists every enterprise-scoped family but the master exactly once, and nothing else", () => {
    const scoped = families.filter((f) => isEnterpriseScoped(f) && f.name !== masterName).map((f) => f.name);
    expect([...placed].sort()).toEqual([...scoped].sort());
  });

  it("shows no tab name twice, and keeps the risk lists out of the registration, IP and finance groups", () => {
    const labels = groups.flatMap((g) => g.tabs.map((t) => t[0]!.label["zh-CN"]));
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
    const en = groups.flatMap((g) => g.tabs.map((t) => t[0]!.label["en-US"]));
    expect(en.filter((l, i) => en.indexOf(l) !== i)).toEqual([]);
    const names = (id: string) => groups.find((g) => g.id === id)!.tabs.flat().map((f) => f.name);
    expect(names("ip")).toEqual(expect.arrayContaining(["syn.synpatentslist", "common.enpatentinfo"]));
    expect(names("operations")).toEqual(expect.arrayContaining(["syn.synfiliationlist", "syn.synitemnamelist"]));
    expect(names("credit")).toEqual(expect.arrayContaining(["syn.synxzgxflist", "common.enrestrictionhighconsumptioncase"]));
    expect(names("judicial")).toEqual(expect.arrayContaining(["syn.synjuddoclist", "syn.synperformerlist"]));
    expect(names("administrative")).toEqual(expect.arrayContaining(["syn.syncaseinfodjgs"]));
    // a tab with two lists is a hand-entered family and its synchronised mirror, under one name
    for (const tab of groups.flatMap((g) => g.tabs).filter((t) => t.length > 1)) {
      expect(tab).toHaveLength(2);
      expect(tab[0]!.path.startsWith("/syn/")).toBe(false);
      expect(tab[1]!.path.startsWith("/syn/")).toBe(true);
    }
  });
});

describe("the profile's counts", () => {
  const shown = shownGroups(families, () => true);
  const ip = shown.find((g) => g.id === "ip")!;

  it("counts a group as the sum of its tabs, a tab as the sum of its lists", () => {
    const counts = { "common.enpatentinfo": 2, "syn.synpatentslist": 3, "common.entrademarkinfo": 1 };
    expect(ip.tabs.map((t) => tabCount(t, counts))).toEqual([5, 1, 0, 0]);
    expect(groupCount(ip, counts)).toBe(6);
    expect(groupCount(ip, undefined)).toBeUndefined();
  });

  it("opens a group on its first tab holding records, else its first", () => {
    expect(openingTab(ip, { "common.entrademarkinfo": 1 }).key).toBe("common.entrademarkinfo");
    expect(openingTab(ip, {}).key).toBe(ip.tabs[0]!.key);
  });

  it("leaves out the lists a user may not open, and tabs and groups left without any", () => {
    const onlySyn = shownGroups(families, (f) => f.name === "syn.synpatentslist");
    expect(onlySyn).toHaveLength(1);
    expect(onlySyn[0]!.tabs).toEqual([{ key: "syn.synpatentslist", label: expect.any(Object), lists: [expect.objectContaining({ name: "syn.synpatentslist" })] }]);
  });
});
