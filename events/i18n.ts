/** The two languages of the product and the server's message catalogue (the seed's texts written exactly). */
export const languages = ["zh-CN", "en-US"] as const;
export type Lang = (typeof languages)[number];
export const defaultLang: Lang = "zh-CN";

/** A text in both languages; every label and message of the product is one of these. */
export type Text = Record<Lang, string>;

export const messages = {
  ok: { "zh-CN": "操作成功", "en-US": "Operation succeeded" },
  failed: { "zh-CN": "操作失败", "en-US": "Operation failed" },
  fetched: { "zh-CN": "获取成功", "en-US": "Fetched successfully" },
  created: { "zh-CN": "新增成功", "en-US": "Created successfully" },
  updated: { "zh-CN": "更新成功", "en-US": "Updated successfully" },
  saved: { "zh-CN": "保存成功", "en-US": "Saved" },
  deleted: { "zh-CN": "删除成功", "en-US": "Deleted successfully" },
  networkError: { "zh-CN": "网络异常", "en-US": "Network exception" },
  notLoggedIn: { "zh-CN": "当前用户未登录或登录信息已失效!", "en-US": "You are not signed in or your sign-in has expired!" },
  forbidden: { "zh-CN": "没有权限访问该功能（{perm}），请联系管理员授权", "en-US": "You lack the permission {perm}; ask an administrator to grant it" },
  notFound: { "zh-CN": "{name}不存在或已被删除", "en-US": "{name} does not exist or was deleted" },
  pathNotFound: { "zh-CN": "请求的接口不存在", "en-US": "No such API path" },
  changedMeanwhile: {
    "zh-CN": "该记录已被他人修改（当前版本 {actual}，您提交的版本 {expected}），请刷新后重试",
    "en-US": "The record was changed meanwhile (current version {actual}, yours {expected}); reload and try again",
  },
  alreadyExists: { "zh-CN": "{fields}已存在", "en-US": "{fields} already exists" },
  internal: { "zh-CN": "服务器内部错误，请稍后重试", "en-US": "Internal server error, please try again later" },
  badRequestBody: { "zh-CN": "请求内容不是有效的 JSON", "en-US": "The request body is not valid JSON" },
  tooManyIds: { "zh-CN": "一次最多删除 {max} 条数据", "en-US": "At most {max} records can be deleted at once" },
  pleaseSelectDelete: { "zh-CN": "请选择删除项", "en-US": "Please select the items to delete" },
  // sign-in
  badCredentials: { "zh-CN": "账号或密码不正确", "en-US": "Incorrect account or password" },
  accountLocked: {
    "zh-CN": "登录失败次数过多，账号已锁定，请 {minutes} 分钟后再试",
    "en-US": "Too many failed sign-ins: the account is locked, try again in {minutes} minutes",
  },
  accountDisabled: { "zh-CN": "账号已被停用，请联系管理员", "en-US": "The account is disabled; contact an administrator" },
  captchaWrong: { "zh-CN": "验证码不正确或已失效", "en-US": "The verification code is wrong or has expired" },
  ticketInvalid: { "zh-CN": "单点登录票据无效或已过期", "en-US": "The single sign-on ticket is invalid or has expired" },
  ticketReplayed: { "zh-CN": "单点登录票据已被使用", "en-US": "The single sign-on ticket has already been used" },
  portalSignatureRequired: {
    "zh-CN": "该登录方式只接受门户签名的请求",
    "en-US": "This sign-in is only accepted on a request signed by a portal",
  },
  ssoUserUnknown: { "zh-CN": "门户用户在本系统中不存在", "en-US": "The portal's user does not exist in this system" },
  loggedOut: { "zh-CN": "已退出登录", "en-US": "Signed out" },
  adminOnlyReset: {
    "zh-CN": "只有管理员可以重置管理员的密码",
    "en-US": "Only an administrator can reset an administrator's password",
  },
  oldPasswordWrong: { "zh-CN": "原密码不正确", "en-US": "The current password is incorrect" },
  // validation (section 5)
  required: { "zh-CN": "{name}不能为空", "en-US": "{name} cannot be empty" },
  formatError: { "zh-CN": "{name}格式错误", "en-US": "{name} format error" },
  formatIncorrect: { "zh-CN": "{name}格式不正确", "en-US": "{name} format is incorrect" },
  mustBeNumber: { "zh-CN": "{name}必须为数字", "en-US": "{name} must be a number" },
  noEmoji: { "zh-CN": "{name}不能包含表情符号", "en-US": "{name} cannot contain emoji" },
  noOuterSpaces: { "zh-CN": "{name}首尾不能有空格", "en-US": "{name} cannot start or end with spaces" },
  lengthRange: { "zh-CN": "{name}长度须在 {min}~{max} 个字符之间", "en-US": "{name} must be {min}~{max} characters long" },
  valueNotAllowed: { "zh-CN": "{name}的取值不在允许范围内", "en-US": "{name} has a value that is not allowed" },
  passwordRule: {
    "zh-CN": "密码长度为8~20位，且不能是纯数字或纯字母",
    "en-US": "Password length must be 8~20 and not pure digits or letters",
  },
  passwordMixRule: {
    "zh-CN": "密码长度为8~20位，且须包含数字、字母、其他符号中的至少两种",
    "en-US": "Password must be 8~20 characters mixing at least two of digits, letters and other symbols",
  },
  passwordConfirmMismatch: { "zh-CN": "两次输入的密码不一致", "en-US": "Confirm password does not match" },
  zoningCode: { "zh-CN": "格式错误，请输入6位区划代码", "en-US": "Wrong format, please enter a 6-digit zoning code" },
  creditCode: {
    "zh-CN": "请输入正确的18位统一社会信用代码",
    "en-US": "Please enter a valid 18-character unified social credit code",
  },
  unknownDictTypes: { "zh-CN": "字典类型不存在：{types}", "en-US": "Unknown dictionary types: {types}" },
  roleDeleteWarning: {
    "zh-CN": "该角色已分配给 {count} 个用户，删除后这些用户可能无法登录，是否继续？",
    "en-US": "{count} users hold this role; after deleting it they may not be able to log in. Continue?",
  },
  hasChildren: { "zh-CN": "该{name}下还有下级数据，请先删除下级", "en-US": "This {name} still has children; delete them first" },
  deleteChildrenFirst: { "zh-CN": "请先删除下级菜单或按钮", "en-US": "Delete its sub-menus and buttons first" },
  uploadType: {
    "zh-CN": "只能上传 bmp、jpg、jpeg、png、xls、xlsx、doc、docx、pdf、mp4、wmv、zip、txt、csv 格式的文件",
    "en-US": "Only bmp, jpg, jpeg, png, xls, xlsx, doc, docx, pdf, mp4, wmv, zip, txt and csv files can be uploaded",
  },
  uploadMultiple: { "zh-CN": "不支持多文件上传", "en-US": "Multiple-file upload is not supported" },
  uploadTooLarge: { "zh-CN": "上传文件大小不能超过 40MB", "en-US": "The file must not exceed 40 MB" },
  uploadMissing: { "zh-CN": "请选择要上传的文件", "en-US": "Choose a file to upload" },
  uploadEmpty: { "zh-CN": "不能上传空文件", "en-US": "An empty file cannot be uploaded" },
  bindCodeIssued: { "zh-CN": "绑定码已生成，{minutes} 分钟内有效", "en-US": "Binding code issued, valid for {minutes} minutes" },
  rebuildDone: { "zh-CN": "读模型重建完成", "en-US": "Read models rebuilt" },
  noSuchVersion: { "zh-CN": "不能还原到版本 {version}：该版本不存在或就是当前版本", "en-US": "Cannot revert to version {version}: it does not exist or is the current one" },
  reverted: { "zh-CN": "已还原到版本 {version}", "en-US": "Reverted to version {version}" },
  notDeleted: { "zh-CN": "该记录未被删除，无需恢复", "en-US": "This record is not deleted; there is nothing to restore" },
  publishNotAllowed: { "zh-CN": "只有未发布或已撤回的记录可以发布", "en-US": "Only a draft or revoked record can be published" },
  unpublishNotAllowed: { "zh-CN": "只有已发布的记录可以撤回", "en-US": "Only a published record can be revoked" },
  badPublishStatus: { "zh-CN": "发布状态只能是 0、1 或 2", "en-US": "The publish status must be 0, 1 or 2" },
  examinedAlready: { "zh-CN": "该记录已审核，不能重复审核", "en-US": "This record has already been examined" },
  showNotAllowed: { "zh-CN": "只有已发布的记录可以切换门户展示", "en-US": "Only a published record can be shown on or hidden from the portal" },
  submitNotAllowed: { "zh-CN": "只有草稿或已退回的申请可以提交审批", "en-US": "Only a draft or returned application can be submitted for approval" },
  noApprovalFlow: { "zh-CN": "未找到审批流程“{key}”，请先在流程模型中发布", "en-US": "No approval flow \"{key}\" is published; publish it under process models first" },
  restored: { "zh-CN": "恢复成功", "en-US": "Restored" },
  parentMissing: { "zh-CN": "{name}指向的上级记录不存在或已删除，请先恢复上级", "en-US": "The parent that {name} points to does not exist or was deleted; restore it first" },
} as const satisfies Record<string, Text>;

export type MessageKey = keyof typeof messages;

/** Renders a catalogue message in `lang`, filling `{name}` style placeholders. */
export function t(key: MessageKey, lang: Lang, params: Record<string, string | number> = {}): string {
  return fill(messages[key][lang], params);
}

export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * Picks the request's language: the `language` cookie wins (the web app remembers the switch there),
 * then Accept-Language, then zh-CN.
 */
export function pickLang(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): Lang {
  const cookie = /(?:^|;\s*)(?:language|lang)=([^;]+)/.exec(cookieHeader ?? "")?.[1];
  const fromCookie = normalise(cookie ? decodeURIComponent(cookie) : undefined);
  if (fromCookie) return fromCookie;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const lang = normalise(part.split(";")[0]?.trim());
    if (lang) return lang;
  }
  return defaultLang;
}

function normalise(tag: string | undefined): Lang | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  if (lower.startsWith("zh")) return "zh-CN";
  if (lower.startsWith("en")) return "en-US";
  return undefined;
}
