/**
 * `GET /wutong/v1/creditreprot/{creditCode}`: the credit report as a printable page (the spec's link and
 * spelling). A browser opens it by URL, so the web app's session cookie counts besides the header; opening
 * it writes nothing but the read's line in the query records, which is the point of the check. Refused,
 * unknown or failed reads answer a page saying so, with the HTTP status of the refusal.
 */
import type { Context } from "hono";
import { creditCode, creditReportPath, creditTags } from "../../events/api/credit.ts";
import { l } from "../../events/family.ts";
import type { AppEnv } from "../http/env.ts";
import type { RouteTable } from "../http/routes.ts";
import { parseInput } from "../http/input.ts";
import { DomainError, codes } from "../errors.ts";
import { readContext } from "./methods.ts";
import { readReport } from "./read.ts";
import { refusedPage, reportPage, reportPagePolicy } from "./page.ts";
import * as z from "zod";

const html = (c: Context<AppEnv>, body: string, status: 200 | 403 | 404 | 422 | 502 = 200) => c.html(body, status, { "cache-control": "no-store", "content-security-policy": reportPagePolicy, "x-content-type-options": "nosniff" });

async function reportRoute(c: Context<AppEnv>): Promise<Response> {
  const lang = c.get("lang");
  try {
    const { creditCode: code } = parseInput(z.object({ creditCode }), { creditCode: c.req.param("creditCode") });
    const shown = await readReport(readContext(c), code);
    return html(c, reportPage({ ...shown, readerName: c.get("actor")!.name }, lang));
  } catch (error) {
    if (!(error instanceof DomainError) || error.code === codes.unauthorized) throw error;
    const status = error.code === codes.validation ? 403 : error.code === codes.notFound ? 404 : error.code === 502 ? 502 : 422;
    return html(c, refusedPage(error.render(lang).msg, lang), status);
  }
}

export function creditRoutes(routes: RouteTable) {
  routes.get(`${creditReportPath}/:creditCode`, creditTags.info, reportRoute, {
    tokenInCookie: true,
    doc: { summary: l("企业信用报告（可打印网页；须持有效授权，每次查看记入查询记录）", "An enterprise's credit report (printable page; needs a live authorisation; every read is logged)"), download: "text/html", tags: ["credit"] },
  });
}
