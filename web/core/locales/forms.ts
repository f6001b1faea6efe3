/** Texts of the web's forms area (web/forms: designer, forms, filled forms, process forms), both languages side by side. */
export default {
  "zh-CN": {
    forms: {
      status: { "0": "暂存", "1": "已发布", "2": "已撤回" },
      filledStatus: { draft: "草稿", reviewing: "审批中", approved: "已通过", rejected: "已驳回", returned: "已退回", withdrawn: "已撤销" },
      widgets: {
        input: "单行文本", textarea: "多行文本", number: "数字", date: "日期", datetime: "日期时间", select: "下拉选择", radio: "单选", checkbox: "多选",
        switch: "开关", region: "行政区划", user: "用户", org: "机构", upload: "附件上传",
      },
      rules: {
        hidden: "隐藏", readOnly: "只读", required: "必填", never: "否", always: "是", when: "条件",
        field: "依据字段", op: "条件", value: "比较值", valuesHint: "多个值用逗号分隔",
      },
      ops: { eq: "等于", ne: "不等于", in: "属于", empty: "为空", notEmpty: "不为空" },
      problems: {
        unknownField: "“{{field}}”不是数据模型的字段",
        hiddenModelField: "“{{field}}”已从数据模型中移除",
        repeatedField: "“{{field}}”在表单中出现了多次",
        widgetNotFit: "“{{field}}”的控件不适合该字段类型",
        spanTooWide: "“{{field}}”所在行的列宽合计超过 24",
        unknownRuleField: "“{{field}}”的规则引用了不存在的字段",
        ruleValueMissing: "“{{field}}”的规则缺少比较值",
      },
      form: {
        name: "表单名称", code: "表单编码", model: "数据模型", processForm: "流程表单", processFormHint: "可绑定流程模型，填写后提交审批",
        status: "状态", version: "版本", templateName: "模板名称", remark: "备注", addTitle: "新增表单", editTitle: "修改表单【{{name}}】",
        required: "{{name}}不能为空",
      },
      list: {
        add: "新增表单", design: "设计", release: "发布", revoke: "撤回", versions: "版本", total: "共 {{n}} 条",
        releaseConfirm: "确定发布表单【{{name}}】为 v{{version}}？发布后新填写的数据使用该版本。",
        revokeConfirm: "确定撤回表单【{{name}}】的 v{{version}}？撤回后不能再填写，已填写的数据不受影响。",
      },
      designer: {
        title: "设计表单【{{name}}】", palette: "模型字段", paletteHint: "拖入右侧行列，或点击 + 添加；键盘：空格拿起，方向键移动，空格放下",
        addField: "添加字段 {{name}}", dragField: "拖动字段 {{name}}", dragColumn: "移动 {{name}}", removeField: "移除 {{name}}",
        addSection: "添加分组", removeSection: "删除分组", sectionTitleZh: "分组标题（中文）", sectionTitleEn: "分组标题（英文）",
        dropNewRow: "拖到此处新建一行", selectHint: "点击一个字段，设置控件、宽度、提示与规则",
        widget: "控件", span: "列宽（1–24）", label: "标签", help: "帮助文字", placeholder: "占位提示",
        preview: "实时预览", previewBoth: "并排", previewDesktop: "桌面", previewPhone: "手机（375px）",
        saveDraft: "暂存", saveRelease: "保存并发布",
      },
      versions: { title: "【{{name}}】的版本", modelVersion: "模型版本", releasedAt: "发布时间", fields: "字段数", live: "当前" },
      data: {
        form: "表单", status: "状态", title: "标题", createTime: "填写时间", fill: "填写表单", view: "查看",
        filledWith: "填写版本 v{{version}}", approval: "审批记录", enterprise: "填写企业", fileName: "表单数据",
      },
      share: {
        action: "发送填写链接", title: "发送填写链接【{{name}} v{{version}}】",
        hint: "选择企业和有效期，生成一个签名链接发给该企业。企业无需登录即可填写本版本表单，每个链接只能提交一次；提交的数据出现在“表单数据”中，并标明填写企业。",
        enterprise: "企业", pickEnterprise: "按名称或统一社会信用代码查找企业", days: "有效天数（1–30）", create: "生成链接",
        url: "填写链接", expires: "有效期至 {{time}}，发送给：{{name}}", copy: "复制链接", copied: "已复制",
      },
      public: {
        loading: "正在打开表单…", enterprise: "填写企业：{{name}}", expires: "链接有效期至 {{time}}", submit: "提交",
        onceHint: "每个链接只能提交一次，提交后不能修改。", unavailable: "无法打开表单", noToken: "链接缺少令牌，请使用发送给您的完整链接。",
        done: "提交成功", doneText: "感谢填写！表单已于 {{time}} 提交，可以关闭此页面。",
      },
      fill: {
        title: "填写表单", editTitle: "修改表单数据", pickForm: "选择表单", titleField: "标题", required: "{{name}}不能为空",
        submit: "提交审批（{{name}}）", noFlow: "该流程表单尚未绑定已发布的流程，只能暂存",
      },
      process: {
        hint: "流程表单绑定一个流程模型后，可在“表单数据”中填写并提交审批；各审批节点按其表单权限显示和编辑字段。",
        flow: "流程模型", pickFlow: "选择流程模型", bind: "绑定", unbound: "未绑定", unpublished: "未发布",
      },
    },
  },
  "en-US": {
    forms: {
      status: { "0": "Draft", "1": "Released", "2": "Revoked" },
      filledStatus: { draft: "Draft", reviewing: "In approval", approved: "Approved", rejected: "Rejected", returned: "Returned", withdrawn: "Withdrawn" },
      widgets: {
        input: "Text", textarea: "Long text", number: "Number", date: "Date", datetime: "Date and time", select: "Drop-down", radio: "Radio", checkbox: "Checkboxes",
        switch: "Switch", region: "Region", user: "User", org: "Organisation", upload: "File upload",
      },
      rules: {
        hidden: "Hidden", readOnly: "Read-only", required: "Required", never: "No", always: "Yes", when: "When",
        field: "Field", op: "Condition", value: "Value", valuesHint: "Several values, separated by commas",
      },
      ops: { eq: "equals", ne: "differs from", in: "is one of", empty: "is empty", notEmpty: "is not empty" },
      problems: {
        unknownField: "\"{{field}}\" is not a field of the data model",
        hiddenModelField: "\"{{field}}\" was removed from the data model",
        repeatedField: "\"{{field}}\" appears more than once",
        widgetNotFit: "The widget of \"{{field}}\" does not fit its type",
        spanTooWide: "The row of \"{{field}}\" is wider than 24 in total",
        unknownRuleField: "A rule of \"{{field}}\" refers to an unknown field",
        ruleValueMissing: "A rule of \"{{field}}\" has no value to compare with",
      },
      form: {
        name: "Form name", code: "Form code", model: "Data model", processForm: "Process form", processFormHint: "Can be bound to a process model and submitted for approval",
        status: "Status", version: "Version", templateName: "Template name", remark: "Remark", addTitle: "Add a form", editTitle: "Edit form [{{name}}]",
        required: "{{name}} cannot be empty",
      },
      list: {
        add: "Add form", design: "Design", release: "Release", revoke: "Revoke", versions: "Versions", total: "{{n}} in total",
        releaseConfirm: "Release form [{{name}}] as v{{version}}? New entries will use this version.",
        revokeConfirm: "Revoke v{{version}} of form [{{name}}]? It can no longer be filled; filled records are kept.",
      },
      designer: {
        title: "Design form [{{name}}]", palette: "Model fields", paletteHint: "Drag into the rows and columns, or click +; keyboard: Space to lift, arrows to move, Space to drop",
        addField: "Add field {{name}}", dragField: "Drag field {{name}}", dragColumn: "Move {{name}}", removeField: "Remove {{name}}",
        addSection: "Add section", removeSection: "Remove section", sectionTitleZh: "Section title (Chinese)", sectionTitleEn: "Section title (English)",
        dropNewRow: "Drop here for a new row", selectHint: "Click a field to set its widget, width, texts and rules",
        widget: "Widget", span: "Width (1–24)", label: "Label", help: "Help text", placeholder: "Placeholder",
        preview: "Live preview", previewBoth: "Side by side", previewDesktop: "Desktop", previewPhone: "Phone (375 px)",
        saveDraft: "Save draft", saveRelease: "Save and release",
      },
      versions: { title: "Versions of [{{name}}]", modelVersion: "Model version", releasedAt: "Released at", fields: "Fields", live: "Live" },
      data: {
        form: "Form", status: "Status", title: "Title", createTime: "Filled at", fill: "Fill a form", view: "View",
        filledWith: "Filled with v{{version}}", approval: "Approval record", enterprise: "Filled by", fileName: "Form data",
      },
      share: {
        action: "Share fill-in link", title: "Share fill-in link [{{name}} v{{version}}]",
        hint: "Pick an enterprise and how long the link stays valid, then send the signed link to it. The enterprise fills this version of the form without signing in, once per link; what it submits appears under Form data, attributed to it.",
        enterprise: "Enterprise", pickEnterprise: "Find an enterprise by name or credit code", days: "Valid for (1–30 days)", create: "Create link",
        url: "Fill-in link", expires: "Valid until {{time}}, for: {{name}}", copy: "Copy link", copied: "Copied",
      },
      public: {
        loading: "Opening the form…", enterprise: "Filled by: {{name}}", expires: "This link is valid until {{time}}", submit: "Submit",
        onceHint: "A link can be submitted once; a submitted form cannot be changed.", unavailable: "The form cannot be opened", noToken: "The link has no token: use the whole link you were sent.",
        done: "Submitted", doneText: "Thank you! The form was submitted on {{time}}; you can close this page.",
      },
      fill: {
        title: "Fill a form", editTitle: "Change a filled form", pickForm: "Form", titleField: "Title", required: "{{name}} cannot be empty",
        submit: "Submit for approval ({{name}})", noFlow: "This process form is not bound to a published process yet: it can only be saved",
      },
      process: {
        hint: "Once a process form is bound to a process model, it can be filled and submitted for approval under Form data; each approval step shows and edits the fields its form permissions allow.",
        flow: "Process model", pickFlow: "Pick a process model", bind: "Bind", unbound: "Not bound", unpublished: "Not published",
      },
    },
  },
};
