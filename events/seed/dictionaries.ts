/** Seeded dictionary entries the foundation's screens need (the domain dictionaries are seeded with their families). */
export interface DictSeed {
  type: string;
  entries: [value: string, name: string, enName: string][];
}

export const dictionarySeed: DictSeed[] = [
  { type: "dictStatus", entries: [["1", "可用", "Available"], ["0", "不可用", "Unavailable"]] },
  { type: "userStatus", entries: [["1", "启用", "Enabled"], ["0", "停用", "Disabled"]] },
  { type: "roleType", entries: [["admin", "管理员角色", "Admin role"], ["department", "部门角色", "Department role"]] },
  { type: "menuType", entries: [["0", "目录", "Directory"], ["1", "菜单", "Menu"], ["2", "按钮", "Button"]] },
  { type: "userType", entries: [["1", "平台人员", "Platform staff"], ["2", "企业用户", "Enterprise user"], ["3", "机构用户", "Institution user"]] },
  { type: "gender", entries: [["1", "男", "Male"], ["2", "女", "Female"], ["0", "未知", "Unknown"]] },
  { type: "yesNo", entries: [["1", "是", "Yes"], ["0", "否", "No"]] },
  { type: "enabled", entries: [["1", "启用", "Enabled"], ["0", "禁用", "Disabled"]] },
  { type: "examStatus", entries: [["0", "待审核", "Pending"], ["1", "审核通过", "Approved"], ["2", "审核不通过", "Rejected"]] },
  // state of what a service publishes (products, roadshows, demands); changed only by publish and revoke
  { type: "publishStatus", entries: [["0", "未发布", "Draft"], ["1", "已发布", "Published"], ["2", "已撤回", "Revoked"]] },
  // state of an application; follows its approval flow
  {
    type: "applyStatus",
    entries: [
      ["draft", "草稿", "Draft"],
      ["reviewing", "审批中", "In approval"],
      ["returned", "已退回", "Returned"],
      ["approved", "已通过", "Approved"],
      ["rejected", "已驳回", "Rejected"],
      ["withdrawn", "已撤销", "Withdrawn"],
    ],
  },
];
