/**
 * /file: upload to R2 (one file per call), download, metadata by ids or by business, delete. The metadata
 * is a record of the file family (events, history, log); the bytes are an R2 object.
 */
import type { Context } from "hono";
import * as z from "zod";
import { files as fileVerbs } from "../../events/api/files.ts";
import { t } from "../../events/i18n.ts";
import { file } from "../../events/families/sys.ts";
import { l } from "../../events/family.ts";
import { RouteTable } from "../http/routes.ts";
import type { AppEnv } from "../http/env.ts";
import { ok, page, requirePermission } from "../http/envelope.ts";
import { runCommand } from "../http/command.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { findById, findByIds, listAll, listPage, parseListQuery } from "../resources/query.ts";
import { newDeletes } from "../resources/commands.ts";
import { downloadHeaders, fileFamily as files, prepareUpload } from "./store.ts";
import { lazySchema } from "../../events/lazy.ts";

async function upload(c: Context<AppEnv>) {
  const contentType = c.req.header("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) throw new DomainError(codes.validation, "uploadMissing");
  const form = await c.req.formData();
  const parts = [...form.values()].filter((v): v is File => typeof v === "object" && v !== null && "arrayBuffer" in v);
  if (parts.length === 0) throw new DomainError(codes.validation, "uploadMissing");
  if (parts.length > 1) throw new DomainError(codes.validation, "uploadMultiple");
  const businessType = typeof form.get("businessType") === "string" ? (form.get("businessType") as string) : undefined;
  const businessId = typeof form.get("businessId") === "string" ? (form.get("businessId") as string) : undefined;
  const upload = await prepareUpload(c.env.FILES, parts[0]!, { businessType, businessId });
  // the object is stored only once the Idempotency-Key check has passed, and removed if no record follows
  return runCommand(
    c,
    async () => {
      await upload.put();
      return { writes: [upload.write], response: { code: codes.ok, msg: t("created", c.get("lang")), data: { id: upload.id, ...upload.record, url: `/api/file/fileDown?uuid=${upload.id}` } } };
    },
    { undo: upload.undo },
  );
}

// ── Documented shapes (the API document's schemas) ────────────────────────────
const uploadDoc = { summary: l("上传一个文件", "Upload one file"), bodyType: "multipart" as const };
const uuidQuery = lazySchema(() => z.object({ uuid: z.string().describe("file id") }));
const listQuery = lazySchema(() => z.object({
  ids: z.string().optional().describe("comma-separated file ids (at most 90): their metadata for any signed-in user; without it the paged list (sys:file:list)"),
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
}));
const idQuery = lazySchema(() => z.object({ id: z.string().describe("file id") }));

export function fileRoutes(routes: RouteTable) {
  routes
    .verb(fileVerbs.upload, "sys:file:upload", upload, { doc: uploadDoc })
    .post("/file/uploads", "sys:file:upload", upload, { tokenInQuery: true, doc: { ...uploadDoc, body: fileVerbs.upload.body, response: fileVerbs.upload.response, summary: l("上传一个文件（令牌可放在查询参数 token 中）", "Upload one file (token also as query parameter token)") } })
    .get("/file/fileDown", "signedIn", async (c) => {
      const meta = await findById(c.env.DB, files, c.req.query("uuid") ?? "");
      if (!meta) throw notFound(file.label);
      const object = await c.env.FILES.get(meta.objectKey as string);
      if (!object) throw notFound(file.label);
      return new Response(object.body, { headers: downloadHeaders(meta, object.size) });
    }, { tokenInQuery: true, doc: { summary: l("下载文件", "Download a file"), query: uuidQuery, download: "application/octet-stream" } })
    // list?ids=a,b answers those files' metadata (any signed-in user, for attachments on forms);
    // without ids it is the family's paged list and needs its tag
    .get("/file/list", "signedIn", async (c) => {
      const ids = c.req.query("ids");
      if (ids !== undefined) return ok(c, await findByIds(c.env.DB, files, ids.split(",").map((s) => s.trim()).filter(Boolean).slice(0, 90)), "fetched");
      requirePermission(c, files.tags.list);
      const { total, rows } = await listPage(c.env.DB, files, parseListQuery(files, c.req.query()));
      return page(c, total, rows);
    }, { doc: { summary: l("按编号获取文件信息，或文件分页列表", "File metadata by ids, or the paged file list"), query: listQuery } })
    .get("/file/getlistByParams", "sys:file:list", async (c) => ok(c, await listAll(c.env.DB, files, parseListQuery(files, c.req.query()), 500), "fetched"), {
      doc: { summary: l("按业务筛选文件（最多 500 个）", "Files by business (at most 500)"), family: files, verb: "listAll" },
    })
    .get("/file/delete", "sys:file:delete", async (c) => {
      const id = c.req.query("id") ?? "";
      const meta = await findById(c.env.DB, files, id);
      if (!meta) throw notFound(file.label);
      const answer = await runCommand(c, async () => ({ writes: await newDeletes(c.env.DB, files, [id]), response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: null } }));
      await c.env.FILES.delete(meta.objectKey as string);
      return answer;
    }, { doc: { summary: l("删除文件", "Delete a file"), query: idQuery } });
}
