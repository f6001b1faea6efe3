/**
 * The operation log (/log/list): every command's events, read from the event store with their metadata
 * (who, when, which request, from where). Nothing is written twice: the log is the store itself.
 */
import { sys } from "../../events/api/sys.ts";
import { t, type Lang } from "../../events/i18n.ts";
import { familyByName } from "../../events/families/index.ts";
import { l } from "../../events/family.ts";
import { RouteTable } from "../http/routes.ts";
import { displayTime } from "../time.ts";
import { codes } from "../errors.ts";
import { logPage, type LogEntry } from "../store/read.ts";

const actions: Record<string, Record<Lang, string>> = {
  created: { "zh-CN": "新增", "en-US": "Create" },
  updated: { "zh-CN": "修改", "en-US": "Update" },
  deleted: { "zh-CN": "删除", "en-US": "Delete" },
  passwordSet: { "zh-CN": "设置", "en-US": "Set" },
};

/** Pure: a log row from a log entry, its operation named in the reader's language. */
export function logRow(row: LogEntry, lang: Lang) {
  const meta = row.meta;
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

export function logRoutes(routes: RouteTable) {
  routes.verb(sys.log, "sys:log:list", async (c) => {
    const q = sys.log.query.parse(c.req.query());
    const { total, rows } = await logPage(
      c.env.DB,
      {
        actorName: q.actor,
        module: q.module,
        // times are stored in UTC; the filter's dates are China dates
        from: q.from ? new Date(`${q.from}T00:00:00+08:00`).toISOString() : undefined,
        to: q.to ? new Date(Date.parse(`${q.to}T00:00:00+08:00`) + 86_400_000).toISOString() : undefined,
      },
      q,
    );
    const lang = c.get("lang");
    return c.json({ code: codes.ok, msg: t("fetched", lang), total, data: rows.map((r) => logRow(r, lang)) });
  }, { doc: { summary: l("操作日志（分页，来自事件存储）", "Operation log (paged, read from the event store)") } });
}
