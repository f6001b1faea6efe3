/** Organisation staffing: posts and members (employees). */
import { defineFamily, l } from "../family.ts";
import { field } from "../fields.ts";

/** Posts (岗位) within departments. */
export const post = defineFamily({
  path: "/common/projectorgpost",
  perm: "common:projectorgpost",
  table: "project_org_post",
  label: l("岗位", "Post"),
  fields: {
    name: field.text(l("岗位名称", "Post name"), { required: true, max: 64 }),
    code: field.text(l("岗位编码", "Post code"), { required: true, max: 32 }),
    deptId: field.ref(l("所属部门", "Department"), { required: true }),
    sort: field.int(l("排序号", "Sort")),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["name", "code", "remark"],
  columns: ["name", "code", "deptId", "sort", "remark"],
  filters: { name: "like", code: "eq", deptId: "eq" },
  sorts: ["sort", "name"],
  defaultSort: ["sort", "asc"],
  unique: [["code"]],
});

/** Members (employees) with the field list of the spec's section 3. */
export const member = defineFamily({
  path: "/common/proorgmember",
  perm: "common:proorgmember",
  table: "pro_org_member",
  label: l("成员", "Member"),
  fields: {
    name: field.text(l("姓名", "Name"), { required: true, max: 64 }),
    loginName: field.text(l("登录名", "Login name"), { required: true, max: 64, rules: ["noOuterSpaces"] }),
    gender: field.dict(l("性别", "Sex"), "gender", { required: true }),
    deptId: field.ref(l("所属部门", "Department"), { required: true }),
    postId: field.ref(l("岗位", "Post"), { required: true }),
    status: field.dict(l("状态", "Status"), "userStatus", { required: true }),
    type: field.dict(l("人员类型", "Type"), "memberType", { required: true }),
    enabled: field.bool(l("允许登录", "Login allowed")),
    internal: field.bool(l("内部人员", "Internal")),
    admin: field.bool(l("管理员", "Administrator")),
    virtualAccount: field.bool(l("虚拟账号", "Virtual account")),
    sort: field.int(l("排序号", "Sort")),
    age: field.int(l("年龄", "Age"), { min: 0, max: 150 }),
    birthDate: field.date(l("出生日期", "Birth date")),
    nation: field.dict(l("民族", "Nation"), "nation"),
    nativePlace: field.text(l("籍贯", "Native place"), { max: 64 }),
    maritalStatus: field.dict(l("婚姻状况", "Marital status"), "maritalStatus"),
    idCard: field.text(l("身份证号", "Identity card"), { max: 18, rules: ["idCard"] }),
    entryDate: field.date(l("入职时间", "Entry time"), { required: true }),
    workingYears: field.int(l("工作年限", "Working years"), { min: 0, max: 80 }),
    specialty: field.text(l("专业特长", "Specialty"), { max: 128 }),
    fileWage: field.number(l("档案工资", "File wage"), { min: 0 }),
    politicsStatus: field.dict(l("政治面貌", "Politics status"), "politicsStatus"),
    email: field.text(l("电子邮箱", "Mailbox"), { max: 128, rules: ["email"] }),
    phone: field.text(l("手机号码", "Phone"), { required: true, max: 20, rules: ["mobile"] }),
    education: field.dict(l("最高学历", "Highest education"), "education"),
    reporter: field.ref(l("汇报人", "Reporter")),
    address: field.longText(l("联系地址", "Addresses"), { max: 500 }),
  },
  search: ["name", "loginName", "phone", "specialty"],
  columns: ["name", "loginName", "gender", "deptId", "postId", "status", "type", "phone", "entryDate"],
  filters: { name: "like", loginName: "prefix", deptId: "eq", postId: "eq", status: "eq", type: "eq" },
  sorts: ["sort", "name", "entryDate", "createTime"],
  defaultSort: ["sort", "asc"],
  counted: ["status"],
  unique: [["loginName"], ["idCard"]],
});
