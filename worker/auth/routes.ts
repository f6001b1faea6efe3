/** /auth: captcha, account sign-in, portal single sign-on, sign-out. */
import * as z from "zod";
import type { Context } from "hono";
import { t } from "../../events/i18n.ts";
import { l } from "../../events/family.ts";
import { RouteTable } from "../http/routes.ts";
import type { AppEnv } from "../http/env.ts";
import { actorOf, ok, readJson } from "../http/envelope.ts";
import { DomainError, ValidationError, codes } from "../errors.ts";
import { consumeCaptcha, issueCaptcha } from "./captcha.ts";
import { clearFailures, lockedMinutesLeft, recordFailure } from "./lockout.ts";
import { verifyPassword } from "./password.ts";
import { closeSession, openSession, sessionTtlMs } from "./session.ts";
import { redeemTicket, verifyPortalRequest } from "./portal.ts";
import { userBy, userByAccount } from "./queries.ts";
import { lazySchema } from "../../events/lazy.ts";

const loginLabels = {
  userNo: { "zh-CN": "账号", "en-US": "Account" },
  password: { "zh-CN": "密码", "en-US": "Password" },
  uuid: { "zh-CN": "验证码标识", "en-US": "Captcha id" },
  captcha: { "zh-CN": "验证码", "en-US": "Verification code" },
  ticket: { "zh-CN": "票据", "en-US": "Ticket" },
  userId: { "zh-CN": "用户ID", "en-US": "User id" },
} as const;

/** Parses a small auth payload; an absent or blank field is "cannot be empty" under its label. */
function parseAuth<T extends z.ZodRawShape>(shape: T, input: unknown): z.infer<z.ZodObject<T>> {
  if (input === null || typeof input !== "object" || Array.isArray(input)) throw new DomainError(codes.validation, "badRequestBody");
  const result = z.object(shape).safeParse(input);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((i) => {
      const field = String(i.path[0]) as keyof typeof loginLabels;
      return { field, label: loginLabels[field] ?? { "zh-CN": field, "en-US": field }, key: "required" as const };
    }),
  );
}

const text = (max: number) => z.string().trim().min(1).max(max);

// ── Payloads (also the API document's schemas) ───────────────────────────────
const captchaQuery = { uuid: lazySchema(() => text(64)) };
/** With the captcha off (automated tests only) uuid and captcha may be left out. */
const accountBody = (captchaOn: boolean) => ({
  userNo: text(64),
  password: z.string().min(1).max(128),
  uuid: captchaOn ? text(64) : z.string().optional(),
  captcha: captchaOn ? text(16) : z.string().optional(),
});
const ticketBody = { ticket: lazySchema(() => text(4096)) };
const userNoBody = { userNo: lazySchema(() => text(64)) };
const userIdBody = { userId: lazySchema(() => text(64)) };
const unlockBody = { password: lazySchema(() => z.string().min(1).max(128)) };
/** `data` of a successful sign-in. */
const signedIn = lazySchema(() => z.object({ token: z.string(), expire: z.number().describe("seconds of inactivity before the session ends") }));

/** Portal calls are signed over the raw body, so it is read as text first and parsed here. */
function parseRaw(raw: string): Record<string, unknown> {
  try {
    const body = raw.trim() ? JSON.parse(raw) : {};
    if (body !== null && typeof body === "object" && !Array.isArray(body)) return body;
  } catch {
    // reported below
  }
  throw new DomainError(codes.validation, "badRequestBody");
}

async function signIn(c: Context<AppEnv>, userId: string, via: string) {
  const token = await openSession(c.env.DB, userId, via);
  return ok(c, { token, expire: sessionTtlMs(c.env) / 1000 });
}

/**
 * Checks an account's password under the lockout: a locked account is refused before the check, a failure
 * is counted (and answers "locked" when it was the one too many), a success clears the count.
 */
async function checkPassword(db: D1Database, userNo: string, password: string) {
  const minutes = await lockedMinutesLeft(db, userNo);
  if (minutes > 0) throw new DomainError(codes.locked, "accountLocked", { minutes });
  const user = await userByAccount(db, userNo);
  const valid = !!user?.hash && (await verifyPassword(password, { hash: user.hash, salt: user.salt, iterations: user.iterations }));
  if (!user || !valid) {
    await recordFailure(db, userNo);
    const left = await lockedMinutesLeft(db, userNo);
    if (left > 0) throw new DomainError(codes.locked, "accountLocked", { minutes: left });
    throw new DomainError(codes.validation, "badCredentials");
  }
  await clearFailures(db, userNo);
  return user;
}

