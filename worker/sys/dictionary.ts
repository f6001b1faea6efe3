/**
 * The dictionary's verbs beyond the standard set: lookups every form uses (any signed-in user, one call
 * for many types, ETag so repeated lookups cost no body) and the type-wide administration verbs.
 */
import * as z from "zod";
import { dictEntry, dictionary as dictionaryVerbs } from "../../events/api/dictionary.ts";
import type { Context } from "hono";
import { t } from "../../events/i18n.ts";
import { dictionary } from "../../events/families/sys.ts";
import { l, type Family } from "../../events/family.ts";
import { RouteTable } from "../http/routes.ts";
import type { AppEnv } from "../http/env.ts";
import { ok, readJson } from "../http/envelope.ts";
import { runCommand } from "../http/command.ts";
import { codes } from "../errors.ts";
import { sha256Hex } from "../store/canonical.ts";
import { newDeletes, newUpdate, tooMany } from "../resources/commands.ts";
import { requireParam } from "../resources/validate.ts";
import { lazySchema } from "../../events/lazy.ts";

const family = dictionary as unknown as Family;
const entryColumns = "id, type, value, name, en_name AS enName, number, status, remark";
const typeLabel = family.fields.type!.label;

/** JSON answer with an ETag over its body: a client that sends If-None-Match gets 304 and no body. */
async function cachedJson(c: Context<AppEnv>, data: unknown) {
  const body = JSON.stringify({ code: codes.ok, msg: t("fetched", c.get("lang")), data });
  const etag = `W/"${(await sha256Hex(body)).slice(0, 32)}"`;
  c.header("ETag", etag);
  c.header("Cache-Control", "private, no-cache");
  if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
  return c.body(body, 200, { "content-type": "application/json; charset=UTF-8" });
}

const typeParam = lazySchema(() => z.string().trim().min(1).max(64));
const requireType = (value: unknown, field = "type") => requireParam(value, typeParam, field, typeLabel);

// ── Documented parameters (the API document's schemas; the handlers check each value as above) ─────
const typeQuery = lazySchema(() => z.object({ type: typeParam }));
const typeValueQuery = lazySchema(() => z.object({ type: typeParam, value: z.string().min(1).max(64) }));
const deleteTypeBody = lazySchema(() => z.object({ type: typeParam }));
const updateTypeBody = lazySchema(() => z.object({ oldType: typeParam, type: typeParam }));

async function entriesOf(db: D1Database, types: string[] | null) {
  const where = types ? `WHERE status = '1' AND type IN (SELECT value FROM json_each(?))` : "WHERE status = '1'";
  const statement = db.prepare(`SELECT ${entryColumns} FROM sys_dict ${where} ORDER BY type, number, value`);
  const { results } = await (types ? statement.bind(JSON.stringify(types)) : statement).all<Record<string, unknown> & { type: string }>();
  return results;
}

/** Enabled entries grouped by type: every asked type present (empty when it has none); null asks for all. */
export async function groupedEntries(db: D1Database, types: string[] | null): Promise<Record<string, unknown[]>> {
  const grouped: Record<string, unknown[]> = Object.fromEntries((types ?? []).map((type) => [type, []]));
  if (types?.length === 0) return grouped;
  for (const entry of await entriesOf(db, types)) (grouped[entry.type] ??= []).push(entry);
  return grouped;
}

const entryIdsOf = async (db: D1Database, type: string) =>
  (await db.prepare("SELECT id FROM sys_dict WHERE type = ? LIMIT 201").bind(type).all<{ id: string }>()).results.map((r) => r.id);

export function dictionaryRoutes(routes: RouteTable) {
  const base = family.path;
  routes
    .verb(dictionaryVerbs.all, "signedIn", async (c) => {
      const raw = c.req.queries("types")?.flatMap((v) => v.split(",")) ?? c.req.queries("type")?.flatMap((v) => v.split(","));
      const types = raw ? [...new Set(raw.map((v) => v.trim()).filter(Boolean))].slice(0, 200) : null;
      return cachedJson(c, await groupedEntries(c.env.DB, types));
    }, { doc: { summary: l("按类型分组获取启用的字典项（ETag 缓存）", "Enabled dictionary entries grouped by type (ETag cached)") } })
    .get(`${base}/findByType`, "signedIn", async (c) => cachedJson(c, await entriesOf(c.env.DB, [requireType(c.req.query("type"))])), {
      doc: { summary: l("获取某类型的启用字典项", "Enabled entries of one dictionary type"), query: typeQuery, response: z.array(dictEntry) },
    })
    .get(`${base}/findByTypeValue`, "signedIn", async (c) => {
      const type = requireType(c.req.query("type"));
      const value = requireParam(c.req.query("value"), z.string().min(1).max(64), "value", family.fields.value!.label);
      const entry = await c.env.DB.prepare(`SELECT ${entryColumns} FROM sys_dict WHERE type = ? AND value = ?`).bind(type, value).first();
      return cachedJson(c, entry ?? null);
    }, { doc: { summary: l("按类型和值获取一个字典项", "One dictionary entry by type and value"), query: typeValueQuery, response: dictEntry.nullable() } })
    .verb(dictionaryVerbs.types, family.tags.list, async (c) => {
      const { results } = await c.env.DB.prepare("SELECT value AS type, n AS count FROM counters WHERE scope = 'sys_dict.type' ORDER BY value").all();
      return ok(c, results, "fetched");
    }, { doc: { summary: l("字典类型及其条目数", "Dictionary types with their entry counts") } })
    .post(`${base}/deleteType`, family.tags.delete, async (c) => {
      const body = await readJson<{ type?: unknown }>(c);
      const ids = await entryIdsOf(c.env.DB, requireType(body.type));
      if (ids.length > 200) throw tooMany(200);
      return runCommand(c, async () => ({ writes: await newDeletes(c.env.DB, family, ids), response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: { deleted: ids.length } } }));
    }, { doc: { summary: l("删除整个字典类型（最多 200 项）", "Delete a whole dictionary type (at most 200 entries)"), body: deleteTypeBody, response: z.object({ deleted: z.number() }) } })
    .post(`${base}/updateType`, family.tags.update, async (c) => {
      const body = await readJson<{ oldType?: unknown; type?: unknown }>(c);
      const oldType = requireType(body.oldType, "oldType");
      const type = requireType(body.type);
      const ids = await entryIdsOf(c.env.DB, oldType);
      if (ids.length > 200) throw tooMany(200);
      return runCommand(c, async () => ({
        writes: await Promise.all(ids.map((id) => newUpdate(c.env.DB, family, id, { type }))),
        response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { updated: ids.length } },
      }));
    }, { doc: { summary: l("重命名字典类型（最多 200 项）", "Rename a dictionary type (at most 200 entries)"), body: updateTypeBody, response: z.object({ updated: z.number() }) } });
}
