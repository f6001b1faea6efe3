/** Password verbs (change own, administrator reset) and the pure validation rules of events/rules.ts. */
import { beforeAll, describe, expect, it } from "vitest";
import { t, type Lang } from "../events/i18n.ts";
import { hasEmoji, isCreditCode, isEmail, isMixedPassword, isMobile, isResetPassword, isZoningCode, rules } from "../events/rules.ts";
import { call, login, solveCaptcha, userWithPermissions, type ApiAnswer } from "./helpers.ts";

const langs: Lang[] = ["zh-CN", "en-US"];
const initialPassword = "Passw0rd!x"; // what userWithPermissions sets

function expectError(answer: ApiAnswer, code: number, msg: string) {
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(code);
  expect(answer.body.msg).toBe(msg);
}

async function signIn(userNo: string, password: string) {
  return call("/auth/account", { body: { userNo, password, ...(await solveCaptcha()) } });
}

const newUserName = () => `pw${crypto.randomUUID().slice(0, 8)}`;

let admin: string;
beforeAll(async () => {
  admin = await login();
});

describe("POST /sys/user/password (own password, rule mixedPassword)", () => {
  let token: string;
  let userNo: string;
  beforeAll(async () => {
    userNo = newUserName();
    ({ token } = await userWithPermissions(admin, [], userNo));
  });

  const change = (body: Record<string, unknown>, lang?: Lang, as = token) => call("/sys/user/password", { token: as, body, lang });

  const breaches = [
    { name: "7 characters", value: "Abc12!x" },
    { name: "21 characters", value: "Abcdefghij1234567890!" },
    { name: "only digits", value: "1234567890" },
    { name: "only letters", value: "abcdefGHIJ" },
    { name: "only symbols", value: "!@#$%^&*()" },
  ];

  it("the breach cases have the intended lengths", () => {
    expect(breaches[0]!.value).toHaveLength(7);
    expect(breaches[1]!.value).toHaveLength(21);
  });

  for (const lang of langs) {
    it.each(breaches)(`$name is refused with the passwordMixRule text (${lang})`, async ({ value }) => {
      const answer = await change({ password: initialPassword, newPassword: value, confirmPassword: value }, lang);
      expectError(answer, 422, t("passwordMixRule", lang));
      expect(answer.body.errors).toEqual({ newPassword: t("passwordMixRule", lang) });
    });
  }

  it.each(langs)("a missing new password is required under its label (%s)", async (lang) => {
    const answer = await change({ password: initialPassword }, lang);
    const msg = t("required", lang, { name: lang === "zh-CN" ? "新密码" : "New password" });
    expectError(answer, 422, msg);
    expect(answer.body.errors).toEqual({ newPassword: msg });
    expectError(await change({ password: initialPassword, newPassword: "" }, lang), 422, msg);
  });

  it.each(langs)("a missing current password is required (%s)", async (lang) => {
    expectError(await change({ newPassword: "NewPassw0rd" }, lang), 422, t("required", lang, { name: lang === "zh-CN" ? "密码" : "Password" }));
  });

  it.each(langs)("a different confirmation is refused (%s)", async (lang) => {
    const answer = await change({ password: initialPassword, newPassword: "NewPassw0rd", confirmPassword: "NewPassw0rD" }, lang);
    expectError(answer, 422, t("passwordConfirmMismatch", lang));
    expect(answer.body.errors).toEqual({ confirmPassword: t("passwordConfirmMismatch", lang) });
  });

  it.each(langs)("a wrong current password is refused (%s)", async (lang) => {
    expectError(await change({ password: "Not-the-current1", newPassword: "NewPassw0rd" }, lang), 422, t("oldPasswordWrong", lang));
  });

  it("the refused attempts left the password unchanged", async () => {
    expect((await signIn(userNo, initialPassword)).body.code).toBe(0);
  });

  it("requires a session", async () => {
    expectError(await call("/sys/user/password", { body: { password: initialPassword, newPassword: "NewPassw0rd" } }), 401, t("notLoggedIn", "zh-CN"));
  });

  it("success: the old password no longer signs in, the new one does", async () => {
    const newPassword = "New-pass2024";
    const answer = await change({ password: initialPassword, newPassword, confirmPassword: newPassword }, "en-US");
    expect(answer.body.code).toBe(0);
    expect(answer.body.msg).toBe(t("updated", "en-US"));
    expectError(await signIn(userNo, initialPassword), 422, t("badCredentials", "zh-CN"));
    const fresh = await signIn(userNo, newPassword);
    expect(fresh.body.code).toBe(0);
    expect((await call("/sys/menu/nav", { token: fresh.body.data.token })).body.code).toBe(0);
    // the old password is now the wrong current password
    expectError(await change({ password: initialPassword, newPassword: "Another-1234" }), 422, t("oldPasswordWrong", "zh-CN"));
  });

  it("accepts the rule's edges: 8 and 20 characters of two classes, without a confirmation", async () => {
    const user = newUserName();
    const { token: own } = await userWithPermissions(admin, [], user);
    const eight = "abcdefg1";
    expect((await change({ password: initialPassword, newPassword: eight }, undefined, own)).body.code).toBe(0);
    const twenty = "abcdefghij!!!!!!!!!!";
    expect((await change({ password: eight, newPassword: twenty }, undefined, own)).body.code).toBe(0);
    expect((await signIn(user, twenty)).body.code).toBe(0);
  });
});

