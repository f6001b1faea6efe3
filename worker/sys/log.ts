/**
 * The operation log (/log/list): every command's events, read from the event store with their metadata
 * (who, when, which request, from where). Nothing is written twice: the log is the store itself.
 */
import { z } from "zod";
import { t, type Lang } from "../../events/i18n.ts";
import { familyByName } from "../../events/families/index.ts";
import { l } from "../../events/family.ts";
import { RouteTable } from "../http/routes.ts";
import { displayTime } from "../time.ts";
import { codes } from "../errors.ts";

const actions: Record<string, Record<Lang, string>> = {
  created: { "zh-CN": "新增", "en-US": "Create" },
  updated: { "zh-CN": "修改", "en-US": "Update" },
  deleted: { "zh-CN": "删除", "en-US": "Delete" },
  passwordSet: { "zh-CN": "设置", "en-US": "Set" },
};

const query = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).catch(10).transform((n) => Math.min(n, 100)),
  actor: z.string().max(64).optional().catch(undefined),
  module: z.string().regex(/^[a-z]+(\.[a-z]+)?$/).optional().catch(undefined),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
});

/** Pure: a log row from an event row, its operation named in the reader's language. */
export function logRow(row: { position: number; stream: string; type: string; at: string; meta: string }, lang: Lang) {
  const meta = JSON.parse(row.meta) as { actorId: string | null; actorName: string | null; requestId: string; ip: string | null };
  const prefix = row.type.slice(0, row.type.lastIndexOf("."));
  const action = row.type.slice(row.type.lastIndexOf(".") + 1);
  const family = familyByName.get(prefix);
  const subject = family?.label[lang] ?? (prefix === "sys.credential" ? (lang === "zh-CN" ? "密码" : "Password") : prefix);
  return {
    id: row.position,
    time: displayTime(row.at),
    operation: `${actions[action]?.[lang] ?? action}${lang === "zh-CN" ? "" : " "}${subject}`,
    type: row.type,
    target: row.stream.slice(row.stream.indexOf(":") + 1),
    actorId: meta.actorId,
    actorName: meta.actorName,
    requestId: meta.requestId,
    ip: meta.ip,
  };
}

/** One row of the log, as the API document shows it. */
const logEntry = z.object({
  id: z.number(),
  time: z.string(),
  operation: z.string(),
  type: z.string(),
  target: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  requestId: z.string(),
  ip: z.string().nullable(),
});

export function logRoutes(routes: RouteTable) {
  routes.get("/log/list", "sys:log:list", async (c) => {
    const q = query.parse(c.req.query());
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (q.actor) where.push("json_extract(meta, '$.actorName') = ?") && params.push(q.actor);
    if (q.module) where.push("type >= ? AND type < ?") && params.push(`${q.module}.`, `${q.module}/`);
    // times are stored in UTC; the filter's dates are China dates
    if (q.from) where.push("at >= ?") && params.push(new Date(`${q.from}T00:00:00+08:00`).toISOString());
    if (q.to) where.push("at < ?") && params.push(new Date(Date.parse(`${q.to}T00:00:00+08:00`) + 86_400_000).toISOString());
    const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
    const db = c.env.DB;
    const [rows, total] = await db.batch([
      db.prepare(`SELECT position, stream, type, at, meta FROM events ${clause} ORDER BY position DESC LIMIT ? OFFSET ?`).bind(...params, q.limit, (q.page - 1) * q.limit),
      // unfiltered: the last position is the count (positions are never reused and events never deleted)
      where.length ? db.prepare(`SELECT COUNT(*) AS n FROM events ${clause}`).bind(...params) : db.prepare("SELECT COALESCE(MAX(position), 0) AS n FROM events"),
    ]);
    const lang = c.get("lang");
    return c.json({
      code: codes.ok,
      msg: t("fetched", lang),
      total: (total!.results[0] as { n: number }).n,
      data: (rows!.results as Parameters<typeof logRow>[0][]).map((r) => logRow(r, lang)),
    });
  }, { doc: { summary: l("操作日志（分页，来自事件存储）", "Operation log (paged, read from the event store)"), query, response: z.array(logEntry) } });
}
