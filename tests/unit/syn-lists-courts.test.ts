/**
 * The court, enforcement and land lists (FIELDS.md §3.6–§3.7) as the sync adapter reads them: each spec name
 * declared at its path under the menu's permission, a source whose mappings and key name declared fields,
 * dictionaries seeded in the real database, and a record written and found through the spec-spelled path.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { courtSynLists } from "../../events/families/syn-courts.ts";
import { synLists } from "../../events/families/syn-lists.ts";
import { families } from "../../events/families/index.ts";
import { menuSeed } from "../../events/seed/menus.ts";
import { call, login } from "../helpers.ts";

/** The spec's names of this part, in its spelling (section 7, "/syn"). */
const names = [
  "synjuddoclist", "syndetaillistjudicial", "synbankruptcylist", "synendcaselist", "synperformerlist", "synDisSxbzxrlist",
  "syndishonestsxbzx", "syndisrysxbzxlist", "synlosspromiselist", "synxzgxflist", "synqyxzgxfdetails", "synxzgxfstafflist",
  "synaucannolist", "syndnoticelist", "synothcourtannolist", "syntdgyresults", "syntdcrresults", "syntddyresults",
  "syndkgsresults", "syndetaillist",
];

/** Every permission tag the seeded menu grants somewhere. */
function menuTags(entries: readonly unknown[]): Set<string> {
  const tags = new Set<string>();
  const walk = (list: readonly unknown[]) => {
    for (const e of list as { perms?: string; children?: unknown[] }[]) {
      for (const t of (e.perms ?? "").split(",")) if (t.trim()) tags.add(t.trim());
      if (e.children) walk(e.children);
    }
  };
  walk(entries);
  return tags;
}

describe("court, enforcement and land lists", () => {
  it("declares every spec name at its path, under the menu's perm, with a source", () => {
    const tags = menuTags(menuSeed);
    expect(courtSynLists).toHaveLength(names.length);
    for (const name of names) {
      const list = courtSynLists.find((s) => s.family.path === `/syn/${name}`);
      expect(list, name).toBeDefined();
      expect(list!.family.perm).toBe(`syn:${name.toLowerCase()}`);
      expect(tags.has(`syn:${name.toLowerCase()}:list`), name).toBe(true);
      expect(families.filter((f) => f.path === list!.family.path), name).toHaveLength(1);
      // attached to the enterprise page: exact match on the credit code, the name, and removed-at-source
      expect(list!.family.filters).toMatchObject({ creditCode: "eq", entName: "like", sourceRemoved: "eq" });
      expect(list!.family.fields.raw?.kind).toBe("json");
    }
  });

  it("maps and keys only declared fields, and maps every key field", () => {
    for (const { family, source } of courtSynLists) {
      expect(source.product, family.path).toMatch(/^P\d{7}$/);
      expect(source.array, family.path).toMatch(/^[a-z][A-Za-z]+$/);
      expect(source.key.length, family.path).toBeGreaterThan(0);
      for (const [ours, upstream] of Object.entries(source.fields)) {
        expect(family.fields[ours], `${family.path} ${ours}`).toBeDefined();
        expect(upstream, `${family.path} ${ours}`).toMatch(/^\w+$/);
      }
      for (const k of source.key) {
        expect(family.fields[k], `${family.path} key ${k}`).toBeDefined();
        expect(k).not.toBe("creditCode"); // always prepended by the adapter
        expect(source.fields[k], `${family.path} key ${k} is not mapped`).toBeDefined();
      }
      if (source.idField !== undefined) expect(source.idField).toMatch(/^\w+$/);
    }
  });

  it("gives no two synchronised lists the same upstream array of the same product", () => {
    const seen = new Map<string, string>();
    for (const { family, source } of synLists) {
      const at = `${source.product}/${source.array}`;
      expect(seen.get(at), `${family.path} and ${seen.get(at)} both read ${at}`).toBeUndefined();
      seen.set(at, family.path);
    }
    // the land query's container and the litigation details both read a `detailList`, told apart by product
    const detail = courtSynLists.filter((s) => s.source.array === "detailList").map((s) => s.source.product);
    expect(new Set(detail).size).toBe(detail.length);
  });

  describe("against the seeded database", () => {
    let token: string;
    beforeAll(async () => {
      token = await login();
    });

    it("has every dictionary the lists' fields use", async () => {
      const types = new Set(((await call("/sys/sysdict/types", { token })).body.data as { type: string }[]).map((t) => t.type));
      for (const { family } of courtSynLists) {
        for (const [key, f] of Object.entries(family.fields)) if (f.kind === "dict") expect(types.has(f.dict!), `${family.path} ${key}: ${f.dict}`).toBe(true);
      }
    });

    it("saves and lists a dishonest debtor through the spec-spelled path, by enterprise and dictionary value", async () => {
      const record = { creditCode: "91110000600037341L", entName: "北京测试有限公司", caseNo: "(2024)陕0113执1601号", debtorName: "北京测试有限公司", performance: "none", behaviour: "ableButRefuse", publishDate: "2024-05-06", sourceCode: "cisp", raw: { caseNo: "（2024）陕0113执1601号" } };
      const saved = await call("/syn/synDisSxbzxrlist/save", { token, body: record });
      expect(saved.body.code).toBe(0);
      const listed = await call(`/syn/synDisSxbzxrlist/list?creditCode=${record.creditCode}&performance=none`, { token });
      expect(listed.body.total).toBe(1);
      expect(listed.body.data[0]).toMatchObject({ caseNo: record.caseNo, behaviour: "ableButRefuse", raw: record.raw });
      expect((await call(`/syn/synDisSxbzxrlist/list?creditCode=${record.creditCode}&performance=full`, { token })).body.total).toBe(0);
      // the enterprise-scoped tabs filter by the exact credit code
      expect((await call("/syn/synDisSxbzxrlist/list?creditCode=91440300708461136T", { token })).body.total).toBe(0);
    });
  });
});
