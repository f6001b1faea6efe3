/**
 * The built-in offline source (local runs, tests and benches only: worker/sync/source.ts): an in-process
 * fetcher answering the very protocol of the external API (events/syn/protocol.ts) with the deterministic
 * sample items of events/syn/sample.ts. The same client, mapping and upsert run as against the real source;
 * records carry sourceCode "builtin". A page is generated once and kept in the isolate's memory, so later
 * runs read what the source "holds" instead of generating it again (generating costs ~50 µs an item;
 * keeping pages in R2 cost ~10 ms a page locally, more than generating them).
 */
import { synLists } from "../../events/families/syn-lists.ts";
import type { SynList } from "../../events/families/syn-common.ts";
import { envelope, noDataCode, parsePage, parsePageUrl, type PageRequest, type ParsedPage } from "../../events/syn/protocol.ts";
import { sampleCount, sampleItem } from "../../events/syn/sample.ts";
import type { Fetcher } from "./client.ts";

export { builtinBase } from "./source.ts";

const byArray = new Map<string, SynList>(synLists.map((l) => [`${l.source.product}/${l.source.array}`, l]));

/** The answer for one page, generated from the sample. */
function generated(list: SynList, page: PageRequest): unknown {
  const total = sampleCount(list, page.creditCode);
  if (total === 0) return { resultCode: noDataCode, resultMsg: "查询无数据" };
  const from = (page.pageNo - 1) * page.range;
  const items = [];
  for (let i = from; i < Math.min(total, from + page.range); i++) items.push(sampleItem(list, page.creditCode, page.entName, i));
  return envelope(page, items, total);
}

/**
 * Pages generated so far, by request, most recently used last: an unchanged pass reads them back instead of
 * generating again. Bounded (about 2 KB a page), so the isolate's memory stays well inside its 128 MB.
 */
const kept = new Map<string, ParsedPage>();
const keptPages = 20_000;
const unknownArray = { resultCode: "4004", resultMsg: "未知的产品或数据类型" };

/** A page as the adapter reads it, generated and parsed once, then served as kept (its items are only read). */
export async function builtinPage(page: PageRequest): Promise<ParsedPage> {
  const key = `${page.product}/${page.array}/${page.creditCode}/${page.range}/${page.pageNo}`;
  let parsed = kept.get(key);
  if (parsed === undefined) {
    const list = byArray.get(`${page.product}/${page.array}`);
    parsed = parsePage(page, list ? generated(list, page) : unknownArray);
  } else kept.delete(key);
  kept.set(key, parsed);
  if (kept.size > keptPages) kept.delete(kept.keys().next().value!);
  return parsed;
}

/** The built-in source over the protocol's HTTP shape (GET {base}/{product}?types=…), for clients that fetch. */
export const builtinFetcher: Fetcher = async (request) => {
  const page = parsePageUrl(new URL(request.url));
  const list = page && byArray.get(`${page.product}/${page.array}`);
  return Response.json(page && list ? generated(list, page) : unknownArray);
};
