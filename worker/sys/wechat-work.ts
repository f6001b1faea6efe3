/**
 * WeCom (WeChat Work) users beyond the standard set: marking leavers off, examining accounts, and the
 * binding code a user scans to link their WeCom account (short-lived, single-purpose, not a record).
 */
import * as z from "zod";
import { t } from "../../events/i18n.ts";
import { user, wechatWorkUser } from "../../events/families/sys.ts";
import { l, type Family } from "../../events/family.ts";
import { RouteTable } from "../http/routes.ts";
import { readJson } from "../http/envelope.ts";
import { runCommand } from "../http/command.ts";
import { ValidationError, codes, notFound } from "../errors.ts";
import { idList, newUpdate } from "../resources/commands.ts";
import { lazySchema } from "../../events/lazy.ts";

const family = wechatWorkUser as unknown as Family;
export const bindCodeMinutes = 10;

const offBody = lazySchema(() => z.object({ ids: idList, off: z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1"])]).transform((v) => v === true || v === 1 || v === "1") }));
const examBody = lazySchema(() => z.object({ id: z.union([z.string().min(1).max(64), z.number()]).transform(String), examStatus: z.enum(["1", "2"]), examRemark: z.string().max(500).optional() }));

const bindAnswer = lazySchema(() => z.object({ userId: z.string(), bindCode: z.string(), expiresAt: z.number().describe("ms since 1970") }));

function invalid(field: string) {
  return new ValidationError([{ field, label: family.fields[field]?.label ?? { "zh-CN": "编号", "en-US": "Ids" }, key: "required" }]);
}

export function wechatWorkRoutes(routes: RouteTable) {
  routes
    .post("/sys/wxuser/updateOff", "sys:wxuser:update", async (c) => {
      const parsed = offBody.safeParse(await readJson(c));
      if (!parsed.success) throw invalid(String(parsed.error.issues[0]?.path[0] ?? "ids"));
      const { ids, off } = parsed.data;
      return runCommand(c, async () => ({
        writes: await Promise.all([...new Set(ids)].map((id) => newUpdate(c.env.DB, family, id, { off }))),
        response: { code: codes.ok, msg: t("updated", c.get("lang")), data: null },
      }));
    }, { doc: { summary: l("标记企业微信用户离职/在职", "Mark WeCom users as left or back"), body: offBody } })
    .post("/sys/wxuser/examData", "sys:wxuser:examine", async (c) => {
      const parsed = examBody.safeParse(await readJson(c));
      if (!parsed.success) throw invalid(String(parsed.error.issues[0]?.path[0] ?? "examStatus"));
      const { id, ...exam } = parsed.data;
      return runCommand(c, async () => ({ writes: [await newUpdate(c.env.DB, family, id, exam)], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: null } }));
    }, { doc: { summary: l("审核企业微信用户", "Examine a WeCom user"), body: examBody } })
    .get("/weixin/auth/pcBind/:id", "sys:wxuser:update", async (c) => {
      const userId = c.req.param("id")!;
      const exists = await c.env.DB.prepare("SELECT 1 FROM sys_user WHERE id = ?").bind(userId).first();
      if (!exists) throw notFound(user.label);
      const code = [...crypto.getRandomValues(new Uint8Array(4))].map((b) => b.toString(16).padStart(2, "0")).join("").toUpperCase();
      const expiresAt = Date.now() + bindCodeMinutes * 60_000;
      await c.env.DB.batch([
        c.env.DB.prepare("DELETE FROM bind_codes WHERE expires_at < ? OR user_id = ?").bind(Date.now(), userId),
        c.env.DB.prepare("INSERT INTO bind_codes (code, user_id, expires_at) VALUES (?, ?, ?)").bind(code, userId, expiresAt),
      ]);
      return c.json({ code: codes.ok, msg: t("bindCodeIssued", c.get("lang"), { minutes: bindCodeMinutes }), data: { userId, bindCode: code, expiresAt } });
    }, { doc: { summary: l("生成企业微信绑定码（十分钟有效）", "Issue a WeCom binding code (valid ten minutes)"), response: bindAnswer } });
}
