/**
 * The built-in offline source: with no SYN_SOURCE_URL configured, the adapter talks to this in-process
 * fetcher, which answers the very protocol of the external API (events/syn/protocol.ts) with the
 * deterministic sample items of events/syn/sample.ts. The same client, mapping and upsert run as against
 * the real source, so a new installation sees its lists fill on schedule; records carry sourceCode "builtin".
 */
import { synLists } from "../../events/families/syn-lists.ts";
import type { SynList } from "../../events/families/syn-common.ts";
import { envelope, noDataCode, parsePageUrl } from "../../events/syn/protocol.ts";
import { sampleCount, sampleItem } from "../../events/syn/sample.ts";
import type { Fetcher } from "./client.ts";

export const builtinBase = "https://builtin.sync.invalid/cisp";

const byArray = new Map<string, SynList>(synLists.map((l) => [`${l.source.product}/${l.source.array}`, l]));

export const builtinFetcher: Fetcher = async (request) => {
  const page = parsePageUrl(new URL(request.url));
  const list = page && byArray.get(`${page.product}/${page.array}`);
  if (!page || !list) return Response.json({ resultCode: "4004", resultMsg: "未知的产品或数据类型" });
  const total = sampleCount(list, page.creditCode);
  if (total === 0) return Response.json({ resultCode: noDataCode, resultMsg: "查询无数据" });
  const from = (page.pageNo - 1) * page.range;
  const items = [];
  for (let i = from; i < Math.min(total, from + page.range); i++) items.push(sampleItem(list, page.creditCode, page.entName, i));
  return Response.json(envelope(page, items, total));
};
