/**
 * The registration, licence, intellectual-property and ownership lists (FIELDS.md §3.2–§3.5) as the sync
 * adapter reads them: each spec name declared at its path under the menu's permission, a source whose
 * mappings and key name declared fields, dictionaries seeded in the real database, and records written and
 * found through the spec-spelled paths.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { registrationSynLists } from "../../events/families/syn-registration.ts";
import { synLists } from "../../events/families/syn-lists.ts";
import { families } from "../../events/families/index.ts";
import { menuSeed } from "../../events/seed/menus.ts";
import { call, login } from "../helpers.ts";

/** The spec's names of this part, in its spelling (section 7, "/syn"). */
const names = [
  "synbasicinformationlist", "synalterlist", "synfiliationlist", "synentinvitemlist", "syncaseinfodjgs",
  "syndetaillistlicense", "syndetaillistpenalty", "synitemnamelist", "synentlabelinfo", "synpatentslist", "synswlist",
  "resultlist", "synryposperlist", "synryposshalist", "synfinalbeflist", "synEqulityProcessResult", "synlinkbeneficial",
];

/** Key parts no upstream key carries: an equity path's edges are numbered by their place in the provider's tree. */
const derivedKeys: Record<string, string[]> = { "/syn/synEqulityProcessResult": ["pathNo", "level"] };

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

describe("registration, licence, intellectual-property and ownership lists", () => {
  it("declares every spec name at its path, under the menu's perm, with a source", () => {
    const tags = menuTags(menuSeed);
    expect(registrationSynLists).toHaveLength(names.length);
    for (const name of names) {
      const list = registrationSynLists.find((s) => s.family.path === `/syn/${name}`);
      expect(list, name).toBeDefined();
      expect(list!.family.perm).toBe(`syn:${name.toLowerCase()}`);
      expect(list!.family.table, name).toMatch(/^syn_[a-z_]+$/);
      expect(tags.has(`syn:${name.toLowerCase()}:list`), name).toBe(true);
      expect(families.filter((f) => f.path === list!.family.path), name).toHaveLength(1);
      // attached to the enterprise page: exact match on the credit code, the name, and removed-at-source
      expect(list!.family.filters).toMatchObject({ creditCode: "eq", entName: "like", sourceRemoved: "eq" });
      expect(list!.family.fields.raw?.kind).toBe("json");
      expect(list!.family.fields.naturalKey?.kind).toBe("text");
    }
  });

  it("maps and keys only declared fields, and maps every key field but the tree-derived ones", () => {
    for (const { family, source } of registrationSynLists) {
      expect(source.product, family.path).toMatch(/^P\d{7}$/);
      expect(source.array, family.path).toMatch(/^[a-z][A-Za-z]+$/);
      expect(source.key.length, family.path).toBeGreaterThan(0);
      for (const [ours, upstream] of Object.entries(source.fields)) {
        expect(family.fields[ours], `${family.path} ${ours}`).toBeDefined();
        expect(upstream, `${family.path} ${ours}`).toMatch(/^\w+$/);
        // the sync bookkeeping is the adapter's, never an item's
        expect(["sourceCode", "sourceProduct", "sourceRecordId", "naturalKey", "syncedAt", "syncJobId", "raw", "sourceRemoved", "creditCode", "entName"]).not.toContain(ours);
      }
      for (const k of source.key) {
        expect(family.fields[k], `${family.path} key ${k}`).toBeDefined();
        expect(k).not.toBe("creditCode"); // always prepended by the adapter
        if (!derivedKeys[family.path]?.includes(k)) expect(source.fields[k], `${family.path} key ${k} is not mapped`).toBeDefined();
      }
      if (source.idField !== undefined) expect(source.idField).toMatch(/^\w+$/);
    }
  });

  it("gives none of these lists an upstream array of a product another list reads", () => {
    const at = (s: (typeof synLists)[number]) => `${s.source.product}/${s.source.array}`;
    for (const mine of registrationSynLists) {
      const sharing = synLists.filter((s) => s !== mine && at(s) === at(mine)).map((s) => s.family.path);
      expect(sharing, `${mine.family.path} reads ${at(mine)}`).toEqual([]);
    }
    // the licences and the 双公示 penalties both read a `detailList`, told apart by product
    const licence = registrationSynLists.find((s) => s.family.path === "/syn/syndetaillistlicense")!;
    const penalty = registrationSynLists.find((s) => s.family.path === "/syn/syndetaillistpenalty")!;
    expect([licence.source.array, penalty.source.array]).toEqual(["detailList", "detailList"]);
    expect(licence.source.product).toBe("P0010084");
    expect(penalty.source.product).not.toBe(licence.source.product);
  });

  describe("against the seeded database", () => {
    let token: string;
    beforeAll(async () => {
      token = await login();
    });

    it("has every dictionary the lists' fields use", async () => {
      const types = new Set(((await call("/sys/sysdict/types", { token })).body.data as { type: string }[]).map((t) => t.type));
      for (const { family } of registrationSynLists) {
        for (const [key, f] of Object.entries(family.fields)) if (f.kind === "dict") expect(types.has(f.dict!), `${family.path} ${key}: ${f.dict}`).toBe(true);
      }
    });

    it("saves and lists an equity path edge through the spec-spelled path, by enterprise and holder type", async () => {
      const edge = { creditCode: "91110000600037341L", entName: "北京测试有限公司", beneficiary: "张三", pathNo: 1, level: 2, holderName: "张三", holderType: "P", investeeName: "西安测试控股有限公司", percent: 60, subscribedCapital: 600, sourceCode: "cisp", sourceProduct: "P0090001", raw: { stockHolderName: "张三" } };
      const saved = await call("/syn/synEqulityProcessResult/save", { token, body: edge });
      expect(saved.body.code).toBe(0);
      const listed = await call(`/syn/synEqulityProcessResult/list?creditCode=${edge.creditCode}&holderType=P`, { token });
      expect(listed.body.total).toBe(1);
      expect(listed.body.data[0]).toMatchObject({ beneficiary: "张三", level: 2, percent: 60, raw: edge.raw });
      expect((await call(`/syn/synEqulityProcessResult/list?creditCode=${edge.creditCode}&holderType=E`, { token })).body.total).toBe(0);
      // a level that is no whole number is refused, field by field
      const wrong = await call("/syn/synEqulityProcessResult/save", { token, body: { ...edge, pathNo: 2, level: "second" } });
      expect(wrong.body.code).toBe(422);
      expect(wrong.body.errors).toHaveProperty("level");
    });

    it("lists registration changes by category and by the month of the change, newest first", async () => {
      const base = { creditCode: "91110000600037341L", entName: "北京测试有限公司", sourceCode: "cisp" };
      for (const [altDate, altItem, altCategory] of [["2024-03-01", "注册资本变更", "capital"], ["2024-05-20", "住所变更", "address"], ["2024-05-02", "投资人变更", "investor"]] as const) {
        expect((await call("/syn/synalterlist/save", { token, body: { ...base, altDate, altItem, altCategory, altBefore: "100", altAfter: "200" } })).body.code).toBe(0);
      }
      const may = await call(`/syn/synalterlist/list?creditCode=${base.creditCode}&altDate=2024-05`, { token });
      expect(may.body.data.map((r: { altDate: string }) => r.altDate)).toEqual(["2024-05-20", "2024-05-02"]);
      const capital = await call(`/syn/synalterlist/list?creditCode=${base.creditCode}&altCategory=capital`, { token });
      expect(capital.body.data.map((r: { altItem: string }) => r.altItem)).toEqual(["注册资本变更"]);
    });
  });
});
