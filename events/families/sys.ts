/** System administration record families. */
import * as z from "zod";
import { defineFamily, l, requiredWhen } from "../family.ts";
import { field } from "../fields.ts";
import { lazySchema } from "../lazy.ts";

/** A config value: a string, an array of strings, or a table of string cells under named columns. */
const configTable = lazySchema(() => z.object({ columns: z.array(z.string().max(64)).min(1).max(30), rows: z.array(z.array(z.string().max(500)).max(30)).max(500) }));
const configValue = lazySchema(() => z.union([z.string().max(4000), z.array(z.string().max(500)).max(500), configTable]));
const isTable = (v: unknown): v is z.infer<typeof configTable> => configTable.safeParse(v).success;

/** Columns of a list as a user arranged them: order, hidden ones, widths in pixels. */
export const listColumns = lazySchema(() => z.array(z.object({ key: z.string().min(1).max(64), hidden: z.boolean().optional(), width: z.number().int().min(40).max(2000).optional() })).max(200));

/** Dictionary entries: the values every dict select, radio, checkbox and tag shows. */
export const dictionary = defineFamily({
  path: "/sys/sysdict",
  perm: "sys:sysdict",
  table: "sys_dict",
  label: l("字典", "Dictionary"),
  fields: {
    type: field.text(l("字典类型", "Type"), { required: true, max: 64 }),
    value: field.text(l("字典值", "Value"), { required: true, max: 64 }),
    name: field.text(l("字典标签", "Tag"), { required: true, max: 128 }),
    enName: field.text(l("英文标签", "English tag"), { max: 128 }),
    number: field.int(l("排序号", "Number"), { min: 0 }),
    status: field.dict(l("状态", "Status"), "dictStatus", { required: true }),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["name", "enName", "value", "type", "remark"],
  columns: ["type", "value", "name", "enName", "number", "status", "remark"],
  filters: { type: "eq", name: "like", value: "eq", status: "eq" },
  sorts: ["number", "type", "updateTime"],
  defaultSort: ["number", "asc"],
  counted: ["type", "status"],
  unique: [["type", "value"]],
});

/** Menu tree: directories, screens and buttons; the web builds its routes from it. */
export const menu = defineFamily({
  path: "/sys/menu",
  perm: "sys:menu",
  table: "sys_menu",
  idKey: "menuId",
  label: l("菜单", "Menu"),
  fields: {
    name: field.text(l("菜单名称", "Menu name"), { required: true, max: 64 }),
    enName: field.text(l("英文名称", "English name"), { max: 128 }),
    parentId: field.ref(l("上级菜单", "Parent name")),
    icon: field.text(l("图标", "Icon"), { max: 64 }),
    type: field.int(l("类型", "Type"), { required: true, min: 0, max: 2 }),
    orderNum: field.int(l("排序号", "Number")),
    url: field.text(l("菜单路由", "Menu url"), { max: 500 }),
    perms: field.text(l("授权标识", "Auth tag"), { max: 4000 }),
    routeName: field.text(l("路由名称", "Route name"), { max: 128 }),
    componentUrl: field.text(l("文件路径", "File path"), { max: 255 }),
    enabled: field.bool(l("是否启用", "Enabled")),
  },
  search: ["name", "enName", "url"],
  columns: ["name", "enName", "icon", "type", "orderNum", "url", "perms", "routeName", "componentUrl", "enabled"],
  filters: { name: "like", parentId: "eq", type: "eq" },
  parentKey: "parentId",
  sorts: ["orderNum", "name"],
  defaultSort: ["orderNum", "asc"],
  // a screen needs its route; an external link (http…) is an iframe route and needs no file path
  check: (r) => [
    ...requiredWhen((m) => m.type === 1, "url", "routeName")(r),
    ...requiredWhen((m) => m.type === 1 && !/^https?:\/\//.test(String(m.url ?? "")), "componentUrl")(r),
    ...requiredWhen((m) => m.type === 2, "parentId")(r),
  ],
});

/** Roles: admin roles hold every permission; department roles hold the tags of their menus. */
export const role = defineFamily({
  path: "/sys/role",
  perm: "sys:role",
  table: "sys_role",
  idKey: "roleId",
  label: l("角色", "Role"),
  fields: {
    name: field.text(l("角色名称", "Role name"), { required: true, max: 64 }),
    type: field.dict(l("角色类型", "Role type"), "roleType", { required: true }),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
    menuIdList: field.refs(l("菜单权限", "Menus"), { table: "sys_role_menu", ownerColumn: "role_id", refColumn: "menu_id" }),
  },
  search: ["name", "remark"],
  columns: ["name", "type", "remark"],
  filters: { name: "like", type: "eq" },
  sorts: ["name", "createTime"],
  defaultSort: ["createTime", "asc"],
  unique: [["name"]],
});

/** Users who sign in; their password lives in the separate credential stream. */
export const user = defineFamily({
  path: "/sys/user",
  perm: "sys:user",
  table: "sys_user",
  label: l("用户", "User"),
  fields: {
    userNo: field.text(l("账号", "Account"), { required: true, max: 64, rules: ["noOuterSpaces"] }),
    name: field.text(l("姓名", "Name"), { required: true, max: 64 }),
    type: field.dict(l("用户类型", "User type"), "userType"),
    phone: field.text(l("手机号码", "Mobile phone"), { max: 20, rules: ["mobile"] }),
    email: field.text(l("电子邮箱", "E-mail"), { max: 128, rules: ["email"] }),
    status: field.dict(l("状态", "Status"), "userStatus", { required: true }),
    gender: field.dict(l("性别", "Gender"), "gender"),
    deptId: field.ref(l("所属部门", "Department")),
    postId: field.ref(l("岗位", "Post")),
    orgCode: field.text(l("区划代码", "Division code"), { max: 6, rules: ["zoningCode"] }),
    roleIdList: field.refs(l("角色", "Roles"), { table: "sys_user_role", ownerColumn: "user_id", refColumn: "role_id" }),
  },
  search: ["userNo", "name", "phone", "email"],
  columns: ["userNo", "name", "type", "phone", "status", "deptId", "postId"],
  filters: { userNo: "prefix", name: "like", status: "eq", deptId: "eq", type: "eq" },
  sorts: ["userNo", "name", "createTime"],
  defaultSort: ["createTime", "desc"],
  counted: ["status"],
  unique: [["userNo"]],
});

/** Config parameters: a value that is a string, an array of strings or a table (columns and rows). */
export const config = defineFamily({
  path: "/sys/config",
  perm: "sys:config",
  table: "sys_config",
  label: l("参数配置", "Config parameter"),
  fields: {
    name: field.text(l("参数名", "Parameter name"), { required: true, max: 100, rules: ["noOuterSpaces"] }),
    valueType: field.dict(l("值类型", "Value type"), "configValueType", { required: true }),
    value: field.json(l("参数值", "Parameter value"), configValue),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["name", "remark"],
  columns: ["name", "valueType", "value", "remark"],
  filters: { name: "like", valueType: "eq" },
  sorts: ["name", "updateTime"],
  defaultSort: ["name", "asc"],
  unique: [["name"]],
  check: (record) => {
    const kind = record.valueType;
    if (!["string", "array", "table"].includes(String(kind))) return [{ field: "valueType", key: "valueNotAllowed" }];
    const value = record.value;
    const fits = kind === "string" ? typeof value === "string" && value !== "" : kind === "array" ? Array.isArray(value) && value.length > 0 : kind === "table" ? isTable(value) && value.rows.length > 0 : true;
    return fits ? [] : [{ field: "value", key: "required" }];
  },
});

/** Administrative divisions (zoning): 6-digit codes, each below its parent. */
export const area = defineFamily({
  path: "/sys/area",
  perm: "sys:area",
  table: "sys_area",
  label: l("行政区划", "Zoning"),
  fields: {
    code: field.text(l("区划代码", "Zoning code"), { required: true, max: 6, rules: ["zoningCode"] }),
    name: field.text(l("区划名称", "Zoning name"), { required: true, max: 64 }),
    parentCode: field.text(l("上级区划", "Parent zoning"), { max: 6, rules: ["zoningCode"] }),
    type: field.dict(l("类型", "Type"), "areaLevel", { required: true }),
    sort: field.int(l("排序号", "Number")),
  },
  search: ["name", "code"],
  columns: ["code", "name", "parentCode", "type", "sort"],
  filters: { code: "prefix", name: "like", parentCode: "eq", type: "eq" },
  sorts: ["code", "sort"],
  defaultSort: ["code", "asc"],
  counted: ["type"],
  unique: [["code"]],
  check: requiredWhen((r) => r.type !== "1", "parentCode"),
});

/** Departments: a government or service body with its unified social credit code. */
export const department = defineFamily({
  path: "/sys/department",
  perm: "sys:department",
  table: "sys_department",
  label: l("部门", "Department"),
  fields: {
    name: field.text(l("部门名称", "Department name"), { required: true, max: 100 }),
    creditCode: field.text(l("统一社会信用代码", "Credit code"), { required: true, max: 18, rules: ["creditCode"] }),
    orgId: field.text(l("行政区划", "Administrative division"), { required: true, max: 6, rules: ["zoningCode"] }),
    phone: field.text(l("联系电话", "Contact phone"), { max: 20, rules: ["phone"] }),
    sort: field.int(l("排序号", "Sort")),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
    // the department's leader: the workflow's "initiator's leader" approver
    leaderId: field.ref(l("负责人", "Leader")),
  },
  search: ["name", "creditCode", "phone", "remark"],
  columns: ["name", "creditCode", "orgId", "phone", "sort", "remark"],
  filters: { name: "like", creditCode: "prefix", orgId: "prefix" },
  sorts: ["sort", "name", "createTime"],
  defaultSort: ["sort", "asc"],
  unique: [["creditCode"]],
});

/** Organisation units: a lazy tree of levels (province → village). */
export const organisation = defineFamily({
  path: "/sys/organization",
  perm: "sys:organization",
  table: "sys_organization",
  label: l("组织机构", "Organisation"),
  fields: {
    name: field.text(l("机构名称", "Organisation name"), { required: true, max: 100 }),
    code: field.text(l("机构代码", "Organisation code"), { required: true, max: 32 }),
    type: field.dict(l("机构层级", "Level"), "orgLevel", { required: true }),
    parentId: field.ref(l("上级机构", "Parent name")),
    areaCode: field.text(l("行政区划", "Administrative division"), { max: 6, rules: ["zoningCode"] }),
    sort: field.int(l("排序号", "Sort")),
  },
  search: ["name", "code"],
  columns: ["name", "code", "type", "areaCode", "sort"],
  filters: { name: "like", parentId: "eq", type: "eq", code: "eq" },
  parentKey: "parentId",
  sorts: ["sort", "name", "code"],
  defaultSort: ["sort", "asc"],
  unique: [["code"]],
  check: requiredWhen((r) => r.type !== "1", "parentId"),
});

/** WeCom (WeChat Work) accounts linked to users; operators examine them and mark leavers off. */
export const wechatWorkUser = defineFamily({
  path: "/sys/wxuser",
  perm: "sys:wxuser",
  table: "sys_wx_user",
  label: l("企业微信用户", "WeCom user"),
  fields: {
    wxUserId: field.text(l("企业微信账号", "WeCom account"), { required: true, max: 64 }),
    name: field.text(l("姓名", "Name"), { required: true, max: 64 }),
    mobile: field.text(l("手机号码", "Mobile phone"), { max: 20, rules: ["mobile"] }),
    userId: field.ref(l("绑定用户", "Bound user")),
    departmentName: field.text(l("所属部门", "Department"), { max: 100 }),
    off: field.bool(l("已离职", "Left")),
    examStatus: field.dict(l("审核状态", "Examination"), "examStatus"),
    examRemark: field.longText(l("审核意见", "Examination remark"), { max: 500 }),
  },
  search: ["name", "wxUserId", "mobile", "departmentName"],
  columns: ["wxUserId", "name", "mobile", "userId", "departmentName", "off", "examStatus"],
  filters: { name: "like", wxUserId: "eq", examStatus: "eq", off: "eq" },
  sorts: ["name", "createTime"],
  defaultSort: ["createTime", "desc"],
  counted: ["examStatus"],
  unique: [["wxUserId"]],
});

/** Uploaded files: the metadata is a record, the bytes an R2 object under `objectKey`. */
export const file = defineFamily({
  path: "/file",
  perm: "sys:file",
  table: "sys_file",
  label: l("文件", "File"),
  fields: {
    name: field.text(l("文件名", "File name"), { required: true, max: 255 }),
    ext: field.dict(l("文件类型", "File type"), "fileType", { required: true }),
    size: field.int(l("大小", "Size"), { required: true, min: 0 }),
    contentType: field.text(l("内容类型", "Content type"), { max: 128 }),
    sha256: field.text(l("摘要", "Digest"), { max: 64 }),
    objectKey: field.text(l("存储键", "Storage key"), { required: true, max: 128 }),
    businessType: field.text(l("业务类型", "Business type"), { max: 64 }),
    businessId: field.text(l("业务编号", "Business id"), { max: 64 }),
  },
  search: ["name"],
  columns: ["name", "ext", "size", "businessType", "businessId"],
  filters: { name: "like", ext: "eq", businessType: "eq", businessId: "eq" },
  sorts: ["createTime", "name", "size"],
  defaultSort: ["createTime", "desc"],
});

/** A user's named list view of one family: filters, keyword, sort and columns, shared with roles if chosen. */
export const listView = defineFamily({
  path: "/sys/listview",
  perm: "sys:listview",
  table: "sys_list_view",
  label: l("列表视图", "Saved view"),
  fields: {
    name: field.text(l("视图名称", "View name"), { required: true, max: 64 }),
    familyPath: field.text(l("列表", "List"), { required: true, max: 128 }),
    ownerId: field.ref(l("所有者", "Owner"), { required: true }),
    filters: field.json(l("筛选条件", "Filters"), () => z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean()])).refine((v) => Object.keys(v).length <= 50)),
    keyword: field.text(l("关键词", "Keyword"), { max: 200 }),
    sort: field.json(l("排序", "Sort"), () => z.object({ field: z.string().max(64), order: z.enum(["asc", "desc"]) })),
    columns: field.json(l("列设置", "Columns"), listColumns),
    roleIds: field.refs(l("共享给角色", "Shared with roles"), { table: "sys_list_view_role", ownerColumn: "view_id", refColumn: "role_id" }),
  },
  columns: ["name", "familyPath", "ownerId"],
  filters: { familyPath: "eq", ownerId: "eq", name: "like" },
  search: ["name"],
  sorts: ["name", "updateTime"],
  defaultSort: ["updateTime", "desc"],
});

/**
 * A user's column settings of one family's list (which columns, in which order, how wide). Users reach
 * their own through /sys/listpref/info|save; the family's standard verbs under /sys/listprefs are for administrators.
 */
export const listPref = defineFamily({
  path: "/sys/listprefs",
  perm: "sys:listpref",
  table: "sys_list_pref",
  label: l("列表列设置", "List columns"),
  fields: {
    ownerId: field.ref(l("所有者", "Owner"), { required: true }),
    familyPath: field.text(l("列表", "List"), { required: true, max: 128 }),
    columns: field.json(l("列设置", "Columns"), listColumns, { required: true }),
  },
  columns: ["ownerId", "familyPath"],
  filters: { ownerId: "eq", familyPath: "eq" },
  sorts: ["updateTime"],
  defaultSort: ["updateTime", "desc"],
  unique: [["ownerId", "familyPath"]],
});
