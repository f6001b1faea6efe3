/**
 * Password verbs: a user changes their own (POST /sys/user/password), an administrator resets one
 * (POST /sys/user/resetPass). A new password ends the user's other sessions.
 */
import * as z from "zod";
import type { Context } from "hono";
import { t, type Text } from "../../events/i18n.ts";
import { rules } from "../../events/rules.ts";
import { RouteTable } from "../http/routes.ts";
import type { AppEnv } from "../http/env.ts";
import { actorOf, readJson } from "../http/envelope.ts";
import { runCommand } from "../http/command.ts";
import { DomainError, ValidationError, codes, notFound } from "../errors.ts";
import { readStream, headOf } from "../store/append.ts";
import { credentialStream, setPassword } from "../auth/credential.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { user } from "../../events/families/sys.ts";
import { l } from "../../events/family.ts";
import { lazySchema } from "../../events/lazy.ts";

const labels = {
  password: { "zh-CN": "密码", "en-US": "Password" },
  newPassword: { "zh-CN": "新密码", "en-US": "New password" },
  confirmPassword: { "zh-CN": "确认密码", "en-US": "Confirm password" },
  userId: { "zh-CN": "用户", "en-US": "User" },
} satisfies Record<string, Text>;
type PasswordField = keyof typeof labels;

/** Reads one text field of the body: absent → undefined; anything but a string → a format error on that field. */
function text(body: Record<string, unknown>, field: PasswordField, aliases: string[] = []): string | undefined {
  const value = [field, ...aliases].map((k) => body[k]).find((v) => v !== undefined && v !== null && v !== "");
  if (value === undefined) return undefined;
  if (typeof value === "number" && field === "userId") return String(value);
  if (typeof value !== "string") throw new ValidationError([{ field, label: labels[field], key: "formatError" }]);
  return value;
}

async function body(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const parsed = await readJson(c);
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new DomainError(codes.validation, "badRequestBody");
  return parsed as Record<string, unknown>;
}

/** Applies the rule; the confirmation, when sent, must match. */
function checkNewPassword(field: "password" | "newPassword", value: string | undefined, confirm: string | undefined, rule: "resetPassword" | "mixedPassword") {
  if (!value) throw new ValidationError([{ field, label: labels[field], key: "required" }]);
  if (!rules[rule].test(value)) throw new ValidationError([{ field, label: labels[field], key: rules[rule].message }]);
  if (confirm !== undefined && confirm !== value) throw new ValidationError([{ field: "confirmPassword", label: labels.confirmPassword, key: "passwordConfirmMismatch" }]);
}

async function passwordWrite(db: D1Database, userId: string, password: string, reason: "reset" | "changed") {
  const stream = credentialStream(userId);
  return { stream, head: headOf(await readStream(db, stream)), events: [setPassword(userId, await hashPassword(password), reason)] };
}

/** Ends the user's sessions (all but `keep`): a changed password must not leave old sign-ins open. */
const endSessions = (db: D1Database, userId: string, keep = "") => db.prepare("DELETE FROM sessions WHERE user_id = ? AND token <> ?").bind(userId, keep).run();

const holdsAdminRole = async (db: D1Database, userId: string) =>
  !!(await db.prepare("SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.role_id = ur.role_id WHERE ur.user_id = ? AND r.type = 'admin' LIMIT 1").bind(userId).first());

// documented bodies (the handlers read them field by field above, to report each problem under its label)
const changeBody = lazySchema(() => z.object({ password: z.string().describe("current password"), newPassword: z.string().describe("letters, digits and symbols mixed"), confirmPassword: z.string().optional() }));
const resetBody = lazySchema(() => z.object({ userId: z.string().describe("alias: id"), password: z.string(), confirmPassword: z.string().optional() }));

export function passwordRoutes(routes: RouteTable) {
  routes
    .post("/sys/user/password", "signedIn", async (c) => {
      const input = await body(c);
      const password = text(input, "password");
      const newPassword = text(input, "newPassword");
      const confirm = text(input, "confirmPassword");
      if (!password) throw new ValidationError([{ field: "password", label: labels.password, key: "required" }]);
      checkNewPassword("newPassword", newPassword, confirm, "mixedPassword");
      const actor = actorOf(c);
      const stored = await c.env.DB.prepare("SELECT hash, salt, iterations FROM sys_credential WHERE user_id = ?").bind(actor.id).first<{ hash: string; salt: string; iterations: number }>();
      if (!stored || !(await verifyPassword(password, stored))) throw new DomainError(codes.validation, "oldPasswordWrong");
      const answer = await runCommand(c, async () => ({ writes: [await passwordWrite(c.env.DB, actor.id, newPassword!, "changed")], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: null } }));
      await endSessions(c.env.DB, actor.id, actor.token);
      return answer;
    }, { doc: { summary: l("修改自己的密码（结束其他会话）", "Change one's own password (ends the other sessions)"), body: changeBody } })
    .post("/sys/user/resetPass", "sys:user:resetpass", async (c) => {
      const input = await body(c);
      const userId = text(input, "userId", ["id"]);
      const password = text(input, "password");
      if (!userId) throw new ValidationError([{ field: "userId", label: labels.userId, key: "required" }]);
      checkNewPassword("password", password, text(input, "confirmPassword"), "resetPassword");
      const exists = await c.env.DB.prepare("SELECT 1 FROM sys_user WHERE id = ?").bind(userId).first();
      if (!exists) throw notFound(user.label);
      if (!actorOf(c).admin && (await holdsAdminRole(c.env.DB, userId))) throw new DomainError(codes.forbidden, "adminOnlyReset");
      const answer = await runCommand(c, async () => ({ writes: [await passwordWrite(c.env.DB, userId, password!, "reset")], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: null } }));
      await endSessions(c.env.DB, userId);
      return answer;
    }, { doc: { summary: l("重置用户密码（结束该用户的会话）", "Reset a user's password (ends their sessions)"), body: resetBody } });
}
