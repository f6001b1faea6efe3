/**
 * The built-in job handlers (the housekeeping the cron trigger already did, offered as beans so the job
 * form has real choices) and the lookup of a job's handler in a registered list. Modules add theirs
 * through `Module.handlers`; worker/modules.ts composes the list.
 */
import * as z from "zod";
import { l } from "../../events/family.ts";
import { handlerKey, type RegisteredHandler } from "./handler.ts";
import { purgeJobLogs } from "./log.ts";
import { importResultTtlMs } from "./scheduler.ts";
import { lazySchema } from "../../events/lazy.ts";

const cleanImportResults: RegisteredHandler = {
  bean: "systemTask",
  method: "cleanImportResults",
  label: l("清理过期的导入结果文件", "Remove expired import result files"),
  params: lazySchema(() => z.object({ olderThanHours: z.number().int().min(1).max(24 * 30).default(importResultTtlMs / 3_600_000).describe("保留小时数 / hours kept") })),
  async run({ env, now }, { olderThanHours }) {
    const listing = await env.FILES.list({ prefix: "imports/", limit: 500 });
    const expired = listing.objects.filter((o) => o.uploaded.getTime() < now - olderThanHours * 3_600_000).map((o) => o.key);
    if (expired.length) await env.FILES.delete(expired);
    return { read: listing.objects.length, written: expired.length, message: `${expired.length} removed` };
  },
};

const purgeOldJobLogs: RegisteredHandler = {
  bean: "systemTask",
  method: "purgeJobLogs",
  label: l("清理 90 天前的任务日志", "Drop job logs older than 90 days"),
  params: lazySchema(() => z.object({})),
  async run({ env, now }) {
    const written = await purgeJobLogs(env.DB, now, 10);
    return { read: written, written, message: `${written} removed` };
  },
};

export const builtInJobHandlers: RegisteredHandler[] = [cleanImportResults, purgeOldJobLogs];

export function findHandler(handlers: readonly RegisteredHandler[], bean: string, method: string): RegisteredHandler | undefined {
  const key = handlerKey(bean, method);
  return handlers.find((h) => handlerKey(h.bean, h.method) === key);
}
