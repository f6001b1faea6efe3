/**
 * What an own-endpoint list exports (web/crud/listExport.ts): every page under the list's query, read in
 * chunks and in order, stopping at the total, a short page or the cap; the cells as the file holds them.
 */
import type { TFunction } from "i18next";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { allPages, exportCell, exportTable } from "../../web/crud/listExport.ts";

/** A list endpoint over `n` numbered rows, recording the pages asked for. */
function endpoint(n: number, { shortAt }: { shortAt?: number } = {}) {
  const asked: [number, number][] = [];
  const fetchPage = async (page: number, limit: number) => {
    asked.push([page, limit]);
    const all = Array.from({ length: shortAt !== undefined && page > 1 ? shortAt : n }, (_, i) => i + 1);
    return { rows: all.slice((page - 1) * limit, page * limit), total: n };
  };
  return { asked, fetchPage };
}

const t = ((key: string) => `«${key}»`) as unknown as TFunction;

describe("allPages", () => {
  it("reads every page of 100 in order, and nothing past the total", async () => {
    const { asked, fetchPage } = endpoint(1_234);
    const read: number[] = [];
    const { rows, capped } = await allPages(fetchPage, { onProgress: (n) => read.push(n) });
    expect(rows).toEqual(Array.from({ length: 1_234 }, (_, i) => i + 1));
    expect(capped).toBe(false);
    expect(asked.map(([page]) => page).sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(asked.every(([, limit]) => limit === 100)).toBe(true);
    expect(read.at(-1)).toBe(1_234);
  });

  it("asks once for a list that fits one page", async () => {
    const { asked, fetchPage } = endpoint(7);
    expect((await allPages(fetchPage)).rows).toHaveLength(7);
    expect(asked).toEqual([[1, 100]]);
  });

  it("stops at the cap and says the file is cut", async () => {
    const { asked, fetchPage } = endpoint(1_000);
    const { rows, capped } = await allPages(fetchPage, { cap: 250 });
    expect(rows).toHaveLength(250);
    expect(rows.at(-1)).toBe(250);
    expect(capped).toBe(true);
    expect(Math.max(...asked.map(([page]) => page))).toBe(3);
  });

  it("stops at a page that comes back short (rows removed while reading)", async () => {
    const { fetchPage } = endpoint(1_000, { shortAt: 450 });
    const { rows } = await allPages(fetchPage, { parallel: 1 });
    expect(rows).toHaveLength(450);
  });
});

describe("exportCell and exportTable", () => {
  type Row = { name: string; count: number; tags: string[] | null; code: string };
  const row: Row = { name: "甲", count: 3, tags: ["a", "b"], code: "x1" };

  it("takes the declared value, else rendered text or number, else the row's value under the key", async () => {
    expect(await exportCell<Row>({ key: "code", title: () => "", value: (r) => `#${r.code}` }, row, t)).toBe("#x1");
    expect(await exportCell<Row>({ key: "code", title: () => "", value: async () => "字典名" }, row, t)).toBe("字典名");
    expect(await exportCell<Row>({ key: "name", title: () => "", render: (r) => `${r.name}!` }, row, t)).toBe("甲!");
    expect(await exportCell<Row>({ key: "count", title: () => "", render: (r) => createElement("b", null, r.count) }, row, t)).toBe(3);
    expect(await exportCell<Row>({ key: "tags", title: () => "" }, row, t)).toBe('["a","b"]');
    expect(await exportCell<Row>({ key: "missing", title: () => "" }, row, t)).toBeNull();
  });

  it("puts the titles first and one row per record", async () => {
    const table = await exportTable<Row>([{ key: "name", title: (tt) => tt("x.name") }, { key: "count", title: () => "数量" }], [row, { ...row, name: "乙", count: 4 }], t);
    expect(table).toEqual([["«x.name»", "数量"], ["甲", 3], ["乙", 4]]);
  });
});