describe("POST /sys/user/resetPass (administrator, rule resetPassword)", () => {
  let userNo: string;
  let userId: string;
  beforeAll(async () => {
    userNo = newUserName();
    ({ userId } = await userWithPermissions(admin, [], userNo));
  });

  const reset = (body: Record<string, unknown>, lang?: Lang, token = admin) => call("/sys/user/resetPass", { token, body, lang });

  it.each(langs)("a user without sys:user:resetpass is forbidden (%s)", async (lang) => {
    const { token } = await userWithPermissions(admin, []);
    expectError(await reset({ userId, password: "Reset-1234" }, lang, token), 403, t("forbidden", lang, { perm: "sys:user:resetpass" }));
    // nothing changed
    expect((await signIn(userNo, initialPassword)).body.code).toBe(0);
  });

  it("requires a session", async () => {
    expectError(await call("/sys/user/resetPass", { body: { userId, password: "Reset-1234" } }), 401, t("notLoggedIn", "zh-CN"));
  });

  const breaches = [
    { name: "7 characters", value: "Abc1234" },
    { name: "21 characters", value: "Abcdefghij12345678901" },
    { name: "only digits", value: "12345678" },
    { name: "only letters", value: "abcdEFGH" },
  ];

  it("the breach cases have the intended lengths", () => {
    expect(breaches[0]!.value).toHaveLength(7);
    expect(breaches[1]!.value).toHaveLength(21);
  });

  for (const lang of langs) {
    it.each(breaches)(`$name is refused with the passwordRule text (${lang})`, async ({ value }) => {
      const answer = await reset({ userId, password: value }, lang);
      expectError(answer, 422, t("passwordRule", lang));
      expect(answer.body.errors).toEqual({ password: t("passwordRule", lang) });
    });
  }

  it.each(langs)("a missing password or user is required under its label (%s)", async (lang) => {
    expectError(await reset({ userId }, lang), 422, t("required", lang, { name: lang === "zh-CN" ? "密码" : "Password" }));
    expectError(await reset({ password: "Reset-1234" }, lang), 422, t("required", lang, { name: lang === "zh-CN" ? "用户" : "User" }));
  });

  it.each(langs)("a different confirmation is refused (%s)", async (lang) => {
    expectError(await reset({ userId, password: "Reset-1234", confirmPassword: "Reset-12345" }, lang), 422, t("passwordConfirmMismatch", lang));
  });

  it.each(langs)("an unknown user id is code 404 (%s)", async (lang) => {
    expectError(await reset({ userId: crypto.randomUUID(), password: "Reset-1234" }, lang), 404, t("notFound", lang, { name: lang === "zh-CN" ? "用户" : "User" }));
  });

  it("the refused attempts left the password unchanged", async () => {
    expect((await signIn(userNo, initialPassword)).body.code).toBe(0);
  });

  it('"!!!!!!!!" passes the rule as written (neither only digits nor only letters) and signs in', async () => {
    const answer = await reset({ userId, password: "!!!!!!!!", confirmPassword: "!!!!!!!!" }, "en-US");
    expect(answer.body.code).toBe(0);
    expect(answer.body.msg).toBe(t("updated", "en-US"));
    expect((await signIn(userNo, "!!!!!!!!")).body.code).toBe(0);
  });

  it("success lets the user sign in with the new password and not with the old one", async () => {
    const answer = await reset({ userId, password: "Reset-1234" });
    expect(answer.body.code).toBe(0);
    expectError(await signIn(userNo, "!!!!!!!!"), 422, t("badCredentials", "zh-CN"));
    const fresh = await signIn(userNo, "Reset-1234");
    expect(fresh.body.code).toBe(0);
    expect((await call("/sys/menu/nav", { token: fresh.body.data.token })).body.code).toBe(0);
  });

  it("accepts the id under `id` as well as `userId`", async () => {
    expect((await reset({ id: userId, password: "Reset-5678" })).body.code).toBe(0);
    expect((await signIn(userNo, "Reset-5678")).body.code).toBe(0);
  });

  it("a non-administrator holding sys:user:resetpass may reset", async () => {
    const { token } = await userWithPermissions(admin, ["sys:user:resetpass"]);
    expect((await reset({ userId, password: "ByHelpdesk1" }, undefined, token)).body.code).toBe(0);
    expect((await signIn(userNo, "ByHelpdesk1")).body.code).toBe(0);
  });
});

