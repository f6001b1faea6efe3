/**
 * The checklist of the spec's section 5: every rule with a worker-side message, checked through the API
 * in both languages with the exact catalogue text. One table of [path, body, field, zh, en]; each body is
 * valid except for the one rule under test, so the answer must name exactly that field.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { t, type Lang } from "../events/i18n.ts";
import { seedId } from "../worker/seed/index.ts";
import { call, login, userWithPermissions } from "./helpers.ts";

const langs: Lang[] = ["zh-CN", "en-US"];

let admin: string;
/** a throwaway user's session for the own-password verb (its password is Passw0rd!x) */
let own: string;
beforeAll(async () => {
  admin = await login();
  own = (await userWithPermissions(admin, [])).token;
});

const creditChars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const creditWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
function creditCode(n: number): string {
  const base = `91610113${String(500000000 + n).padStart(9, "0")}`;
  const sum = creditWeights.reduce((acc, w, i) => acc + creditChars.indexOf(base[i]!) * w, 0);
  return base + creditChars[(31 - (sum % 31)) % 31];
}
function idCard(n: number): string {
  const base = `61011319880808${String(100 + n).padStart(3, "0")}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  return base + "10X98765432"[weights.reduce((acc, w, i) => acc + Number(base[i]) * w, 0) % 11];
}
const validCredit = creditCode(1);
const wrongCheck = validCredit.slice(0, 17) + (validCredit[17] === "0" ? "1" : "0");
const validIdCard = idCard(1);
const wrongIdCard = validIdCard.slice(0, 17) + (validIdCard[17] === "1" ? "2" : "1");

// seeded ids (deterministic), so the table can be built before any request
const someUser = await seedId("user:user-liuyang");
const systemMenu = await seedId("menu:system");
const deptId = await seedId("dept:dept-xa-miit");
const postId = await seedId("post:post-clerk");

const without = (record: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

const menu = { name: "规则菜单", type: 1, parentId: systemMenu, url: "/rules/menu", routeName: "rules-menu", componentUrl: "rules/menu/index" };
const area = { code: "619801", name: "规则测试区", parentCode: "610100", type: "3" };
const department = { name: "规则测试部门", creditCode: validCredit, orgId: "610113", phone: "029-88886666" };
const user = { userNo: "rules-user", name: "规则用户", status: "1", phone: "13800138000", email: "rules@example.cn" };
const member = {
  name: "规则成员",
  loginName: "rules-member",
  gender: "1",
  deptId,
  postId,
  status: "1",
  type: "1",
  entryDate: "2020-07-01",
  phone: "13800138000",
  email: "member@example.cn",
  idCard: validIdCard,
  age: 37,
  birthDate: "1988-08-08",
  workingYears: 6,
};
const config = { name: "rulesConfig", remark: "规则" };
const dictEntry = { type: "rulesType", value: "r1", name: "规则字典", status: "1" };
const track = { projectName: "规则项目", trackDate: "2026-11-01", stage: "started", status: "normal", completedInvestment: 10 };
const organisation = { name: "规则机构", code: "RULES-ORG-1", type: "2", areaCode: "610100" };

type Case = [path: string, body: Record<string, unknown>, field: string, zh: string, en: string];

const cases: Case[] = [
  // passwords: administrator reset (rule resetPassword) and own change (rule mixedPassword), confirmation
  ["/sys/user/resetPass", { userId: someUser, password: "12345678" }, "password", "密码长度为8~20位，且不能是纯数字或纯字母", "Password length must be 8~20 and not pure digits or letters"],
  ["/sys/user/resetPass", { userId: someUser, password: "abcdefghij" }, "password", "密码长度为8~20位，且不能是纯数字或纯字母", "Password length must be 8~20 and not pure digits or letters"],
  ["/sys/user/resetPass", { userId: someUser, password: "Ab1!" }, "password", "密码长度为8~20位，且不能是纯数字或纯字母", "Password length must be 8~20 and not pure digits or letters"],
  ["/sys/user/resetPass", { userId: someUser, password: "Abcdefgh1234567890xyz" }, "password", "密码长度为8~20位，且不能是纯数字或纯字母", "Password length must be 8~20 and not pure digits or letters"],
  ["/sys/user/resetPass", { userId: someUser, password: "Abcd1234", confirmPassword: "Abcd12345" }, "confirmPassword", "两次输入的密码不一致", "Confirm password does not match"],
  ["/sys/user/resetPass", { userId: someUser }, "password", "密码不能为空", "Password cannot be empty"],
  ["/sys/user/password", { password: "whatever-1", newPassword: "!@#$%^&*()" }, "newPassword", "密码长度为8~20位，且须包含数字、字母、其他符号中的至少两种", "Password must be 8~20 characters mixing at least two of digits, letters and other symbols"],
  ["/sys/user/password", { password: "whatever-1", newPassword: "12345678901" }, "newPassword", "密码长度为8~20位，且须包含数字、字母、其他符号中的至少两种", "Password must be 8~20 characters mixing at least two of digits, letters and other symbols"],
  ["/sys/user/password", { password: "whatever-1", newPassword: "Abcd-1234", confirmPassword: "Abcd-12345" }, "confirmPassword", "两次输入的密码不一致", "Confirm password does not match"],
  ["/sys/user/password", { password: "whatever-1" }, "newPassword", "新密码不能为空", "New password cannot be empty"],
  // zoning
  ["/sys/area/save", { ...area, code: "61011" }, "code", "格式错误，请输入6位区划代码", "Wrong format, please enter a 6-digit zoning code"],
  ["/sys/area/save", { ...area, code: "61011a" }, "code", "格式错误，请输入6位区划代码", "Wrong format, please enter a 6-digit zoning code"],
  ["/sys/area/save", { ...area, parentCode: "6101" }, "parentCode", "格式错误，请输入6位区划代码", "Wrong format, please enter a 6-digit zoning code"],
  ["/sys/area/save", without(area, "code"), "code", "区划代码不能为空", "Zoning code cannot be empty"],
  ["/sys/area/save", without(area, "parentCode"), "parentCode", "上级区划不能为空", "Parent zoning cannot be empty"],
  ["/sys/area/save", { ...area, name: "" }, "name", "区划名称不能为空", "Zoning name cannot be empty"],
  ["/sys/area/save", without(area, "type"), "type", "类型不能为空", "Type cannot be empty"],
  // user zoning code
  ["/sys/user/save", { ...user, orgCode: "6100" }, "orgCode", "格式错误，请输入6位区划代码", "Wrong format, please enter a 6-digit zoning code"],
  // credit code
  ["/sys/department/save", { ...department, creditCode: validCredit.slice(0, 17) }, "creditCode", "请输入正确的18位统一社会信用代码", "Please enter a valid 18-character unified social credit code"],
  ["/sys/department/save", { ...department, creditCode: wrongCheck }, "creditCode", "请输入正确的18位统一社会信用代码", "Please enter a valid 18-character unified social credit code"],
  ["/sys/department/save", { ...department, creditCode: `${validCredit.slice(0, 8)}O${validCredit.slice(9)}` }, "creditCode", "请输入正确的18位统一社会信用代码", "Please enter a valid 18-character unified social credit code"],
  ["/sys/department/save", without(department, "creditCode"), "creditCode", "统一社会信用代码不能为空", "Credit code cannot be empty"],
  // department
  ["/sys/department/save", { ...department, name: "" }, "name", "部门名称不能为空", "Department name cannot be empty"],
  ["/sys/department/save", { ...department, orgId: "61011" }, "orgId", "格式错误，请输入6位区划代码", "Wrong format, please enter a 6-digit zoning code"],
  // general phone (mobile or landline): department contact phone
  ["/sys/department/save", { ...department, phone: "12345" }, "phone", "联系电话格式不正确", "Contact phone format is incorrect"],
  ["/sys/department/save", { ...department, phone: "029-888" }, "phone", "联系电话格式不正确", "Contact phone format is incorrect"],
  ["/sys/department/save", { ...department, phone: "12800138000" }, "phone", "联系电话格式不正确", "Contact phone format is incorrect"],
  // mobile: user (optional) and member (required)
  ["/sys/user/save", { ...user, phone: "1380013800" }, "phone", "手机号码格式不正确", "Mobile phone format is incorrect"],
  ["/sys/user/save", { ...user, phone: "029-88886666" }, "phone", "手机号码格式不正确", "Mobile phone format is incorrect"],
  ["/common/proorgmember/save", { ...member, phone: "" }, "phone", "手机号码不能为空", "Phone cannot be empty"],
  ["/common/proorgmember/save", without(member, "phone"), "phone", "手机号码不能为空", "Phone cannot be empty"],
  ["/common/proorgmember/save", { ...member, phone: "23800138000" }, "phone", "手机号码格式不正确", "Phone format is incorrect"],
  // e-mail
  ["/sys/user/save", { ...user, email: "rules@" }, "email", "电子邮箱格式不正确", "E-mail format is incorrect"],
  ["/common/proorgmember/save", { ...member, email: "no-at-sign.cn" }, "email", "电子邮箱格式不正确", "Mailbox format is incorrect"],
  // menus: url, route name, file path, menu name, parent name
  ["/sys/menu/save", without(menu, "url"), "url", "菜单路由不能为空", "Menu url cannot be empty"],
  ["/sys/menu/save", without(menu, "routeName"), "routeName", "路由名称不能为空", "Route name cannot be empty"],
  ["/sys/menu/save", without(menu, "componentUrl"), "componentUrl", "文件路径不能为空", "File path cannot be empty"],
  ["/sys/menu/save", { ...menu, name: "" }, "name", "菜单名称不能为空", "Menu name cannot be empty"],
  ["/sys/menu/save", { name: "规则按钮", type: 2, perms: "rules:x:save" }, "parentId", "上级菜单不能为空", "Parent name cannot be empty"],
  ["/sys/organization/save", organisation, "parentId", "上级机构不能为空", "Parent name cannot be empty"],
  // config parameter: array and table
  ["/sys/config/save", { ...config, valueType: "array", value: [] }, "value", "参数值不能为空", "Parameter value cannot be empty"],
  ["/sys/config/save", { ...config, valueType: "array" }, "value", "参数值不能为空", "Parameter value cannot be empty"],
  ["/sys/config/save", { ...config, valueType: "table", value: { columns: ["城市"], rows: [] } }, "value", "参数值不能为空", "Parameter value cannot be empty"],
  ["/sys/config/save", { ...config, valueType: "table" }, "value", "参数值不能为空", "Parameter value cannot be empty"],
  ["/sys/config/save", { ...config, valueType: "string", value: "" }, "value", "参数值不能为空", "Parameter value cannot be empty"],
  ["/sys/config/save", { ...config, valueType: "xml", value: "<a/>" }, "valueType", "值类型的取值不在允许范围内", "Value type has a value that is not allowed"],
  // sex and the member fields
  ["/common/proorgmember/save", without(member, "gender"), "gender", "性别不能为空", "Sex cannot be empty"],
  ["/common/proorgmember/save", { ...member, gender: "" }, "gender", "性别不能为空", "Sex cannot be empty"],
  ["/common/proorgmember/save", { ...member, name: "" }, "name", "姓名不能为空", "Name cannot be empty"],
  ["/common/proorgmember/save", without(member, "loginName"), "loginName", "登录名不能为空", "Login name cannot be empty"],
  ["/common/proorgmember/save", without(member, "deptId"), "deptId", "所属部门不能为空", "Department cannot be empty"],
  ["/common/proorgmember/save", without(member, "postId"), "postId", "岗位不能为空", "Post cannot be empty"],
  ["/common/proorgmember/save", without(member, "status"), "status", "状态不能为空", "Status cannot be empty"],
  ["/common/proorgmember/save", without(member, "type"), "type", "人员类型不能为空", "Type cannot be empty"],
  ["/common/proorgmember/save", without(member, "entryDate"), "entryDate", "入职时间不能为空", "Entry time cannot be empty"],
  ["/common/proorgmember/save", { ...member, idCard: wrongIdCard }, "idCard", "身份证号格式不正确", "Identity card format is incorrect"],
  ["/common/proorgmember/save", { ...member, idCard: "61011319881308123X" }, "idCard", "身份证号格式不正确", "Identity card format is incorrect"],
  ["/common/proorgmember/save", { ...member, idCard: validIdCard.slice(0, 17) }, "idCard", "身份证号格式不正确", "Identity card format is incorrect"],
  // general: format error, emoji, must be a number, outer spaces
  ["/common/proorgmember/save", { ...member, birthDate: "1988/08/08" }, "birthDate", "出生日期格式错误", "Birth date format error"],
  ["/common/proorgmember/save", { ...member, entryDate: "2020-7-1" }, "entryDate", "入职时间格式错误", "Entry time format error"],
  ["/common/proorgmember/save", { ...member, name: "张三😀" }, "name", "姓名不能包含表情符号", "Name cannot contain emoji"],
  ["/sys/department/save", { ...department, name: "部门🏢" }, "name", "部门名称不能包含表情符号", "Department name cannot contain emoji"],
  ["/common/proorgmember/save", { ...member, age: "三十七" }, "age", "年龄必须为数字", "Age must be a number"],
  ["/common/proorgmember/save", { ...member, workingYears: "six" }, "workingYears", "工作年限必须为数字", "Working years must be a number"],
  ["/sys/menu/save", { ...menu, orderNum: "first" }, "orderNum", "排序号必须为数字", "Number must be a number"],
  ["/common/proorgmember/save", { ...member, loginName: " rules-member " }, "loginName", "登录名首尾不能有空格", "Login name cannot start or end with spaces"],
  ["/sys/user/save", { ...user, userNo: "rules-user " }, "userNo", "账号首尾不能有空格", "Account cannot start or end with spaces"],
  // required comes before any other rule: blank or only spaces is "cannot be empty", not a length range
  ["/sys/sysdict/save", { ...dictEntry, value: "" }, "value", "字典值不能为空", "Value cannot be empty"],
  ["/sys/sysdict/save", { ...dictEntry, value: "   " }, "value", "字典值不能为空", "Value cannot be empty"],
  ["/sys/sysdict/save", { ...dictEntry, value: "v".repeat(65) }, "value", "字典值长度须在 0~64 个字符之间", "Value must be 0~64 characters long"],
  // amounts and counts have no negative values: the declared minimum names the field and the bound
  ["/common/projecttrackmanagement/save", { ...track, completedInvestment: -50 }, "completedInvestment", "累计完成投资(万元)不能小于 0", "Investment to date (10k CNY) cannot be less than 0"],
  ["/common/projecttrackmanagement/save", { ...track, periodInvestment: "-0.5" }, "periodInvestment", "本期完成投资(万元)不能小于 0", "Investment this period (10k CNY) cannot be less than 0"],
];

describe("the cases are built as intended", () => {
  it("the base records are valid apart from the rule under test", () => {
    expect(validCredit).toHaveLength(18);
    expect(wrongCheck).not.toBe(validCredit);
    expect(validIdCard).toHaveLength(18);
    expect(wrongIdCard).not.toBe(validIdCard);
    expect("Abcdefgh1234567890xyz").toHaveLength(21);
  });

  it("each catalogue text of the table is the one t() renders", () => {
    expect(t("passwordRule", "zh-CN")).toBe(cases[0]![3]);
    expect(t("passwordRule", "en-US")).toBe(cases[0]![4]);
    expect(t("passwordMixRule", "zh-CN")).toBe(cases[6]![3]);
    expect(t("passwordMixRule", "en-US")).toBe(cases[6]![4]);
    expect(t("passwordConfirmMismatch", "en-US")).toBe(cases[4]![4]);
    expect(t("zoningCode", "zh-CN")).toBe(cases[10]![3]);
    expect(t("zoningCode", "en-US")).toBe(cases[10]![4]);
    expect(t("creditCode", "zh-CN")).toBe(cases[18]![3]);
    expect(t("creditCode", "en-US")).toBe(cases[18]![4]);
    expect(t("required", "zh-CN", { name: "手机号码" })).toBe("手机号码不能为空");
    expect(t("formatIncorrect", "zh-CN", { name: "手机号码" })).toBe("手机号码格式不正确");
    expect(t("formatError", "en-US", { name: "Birth date" })).toBe("Birth date format error");
    expect(t("noEmoji", "zh-CN", { name: "姓名" })).toBe("姓名不能包含表情符号");
    expect(t("mustBeNumber", "zh-CN", { name: "年龄" })).toBe("年龄必须为数字");
  });
});

describe.each(cases)("POST %s %j", (path, body, field, zh, en) => {
  it.each(langs)(`errors.${field} (%s)`, async (lang) => {
    const token = path === "/sys/user/password" ? own : admin;
    const answer = await call(path, { token, lang, body });
    const expected = lang === "zh-CN" ? zh : en;
    expect(answer.status).toBe(200);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.errors).toEqual({ [field]: expected });
    expect(answer.body.msg).toBe(expected);
  });
});

describe("the valid base records pass (so each case above fails for its own rule only)", () => {
  it.each([
    ["/sys/area/save", area],
    ["/sys/department/save", department],
    ["/sys/user/save", user],
    ["/common/proorgmember/save", member],
    ["/sys/menu/save", menu],
    ["/sys/config/save", { ...config, valueType: "array", value: ["一"] }],
    ["/sys/sysdict/save", dictEntry],
    ["/common/projecttrackmanagement/save", { ...track, completedInvestment: 0, periodInvestment: 0 }],
  ] as const)("%s", async (path, body) => {
    const answer = await call(path, { token: admin, body });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0 });
  });
});
