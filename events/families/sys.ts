/** System administration families needed by sign-in, menus and permissions (issue 3 adds the rest). */
import { defineFamily, l } from "../family.ts";
import { field } from "../fields.ts";

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
    perms: field.text(l("授权标识", "Auth tag"), { max: 1000 }),
    routeName: field.text(l("路由名称", "Route name"), { max: 128 }),
    componentUrl: field.text(l("文件路径", "File path"), { max: 255 }),
    enabled: field.bool(l("是否启用", "Enabled")),
  },
  columns: ["name", "enName", "icon", "type", "orderNum", "url", "perms", "routeName", "componentUrl", "enabled"],
  filters: { name: "like", parentId: "eq", type: "eq" },
  sorts: ["orderNum", "name"],
  defaultSort: ["orderNum", "asc"],
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
  columns: ["userNo", "name", "type", "phone", "status", "deptId", "postId"],
  filters: { userNo: "prefix", name: "like", status: "eq", deptId: "eq", type: "eq" },
  sorts: ["userNo", "name", "createTime"],
  defaultSort: ["createTime", "desc"],
  counted: ["status"],
  unique: [["userNo"]],
});