describe("events/rules.ts", () => {
  it("names the catalogue messages of the two password rules", () => {
    expect(rules.resetPassword.message).toBe("passwordRule");
    expect(rules.mixedPassword.message).toBe("passwordMixRule");
    expect(rules.resetPassword.test).toBe(isResetPassword);
    expect(rules.mixedPassword.test).toBe(isMixedPassword);
  });

  it("isResetPassword: 8–20 characters, not only digits, not only letters", () => {
    for (const ok of ["abcd1234", "1234567!", "abc!defg", "!!!!!!!!", "密码密码密码密码", "a".repeat(19) + "1"]) expect(isResetPassword(ok), ok).toBe(true);
    for (const bad of ["abc1234", "a1".repeat(10) + "x", "12345678", "abcdefgh", "ABCDefgh", "", "1".repeat(20)]) expect(isResetPassword(bad), bad).toBe(false);
    expect(isResetPassword("abcdefg1")).toBe(true); // 8
    expect(isResetPassword("abcdefghijklmnopqrs1")).toBe(true); // 20
    expect(isResetPassword("abcdefghijklmnopqrst1")).toBe(false); // 21
  });

  it("isMixedPassword: 8–20 characters of at least two of digits, letters, other symbols", () => {
    for (const ok of ["abcd1234", "abcdefg!", "1234567!", "Ab1!Ab1!", "abcdefghij!!!!!!!!!!", "密码密码密码12"]) expect(isMixedPassword(ok), ok).toBe(true);
    for (const bad of ["abcdefgh", "ABCDEFGH", "12345678", "!!!!!!!!", "密码密码密码密码", "abc123!", "abcdefghij1234567890!", ""]) expect(isMixedPassword(bad), bad).toBe(false);
  });

  it("isZoningCode: exactly six digits", () => {
    for (const ok of ["610000", "110101", "000000"]) expect(isZoningCode(ok), ok).toBe(true);
    for (const bad of ["61000", "6100000", "61000a", "", " 610000", "610000 ", "６１００００"]) expect(isZoningCode(bad), bad).toBe(false);
  });

  it("isMobile: 11 digits starting 13–19", () => {
    for (const ok of ["13800138000", "15912345678", "19912345678"]) expect(isMobile(ok), ok).toBe(true);
    for (const bad of ["12800138000", "10800138000", "1380013800", "138001380000", "+8613800138000", "23800138000", "1380013800a", ""]) expect(isMobile(bad), bad).toBe(false);
  });

  it("isEmail", () => {
    for (const ok of ["a@b.cn", "first.last+tag@example.co.uk", "user_1@mail-server.org"]) expect(isEmail(ok), ok).toBe(true);
    for (const bad of ["a@b", "a.b.cn", "a@@b.cn", "a b@c.cn", "@b.cn", "a@.cn", "a@b.", ""]) expect(isEmail(bad), bad).toBe(false);
  });

  // Independent check-character computation (GB 32100-2015): weights 3^i mod 31 over the 31-character set.
  const creditChars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  const checkOf = (base17: string) => {
    let sum = 0;
    for (let i = 0; i < 17; i++) sum += creditChars.indexOf(base17[i]!) * Number(3n ** BigInt(i) % 31n);
    return creditChars[(31 - (sum % 31)) % 31]!;
  };

  it("isCreditCode accepts real codes with correct check characters", () => {
    for (const code of ["91110000600037341L", "91440300708461136T", "91110108551385082Q", "91110000802100433B"]) {
      expect(checkOf(code.slice(0, 17)), code).toBe(code[17]);
      expect(isCreditCode(code), code).toBe(true);
    }
  });

  it("isCreditCode refuses a wrong check character and malformed codes", () => {
    expect(isCreditCode("91110000600037341M")).toBe(false);
    expect(isCreditCode("91440300708461136U")).toBe(false);
    for (const bad of ["91110000600037341l", "9111000060003734L", "91110000600037341LL", "911100006000373410", "91A10000600037341L", "911100006O0037341L", "", "91110000600037341I"]) expect(isCreditCode(bad), bad).toBe(false);
  });

  // the second base's weighted sum is a multiple of 31, so its check character is "0" (the mod-31 wrap)
  it.each(["91330106MA2AXXXX0", "91330106MA2AXXXXB"])("isCreditCode accepts exactly one check character for the base %s", (base) => {
    const right = checkOf(base);
    for (const c of creditChars) expect(isCreditCode(base + c), base + c).toBe(c === right);
  });

  it("a code whose check character is 0 is valid", () => {
    expect(checkOf("91330106MA2AXXXXB")).toBe("0");
    expect(isCreditCode("91330106MA2AXXXXB0")).toBe(true);
  });

  it("hasEmoji", () => {
    for (const yes of ["😀", "abc👍", "企业🏢名称", "❤️"]) expect(hasEmoji(yes), yes).toBe(true);
    for (const no of ["企业名称", "abc123", "a-b_c.d!@#", ""]) expect(hasEmoji(no), no).toBe(false);
  });
});

