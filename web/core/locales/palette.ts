/** Texts of the command palette (Ctrl+K), both languages side by side (keys must match). */
export default {
  "zh-CN": {
    palette: {
      open: "搜索",
      placeholder: "搜索页面、最近打开的记录和操作（可输入拼音首字母）",
      nothingFound: "没有匹配的结果",
      screens: "页面",
      recent: "最近打开",
      actions: "操作",
      newRecord: "新增{{name}}",
      switchLanguage: "切换到 English",
      lock: "锁定屏幕",
      signOut: "退出登录",
      hint: "↑↓ 选择 · Enter 打开 · Esc 关闭",
    },
  },
  "en-US": {
    palette: {
      open: "Search",
      placeholder: "Search screens, recently opened records and actions (pinyin initials work too)",
      nothingFound: "Nothing found",
      screens: "Screens",
      recent: "Recently opened",
      actions: "Actions",
      newRecord: "New {{name}}",
      switchLanguage: "切换到简体中文 (Chinese)",
      lock: "Lock screen",
      signOut: "Sign out",
      hint: "↑↓ to move · Enter to open · Esc to close",
    },
  },
};
