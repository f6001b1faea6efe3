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
  tooManyRequests: { "zh-CN": "请求过于频繁，请一分钟后再试", "en-US": "Too many requests: please try again in a minute" },
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
  webhookSignatureInvalid: { "zh-CN": "Webhook 签名无效或已过期", "en-US": "The webhook signature is missing, invalid or expired" },
  webhookPortalUnknown: { "zh-CN": "未知的门户：{portal}", "en-US": "Unknown portal: {portal}" },
  webhookTooLarge: { "zh-CN": "Webhook 报文不能超过 1MB", "en-US": "The webhook body must not exceed 1 MB" },
  webhookDeliveryIdRequired: { "zh-CN": "缺少或无效的投递编号（X-Qifu-Delivery，至多 64 个字符）", "en-US": "The delivery id (X-Qifu-Delivery, at most 64 characters) is missing or invalid" },
  webhookWrittenByIntake: { "zh-CN": "Webhook 投递记录只能由接收接口写入", "en-US": "Webhook deliveries are written by the intake only" },
  webhookReplayOnlyFailed: { "zh-CN": "只有失败的投递可以重放", "en-US": "Only a failed delivery can be replayed" },
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
  minValue: { "zh-CN": "{name}不能小于 {min}", "en-US": "{name} cannot be less than {min}" },
  maxValue: { "zh-CN": "{name}不能大于 {max}", "en-US": "{name} cannot be greater than {max}" },
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
  // a user field of an import names a person by account or name
  userUnknown: { "zh-CN": "{name}：找不到账号或姓名为“{value}”的用户", "en-US": "{name}: no user has the account or name \"{value}\"" },
  userAmbiguous: { "zh-CN": "{name}：“{value}”对应 {count} 个用户：{accounts}，请填写账号", "en-US": "{name}: \"{value}\" matches {count} users: {accounts}; write the account instead" },
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
  syncNoSource: { "zh-CN": "未配置外部数据源（SYN_SOURCE_URL），未同步任何数据", "en-US": "No source configured (SYN_SOURCE_URL): nothing was synchronised" },
  syncAlreadyRunning: { "zh-CN": "各同步列表均已在同步中", "en-US": "Every list was already being synchronised" },
  rebuildDone: { "zh-CN": "读模型重建完成", "en-US": "Read models rebuilt" },
  noSuchVersion: { "zh-CN": "不能还原到版本 {version}：该版本不存在或就是当前版本", "en-US": "Cannot revert to version {version}: it does not exist or is the current one" },
  reverted: { "zh-CN": "已还原到版本 {version}", "en-US": "Reverted to version {version}" },
  notDeleted: { "zh-CN": "该记录未被删除，无需恢复", "en-US": "This record is not deleted; there is nothing to restore" },
  publishNotAllowed: { "zh-CN": "只有未发布或已撤回的记录可以发布", "en-US": "Only a draft or revoked record can be published" },
  unpublishNotAllowed: { "zh-CN": "只有已发布的记录可以撤回", "en-US": "Only a published record can be revoked" },
  planAlreadyDistributed: { "zh-CN": "该计划已于 {at} 分发，不能重复分发", "en-US": "This plan was distributed at {at} and cannot be distributed again" },
  planNotDistributable: { "zh-CN": "计划缺少{what}，无法分发", "en-US": "The plan has no {what}; it cannot be distributed" },
  planTooManyTasks: { "zh-CN": "一次分发最多生成 {max} 个任务（当前 {count} 个：企业数 × 执行人员数）", "en-US": "One distribution makes at most {max} tasks (this one would make {count}: enterprises × assignees)" },
  taskClosed: { "zh-CN": "任务已完成或已取消，不能再更新", "en-US": "The task is done or cancelled and cannot be updated" },
  taskClosedForVisit: { "zh-CN": "任务已完成或已取消，不能再登记走访（请在未完成的任务上登记）", "en-US": "The task is done or cancelled; a visit cannot be recorded against it (record it on an open task)" },
  badPublishStatus: { "zh-CN": "发布状态只能是 0、1 或 2", "en-US": "The publish status must be 0, 1 or 2" },
  allocationCommitted: { "zh-CN": "该分配已提交，不能再次提交或修改", "en-US": "This allocation has already been committed; it cannot be committed or changed again" },
  allocationConfirmed: { "zh-CN": "该分配已确认", "en-US": "This allocation has already been confirmed" },
  allocationNotConfirmed: { "zh-CN": "请先确认分配，再提交", "en-US": "Confirm the allocation before committing it" },
  archiveKindMismatch: { "zh-CN": "该档案不是{name}", "en-US": "This archive is not a {name}" },
  checkInPhotoNotImage: { "zh-CN": "现场照片须为 jpg、png 或 webp 图片，且不超过 10MB", "en-US": "A photo must be a jpg, png or webp image of at most 10 MB" },
  examinedAlready: { "zh-CN": "该记录已审核，不能重复审核", "en-US": "This record has already been examined" },
  showNotAllowed: { "zh-CN": "只有已发布的记录可以切换门户展示", "en-US": "Only a published record can be shown on or hidden from the portal" },
  submitNotAllowed: { "zh-CN": "只有草稿或已退回的申请可以提交审批", "en-US": "Only a draft or returned application can be submitted for approval" },
  materialNotAllowed: {
    "zh-CN": "{name}不符合要求：{files}（须为 {types} 格式，单个不超过 {max}MB）",
    "en-US": "{name} not accepted: {files} (must be {types}, at most {max} MB each)",
  },
  adviceAnsweredAlready: { "zh-CN": "该咨询已答复或已关闭，不能再次答复", "en-US": "This question has already been answered or closed" },
  noApprovalFlow: { "zh-CN": "未找到审批流程“{key}”，请先在流程模型中发布", "en-US": "No approval flow \"{key}\" is published; publish it under process models first" },
  restored: { "zh-CN": "恢复成功", "en-US": "Restored" },
  parentMissing: { "zh-CN": "{name}指向的上级记录不存在或已删除，请先恢复上级", "en-US": "The parent that {name} points to does not exist or was deleted; restore it first" },
  // data model definitions: a change that would lose or break data is refused with its count
  modelUnchangeable: { "zh-CN": "{name}创建后不能修改", "en-US": "{name} cannot be changed once the model is created" },
  modelBadPattern: { "zh-CN": "{name}的校验正则无效：{error}", "en-US": "The validation pattern of {name} is invalid: {error}" },
  modelBadDefault: { "zh-CN": "{name}的默认值不符合字段类型或规则", "en-US": "The default value of {name} does not fit its type or rules" },
  modelTooManyFields: { "zh-CN": "字段最多 {max} 个（含已隐藏的字段）", "en-US": "At most {max} fields (hidden ones included)" },
  modelRequiredNeedsDefault: { "zh-CN": "已有 {count} 条数据，新增的必填字段{name}须设置默认值", "en-US": "{count} records exist: the new required field {name} needs a default value for them" },
  modelTypeMisfits: { "zh-CN": "{name}有 {count} 条数据的值不符合新类型，不能修改类型", "en-US": "{count} records hold values of {name} that do not fit the new type: the type cannot be changed" },
  modelLengthMisfits: { "zh-CN": "{name}有 {count} 条数据超过 {max} 个字符，不能缩短长度", "en-US": "{count} records hold values of {name} longer than {max} characters: the length cannot be shortened" },
  modelRequiredMisfits: { "zh-CN": "{name}有 {count} 条数据为空，不能设为必填", "en-US": "{count} records have no value for {name}: it cannot be made required" },
  modelUniqueMisfits: { "zh-CN": "{name}有 {count} 个重复的值，不能设为唯一", "en-US": "{name} has {count} repeated values: it cannot be made unique" },
  modelHasRecords: { "zh-CN": "数据模型“{name}”还有 {count} 条数据，不能删除", "en-US": "The data model \"{name}\" still has {count} records: it cannot be deleted" },
  modelHasMenu: { "zh-CN": "数据模型“{name}”已生成菜单，请先删除菜单", "en-US": "The data model \"{name}\" has a menu entry: delete the menu first" },
  modelMenuExists: { "zh-CN": "数据模型“{name}”已有菜单", "en-US": "The data model \"{name}\" already has a menu entry" },
  modelIsView: { "zh-CN": "“{name}”是视图模型，字段由视图的列决定", "en-US": "\"{name}\" is a view model: its fields are the view's columns" },
  modelImportNotAllowed: { "zh-CN": "数据模型须逐个定义，不能通过表格导入", "en-US": "Data models are defined one by one and cannot be imported from a spreadsheet" },
  patternMessage: { "zh-CN": "{name}：{message}", "en-US": "{name}: {message}" },
  viewUnknownField: { "zh-CN": "{name}：“{field}”不是数据来源声明的字段", "en-US": "{name}: \"{field}\" is not a declared field of the source" },
  viewBadValue: { "zh-CN": "{name}：“{field}”的筛选值含有不允许的字符", "en-US": "{name}: the filter value of \"{field}\" holds characters that are not allowed" },
  viewDuplicateColumn: { "zh-CN": "{name}：列名“{field}”重复或无效", "en-US": "{name}: the column name \"{field}\" is repeated or invalid" },
  viewSourceMissing: { "zh-CN": "{name}：数据来源“{field}”不存在或无权查看", "en-US": "{name}: the source \"{field}\" does not exist or is not yours to read" },
  // data model records
  viewModelReadOnly: { "zh-CN": "“{name}”是视图模型，数据只读，不能新增、修改、删除或导入", "en-US": "\"{name}\" is a view model: its data is read-only and cannot be added, changed, deleted or imported" },
  // reports: a definition refused names the field and the rule
  reportFieldNotDeclared: { "zh-CN": "{name}：“{field}”不是数据来源声明的字段", "en-US": "{name}: \"{field}\" is not a declared field of the source" },
  reportFieldNotNumeric: { "zh-CN": "{name}：“{field}”不是数值字段，不能{fn}", "en-US": "{name}: \"{field}\" is not a numeric field, so it cannot take {fn}" },
  reportOpNotAllowed: { "zh-CN": "{name}：“{field}”不能用“{op}”筛选", "en-US": "{name}: \"{field}\" cannot be filtered with \"{op}\"" },
  reportTooManyParams: { "zh-CN": "{name}：筛选值共 {count} 个，最多 {max} 个", "en-US": "{name}: {count} filter values, at most {max}" },
  reportBucketNotDate: { "zh-CN": "{name}：“{field}”不是日期字段，不能按日、月、年分组", "en-US": "{name}: \"{field}\" is not a date field, so it cannot be grouped by day, month or year" },
  reportKeyNotSelected: { "zh-CN": "{name}：“{key}”不是报表的列", "en-US": "{name}: \"{key}\" is not a column of the report" },
  reportDuplicateKey: { "zh-CN": "{name}：“{key}”重复", "en-US": "{name}: \"{key}\" appears twice" },
  reportNothingSelected: { "zh-CN": "{name}：请至少选择一列、一个分组或一个汇总", "en-US": "{name}: choose at least one column, group or aggregate" },
  reportFilterNotOffered: { "zh-CN": "{name}：该报表没有“{field}”这个筛选条件", "en-US": "{name}: the report offers no filter on \"{field}\"" },
  reportNotPublished: { "zh-CN": "报表“{code}”未发布或已撤回", "en-US": "The report \"{code}\" is not published or was taken back" },
  // forms: layouts, releases, filled forms and process forms
  layoutUnknownField: { "zh-CN": "{name}：“{field}”（{path}）不是数据模型的字段", "en-US": "{name}: \"{field}\" ({path}) is not a field of the data model" },
  layoutHiddenModelField: { "zh-CN": "{name}：“{field}”（{path}）已从数据模型中移除", "en-US": "{name}: \"{field}\" ({path}) was removed from the data model" },
  layoutRepeatedField: { "zh-CN": "{name}：“{field}”（{path}）在表单中出现了多次", "en-US": "{name}: \"{field}\" ({path}) appears more than once" },
  layoutWidgetNotFit: { "zh-CN": "{name}：“{field}”（{path}）的控件不适合该字段类型", "en-US": "{name}: the widget of \"{field}\" ({path}) does not fit its type" },
  layoutSpanTooWide: { "zh-CN": "{name}：{path} 这一行的列宽合计超过 24", "en-US": "{name}: the columns of row {path} are wider than 24 in total" },
  layoutUnknownRuleField: { "zh-CN": "{name}：“{field}”（{path}）的规则引用了不存在的字段", "en-US": "{name}: a rule of \"{field}\" ({path}) refers to an unknown field" },
  layoutRuleValueMissing: { "zh-CN": "{name}：“{field}”（{path}）的规则缺少比较值", "en-US": "{name}: a rule of \"{field}\" ({path}) has no value to compare with" },
  formLayoutEmpty: { "zh-CN": "表单没有任何字段，不能发布", "en-US": "The form has no fields: it cannot be released" },
  formNotReleased: { "zh-CN": "表单“{code}”未发布或已撤回", "en-US": "The form \"{code}\" is not released or was revoked" },
  formRevokeNotAllowed: { "zh-CN": "只有已发布的表单可以撤回", "en-US": "Only a released form can be revoked" },
  formReleaseImmutable: { "zh-CN": "已发布的表单版本不能修改或删除", "en-US": "A released form version cannot be changed or deleted" },
  formNotProcessForm: { "zh-CN": "表单“{code}”不是流程表单", "en-US": "The form \"{code}\" is not a process form" },
  formModelMismatch: { "zh-CN": "表单“{code}”不属于该数据模型", "en-US": "The form \"{code}\" does not belong to that data model" },
  formNotBound: { "zh-CN": "流程“{key}”未绑定表单“{code}”", "en-US": "The process \"{key}\" is not bound to the form \"{code}\"" },
  formDataLocked: { "zh-CN": "审批中或已通过的表单数据不能修改或删除", "en-US": "A filled form in approval or approved cannot be changed or deleted" },
  formFieldNotEditable: { "zh-CN": "{name}在此审批节点不可修改", "en-US": "{name} cannot be changed at this approval step" },
  formNoTaskForm: { "zh-CN": "该任务的流程不是从表单发起的", "en-US": "This task's process was not started from a form" },
  formLinkInvalid: { "zh-CN": "填写链接无效：链接不完整或已被篡改，请向发送方索取新的链接", "en-US": "This fill-in link is invalid: it is incomplete or was altered. Ask the sender for a new link" },
  formLinkExpired: { "zh-CN": "填写链接已于 {time} 过期，请向发送方索取新的链接", "en-US": "This fill-in link expired on {time}. Ask the sender for a new link" },
  formLinkUsed: { "zh-CN": "该链接的表单已于 {time} 提交，每个链接只能提交一次", "en-US": "The form of this link was submitted on {time}: a link can be submitted once only" },
  formLinkFormGone: { "zh-CN": "该链接的表单已撤回，不再开放填写", "en-US": "The form of this link was revoked: it is no longer open" },
  formLinkWrittenByIssue: { "zh-CN": "填写链接只能通过“发送填写链接”生成、由企业提交，不能直接修改", "en-US": "Fill-in links are made by \"Share fill-in link\" and used by the enterprise's submission: they cannot be edited" },
  formLinkSecretMissing: { "zh-CN": "未配置填写链接的签名密钥（FORM_LINK_SECRET），不能生成链接", "en-US": "The fill-in links' signing secret (FORM_LINK_SECRET) is not configured: no link can be made" },
  formLinkWidget: { "zh-CN": "字段“{field}”的控件（{widget}）需要登录才能填写，该表单不能通过链接填写", "en-US": "The field \"{field}\" uses a widget ({widget}) that needs a sign-in: this form cannot be filled through a link" },
  formLinkEnterpriseUnknown: { "zh-CN": "没有统一社会信用代码为“{code}”的企业", "en-US": "No enterprise has the credit code \"{code}\"" },
  formDataNoRevert: { "zh-CN": "表单数据不能回退，请回退其数据记录", "en-US": "A filled form is not reverted: revert its data record instead" },
  // ---- work reports
  workReportDuplicate: { "zh-CN": "{reporter}已有报告期 {period} 的{kind}，不能重复填写，请编辑原报告", "en-US": "{reporter} already has a {kind} report for {period}; edit that report instead of writing another" },
  workReportPeriod: { "zh-CN": "{name}应为 {pattern}，例如 {example}", "en-US": "{name} must look like {pattern}, e.g. {example}" },
  workReportNotYours: { "zh-CN": "只有报告人本人可以修改或提交该工作报告", "en-US": "Only its reporter may change or submit this work report" },
  workReportLocked: { "zh-CN": "已审阅的工作报告不能修改", "en-US": "A reviewed work report cannot be changed" },
  workReportNotLeader: { "zh-CN": "只有报告人所在部门的负责人（{leader}）可以审阅该报告", "en-US": "Only the leader of the reporter's department ({leader}) may review this report" },
  workReportNoLeader: { "zh-CN": "报告人所在部门没有其他负责人，该报告无人可以审阅", "en-US": "The reporter's department has no leader other than the reporter: nobody can review this report" },
  workReportNotSubmitted: { "zh-CN": "只有已提交、待审阅的工作报告可以审阅", "en-US": "Only a submitted work report waiting for review can be reviewed" },
  workReportUnknownPeople: { "zh-CN": "{name}中有不存在或已停用的用户：{ids}", "en-US": "{name} names users who do not exist or are disabled: {ids}" },
  // ---- scheduled jobs
  jobHandlerUnknown: { "zh-CN": "{name}：未注册的任务处理器“{handler}”", "en-US": "{name}: \"{handler}\" is not a registered job handler" },
  jobCronInvalid: { "zh-CN": "{name}无效：{reason}", "en-US": "{name} is invalid: {reason}" },
  jobCronFields: { "zh-CN": "{name}应为 5 段（分 时 日 月 周）或 6 段（秒在前），可另加年", "en-US": "{name} must have 5 fields (minute hour day month weekday) or 6 (seconds first), optionally a year" },
  jobCronNever: { "zh-CN": "{name}不会再触发", "en-US": "{name} never fires again" },
  jobImportRefused: { "zh-CN": "定时任务须逐个保存（校验处理器、参数与 cron 表达式），不能通过表格导入", "en-US": "Scheduled jobs are saved one by one (handler, params and cron checked), not imported from a spreadsheet" },
  jobRunStarted: { "zh-CN": "任务已执行", "en-US": "The job ran" },
  // ---- evaluation: a definition refused names the field, where in the definition, and the rule
  definitionWeightsSum: { "zh-CN": "{name}：{at} 下各项权重之和须为 100%（剩余 {remainder}%）", "en-US": "{name}: the weights under {at} must sum to 100% ({remainder}% remaining)" },
  definitionBandsOverlap: { "zh-CN": "{name}：{at} 的分档区间与前面的分档重叠", "en-US": "{name}: the band {at} overlaps an earlier band" },
  definitionBandEmpty: { "zh-CN": "{name}：{at} 的分档区间为空（下限须小于上限）", "en-US": "{name}: the band {at} is empty (its minimum must be below its maximum)" },
  definitionBandAboveFull: { "zh-CN": "{name}：{at} 的分值 {points} 超过该指标满分 {full}", "en-US": "{name}: {at} gives {points} points, more than the metric's full {full}" },
  definitionUnknownFact: { "zh-CN": "{name}：{at} 引用的事实“{fact}”不存在", "en-US": "{name}: {at} reads the unknown fact \"{fact}\"" },
  definitionOperatorNotAllowed: { "zh-CN": "{name}：{at} 的运算符不适用于事实“{fact}”", "en-US": "{name}: the operator at {at} does not apply to the fact \"{fact}\"" },
  definitionValueType: { "zh-CN": "{name}：{at} 的取值类型与事实“{fact}”不符", "en-US": "{name}: the value at {at} does not fit the type of the fact \"{fact}\"" },
  definitionConditionTooLarge: { "zh-CN": "{name}：{at} 的条件层级过深或节点过多", "en-US": "{name}: the condition at {at} is too deep or too large" },
  definitionMeasureNotNumeric: { "zh-CN": "{name}：{at} 的度量须为数值，事实“{fact}”不是数值", "en-US": "{name}: {at} must measure a number; the fact \"{fact}\" is not one" },
  definitionDuplicateKey: { "zh-CN": "{name}：编码“{code}”重复（{at}）", "en-US": "{name}: the code \"{code}\" is used twice ({at})" },
  definitionUnknownMetric: { "zh-CN": "{name}：{at} 引用的指标“{code}”不存在", "en-US": "{name}: {at} names the unknown metric \"{code}\"" },
  definitionLeafUnscored: { "zh-CN": "{name}：末级指标“{code}”没有评分方式（{at}）", "en-US": "{name}: the leaf metric \"{code}\" has no scoring ({at})" },
  definitionGroupScored: { "zh-CN": "{name}：指标“{code}”有下级指标，不能再设评分方式（{at}）", "en-US": "{name}: the metric \"{code}\" has sub-metrics and cannot score by itself ({at})" },
  definitionAboveTotal: { "zh-CN": "{name}：{at} 的分值 {points} 超过模型满分 {full}", "en-US": "{name}: {at} is {points}, above the model's full score {full}" },
  evaluationModelWithoutDefinition: { "zh-CN": "评价模型“{name}”还没有评分定义，不能评价", "en-US": "The evaluation model \"{name}\" has no scoring definition yet: it cannot score" },
  evaluationModelDisabled: { "zh-CN": "评价模型“{name}”已停用，不能评价", "en-US": "The evaluation model \"{name}\" is disabled: it cannot score" },
  evaluationEnterpriseUnknown: { "zh-CN": "没有统一社会信用代码为“{code}”的企业", "en-US": "No enterprise has the credit code \"{code}\"" },
  // ---- synchronised lists
  // ---- policies
  policyConditionUnknownFact: { "zh-CN": "{name}：条件 {code} 的第 {path} 项引用了未知的事实“{fact}”", "en-US": "{name}: condition {code} at {path} asks an unknown fact \"{fact}\"" },
  policyConditionOperator: { "zh-CN": "{name}：条件 {code} 的第 {path} 项，事实“{fact}”不支持所选的比较方式", "en-US": "{name}: condition {code} at {path}: the fact \"{fact}\" does not take that operator" },
  policyConditionValueType: { "zh-CN": "{name}：条件 {code} 的第 {path} 项，取值类型与事实“{fact}”不符", "en-US": "{name}: condition {code} at {path}: the value does not fit the fact \"{fact}\"" },
  policyConditionTooDeep: { "zh-CN": "{name}：条件 {code} 嵌套超过 8 层", "en-US": "{name}: condition {code} is nested more than 8 levels deep" },
  policyConditionTooLarge: { "zh-CN": "{name}：条件 {code} 超过 200 个节点", "en-US": "{name}: condition {code} has more than 200 nodes" },
  policyConditionDuplicateCode: { "zh-CN": "{name}：条件编码“{code}”重复", "en-US": "{name}: the condition code \"{code}\" is used twice" },
  policyPublishNotAllowed: { "zh-CN": "只有草稿或已失效的政策可以发布", "en-US": "Only a draft or expired policy can be published" },
  policyExpireNotAllowed: { "zh-CN": "只有已发布的政策可以设为失效", "en-US": "Only a published policy can be made expired" },
  dashboardUnknownArea: { "zh-CN": "{name}：没有代码为“{value}”的行政区划", "en-US": "{name}: no division has the code \"{value}\"" },
  dashboardUnknownValue: { "zh-CN": "{name}：“{value}”不是可选的值", "en-US": "{name}: \"{value}\" is not one of the values" },
  gatewayUnknownMethod: { "zh-CN": "网关没有方法“{method}”", "en-US": "The gateway has no method \"{method}\"" },
  gatewayMethodNotOnDoor: { "zh-CN": "方法“{method}”不能经此入口调用", "en-US": "The method \"{method}\" is not reachable through this door" },
  gatewayServerError: { "zh-CN": "服务器访问错误，请重试！", "en-US": "Server access error, please try again!" },
  // ---- credit query
  creditPeriodReversed: { "zh-CN": "授权结束日期不能早于开始日期", "en-US": "The authorisation cannot end before it starts" },
  creditPeriodPast: { "zh-CN": "授权期限已过，不能授权", "en-US": "The period has already ended: nothing to authorise" },
  creditAuthorisationMissing: { "zh-CN": "授权不存在", "en-US": "No such authorisation" },
  creditAuthorisationRevoked: { "zh-CN": "授权已撤销", "en-US": "The authorisation has already been revoked" },
  creditGranteeMissing: { "zh-CN": "被授权的{kind}不存在", "en-US": "No such {kind} to authorise" },
  creditReadRefused_noAuthorisation: { "zh-CN": "您没有该企业的信用报告授权，本次查询已记录", "en-US": "You hold no authorisation to read this enterprise's credit report; the attempt is logged" },
  creditReadRefused_expired: { "zh-CN": "您对该企业的授权已过期，本次查询已记录", "en-US": "Your authorisation on this enterprise has expired; the attempt is logged" },
  creditReadRefused_notYetValid: { "zh-CN": "您对该企业的授权尚未生效，本次查询已记录", "en-US": "Your authorisation on this enterprise is not valid yet; the attempt is logged" },
  creditReadRefused_revoked: { "zh-CN": "您对该企业的授权已撤销，本次查询已记录", "en-US": "Your authorisation on this enterprise was revoked; the attempt is logged" },
  creditBureauRefused: { "zh-CN": "信用机构拒绝了查询：{message}", "en-US": "The credit bureau refused the query: {message}" },
  creditBureauFailed: { "zh-CN": "信用机构访问失败：{detail}", "en-US": "The credit bureau could not be reached: {detail}" },
  // ---- DID
  didKeyMissing: { "zh-CN": "平台的 DID 签名密钥未配置（Worker 密钥 DID_SIGNING_KEY）", "en-US": "The platform's DID signing key is not configured (Worker secret DID_SIGNING_KEY)" },
  didKeyInvalid: { "zh-CN": "平台的 DID 签名密钥不是 Ed25519 私钥（JWK）", "en-US": "The platform's DID signing key is not an Ed25519 private key (JWK)" },
  didHostMissing: { "zh-CN": "平台的 DID 域名未配置（DID_HOST）", "en-US": "The platform's DID host is not configured (DID_HOST)" },
  didSubjectNotFound: { "zh-CN": "没有统一社会信用代码为 {code} 的企业或机构", "en-US": "No enterprise or institution has the credit code {code}" },
  didCreditCodeRequired: { "zh-CN": "查询企业或机构的 DID 文档须提供统一社会信用代码", "en-US": "An enterprise's or institution's DID document needs its credit code" },
  didCredentialNotFound: { "zh-CN": "凭证 {id} 不存在", "en-US": "The credential {id} does not exist" },
  didAuthCredentialNotFound: { "zh-CN": "授权 {id} 没有签发凭证", "en-US": "No credential was issued for the authorisation {id}" },
  didCredentialAlreadyRevoked: { "zh-CN": "凭证 {id} 已被吊销", "en-US": "The credential {id} is already revoked" },
  didCredentialField: { "zh-CN": "{name}：{rule}", "en-US": "{name}: {rule}" },
  didValidityOrder: { "zh-CN": "失效时间须晚于生效时间", "en-US": "Valid until must be later than valid from" },
  didValidityTooLong: { "zh-CN": "凭证有效期不能超过 10 年", "en-US": "A credential is valid for at most 10 years" },
  didClaimsTooLarge: { "zh-CN": "凭证声明不能超过 {max} 字节", "en-US": "A credential's claims take at most {max} bytes" },
  didStatusListFull: { "zh-CN": "吊销状态列表已满，无法签发新凭证", "en-US": "The revocation status list is full: no credential can be issued" },
  notaryAlreadyNotarised: { "zh-CN": "该申请已办理，不能再次办理或驳回", "en-US": "This application has already been handled and cannot be handled or refused again" },
  notaryAlreadyRefused: { "zh-CN": "该申请已驳回，不能再次办理或驳回", "en-US": "This application has been refused and cannot be handled or refused again" },
  notarySubjectTampered: { "zh-CN": "文件的事件链校验未通过，不能存证", "en-US": "The file's event chain does not verify; it cannot be notarised" },
  chainInfoMissing: { "zh-CN": "请求头 chain-info 须为 all 或 notary", "en-US": "The chain-info request header must be all or notary" },
  policyWithoutConditions: { "zh-CN": "政策尚未拆分条件，不能发布", "en-US": "The policy has no conditions split out of its text and cannot be published" },
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