describe("password bodies and sessions", () => {
  it("reports a bad field on that field instead of discarding the body", async () => {
    const user = await userWithPermissions(admin, []);
    const long = await call("/sys/user/password", { token: user.token, body: { password: initialPassword, newPassword: "a1".repeat(100) } });
    expect(long.body.errors).toEqual({ newPassword: t("passwordMixRule", "zh-CN") });
    const number = await call("/sys/user/password", { token: user.token, body: { password: initialPassword, newPassword: 12345678 } });
    expect(number.body.errors).toEqual({ newPassword: "新密码格式错误" });
    const notObject = await call("/sys/user/resetPass", { token: admin, body: [1, 2] });
    expect(notObject.body).toMatchObject({ code: 422, msg: t("badRequestBody", "zh-CN") });
  });

  it("ends the user's other sessions when the password changes, keeping the one that changed it", async () => {
    const name = newUserName();
    const user = await userWithPermissions(admin, [], name);
    const other = await login(name, initialPassword);
    const changed = await call("/sys/user/password", { token: user.token, body: { password: initialPassword, newPassword: "Newpass123" } });
    expect(changed.body.code).toBe(0);
    expect((await call("/sys/menu/nav", { token: user.token })).body.code).toBe(0);
    expect((await call("/sys/menu/nav", { token: other })).body.code).toBe(401);
    const reset = await call("/sys/user/resetPass", { token: admin, body: { userId: user.userId, password: "Another123" } });
    expect(reset.body.code).toBe(0);
    expect((await call("/sys/menu/nav", { token: user.token })).body.code).toBe(401);
  });

  it("lets only an administrator reset an administrator's password", async () => {
    const resetter = await userWithPermissions(admin, ["sys:user:resetpass"]);
    const adminId = (await call("/sys/user/info", { token: admin })).body.data.id;
    const refused = await call("/sys/user/resetPass", { token: resetter.token, body: { userId: adminId, password: "Takeover123" } });
    expect(refused.body).toMatchObject({ code: 403, msg: t("adminOnlyReset", "zh-CN") });
    const en = await call("/sys/user/resetPass", { token: resetter.token, lang: "en-US", body: { userId: adminId, password: "Takeover123" } });
    expect(en.body.msg).toBe("Only an administrator can reset an administrator's password");
    expect(await login()).toMatch(/^[0-9a-f]{64}$/);
  });
});
