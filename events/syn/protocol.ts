/**
 * The wire protocol of the enterprise-credit API the synchronised lists read (the CISP envelope; FIELDS.md
 * intro), shared by the Worker's adapter, its built-in offline source and the tests' local server:
 *
 *   GET {base}/{product}?types={array}&creditCode={code}&entName={name}&pageNo={n}&range={size}
 *   Authorization: AppKey {key}                      (omitted when no key is configured)
 *
 *   200 {"resultCode":"0000","resultMsg":"成功","resultData":{"{product}Data":{
 *          "{array}":[ …items… ],
 *          "{array}Meta":{"totalCount":N,"pageNo":n,"range":size}}}}
 *
 * `pageNo` counts from 1. A resultCode other than "0000" is an upstream refusal (its resultMsg is logged);
 * "0001" means the enterprise has no data (an empty array is equally fine). Items are flat objects whose
 * keys are the upstream names each list's `UpstreamSource.fields` maps.
 */
import * as z from "zod";
import { lazy } from "../lazy.ts";

export const okCode = "0000";
export const noDataCode = "0001";

export interface PageRequest {
  product: string;
  array: string;
  creditCode: string;
  entName: string;
  pageNo: number;
  range: number;
}

export function pageUrl(base: string, r: PageRequest): string {
  const query = new URLSearchParams({ types: r.array, creditCode: r.creditCode, entName: r.entName, pageNo: String(r.pageNo), range: String(r.range) });
  return `${base.replace(/\/+$/, "")}/${encodeURIComponent(r.product)}?${query}`;
}

/** Reads a page request back from its URL (the built-in source and the tests' server), or null when it is not one. */
export function parsePageUrl(url: URL): PageRequest | null {
  const product = decodeURIComponent(url.pathname.split("/").pop() ?? "");
  const q = url.searchParams;
  const pageNo = Number(q.get("pageNo") ?? "1");
  const range = Number(q.get("range") ?? "100");
  if (!/^P\d{7}$/.test(product) || !q.get("types") || !q.get("creditCode") || !Number.isInteger(pageNo) || pageNo < 1 || !Number.isInteger(range) || range < 1 || range > 500) return null;
  return { product, array: q.get("types")!, creditCode: q.get("creditCode")!, entName: q.get("entName") ?? "", pageNo, range };
}

export function envelope(r: Pick<PageRequest, "product" | "array" | "pageNo" | "range">, items: Record<string, unknown>[], totalCount: number) {
  return {
    resultCode: okCode,
    resultMsg: "成功",
    resultData: { [`${r.product}Data`]: { [r.array]: items, [`${r.array}Meta`]: { totalCount, pageNo: r.pageNo, range: r.range } } },
  };
}

/** The envelope's parts, built once on first use (a sync reads thousands of pages; nothing is built at import). */
const schemas = lazy(() => ({
  head: z.object({ resultCode: z.string(), resultMsg: z.string().optional(), resultData: z.unknown().optional() }),
  data: z.record(z.string(), z.unknown()),
  items: z.array(z.record(z.string(), z.unknown())).max(500),
  meta: z.object({ totalCount: z.coerce.number().int().min(0), pageNo: z.coerce.number().int().min(1).optional(), range: z.coerce.number().int().min(1).optional() }),
}));

export interface ParsedPage {
  items: Record<string, unknown>[];
  totalCount: number;
}

/** Parses an answer body for `r`; throws a MalformedPage naming what is wrong (the client retries those). */
export function parsePage(r: PageRequest, body: unknown): ParsedPage {
  const { head: headOf, data: dataOf, items: itemsOf, meta } = schemas();
  const head = headOf.safeParse(body);
  if (!head.success) throw new MalformedPage("the envelope has no resultCode");
  if (head.data.resultCode === noDataCode) return { items: [], totalCount: 0 };
  if (head.data.resultCode !== okCode) throw new UpstreamRefusal(head.data.resultCode, head.data.resultMsg ?? "");
  const data = dataOf.safeParse((head.data.resultData as Record<string, unknown> | undefined)?.[`${r.product}Data`]);
  if (!data.success) throw new MalformedPage(`resultData.${r.product}Data is missing`);
  const items = itemsOf.safeParse(data.data[r.array] ?? []);
  if (!items.success) throw new MalformedPage(`${r.array} is not a list of objects`);
  const paging = meta.safeParse(data.data[`${r.array}Meta`] ?? { totalCount: items.data.length });
  if (!paging.success) throw new MalformedPage(`${r.array}Meta.totalCount is missing`);
  return { items: items.data, totalCount: paging.data.totalCount };
}

export class MalformedPage extends Error {
  override name = "MalformedPage";
}

/** The source answered, but refused (bad key, quota): retrying does not help. */
export class UpstreamRefusal extends Error {
  override name = "UpstreamRefusal";
  readonly code: string;
  constructor(code: string, message: string) {
    super(`upstream refused (${code}) ${message}`.trim());
    this.code = code;
  }
}