async function ssoSignIn(c: Context<AppEnv>, column: "user_no" | "id", value: string, via: string) {
  const user = await userBy(c.env.DB, column, value);
  if (!user) throw new DomainError(codes.unauthorized, "ssoUserUnknown");
  if (user.status !== "1") throw new DomainError(codes.forbidden, "accountDisabled");
  return signIn(c, user.id, via);
}

export function authRoutes(routes: RouteTable) {
  routes
    .get(
      "/auth/captcha.jpg",
      "public",
      async (c) => {
        const uuid = parseAuth(captchaQuery, c.req.query()).uuid;
        const image = await issueCaptcha(c.env.DB, uuid);
        return new Response(image, { headers: { "content-type": "image/jpeg", "cache-control": "no-store" } });
      },
      { doc: { summary: l("获取验证码图片（单次有效，五分钟）", "Captcha image (single use, five minutes)"), query: z.object(captchaQuery), download: "image/jpeg" } },
    )
    .post(
      "/auth/account",
      "public",
      async (c) => {
        const captchaOn = c.env.CAPTCHA_ENABLED !== "false";
        const input = parseAuth(accountBody(captchaOn), await readJson(c));
        const db = c.env.DB;
        if (captchaOn && !(await consumeCaptcha(db, input.uuid!, input.captcha!))) throw new DomainError(codes.validation, "captchaWrong");
        const user = await checkPassword(db, input.userNo, input.password);
        if (user.status !== "1") throw new DomainError(codes.forbidden, "accountDisabled");
        return signIn(c, user.id, "account");
      },
      { doc: { summary: l("账号密码登录", "Sign in with account and password"), body: z.object(accountBody(true)), response: signedIn, errors: [403, 423] } },
    )
    .post(
      "/auth/account_oa",
      "public",
      async (c) => {
        const raw = await c.req.text();
        const body = parseRaw(raw) as { ticket?: string; userNo?: string };
        if (body.ticket) {
          const { portal, userNo } = await redeemTicket(c.env, parseAuth(ticketBody, body).ticket);
          return ssoSignIn(c, "user_no", userNo, `portal:${portal}`);
        }
        const { userNo } = parseAuth(userNoBody, body);
        const portal = await verifyPortalRequest(c.env, c.req.raw.headers, raw);
        return ssoSignIn(c, "user_no", userNo, `portal:${portal}`);
      },
      {
        doc: {
          summary: l("门户单点登录（票据，或门户签名请求中的账号）", "Portal single sign-on (a ticket, or an account on a portal-signed request)"),
          body: z.union([z.object(ticketBody), z.object(userNoBody)]),
          response: signedIn,
        },
      },
    )
    .post(
      "/auth/oaAccount",
      "public",
      async (c) => {
        const raw = await c.req.text();
        const { userId } = parseAuth(userIdBody, parseRaw(raw));
        const portal = await verifyPortalRequest(c.env, c.req.raw.headers, raw);
        return ssoSignIn(c, "id", userId, `portal:${portal}`);
      },
      { doc: { summary: l("门户单点登录（门户签名请求中的用户ID）", "Portal single sign-on (a user id on a portal-signed request)"), body: z.object(userIdBody), response: signedIn } },
    )
    // the lock screen: the signed-in user proves it is still them; failures count toward the lockout
    .post(
      "/auth/unlock",
      "signedIn",
      async (c) => {
        const { password } = parseAuth(unlockBody, await readJson(c));
        await checkPassword(c.env.DB, actorOf(c).userNo, password);
        return ok(c, null);
      },
      { doc: { summary: l("锁屏解锁（校验当前用户密码）", "Unlock the lock screen (checks the signed-in user's password)"), body: z.object(unlockBody), errors: [423] } },
    )
    .post(
      "/auth/logout",
      "signedIn",
      async (c) => {
        await closeSession(c.env.DB, actorOf(c).token);
        return c.json({ code: codes.ok, msg: t("loggedOut", c.get("lang")), data: null });
      },
      { doc: { summary: l("退出登录", "Sign out") } },
    );
}
