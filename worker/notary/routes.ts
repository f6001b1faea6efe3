/**
 * The notarisation module's own routes beside its gateway methods:
 * - `GET /notary/verify/:id` is public on purpose: anyone holding an application number (printed on a
 *   certificate) checks it without an account. It answers HTML (the verify page), or with `?format=json`
 *   the report in the envelope. It reads only and shows no applicant's details.
 * - `POST /explorer-b` (the spec's chain explorer summary) with the `chain-info` header naming the chain:
 *   events, streams, latest hashes, and the recomputation of the streams written last.
 */
import * as z from "zod";
import { applicationNo, chainInfoHeader, chainScopes, explorerPath, explorerSummary, notaryTags, verifyPath, verifyReport } from "../../events/api/notary.ts";
import { l } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { ok } from "../http/envelope.ts";
import { parseInput } from "../http/input.ts";
import type { RouteTable } from "../http/routes.ts";
import { verifyPage } from "./page.ts";
import { applicationLabel, explorer, verify } from "./service.ts";
import { lazySchema } from "../../events/lazy.ts";

const verifyQuery = lazySchema(() => z.object({ format: z.enum(["html", "json"]).default("html") }));

export function notaryRoutes(routes: RouteTable) {
  routes
    .get(
      `${verifyPath}/:id`,
      "public",
      async (c) => {
        const { format } = parseInput(verifyQuery, c.req.query());
        const id = c.req.param("id") ?? "";
        const parsed = applicationNo.safeParse(id);
        const report = parsed.success ? await verify(c.env.DB, c.env.FILES, parsed.data) : null;
        if (format === "json") {
          if (!report) throw notFound(applicationLabel);
          return ok(c, report, "fetched");
        }
        return c.html(verifyPage(c.get("lang"), id, report), report ? 200 : 404, { "cache-control": "no-store" });
      },
      // it hashes the stored file on every call, and anyone may call it: limited per client address
      { limitPerClient: true, doc: { summary: l("公开的存证核验页（HTML；format=json 返回核验报告；每个地址每分钟有限次数）", "The public verify page (HTML; format=json answers the report; a limited number of calls a minute per address)"), query: verifyQuery, response: verifyReport, errors: [429] } },
    )
    .post(
      explorerPath,
      notaryTags.list,
      async (c) => {
        const scope = z.enum(chainScopes).safeParse((c.req.header(chainInfoHeader) ?? "").trim());
        if (!scope.success) throw new DomainError(codes.validation, "chainInfoMissing");
        return c.json({ code: 0, msg: t("fetched", c.get("lang")), data: await explorer(c.env.DB, scope.data) });
      },
      { doc: { summary: l("区块链浏览器摘要：事件数、流数、最新哈希与校验状态（请求头 chain-info：all 或 notary）", "Chain explorer summary: events, streams, latest hashes and verification (header chain-info: all or notary)"), response: explorerSummary } },
    );
}
