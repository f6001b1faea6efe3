/** Sign-in behaviour: captcha, bad credentials, lockout, sessions, the captcha switch and portal single sign-on. */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { t, type Lang } from "../events/i18n.ts";
import worker from "../worker/index.ts";
import { CAPTCHA_ALPHABET } from "../worker/auth/captcha-image.ts";
import { demoAdminPassword } from "../worker/seed/index.ts";
import { call, login, solveCaptcha, userWithPermissions, type ApiAnswer } from "./helpers.ts";

const langs: Lang[] = ["zh-CN", "en-US"];
const ttlSeconds = 6000; // SESSION_TTL_SECONDS in wrangler.toml
const secrets = { oa: "test-oa-portal-secret", pf: "test-pf-portal-secret" } as const;

/** One account sign-in with an explicit captcha (uuid + answer). */
function signIn(userNo: string, password: string, captcha: { uuid: string; captcha: string }, options: { lang?: Lang; headers?: Record<string, string> } = {}) {
  return call("/auth/account", { body: { userNo, password, ...captcha }, ...options });
}

/** One account sign-in with a freshly solved captcha. */
async function attempt(userNo: string, password: string, options: { lang?: Lang; headers?: Record<string, string> } = {}) {
  return signIn(userNo, password, await solveCaptcha(), options);
}

const captchaRow = (uuid: string) => env.DB.prepare("SELECT answer, expires_at FROM captchas WHERE uuid = ?").bind(uuid).first<{ answer: string; expires_at: number }>();

/** A different character of the captcha alphabet at the first position: certainly a wrong answer. */
const wrongAnswer = (answer: string) => (answer[0] === "A" ? "B" : "A") + answer.slice(1);

function expectError(answer: ApiAnswer, code: number, msg: string) {
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(code);
  expect(answer.body.msg).toBe(msg);
}

async function nav(token: string) {
  return call("/sys/menu/nav", { token });
}

let admin: string;
beforeAll(async () => {
  admin = await login();
});

