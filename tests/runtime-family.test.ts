/**
 * Families built at run time (the data models of issue 10) query through the same engine as declared ones:
 * a family object the declarations do not hold gets its read-model table built from it, and answers what the
 * declared family answers over the same table.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { defineFamily } from "../events/family.ts";
import { dictionary } from "../events/families/sys.ts";
import type { Family } from "../events/family.ts";
import { familyTables, tableOf } from "../worker/resources/schema.ts";
import { findById, listPage, parseListQuery } from "../worker/resources/query.ts";

describe("a family built at run time", () => {
  const declared = dictionary as unknown as Family;
  // the same declaration made again, as a run-time definition would be: another object, the same table
  const { idKey: _idKey, ...spec } = declared;
  const runtime = defineFamily({ ...spec, fields: { ...declared.fields } }) as unknown as Family;

  it("gets its own table object, built once, while declared families keep theirs", () => {
    expect(tableOf(declared)).toBe(familyTables[declared.table]);
    expect(tableOf(runtime)).not.toBe(familyTables[declared.table]);
    expect(tableOf(runtime)).toBe(tableOf(runtime));
  });

  it("lists, filters and finds like the declared family over the same rows", async () => {
    const query = { page: "1", limit: "20", type: "examStatus" };
    const a = await listPage(env.DB, declared, parseListQuery(declared, query));
    const b = await listPage(env.DB, runtime, parseListQuery(runtime, query));
    expect(a.total).toBeGreaterThan(0);
    expect(b).toEqual(a);
    const id = String(a.rows[0]![declared.idKey]);
    expect(await findById(env.DB, runtime, id)).toEqual(await findById(env.DB, declared, id));
  });
});
