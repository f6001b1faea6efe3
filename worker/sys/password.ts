/** Password verbs: a user changes their own (POST /sys/user/password), an administrator resets one. */
import { z } from "zod";
import { t } from "../../events/i18n.ts";
import { rules } from "../../events/rules.ts";
import { RouteTable } from "../http/routes.ts";
import { actorOf, ok, readJson } from "../http/envelope.ts";
import { runCommand } from "../http/command.ts";
import { DomainError, ValidationError, codes, notFound } from "../errors.ts";
import { readStream, headOf } from "../store/append.ts";
import { credentialStream, setPassword } from "../auth/credential.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { user } from "../../events/families/sys.ts";

const labels = {
  password: { "zh-CN": "密码", "en-US": "Password" },
  newPassword: { "zh-CN": "新密码", "en-US": "New password" },
  confirmPassword: { "zh-CN": "确认密码", "en-US": "Confirm password" },
  userId: { "zh-CN": "用户", "en-US": "User" },
};

const optionalText = z.string().max(128).optional();

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

export function passwordRoutes(routes: RouteTable) {
  routes
    .post("/sys/user/password", "signedIn", async (c) => {
      const body = z.object({ password: optionalText, newPassword: optionalText, confirmPassword: optionalText }).catch({}).parse(await readJson(c));
      if (!body.password) throw new ValidationError([{ field: "password", label: labels.password, key: "required" }]);
      checkNewPassword("newPassword", body.newPassword, body.confirmPassword, "mixedPassword");
      const actor = actorOf(c);
      const stored = await c.env.DB.prepare("SELECT hash, salt, iterations FROM sys_credential WHERE user_id = ?").bind(actor.id).first<{ hash: string; salt: string; iterations: number }>();
      if (!stored || !(await verifyPassword(body.password, stored))) throw new DomainError(codes.validation, "oldPasswordWrong");
      return runCommand(c, async () => ({ writes: [await passwordWrite(c.env.DB, actor.id, body.newPassword!, "changed")], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: null } }));
    })
    .post("/sys/user/resetPass", "sys:user:resetpass", async (c) => {
      const body = z.object({ userId: z.union([z.string(), z.number()]).transform(String).optional(), id: z.union([z.string(), z.number()]).transform(String).optional(), password: optionalText, confirmPassword: optionalText }).catch({}).parse(await readJson(c));
      const userId = body.userId ?? body.id;
      if (!userId) throw new ValidationError([{ field: "userId", label: labels.userId, key: "required" }]);
      checkNewPassword("password", body.password, body.confirmPassword, "resetPassword");
      const exists = await c.env.DB.prepare("SELECT 1 FROM sys_user WHERE id = ?").bind(userId).first();
      if (!exists) throw notFound(user.label);
      return runCommand(c, async () => ({ writes: [await passwordWrite(c.env.DB, userId, body.password!, "reset")], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: null } }));
    })
    .get("/sys/user/info", "signedIn", async (c) => {
      const actor = actorOf(c);
      const u = actor.user;
      return ok(
        c,
        {
          id: actor.id,
          userNo: actor.userNo,
          name: actor.name,
          type: u.type ?? null,
          orgCode: u.org_code ?? "610000",
          deptId: u.dept_id ?? null,
          admin: actor.admin,
        },
        "fetched",
      );
    });
}
