/**
 * Spreadsheet verbs every family gets: `excel/template` (tag import), `excel/import` (tag import: JSON
 * chunks from the web page, or a file parsed here up to a row limit), `excel/export` (tag export, streamed)
 * and `excel/result/:id` (the refused rows of a file import, with their reasons).
 */
import * as z from "zod";
import type { RouteTable } from "../../http/routes.ts";
import { actorOf, readJson } from "../../http/envelope.ts";
import { codes } from "../../errors.ts";
import { SpreadsheetError, parseBody, xlsxType } from "./errors.ts";
import { importBody, importFile, importJson } from "./import-http.ts";
import { contentDisposition, exportBody, exportResponse } from "./export.ts";
import { templateFile } from "./template.ts";
import { unclaimed, type VerbMount } from "../routes.ts";
import { lazySchema } from "../../../events/lazy.ts";

const resultId = lazySchema(() => z.string().uuid());

export function spreadsheetRoutes(table: RouteTable, mount: VerbMount) {
  const routes = unclaimed(table);
  const { path, tags } = mount;
  const doc = mount.doc;
  routes
    .get(
      `${path}/excel/template`,
      tags.import,
      async (c) => {
        const family = await mount.family(c, "read");
        const lang = c.get("lang");
        const bytes = await templateFile(c.env.DB, family, lang);
        return new Response(bytes, {
          headers: { "content-type": xlsxType, "content-disposition": contentDisposition(family, lang, "xlsx", lang === "zh-CN" ? "导入模板" : "import template"), "cache-control": "no-store" },
        });
      },
      { doc: doc("excel/template") },
    )
    .post(
      `${path}/excel/import`,
      tags.import,
      async (c) => {
        const family = await mount.family(c, "write");
        return (c.req.header("content-type") ?? "").startsWith("multipart/form-data") ? importFile(c, family) : importJson(c, family);
      },
      { doc: doc("excel/import", importBody) },
    )
    .post(`${path}/excel/export`, tags.export, async (c) => exportResponse(c.env.DB, await mount.family(c, "read"), parseBody(exportBody, await readJson(c)), c.get("lang")), { doc: doc("excel/export", exportBody) })
    .get(
      `${path}/excel/result/:id`,
      tags.import,
      async (c) => {
        const id = resultId.safeParse(c.req.param("id"));
        const object = id.success ? await c.env.FILES.get(`imports/${id.data}.xlsx`) : null;
        const actor = actorOf(c);
        if (!object || (object.customMetadata?.actor !== actor.id && !actor.admin)) throw new SpreadsheetError(codes.notFound, "resultGone");
        const family = await mount.family(c, "read");
        const lang = c.get("lang");
        return new Response(object.body, {
          headers: { "content-type": xlsxType, "content-disposition": contentDisposition(family, lang, "xlsx", lang === "zh-CN" ? "导入结果" : "import result"), "cache-control": "no-store" },
        });
      },
      { tokenInQuery: true, doc: doc("excel/result") },
    );
}