describe("captcha", () => {
  it("serves a JPEG image for a uuid and stores a 4-character answer", async () => {
    const uuid = crypto.randomUUID();
    const response = await SELF.fetch(`http://qifu.test/api/auth/captcha.jpg?uuid=${uuid}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(100);
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    expect([bytes[bytes.length - 2], bytes[bytes.length - 1]]).toEqual([0xff, 0xd9]);
    const row = await captchaRow(uuid);
    expect(row?.answer).toHaveLength(4);
    for (const ch of row!.answer) expect(CAPTCHA_ALPHABET).toContain(ch);
    expect(row!.expires_at).toBeGreaterThan(Date.now());
  });

  it("fetching the image again for the same uuid keeps its code until it is used; a new uuid draws anew", async () => {
    const uuid = crypto.randomUUID();
    const image = () => SELF.fetch(`http://qifu.test/api/auth/captcha.jpg?uuid=${uuid}`).then((r) => r.arrayBuffer());
    await image();
    const first = await captchaRow(uuid);
    for (let i = 0; i < 5; i++) await image();
    expect((await captchaRow(uuid))?.answer).toBe(first!.answer);
    // the reloads did not stretch or shorten its life either
    expect((await captchaRow(uuid))?.expires_at).toBe(first!.expires_at);
    // drawn anew once it expired
    await env.DB.prepare("UPDATE captchas SET expires_at = ? WHERE uuid = ?").bind(Date.now() - 1000, uuid).run();
    await image();
    expect((await captchaRow(uuid))!.expires_at).toBeGreaterThan(Date.now());
    // other uuids: 4 characters from 31ish letters, so twenty draws all equal to the first would be no draw at all
    const others = new Set<string>();
    for (let i = 0; i < 20; i++) others.add((await solveCaptcha()).captcha);
    expect(others.size).toBeGreaterThan(1);
    // a reload before typing the code shown does not invalidate it
    await image();
    const shown = (await captchaRow(uuid))!.answer;
    await image();
    expect((await signIn("admin", demoAdminPassword, { uuid, captcha: shown })).body.code).toBe(0);
  });

  it.each(langs)("refuses a captcha request without uuid (%s)", async (lang) => {
    const answer = await call("/auth/captcha.jpg", { lang });
    expectError(answer, 422, t("required", lang, { name: lang === "zh-CN" ? "验证码标识" : "Captcha id" }));
  });

  it("signs in once with the right answer; the same uuid and answer a second time are refused", async () => {
    const captcha = await solveCaptcha();
    const first = await signIn("admin", demoAdminPassword, captcha);
    expect(first.body.code).toBe(0);
    expect(first.body.data.token).toMatch(/^[0-9a-f]{64}$/);
    expect(first.body.data.expire).toBe(ttlSeconds);
    const again = await signIn("admin", demoAdminPassword, captcha);
    expectError(again, 422, t("captchaWrong", "zh-CN"));
    expect(again.body.data?.token).toBeUndefined();
  });

  it("a wrong answer is refused and burns the captcha", async () => {
    const captcha = await solveCaptcha();
    const wrong = await signIn("admin", demoAdminPassword, { uuid: captcha.uuid, captcha: wrongAnswer(captcha.captcha) });
    expectError(wrong, 422, t("captchaWrong", "zh-CN"));
    expect(await captchaRow(captcha.uuid)).toBeNull();
    const right = await signIn("admin", demoAdminPassword, captcha);
    expectError(right, 422, t("captchaWrong", "zh-CN"));
  });

  it.each(langs)("an expired captcha is refused (%s)", async (lang) => {
    const captcha = await solveCaptcha();
    await env.DB.prepare("UPDATE captchas SET expires_at = ? WHERE uuid = ?").bind(Date.now() - 1000, captcha.uuid).run();
    expectError(await signIn("admin", demoAdminPassword, captcha, { lang }), 422, t("captchaWrong", lang));
  });

  it("a captcha of an unknown uuid is refused", async () => {
    expectError(await signIn("admin", demoAdminPassword, { uuid: crypto.randomUUID(), captcha: "ABCD" }), 422, t("captchaWrong", "zh-CN"));
  });

  it("matches the answer case-insensitively", async () => {
    // draw until the answer holds a letter, so lower case really differs from the stored answer
    let captcha = await solveCaptcha();
    while (!/[A-Z]/.test(captcha.captcha)) captcha = await solveCaptcha();
    const lower = captcha.captcha.toLowerCase();
    expect(lower).not.toBe(captcha.captcha);
    const answer = await signIn("admin", demoAdminPassword, { uuid: captcha.uuid, captcha: lower });
    expect(answer.body.code).toBe(0);
    expect(answer.body.data.token).toBeTruthy();
  });
});

describe("bad credentials", () => {
  let userNo: string;
  beforeAll(async () => {
    userNo = `bc${crypto.randomUUID().slice(0, 8)}`;
    await userWithPermissions(admin, [], userNo);
  });

  const cases: { name: string; lang: Lang; options: { lang?: Lang; headers?: Record<string, string> } }[] = [
    { name: "zh-CN by default", lang: "zh-CN", options: {} },
    { name: "en-US by cookie", lang: "en-US", options: { lang: "en-US" } },
    { name: "en-US by Accept-Language", lang: "en-US", options: { headers: { "accept-language": "en-US,en;q=0.9" } } },
  ];

  it.each(cases)("unknown account and wrong password answer alike ($name)", async ({ lang, options }) => {
    const unknown = await attempt(`nobody-${crypto.randomUUID().slice(0, 8)}`, "Whatever1!", options);
    const wrong = await attempt(userNo, "Wrong-pass1", options);
    expectError(unknown, 422, t("badCredentials", lang));
    expectError(wrong, 422, t("badCredentials", lang));
    expect(wrong.body).toEqual(unknown.body);
    expect(unknown.body.data?.token).toBeUndefined();
  });

  it("the language cookie wins over Accept-Language", async () => {
    const answer = await attempt(`nobody-${crypto.randomUUID().slice(0, 8)}`, "Whatever1!", { lang: "zh-CN", headers: { "accept-language": "en-US,en;q=0.9" } });
    expectError(answer, 422, t("badCredentials", "zh-CN"));
  });

  it("the user still signs in with the right password (fewer than 5 failures)", async () => {
    expect((await attempt(userNo, "Passw0rd!x")).body.code).toBe(0);
  });
});

describe("lockout", () => {
  it.each(langs)("5 failures lock the account for 15 minutes, even against the right password (%s)", async (lang) => {
    const userNo = `lk${crypto.randomUUID().slice(0, 8)}`;
    await userWithPermissions(admin, [], userNo);
    for (let i = 1; i <= 4; i++) expectError(await attempt(userNo, `Wrong-pass${i}`, { lang }), 422, t("badCredentials", lang));
    const fifth = await attempt(userNo, "Wrong-pass5", { lang });
    expectError(fifth, 423, t("accountLocked", lang, { minutes: 15 }));
    expect(fifth.body.msg).toContain("15");

    const correct = await attempt(userNo, "Passw0rd!x", { lang });
    expectError(correct, 423, t("accountLocked", lang, { minutes: 15 }));
    expect(correct.body.data?.token).toBeUndefined();

    // the lock ends when locked_until has passed
    const updated = await env.DB.prepare("UPDATE login_failures SET locked_until = ? WHERE account = ?").bind(Date.now() - 1000, userNo).run();
    expect(updated.meta.changes).toBe(1);
    const after = await attempt(userNo, "Passw0rd!x", { lang });
    expect(after.body.code).toBe(0);
    expect((await nav(after.body.data.token)).body.code).toBe(0);
  });

  it("the minutes shown count down with the lock", async () => {
    const userNo = `lm${crypto.randomUUID().slice(0, 8)}`;
    await userWithPermissions(admin, [], userNo);
    for (let i = 1; i <= 5; i++) await attempt(userNo, `Wrong-pass${i}`);
    await env.DB.prepare("UPDATE login_failures SET locked_until = ? WHERE account = ?").bind(Date.now() + 3 * 60_000 - 5_000, userNo).run();
    expectError(await attempt(userNo, "Passw0rd!x", { lang: "en-US" }), 423, t("accountLocked", "en-US", { minutes: 3 }));
  });

  it("an unknown account name is locked the same way (no account enumeration)", async () => {
    const userNo = `ghost${crypto.randomUUID().slice(0, 8)}`;
    for (let i = 1; i <= 4; i++) expectError(await attempt(userNo, `Wrong-pass${i}`), 422, t("badCredentials", "zh-CN"));
    expectError(await attempt(userNo, "Wrong-pass5"), 423, t("accountLocked", "zh-CN", { minutes: 15 }));
  });

  it("a successful sign-in resets the failure count", async () => {
    const userNo = `lr${crypto.randomUUID().slice(0, 8)}`;
    await userWithPermissions(admin, [], userNo);
    for (let i = 1; i <= 4; i++) await attempt(userNo, `Wrong-pass${i}`);
    expect((await attempt(userNo, "Passw0rd!x")).body.code).toBe(0);
    for (let i = 1; i <= 4; i++) expectError(await attempt(userNo, `Wrong-pass${i}`), 422, t("badCredentials", "zh-CN"));
    expect((await attempt(userNo, "Passw0rd!x")).body.code).toBe(0);
  });
});

describe("sessions", () => {
  it.each(langs)("no token is not signed in (%s)", async (lang) => {
    expectError(await call("/sys/menu/nav", { lang }), 401, t("notLoggedIn", lang));
  });

  it("a garbage token is not signed in", async () => {
    expectError(await nav("garbage"), 401, t("notLoggedIn", "zh-CN"));
    expectError(await nav("0".repeat(64)), 401, t("notLoggedIn", "zh-CN"));
  });

  it("a valid token works in the header; ?token= in the query only where downloads and uploads need it", async () => {
    const token = await login();
    const viaHeader = await nav(token);
    expect(viaHeader.body.code).toBe(0);
    expect(viaHeader.body.data.menuList.length).toBeGreaterThan(0);
    // tokens in URLs end up in logs: an ordinary API route ignores it
    expectError(await call(`/sys/menu/nav?token=${token}`), 401, t("notLoggedIn", "zh-CN"));
    const download = await SELF.fetch(`http://qifu.test/api/file/fileDown?uuid=00000000-0000-4000-8000-000000000000&token=${token}`);
    expect(((await download.json()) as { code: number }).code).toBe(404);
    const noToken = await SELF.fetch("http://qifu.test/api/file/fileDown?uuid=00000000-0000-4000-8000-000000000000");
    expect(((await noToken.json()) as { code: number }).code).toBe(401);
  });

  it("logout ends the session", async () => {
    const token = await login();
    const other = await login();
    const out = await call("/auth/logout", { method: "POST", token, lang: "en-US" });
    expect(out.body.code).toBe(0);
    expect(out.body.msg).toBe(t("loggedOut", "en-US"));
    expectError(await nav(token), 401, t("notLoggedIn", "zh-CN"));
    expectError(await call(`/sys/menu/nav?token=${token}`), 401, t("notLoggedIn", "zh-CN"));
    // only that session ends
    expect((await nav(other)).body.code).toBe(0);
    // logging out without a session is "not signed in"
    expectError(await call("/auth/logout", { method: "POST" }), 401, t("notLoggedIn", "zh-CN"));
  });

  it("a session idle longer than SESSION_TTL_SECONDS is refused; one just inside it works", async () => {
    const stale = await login();
    const fresh = await login();
    const now = Date.now();
    await env.DB.prepare("UPDATE sessions SET last_seen = ? WHERE token = ?").bind(now - ttlSeconds * 1000 - 5_000, stale).run();
    await env.DB.prepare("UPDATE sessions SET last_seen = ? WHERE token = ?").bind(now - ttlSeconds * 1000 + 60_000, fresh).run();
    expectError(await nav(stale), 401, t("notLoggedIn", "zh-CN"));
    expect((await nav(fresh)).body.code).toBe(0);
    // the expired session stays refused even if its row were touched afterwards
    expectError(await nav(stale), 401, t("notLoggedIn", "zh-CN"));
  });

  it("use keeps a session alive (last_seen slides forward)", async () => {
    const token = await login();
    const old = Date.now() - (ttlSeconds - 120) * 1000;
    await env.DB.prepare("UPDATE sessions SET last_seen = ? WHERE token = ?").bind(old, token).run();
    expect((await nav(token)).body.code).toBe(0);
    let lastSeen = old;
    for (let i = 0; i < 50 && lastSeen === old; i++) {
      await new Promise((r) => setTimeout(r, 20));
      lastSeen = (await env.DB.prepare("SELECT last_seen FROM sessions WHERE token = ?").bind(token).first<{ last_seen: number }>())!.last_seen;
    }
    expect(lastSeen).toBeGreaterThan(Date.now() - 60_000);
  });

  it("a disabled user's session is refused", async () => {
    const { token, userId } = await userWithPermissions(admin, []);
    expect((await nav(token)).body.code).toBe(0);
    await env.DB.prepare("UPDATE sys_user SET status = '0' WHERE id = ?").bind(userId).run();
    expectError(await nav(token), 401, t("notLoggedIn", "zh-CN"));
  });
});

describe("captcha switch", () => {
  async function direct(vars: Record<string, string>, body: unknown) {
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request("http://qifu.test/api/auth/account", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      { ...env, ...vars },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return (await response.json()) as ApiAnswer["body"];
  }

  it("with the default env a sign-in without uuid/captcha is refused", async () => {
    const answer = await call("/auth/account", { body: { userNo: "admin", password: demoAdminPassword } });
    expect(answer.body.code).toBe(422);
    expect(answer.body.errors).toEqual({
      uuid: t("required", "zh-CN", { name: "验证码标识" }),
      captcha: t("required", "zh-CN", { name: "验证码" }),
    });
    expect(answer.body.data?.token).toBeUndefined();
  });

  it('CAPTCHA_ENABLED "false" signs in without a captcha (and still checks the password)', async () => {
    const answer = await direct({ CAPTCHA_ENABLED: "false" }, { userNo: "admin", password: demoAdminPassword });
    expect(answer.code).toBe(0);
    expect((await nav(answer.data.token)).body.code).toBe(0);
    const wrong = await direct({ CAPTCHA_ENABLED: "false" }, { userNo: "admin", password: "not-the-password" });
    expect(wrong.code).toBe(422);
    expect(wrong.msg).toBe(t("badCredentials", "zh-CN"));
    await login(); // clears the failure just recorded for admin
  });

  it.each(["0", "no", "off", "true", ""])('CAPTCHA_ENABLED "%s" does not turn the captcha off', async (value) => {
    const answer = await direct({ CAPTCHA_ENABLED: value }, { userNo: "admin", password: demoAdminPassword });
    expect(answer.code).toBe(422);
    expect(answer.errors?.captcha).toBe(t("required", "zh-CN", { name: "验证码" }));
    expect(answer.data?.token).toBeUndefined();
  });
});

describe("portal single sign-on", () => {
  type PortalId = keyof typeof secrets;

  function ticket(options: { portal?: PortalId; secret?: string; sub?: string; jti?: string | null; iat?: number; exp?: number | string } = {}) {
    const portal = options.portal ?? "oa";
    let jwt = new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuer(portal).setSubject(options.sub ?? "admin");
    if (options.jti !== null) jwt = jwt.setJti(options.jti ?? crypto.randomUUID());
    jwt = options.iat === undefined ? jwt.setIssuedAt() : jwt.setIssuedAt(options.iat);
    return jwt.setExpirationTime(options.exp ?? "2m").sign(new TextEncoder().encode(options.secret ?? secrets[portal]));
  }

  const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

  async function hmacHex(secret: string, message: string) {
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return [...new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)))].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function signedHeaders(raw: string, options: { portal?: PortalId; secret?: string; timestamp?: number } = {}) {
    const portal = options.portal ?? "oa";
    const timestamp = String(options.timestamp ?? Date.now());
    return { "x-portal-id": portal, "x-portal-timestamp": timestamp, "x-portal-signature": await hmacHex(options.secret ?? secrets[portal], `${timestamp}\n${raw}`) };
  }

  const withTicket = (value: string, lang?: Lang) => call("/auth/account_oa", { body: { ticket: value }, lang });

  async function expectWorkingToken(answer: ApiAnswer) {
    expect(answer.body.code).toBe(0);
    expect(answer.body.data.token).toMatch(/^[0-9a-f]{64}$/);
    const menu = await nav(answer.body.data.token);
    expect(menu.body.code).toBe(0);
    expect(menu.body.data.menuList.length).toBeGreaterThan(0);
    return answer.body.data.token as string;
  }

  let adminId: string;
  beforeAll(async () => {
    const info = await call("/sys/user/info", { token: admin });
    expect(info.body.code).toBe(0);
    adminId = info.body.data.id;
    expect(adminId).toBeTruthy();
  });

  describe("tickets", () => {
    it.each(["oa", "pf"] as const)("a valid %s ticket signs in, and the session is recorded as from the portal", async (portal) => {
      const token = await expectWorkingToken(await withTicket(await ticket({ portal })));
      const row = await env.DB.prepare("SELECT via FROM sessions WHERE token = ?").bind(token).first<{ via: string }>();
      expect(row?.via).toBe(`portal:${portal}`);
    });

    it.each(langs)("the same ticket a second time is refused as replayed (%s)", async (lang) => {
      const value = await ticket();
      await expectWorkingToken(await withTicket(value, lang));
      expectError(await withTicket(value, lang), 401, t("ticketReplayed", lang));
    });

    it.each(langs)("an expired ticket is invalid (%s)", async (lang) => {
      const now = Math.floor(Date.now() / 1000);
      expectError(await withTicket(await ticket({ iat: now - 120, exp: now - 60 }), lang), 401, t("ticketInvalid", lang));
    });

    it("a ticket issued more than 5 minutes ago is invalid even if its exp is later", async () => {
      const now = Math.floor(Date.now() / 1000);
      expectError(await withTicket(await ticket({ iat: now - 600, exp: now + 600 })), 401, t("ticketInvalid", "zh-CN"));
    });

    it("a ticket signed with the wrong secret is invalid", async () => {
      expectError(await withTicket(await ticket({ secret: "not-the-oa-secret" })), 401, t("ticketInvalid", "zh-CN"));
      // one portal's secret does not vouch for the other portal
      expectError(await withTicket(await ticket({ portal: "oa", secret: secrets.pf })), 401, t("ticketInvalid", "zh-CN"));
    });

    it("a ticket with alg none is invalid", async () => {
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${b64url({ alg: "none", typ: "JWT" })}.${b64url({ iss: "oa", sub: "admin", jti: crypto.randomUUID(), iat: now, exp: now + 120 })}.`;
      expectError(await withTicket(unsigned), 401, t("ticketInvalid", "zh-CN"));
    });

    it("a ticket signed with the right secret but another algorithm (HS512) is invalid", async () => {
      const hs512 = await new SignJWT({}).setProtectedHeader({ alg: "HS512" }).setIssuer("oa").setSubject("admin").setJti(crypto.randomUUID()).setIssuedAt().setExpirationTime("2m").sign(new TextEncoder().encode(secrets.oa));
      expectError(await withTicket(hs512), 401, t("ticketInvalid", "zh-CN"));
    });

    it.each(["garbage", "a.b.c", "x.eyJpc3MiOiJvYSJ9.y", "...."])("a garbage ticket %j is invalid", async (value) => {
      expectError(await withTicket(value), 401, t("ticketInvalid", "zh-CN"));
    });

    it("a ticket from an unknown issuer or without jti is invalid", async () => {
      const foreign = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuer("zz").setSubject("admin").setJti(crypto.randomUUID()).setIssuedAt().setExpirationTime("2m").sign(new TextEncoder().encode(secrets.oa));
      expectError(await withTicket(foreign), 401, t("ticketInvalid", "zh-CN"));
      expectError(await withTicket(await ticket({ jti: null })), 401, t("ticketInvalid", "zh-CN"));
    });

    it.each(langs)("a ticket for an unknown user is refused (%s)", async (lang) => {
      expectError(await withTicket(await ticket({ sub: `nobody-${crypto.randomUUID().slice(0, 8)}` }), lang), 401, t("ssoUserUnknown", lang));
    });
  });

  describe("signed requests: account_oa {userNo}", () => {
    const path = "/auth/account_oa";

    it.each(langs)("without signature headers it is refused (%s)", async (lang) => {
      expectError(await call(path, { body: { userNo: "admin" }, lang }), 401, t("portalSignatureRequired", lang));
    });

    it.each(["oa", "pf"] as const)("a request signed by %s signs in; the identical request replayed is refused", async (portal) => {
      const raw = JSON.stringify({ userNo: "admin" });
      const headers = await signedHeaders(raw, { portal });
      const token = await expectWorkingToken(await call(path, { body: raw, headers }));
      const row = await env.DB.prepare("SELECT via FROM sessions WHERE token = ?").bind(token).first<{ via: string }>();
      expect(row?.via).toBe(`portal:${portal}`);
      expectError(await call(path, { body: raw, headers }), 401, t("ticketReplayed", "zh-CN"));
    });

    it("a timestamp 10 minutes old (or ahead) is refused", async () => {
      const raw = JSON.stringify({ userNo: "admin" });
      const old = await call(path, { body: raw, headers: await signedHeaders(raw, { timestamp: Date.now() - 10 * 60_000 }) });
      expectError(old, 401, t("portalSignatureRequired", "zh-CN"));
      const ahead = await call(path, { body: raw, headers: await signedHeaders(raw, { timestamp: Date.now() + 10 * 60_000 }) });
      expectError(ahead, 401, t("portalSignatureRequired", "zh-CN"));
    });

    it("a tampered body with the original signature is refused", async () => {
      const signed = JSON.stringify({ userNo: "somebody-else" });
      const headers = await signedHeaders(signed);
      const tampered = JSON.stringify({ userNo: "admin" });
      const answer = await call(path, { body: tampered, headers });
      expectError(answer, 401, t("portalSignatureRequired", "zh-CN"));
      expect(answer.body.data?.token).toBeUndefined();
    });

    it("a wrong secret, an unknown portal id or a mismatched portal id is refused", async () => {
      const raw = JSON.stringify({ userNo: "admin" });
      expectError(await call(path, { body: raw, headers: await signedHeaders(raw, { secret: "wrong-secret" }) }), 401, t("portalSignatureRequired", "zh-CN"));
      expectError(await call(path, { body: raw, headers: { ...(await signedHeaders(raw)), "x-portal-id": "zz" } }), 401, t("portalSignatureRequired", "zh-CN"));
      expectError(await call(path, { body: raw, headers: await signedHeaders(raw, { portal: "oa", secret: secrets.pf }) }), 401, t("portalSignatureRequired", "zh-CN"));
    });

    it("a signed request for an unknown user is refused", async () => {
      const raw = JSON.stringify({ userNo: `nobody-${crypto.randomUUID().slice(0, 8)}` });
      expectError(await call(path, { body: raw, headers: await signedHeaders(raw) }), 401, t("ssoUserUnknown", "zh-CN"));
    });
  });

  describe("signed requests: oaAccount {userId}", () => {
    const path = "/auth/oaAccount";

    it.each(langs)("without signature headers it is refused (%s)", async (lang) => {
      expectError(await call(path, { body: { userId: adminId }, lang }), 401, t("portalSignatureRequired", lang));
    });

    it("a signed request with the admin's id signs in; the identical request replayed is refused", async () => {
      const raw = JSON.stringify({ userId: adminId });
      const headers = await signedHeaders(raw);
      const token = await expectWorkingToken(await call(path, { body: raw, headers }));
      const info = await call("/sys/user/info", { token });
      expect(info.body.data.id).toBe(adminId);
      expect(info.body.data.userNo).toBe("admin");
      expectError(await call(path, { body: raw, headers }), 401, t("ticketReplayed", "zh-CN"));
    });

    it("a timestamp 10 minutes old is refused", async () => {
      const raw = JSON.stringify({ userId: adminId });
      expectError(await call(path, { body: raw, headers: await signedHeaders(raw, { timestamp: Date.now() - 10 * 60_000 }) }), 401, t("portalSignatureRequired", "zh-CN"));
    });

    it("a tampered body with the original signature is refused", async () => {
      const headers = await signedHeaders(JSON.stringify({ userId: "some-other-id" }));
      expectError(await call(path, { body: JSON.stringify({ userId: adminId }), headers }), 401, t("portalSignatureRequired", "zh-CN"));
    });

    it("a signed request for an unknown user id is refused", async () => {
      const raw = JSON.stringify({ userId: crypto.randomUUID() });
      expectError(await call(path, { body: raw, headers: await signedHeaders(raw) }), 401, t("ssoUserUnknown", "zh-CN"));
    });
  });
});

describe("malformed sign-in bodies", () => {
  it.each(["/auth/account", "/auth/account_oa", "/auth/oaAccount"])("%s answers a body that is not a JSON object with a clear 422", async (path) => {
    for (const body of ["{bad", "null", '"x"', "[]"]) {
      const answer = await call(path, { body });
      expect(answer.body, `${path} ${body}`).toMatchObject({ code: 422, msg: t("badRequestBody", "zh-CN") });
    }
  });
});

describe("unlocking the lock screen", () => {
  it("accepts the signed-in user's password, refuses a wrong one, and counts failures toward the lockout", async () => {
    const admin = await login();
    const user = await userWithPermissions(admin, []);
    expect((await call("/auth/unlock", { token: user.token, body: { password: "Passw0rd!x" } })).body.code).toBe(0);
    const wrong = await call("/auth/unlock", { token: user.token, body: { password: "nope" } });
    expect(wrong.body).toMatchObject({ code: 422, msg: t("badCredentials", "zh-CN") });
    expect((await call("/auth/unlock", { body: { password: "Passw0rd!x" } })).body.code).toBe(401);
    for (let i = 0; i < 4; i++) await call("/auth/unlock", { token: user.token, body: { password: "nope" } });
    expect((await call("/auth/unlock", { token: user.token, body: { password: "Passw0rd!x" } })).body.code).toBe(423);
  });
});
