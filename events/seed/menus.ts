/**
 * Seeded menu tree: the product's map (spec section 2 "Screen families", section 1 modules,
 * section 7 API families and /syn lists). Data only; the seeder derives ids from `key` and
 * button nodes (type 2) from `perms`.
 */

/** One seeded menu node; ids are derived from `key` by the seeder, so keys must be unique and stable. */
export interface MenuSeed {
  /** stable unique key, kebab-case, e.g. "sys-dict" */
  key: string;
  /** Chinese name shown in the side menu */
  name: string;
  /** English name */
  enName: string;
  /** 0 directory, 1 menu (a screen), 2 button */
  type: 0 | 1 | 2;
  /** route path of the screen, e.g. "/sys/dict"; for an external page a full https URL (becomes an iframe route) */
  url?: string;
  /** screen key in the web app's screen registry, e.g. "sys/dict/index" (path-like, no leading slash) */
  componentUrl?: string;
  /** Tabler icon name without prefix, e.g. "settings", "users" — only on directories and menus */
  icon?: string;
  /** route name, e.g. "sys-dict" */
  routeName?: string;
  /**
   * Permission tags reached from this screen, comma-separated, of the form `<module>:<family>:<verb>`
   * with verbs list|info|save|update|delete (plus extra verbs the spec names, e.g. publish, examine,
   * run, pause, resume). Put them on the menu (type 1) node itself; the seeder derives button nodes.
   */
  perms?: string;
  children?: MenuSeed[];
}

export const menuSeed: MenuSeed[] = [
  // ---- System administration (section 1; section 7 System, Jobs)
  {
    key: "system", name: "系统管理", enName: "System", type: 0, icon: "settings",
    children: [
      {
        key: "sys-user", name: "用户管理", enName: "Users", type: 1,
        url: "/sys/user", componentUrl: "sys/user/index", routeName: "sys-user", icon: "users",
        perms: "sys:user:list,sys:user:info,sys:user:save,sys:user:update,sys:user:delete,sys:user:resetpass",
      },
      {
        key: "sys-role", name: "角色管理", enName: "Roles", type: 1,
        url: "/sys/role", componentUrl: "sys/role/index", routeName: "sys-role", icon: "user-shield",
        perms: "sys:role:list,sys:role:info,sys:role:save,sys:role:update,sys:role:delete",
      },
      {
        key: "sys-menu", name: "菜单管理", enName: "Menus", type: 1,
        url: "/sys/menu", componentUrl: "sys/menu/index", routeName: "sys-menu", icon: "menu-2",
        perms: "sys:menu:list,sys:menu:info,sys:menu:save,sys:menu:update,sys:menu:delete",
      },
      {
        key: "sys-dict", name: "字典管理", enName: "Dictionaries", type: 1,
        url: "/sys/dict", componentUrl: "sys/dict/index", routeName: "sys-dict", icon: "book",
        perms: "sys:sysdict:list,sys:sysdict:info,sys:sysdict:save,sys:sysdict:update,sys:sysdict:delete",
      },
      {
        key: "sys-config", name: "参数配置", enName: "Config parameters", type: 1,
        url: "/sys/config", componentUrl: "sys/config/index", routeName: "sys-config", icon: "adjustments",
        perms: "sys:config:list,sys:config:info,sys:config:save,sys:config:update,sys:config:delete",
      },
      {
        key: "sys-area", name: "行政区划", enName: "Administrative divisions", type: 1,
        url: "/sys/area", componentUrl: "sys/area/index", routeName: "sys-area", icon: "map-pin",
        perms: "sys:area:list,sys:area:info,sys:area:save,sys:area:update,sys:area:delete",
      },
      {
        key: "sys-department", name: "部门管理", enName: "Departments", type: 1,
        url: "/sys/department", componentUrl: "sys/department/index", routeName: "sys-department", icon: "building",
        perms: "sys:department:list,sys:department:info,sys:department:save,sys:department:update,sys:department:delete",
      },
      {
        key: "sys-deptuser", name: "部门用户", enName: "Department users", type: 1,
        url: "/sys/deptuser", componentUrl: "sys/deptuser/index", routeName: "sys-deptuser", icon: "users-group",
        perms: "sys:user:list,sys:user:info,sys:user:save,sys:user:update,sys:user:delete",
      },
      {
        key: "sys-org", name: "组织机构", enName: "Organisations", type: 1,
        url: "/sys/org", componentUrl: "sys/org/index", routeName: "sys-org", icon: "sitemap",
        perms: "sys:organization:list,sys:organization:info,sys:organization:save,sys:organization:update,sys:organization:delete",
      },
      {
        key: "sys-orgunit", name: "组织单元", enName: "Organisation units", type: 1,
        url: "/sys/orgunit", componentUrl: "sys/orgunit/index", routeName: "sys-orgunit", icon: "hierarchy",
        perms: "common:projectorgunit:list,common:projectorgunit:info,common:projectorgunit:save,common:projectorgunit:update,common:projectorgunit:delete",
      },
      {
        key: "sys-orglevel", name: "机构层级", enName: "Organisation levels", type: 1,
        url: "/sys/orglevel", componentUrl: "sys/orglevel/index", routeName: "sys-orglevel", icon: "hierarchy-2",
        perms: "common:projectorglevel:list,common:projectorglevel:info,common:projectorglevel:save,common:projectorglevel:update,common:projectorglevel:delete",
      },
      {
        key: "sys-post", name: "岗位管理", enName: "Posts", type: 1,
        url: "/sys/post", componentUrl: "sys/post/index", routeName: "sys-post", icon: "id-badge",
        perms: "common:projectorgpost:list,common:projectorgpost:info,common:projectorgpost:save,common:projectorgpost:update,common:projectorgpost:delete",
      },
      {
        key: "sys-member", name: "成员管理", enName: "Members", type: 1,
        url: "/sys/member", componentUrl: "sys/member/index", routeName: "sys-member", icon: "user-circle",
        perms: "common:proorgmember:list,common:proorgmember:info,common:proorgmember:save,common:proorgmember:update,common:proorgmember:delete",
      },
      {
        key: "sys-industry", name: "行业管理", enName: "Industries", type: 1,
        url: "/sys/industry", componentUrl: "sys/industry/index", routeName: "sys-industry", icon: "building-factory",
        perms: "common:projectindustry:list,common:projectindustry:info,common:projectindustry:save,common:projectindustry:update,common:projectindustry:delete",
      },
      {
        key: "sys-log", name: "操作日志", enName: "Operation log", type: 1,
        url: "/sys/log", componentUrl: "sys/log/index", routeName: "sys-log", icon: "file-text",
        perms: "sys:log:list",
      },
      {
        key: "sys-file", name: "文件上传", enName: "File upload", type: 1,
        url: "/sys/file", componentUrl: "sys/file/index", routeName: "sys-file", icon: "upload",
        perms: "sys:file:list,sys:file:upload,sys:file:delete",
      },
      {
        key: "sys-wxuser", name: "企业微信用户", enName: "WeChat Work users", type: 1,
        url: "/sys/wxuser", componentUrl: "sys/wxuser/index", routeName: "sys-wxuser", icon: "brand-wechat",
        perms: "sys:wxuser:list,sys:wxuser:info,sys:wxuser:save,sys:wxuser:update,sys:wxuser:delete,sys:wxuser:examine",
      },
      {
        key: "job-schedule", name: "定时任务", enName: "Scheduled jobs", type: 1,
        url: "/job/schedule", componentUrl: "job/schedule/index", routeName: "job-schedule", icon: "clock",
        perms: "job:schedule:list,job:schedule:info,job:schedule:save,job:schedule:update,job:schedule:delete,job:schedule:pause,job:schedule:resume,job:schedule:run",
      },
      {
        key: "job-schedulelog", name: "任务日志", enName: "Job logs", type: 1,
        url: "/job/schedulelog", componentUrl: "job/schedulelog/index", routeName: "job-schedulelog", icon: "history",
        perms: "job:schedulelog:list,job:schedulelog:info",
      },
      {
        key: "job-abnormalrecord", name: "异常记录", enName: "Abnormal records", type: 1,
        url: "/job/abnormalrecord", componentUrl: "job/abnormalrecord/index", routeName: "job-abnormalrecord", icon: "alert-triangle",
        perms: "job:abnormalrecord:list,job:abnormalrecord:info,job:abnormalrecord:save,job:abnormalrecord:update,job:abnormalrecord:delete",
      },
      {
        // deliveries are written by the intake only: reading them and replaying a failed one (update) is all there is
        key: "sys-webhook", name: "门户推送", enName: "Portal deliveries", type: 1,
        url: "/sys/webhook", componentUrl: "sys/webhook/index", routeName: "sys-webhook", icon: "webhook",
        perms: "sys:webhook:list,sys:webhook:info,sys:webhook:update",
      },
    ],
  },
  // ---- Workflow designer (section 7 Workflow)
  {
    key: "workflow", name: "流程管理", enName: "Workflow", type: 0, icon: "git-branch",
    children: [
      {
        key: "flowable-model", name: "流程模型", enName: "Process models", type: 1,
        url: "/flowable/model", componentUrl: "flowable/model/index", routeName: "flowable-model", icon: "git-branch",
        perms: "flowable:definition:list,flowable:definition:info,flowable:definition:save,flowable:definition:update,flowable:definition:delete,flowable:definition:publish",
      },
      {
        key: "flowable-form", name: "流程表单", enName: "Process forms", type: 1,
        url: "/flowable/form", componentUrl: "flowable/form/index", routeName: "flowable-form", icon: "forms",
        perms: "flowable:form:list,flowable:form:info,flowable:form:save,flowable:form:update,flowable:form:delete",
      },
      {
        key: "flowable-formdata", name: "表单数据", enName: "Form data", type: 1,
        url: "/flowable/formdata", componentUrl: "flowable/formdata/index", routeName: "flowable-formdata", icon: "file-database",
        perms: "form:data:list,form:data:info,form:data:save,form:data:update,form:data:delete",
      },
      {
        key: "flowable-instance", name: "流程实例", enName: "Process instances", type: 1,
        url: "/flowable/instance", componentUrl: "flowable/instance/index", routeName: "flowable-instance", icon: "player-play",
        perms: "flowable:instance:list,flowable:instance:info,flowable:instance:delete",
      },
      {
        key: "flowable-monitor", name: "流程监控", enName: "Process monitor", type: 1,
        url: "/flowable/monitor", componentUrl: "flowable/monitor/index", routeName: "flowable-monitor", icon: "activity",
        perms: "flowable:monitor:list,flowable:monitor:suspend,flowable:monitor:activate,flowable:monitor:stop,flowable:monitor:delete",
      },
      {
        key: "flowable-todo", name: "我的待办", enName: "My to-do", type: 1,
        url: "/flowable/todo", componentUrl: "flowable/todo/index", routeName: "flowable-todo", icon: "list-check",
        perms: "flowable:task:list,flowable:task:info,flowable:task:complete,flowable:task:delegate,flowable:task:transfer,flowable:task:return,flowable:task:reject,flowable:task:sign,flowable:task:recall,flowable:task:cc",
      },
      {
        key: "flowable-done", name: "已办任务", enName: "Done", type: 1,
        url: "/flowable/done", componentUrl: "flowable/done/index", routeName: "flowable-done", icon: "checks",
        perms: "flowable:task:list,flowable:task:info",
      },
      {
        key: "flowable-myprocess", name: "我发起的", enName: "My initiated", type: 1,
        url: "/flowable/myprocess", componentUrl: "flowable/myprocess/index", routeName: "flowable-myprocess", icon: "send",
        perms: "flowable:task:list,flowable:task:info,flowable:task:stop,flowable:task:revoke,flowable:task:urge",
      },
    ],
  },
  // ---- Dynamic data-model and form engine (section 7 Data model and forms)
  {
    key: "data-model", name: "数据模型", enName: "Data models", type: 0, icon: "database",
    children: [
      {
        key: "datamodel-model", name: "数据模型", enName: "Data models", type: 1,
        url: "/datamodel/model", componentUrl: "datamodel/model/index", routeName: "datamodel-model", icon: "database",
        perms: "datamodel:datamodel:list,datamodel:datamodel:info,datamodel:datamodel:save,datamodel:datamodel:update,datamodel:datamodel:delete",
      },
      {
        key: "datamodel-field", name: "模型字段", enName: "Model fields", type: 1,
        url: "/datamodel/field", componentUrl: "datamodel/field/index", routeName: "datamodel-field", icon: "columns",
        perms: "datamodel:field:list,datamodel:field:info,datamodel:field:save,datamodel:field:update,datamodel:field:delete",
      },
      {
        key: "datamodel-form", name: "模型表单", enName: "Model forms", type: 1,
        url: "/datamodel/form", componentUrl: "datamodel/form/index", routeName: "datamodel-form", icon: "forms",
        perms: "datamodel:form:list,datamodel:form:info,datamodel:form:save,datamodel:form:update,datamodel:form:delete",
      },
      {
        key: "datamodel-data", name: "模型数据", enName: "Model data", type: 1,
        url: "/datamodel/data", componentUrl: "datamodel/data/index", routeName: "datamodel-data", icon: "table",
        perms: "datamodel:data:list,datamodel:data:info,datamodel:data:save,datamodel:data:update,datamodel:data:delete,datamodel:data:import,datamodel:data:export",
      },
    ],
  },
  // ---- Home message centre (section 7 Messages)
  {
    key: "message", name: "消息中心", enName: "Messages", type: 0, icon: "message",
    children: [
      {
        key: "msg-pending", name: "待处理", enName: "Pending", type: 1,
        url: "/msg/pending", componentUrl: "msg/pending/index", routeName: "msg-pending", icon: "inbox",
        perms: "msg:detail:list,msg:detail:info,msg:detail:read,msg:detail:transmit",
      },
      {
        key: "msg-approved", name: "已审批", enName: "Approved", type: 1,
        url: "/msg/approved", componentUrl: "msg/approved/index", routeName: "msg-approved", icon: "circle-check",
        perms: "msg:detail:list,msg:detail:info",
      },
      {
        key: "msg-mine", name: "我的消息", enName: "My messages", type: 1,
        url: "/msg/mine", componentUrl: "msg/mine/index", routeName: "msg-mine", icon: "mail",
        perms: "msg:detail:list,msg:detail:info,msg:detail:read",
      },
      {
        key: "msg-initiated", name: "我的发起", enName: "My initiations", type: 1,
        url: "/msg/initiated", componentUrl: "msg/initiated/index", routeName: "msg-initiated", icon: "send",
        perms: "msg:detail:list,msg:detail:info",
      },
      {
        key: "msg-template", name: "消息模板", enName: "Message templates", type: 1,
        url: "/msg/template", componentUrl: "msg/template/index", routeName: "msg-template", icon: "template",
        perms: "msg:template:list,msg:template:info,msg:template:save,msg:template:update,msg:template:delete",
      },
      {
        key: "msg-type", name: "消息类型", enName: "Message types", type: 1,
        url: "/msg/type", componentUrl: "msg/type/index", routeName: "msg-type", icon: "category",
        perms: "msg:type:list,msg:type:info,msg:type:save,msg:type:update,msg:type:delete",
      },
    ],
  },
  // ---- Enterprise information: basic info and its sub-tabs (section 1; section 2 common family)
  {
    key: "enterprise-info", name: "企业信息", enName: "Enterprise information", type: 0, icon: "building-skyscraper",
    children: [
      {
        key: "enterprise-info-basic", name: "基本信息", enName: "Basic information", type: 1,
        url: "/enterprise/info/basic", componentUrl: "enterprise/info/basic/index", routeName: "enterprise-info-basic", icon: "building-skyscraper",
        perms: "common:enenterprisebasicinfo:list,common:enenterprisebasicinfo:info,common:enenterprisebasicinfo:save,common:enenterprisebasicinfo:update,common:enenterprisebasicinfo:delete",
      },
      {
        key: "enterprise-info-listed", name: "上市企业", enName: "Listed enterprises", type: 1,
        url: "/enterprise/info/listed", componentUrl: "enterprise/info/listed/index", routeName: "enterprise-info-listed", icon: "chart-line",
        perms: "common:enenterprisebasicinfoszt:list,common:enenterprisebasicinfoszt:info,common:enenterprisebasicinfoszt:save,common:enenterprisebasicinfoszt:update,common:enenterprisebasicinfoszt:delete,common:enenterprisebasicinfoszt:import",
      },
      {
        key: "enterprise-info-shareholder", name: "股东信息", enName: "Shareholders", type: 1,
        url: "/enterprise/info/shareholder", componentUrl: "enterprise/info/shareholder/index", routeName: "enterprise-info-shareholder", icon: "users",
        perms: "common:enshareholderinfo:list,common:enshareholderinfo:info,common:enshareholderinfo:save,common:enshareholderinfo:update,common:enshareholderinfo:delete",
      },
      {
        key: "enterprise-info-sharetransfer", name: "股权转让", enName: "Share transfers", type: 1,
        url: "/enterprise/info/sharetransfer", componentUrl: "enterprise/info/sharetransfer/index", routeName: "enterprise-info-sharetransfer", icon: "arrows-exchange",
        perms: "common:enshareholdertransfersinfo:list,common:enshareholdertransfersinfo:info,common:enshareholdertransfersinfo:save,common:enshareholdertransfersinfo:update,common:enshareholdertransfersinfo:delete",
      },
      {
        key: "enterprise-info-litigation", name: "涉诉信息", enName: "Litigation", type: 1,
        url: "/enterprise/info/litigation", componentUrl: "enterprise/info/litigation/index", routeName: "enterprise-info-litigation", icon: "gavel",
        perms: "syn:synjuddoclist:list,syn:synjuddoclist:info",
      },
      {
        key: "enterprise-info-operatingrisk", name: "经营风险", enName: "Operating risk", type: 1,
        url: "/enterprise/info/operatingrisk", componentUrl: "enterprise/info/operatingrisk/index", routeName: "enterprise-info-operatingrisk", icon: "alert-triangle",
        perms: "syn:syndetaillistpenalty:list,syn:syndetaillistpenalty:info",
      },
      {
        key: "enterprise-info-caseinfo", name: "案件信息", enName: "Case information", type: 1,
        url: "/enterprise/info/caseinfo", componentUrl: "enterprise/info/caseinfo/index", routeName: "enterprise-info-caseinfo", icon: "file-text",
        perms: "syn:syncaseinfodjgs:list,syn:syncaseinfodjgs:info",
      },
      {
        key: "enterprise-info-judicial", name: "司法信息", enName: "Judicial information", type: 1,
        url: "/enterprise/info/judicial", componentUrl: "enterprise/info/judicial/index", routeName: "enterprise-info-judicial", icon: "scale",
        perms: "syn:syndetaillistjudicial:list,syn:syndetaillistjudicial:info",
      },
      {
        key: "enterprise-info-patent", name: "专利信息", enName: "Patents", type: 1,
        url: "/enterprise/info/patent", componentUrl: "enterprise/info/patent/index", routeName: "enterprise-info-patent", icon: "bulb",
        perms: "common:enpatentinfo:list,common:enpatentinfo:info,common:enpatentinfo:save,common:enpatentinfo:update,common:enpatentinfo:delete",
      },
      {
        key: "enterprise-info-softwarecopyright", name: "软件著作权", enName: "Software copyrights", type: 1,
        url: "/enterprise/info/softwarecopyright", componentUrl: "enterprise/info/softwarecopyright/index", routeName: "enterprise-info-softwarecopyright", icon: "code",
        perms: "common:ensoftwarecopyright:list,common:ensoftwarecopyright:info,common:ensoftwarecopyright:save,common:ensoftwarecopyright:update,common:ensoftwarecopyright:delete",
      },
      {
        key: "enterprise-info-trademark", name: "商标信息", enName: "Trademarks", type: 1,
        url: "/enterprise/info/trademark", componentUrl: "enterprise/info/trademark/index", routeName: "enterprise-info-trademark", icon: "trademark",
        perms: "common:entrademarkinfo:list,common:entrademarkinfo:info,common:entrademarkinfo:save,common:entrademarkinfo:update,common:entrademarkinfo:delete",
      },
      {
        key: "enterprise-info-socialsecurity", name: "社保信息", enName: "Social security", type: 1,
        url: "/enterprise/info/socialsecurity", componentUrl: "enterprise/info/socialsecurity/index", routeName: "enterprise-info-socialsecurity", icon: "shield",
        perms: "common:ensocialsecurityinfo:list,common:ensocialsecurityinfo:info,common:ensocialsecurityinfo:save,common:ensocialsecurityinfo:update,common:ensocialsecurityinfo:delete",
      },
      {
        key: "enterprise-info-annualreport", name: "企业年报", enName: "Annual reports", type: 1,
        url: "/enterprise/info/annualreport", componentUrl: "enterprise/info/annualreport/index", routeName: "enterprise-info-annualreport", icon: "report",
        perms: "common:enenterprisetycannualreport:list,common:enenterprisetycannualreport:info,common:enenterprisetycannualreport:save,common:enenterprisetycannualreport:update,common:enenterprisetycannualreport:delete",
      },
      {
        key: "enterprise-info-bond", name: "股票债券", enName: "Stocks and bonds", type: 1,
        url: "/enterprise/info/bond", componentUrl: "enterprise/info/bond/index", routeName: "enterprise-info-bond", icon: "coin",
        perms: "common:enbondfinancing:list,common:enbondfinancing:info,common:enbondfinancing:save,common:enbondfinancing:update,common:enbondfinancing:delete",
      },
      {
        key: "enterprise-info-investment", name: "对外投资", enName: "Foreign investment", type: 1,
        url: "/enterprise/info/investment", componentUrl: "enterprise/info/investment/index", routeName: "enterprise-info-investment", icon: "share",
        perms: "common:enforeigninvestmentinfo:list,common:enforeigninvestmentinfo:info,common:enforeigninvestmentinfo:save,common:enforeigninvestmentinfo:update,common:enforeigninvestmentinfo:delete",
      },
      {
        key: "enterprise-info-honor", name: "荣誉资质", enName: "Honorary qualifications", type: 1,
        url: "/enterprise/info/honor", componentUrl: "enterprise/info/honor/index", routeName: "enterprise-info-honor", icon: "award",
        perms: "common:enhonoraryqualifications:list,common:enhonoraryqualifications:info,common:enhonoraryqualifications:save,common:enhonoraryqualifications:update,common:enhonoraryqualifications:delete,common:enhonoraryqualifications:import",
      },
      {
        key: "enterprise-info-licence", name: "行政许可", enName: "Licences", type: 1,
        url: "/enterprise/info/licence", componentUrl: "enterprise/info/licence/index", routeName: "enterprise-info-licence", icon: "license",
        perms: "common:enadministrativelicense:list,common:enadministrativelicense:info,common:enadministrativelicense:save,common:enadministrativelicense:update,common:enadministrativelicense:delete",
      },
      {
        key: "enterprise-info-grade", name: "企业评级", enName: "Grades", type: 1,
        url: "/enterprise/info/grade", componentUrl: "enterprise/info/grade/index", routeName: "enterprise-info-grade", icon: "star",
        perms: "common:enenterprisegrade:list,common:enenterprisegrade:info,common:enenterprisegrade:save,common:enenterprisegrade:update,common:enenterprisegrade:delete",
      },
      {
        key: "enterprise-info-financial", name: "财务信息", enName: "Financial information", type: 1,
        url: "/enterprise/info/financial", componentUrl: "enterprise/info/financial/index", routeName: "enterprise-info-financial", icon: "report-money",
        perms: "common:enfinancialinfo:list,common:enfinancialinfo:info,common:enfinancialinfo:save,common:enfinancialinfo:update,common:enfinancialinfo:delete,common:enfinancialinfo:import",
      },
      {
        key: "enterprise-info-waterelectricity", name: "水电信息", enName: "Water and electricity", type: 1,
        url: "/enterprise/info/waterelectricity", componentUrl: "enterprise/info/waterelectricity/index", routeName: "enterprise-info-waterelectricity", icon: "bolt",
        perms: "common:enwaterandelectricity:list,common:enwaterandelectricity:info,common:enwaterandelectricity:save,common:enwaterandelectricity:update,common:enwaterandelectricity:delete",
      },
      {
        key: "enterprise-info-highconsumption", name: "限制高消费", enName: "High-consumption restrictions", type: 1,
        url: "/enterprise/info/highconsumption", componentUrl: "enterprise/info/highconsumption/index", routeName: "enterprise-info-highconsumption", icon: "ban",
        perms: "common:enrestrictionhighconsumptioncase:list,common:enrestrictionhighconsumptioncase:info,common:enrestrictionhighconsumptioncase:save,common:enrestrictionhighconsumptioncase:update,common:enrestrictionhighconsumptioncase:delete",
      },
      {
        key: "enterprise-info-otherhistory", name: "其他历史", enName: "Other history", type: 1,
        url: "/enterprise/info/otherhistory", componentUrl: "enterprise/info/otherhistory/index", routeName: "enterprise-info-otherhistory", icon: "history",
        perms: "common:enotherhistory:list,common:enotherhistory:info,common:enotherhistory:save,common:enotherhistory:update,common:enotherhistory:delete",
      },
      {
        key: "enterprise-info-hitech", name: "高新技术企业", enName: "High-tech enterprises", type: 1,
        url: "/enterprise/info/hitech", componentUrl: "enterprise/info/hitech/index", routeName: "enterprise-info-hitech", icon: "cpu",
        perms: "common:hitech:list,common:hitech:info,common:hitech:save,common:hitech:update,common:hitech:delete",
      },
      {
        key: "enterprise-info-rule", name: "规则配置", enName: "Rule configuration", type: 1,
        url: "/enterprise/info/rule", componentUrl: "enterprise/info/rule/index", routeName: "enterprise-info-rule", icon: "settings-cog",
        perms: "common:enruledeploy:list,common:enruledeploy:info,common:enruledeploy:save,common:enruledeploy:update,common:enruledeploy:delete",
      },
      {
        key: "enterprise-info-filesinput", name: "资料录入", enName: "File input", type: 1,
        url: "/enterprise/info/filesinput", componentUrl: "enterprise/info/filesinput/index", routeName: "enterprise-info-filesinput", icon: "file-upload",
        perms: "common:enfilesinput:list,common:enfilesinput:info,common:enfilesinput:save,common:enfilesinput:update,common:enfilesinput:delete",
      },
    ],
  },
  // ---- Enterprise services (section 1; section 2 enterprise and portal families; section 7 /common)
  {
    key: "enterprise-service", name: "企业服务", enName: "Enterprise services", type: 0, icon: "briefcase",
    children: [
      {
        key: "enterprise-roadshow", name: "路演申请", enName: "Roadshow applications", type: 1,
        url: "/enterprise/roadshow", componentUrl: "enterprise/roadshow/index", routeName: "enterprise-roadshow", icon: "presentation",
        perms: "common:tbroadshowapplication:list,common:tbroadshowapplication:info,common:tbroadshowapplication:save,common:tbroadshowapplication:update,common:tbroadshowapplication:delete",
      },
      {
        key: "enterprise-roadshowpass", name: "路演发布", enName: "Roadshows", type: 1,
        url: "/enterprise/roadshowpass", componentUrl: "enterprise/roadshowpass/index", routeName: "enterprise-roadshowpass", icon: "presentation-analytics",
        perms: "common:tbroadshowpass:list,common:tbroadshowpass:info,common:tbroadshowpass:save,common:tbroadshowpass:update,common:tbroadshowpass:delete,common:tbroadshowpass:publish,common:tbroadshowpass:revoke",
      },
      {
        key: "enterprise-activity", name: "活动申请", enName: "Activity applications", type: 1,
        url: "/enterprise/activity", componentUrl: "enterprise/activity/index", routeName: "enterprise-activity", icon: "calendar-event",
        perms: "common:tbactivityapplication:list,common:tbactivityapplication:info,common:tbactivityapplication:save,common:tbactivityapplication:update,common:tbactivityapplication:delete",
      },
      {
        key: "enterprise-serviceactivity", name: "服务活动", enName: "Service activities", type: 1,
        url: "/enterprise/serviceactivity", componentUrl: "enterprise/serviceactivity/index", routeName: "enterprise-serviceactivity", icon: "calendar-star",
        perms: "common:serviceactivity:list,common:serviceactivity:info,common:serviceactivity:save,common:serviceactivity:update,common:serviceactivity:delete,common:serviceactivity:publish,common:serviceactivity:revoke",
      },
      {
        key: "enterprise-financing", name: "融资产品", enName: "Financing", type: 1,
        url: "/enterprise/financing", componentUrl: "enterprise/financing/index", routeName: "enterprise-financing", icon: "coin",
        perms: "common:tbfinanc:list,common:tbfinanc:info,common:tbfinanc:save,common:tbfinanc:update,common:tbfinanc:delete,common:tbfinanc:publish,common:tbfinanc:revoke",
      },
      {
        key: "enterprise-financingapply", name: "融资申请", enName: "Financing applications", type: 1,
        url: "/enterprise/financingapply", componentUrl: "enterprise/financingapply/index", routeName: "enterprise-financingapply", icon: "cash",
        perms: "common:tbfinancapplication:list,common:tbfinancapplication:info,common:tbfinancapplication:save,common:tbfinancapplication:update,common:tbfinancapplication:delete",
      },
      {
        key: "enterprise-listing", name: "上市服务", enName: "Listing", type: 1,
        url: "/enterprise/listing", componentUrl: "enterprise/listing/index", routeName: "enterprise-listing", icon: "chart-line",
        perms: "common:tblisting:list,common:tblisting:info,common:tblisting:save,common:tblisting:update,common:tblisting:delete,common:tblisting:publish,common:tblisting:revoke",
      },
      {
        key: "enterprise-listingapply", name: "上市申请", enName: "Listing applications", type: 1,
        url: "/enterprise/listingapply", componentUrl: "enterprise/listingapply/index", routeName: "enterprise-listingapply", icon: "file-certificate",
        perms: "common:tblistingapplication:list,common:tblistingapplication:info,common:tblistingapplication:save,common:tblistingapplication:update,common:tblistingapplication:delete",
      },
      {
        key: "enterprise-serviceapply", name: "服务申请", enName: "Service applications", type: 1,
        url: "/enterprise/serviceapply", componentUrl: "enterprise/serviceapply/index", routeName: "enterprise-serviceapply", icon: "clipboard-list",
        perms: "common:tbserviceapplication:list,common:tbserviceapplication:info,common:tbserviceapplication:save,common:tbserviceapplication:update,common:tbserviceapplication:delete",
      },
      {
        key: "enterprise-servicepass", name: "服务发布", enName: "Service passes", type: 1,
        url: "/enterprise/servicepass", componentUrl: "enterprise/servicepass/index", routeName: "enterprise-servicepass", icon: "ticket",
        perms: "common:tbservicepass:list,common:tbservicepass:info,common:tbservicepass:save,common:tbservicepass:update,common:tbservicepass:delete,common:tbservicepass:publish,common:tbservicepass:revoke",
      },
      {
        key: "enterprise-justiceapply", name: "司法服务申请", enName: "Justice applications", type: 1,
        url: "/enterprise/justiceapply", componentUrl: "enterprise/justiceapply/index", routeName: "enterprise-justiceapply", icon: "scale",
        perms: "common:tbjusticeapplication:list,common:tbjusticeapplication:info,common:tbjusticeapplication:save,common:tbjusticeapplication:update,common:tbjusticeapplication:delete",
      },
      {
        key: "enterprise-justice", name: "司法服务发布", enName: "Justice services", type: 1,
        url: "/enterprise/justice", componentUrl: "enterprise/justice/index", routeName: "enterprise-justice", icon: "gavel",
        perms: "common:tbjustice:list,common:tbjustice:info,common:tbjustice:save,common:tbjustice:update,common:tbjustice:delete,common:tbjustice:publish,common:tbjustice:revoke",
      },
      {
        key: "enterprise-demand", name: "门户需求", enName: "Portal demands", type: 1,
        url: "/enterprise/demand", componentUrl: "enterprise/demand/index", routeName: "enterprise-demand", icon: "speakerphone",
        perms: "common:portaldemand:list,common:portaldemand:info,common:portaldemand:save,common:portaldemand:update,common:portaldemand:delete,common:portaldemand:examine,common:portaldemand:showchange,common:portaldemand:revoke",
      },
      {
        key: "enterprise-demandpage", name: "需求页面", enName: "Demand pages", type: 1,
        url: "/enterprise/demandpage", componentUrl: "enterprise/demandpage/index", routeName: "enterprise-demandpage", icon: "layout",
        perms: "common:portaldemandpage:list,common:portaldemandpage:info,common:portaldemandpage:save,common:portaldemandpage:update,common:portaldemandpage:delete,common:portaldemandpage:examine,common:portaldemandpage:showchange,common:portaldemandpage:revoke",
      },
      {
        key: "enterprise-demandfollow", name: "需求跟进", enName: "Demand follow-ups", type: 1,
        url: "/enterprise/demandfollow", componentUrl: "enterprise/demandfollow/index", routeName: "enterprise-demandfollow", icon: "message-circle",
        perms: "common:portaldemandfollow:list,common:portaldemandfollow:info,common:portaldemandfollow:save,common:portaldemandfollow:update,common:portaldemandfollow:delete",
      },
      {
        key: "enterprise-freeze", name: "股权冻结", enName: "Equity freezes", type: 1,
        url: "/enterprise/freeze", componentUrl: "enterprise/freeze/index", routeName: "enterprise-freeze", icon: "snowflake",
        perms: "common:portalfreezeinfo:list,common:portalfreezeinfo:info,common:portalfreezeinfo:save,common:portalfreezeinfo:update,common:portalfreezeinfo:delete,common:portalfreezeinfo:import",
      },
      {
        key: "enterprise-pledge", name: "股权质押", enName: "Equity pledges", type: 1,
        url: "/enterprise/pledge", componentUrl: "enterprise/pledge/index", routeName: "enterprise-pledge", icon: "lock",
        perms: "common:portalpledgeinfo:list,common:portalpledgeinfo:info,common:portalpledgeinfo:save,common:portalpledgeinfo:update,common:portalpledgeinfo:delete",
      },
      {
        key: "enterprise-projectshow", name: "项目展示", enName: "Project showcase", type: 1,
        url: "/enterprise/projectshow", componentUrl: "enterprise/projectshow/index", routeName: "enterprise-projectshow", icon: "layout-grid",
        perms: "common:projectshow:list,common:projectshow:info,common:projectshow:save,common:projectshow:update,common:projectshow:delete,common:projectshow:examine,common:projectshow:showchange,common:projectshow:revoke",
      },
      {
        key: "enterprise-customer", name: "客户管理", enName: "Customer management", type: 1,
        url: "/enterprise/customer", componentUrl: "enterprise/customer/index", routeName: "enterprise-customer", icon: "address-book",
        perms: "common:customermanage:list,common:customermanage:info,common:customermanage:save,common:customermanage:update,common:customermanage:delete",
      },
      {
        key: "enterprise-visit", name: "企业走访", enName: "Visits", type: 1,
        url: "/enterprise/visit", componentUrl: "enterprise/visit/index", routeName: "enterprise-visit", icon: "walk",
        perms: "common:encompanyvisit:list,common:encompanyvisit:info,common:encompanyvisit:save,common:encompanyvisit:update,common:encompanyvisit:delete",
      },
      {
        key: "enterprise-visithistory", name: "走访历史", enName: "Visit histories", type: 1,
        url: "/enterprise/visithistory", componentUrl: "enterprise/visithistory/index", routeName: "enterprise-visithistory", icon: "history",
        perms: "common:envisithistory:list,common:envisithistory:info,common:envisithistory:save,common:envisithistory:update,common:envisithistory:delete,common:envisithistory:export",
      },
      {
        key: "enterprise-servicefiles", name: "服务档案", enName: "Service files", type: 1,
        url: "/enterprise/servicefiles", componentUrl: "enterprise/servicefiles/index", routeName: "enterprise-servicefiles", icon: "folders",
        perms: "common:envisithistory:list,common:envisithistory:info,common:envisithistory:update,common:envisithistory:export",
      },
      {
        key: "enterprise-training", name: "企业培训", enName: "Company training", type: 1,
        url: "/enterprise/training", componentUrl: "enterprise/training/index", routeName: "enterprise-training", icon: "school",
        perms: "common:encompanytraining:list,common:encompanytraining:info,common:encompanytraining:save,common:encompanytraining:update,common:encompanytraining:delete",
      },
      {
        key: "enterprise-supplier", name: "供应商", enName: "Suppliers", type: 1,
        url: "/enterprise/supplier", componentUrl: "enterprise/supplier/index", routeName: "enterprise-supplier", icon: "truck",
        perms: "common:suppliers:list,common:suppliers:info,common:suppliers:save,common:suppliers:update,common:suppliers:delete,common:suppliers:import",
      },
      {
        key: "enterprise-contact", name: "联系人", enName: "Contacts", type: 1,
        url: "/enterprise/contact", componentUrl: "enterprise/contact/index", routeName: "enterprise-contact", icon: "address-book",
        perms: "common:encontacts:list,common:encontacts:info,common:encontacts:save,common:encontacts:update,common:encontacts:delete",
      },
      {
        key: "enterprise-star", name: "明星企业", enName: "Star enterprises", type: 1,
        url: "/enterprise/star", componentUrl: "enterprise/star/index", routeName: "enterprise-star", icon: "star",
        perms: "common:enstarenterprise:list,common:enstarenterprise:info,common:enstarenterprise:save,common:enstarenterprise:update,common:enstarenterprise:delete",
      },
      {
        key: "enterprise-policy", name: "政策管理", enName: "Policies", type: 1,
        url: "/enterprise/policy", componentUrl: "enterprise/policy/index", routeName: "enterprise-policy", icon: "file-description",
        perms: "common:paclist:list,common:paclist:info,common:paclist:save,common:paclist:update,common:paclist:delete,common:paclist:publish,common:paclist:match",
      },
      {
        key: "enterprise-policyadvice", name: "政策咨询", enName: "Policy advice", type: 1,
        url: "/enterprise/policyadvice", componentUrl: "enterprise/policyadvice/index", routeName: "enterprise-policyadvice", icon: "help",
        perms: "common:advice:list,common:advice:info,common:advice:save,common:advice:update,common:advice:delete,common:advice:answer",
      },
      {
        key: "enterprise-registration", name: "企业登记", enName: "Registration", type: 1,
        url: "/enterprise/registration", componentUrl: "enterprise/registration/index", routeName: "enterprise-registration", icon: "user-plus",
        perms: "common:mattersrequestform:list,common:mattersrequestform:info,common:mattersrequestform:save,common:mattersrequestform:update,common:mattersrequestform:delete,common:mattersrequestform:submit",
      },
      {
        key: "enterprise-replymessage", name: "企业留言", enName: "Enterprise messages", type: 1,
        url: "/enterprise/replymessage", componentUrl: "enterprise/replymessage/index", routeName: "enterprise-replymessage", icon: "message-2",
        perms: "common:qyreplymessage:list,common:qyreplymessage:info,common:qyreplymessage:save,common:qyreplymessage:update,common:qyreplymessage:delete",
      },
      {
        key: "enterprise-projecttrack", name: "项目跟踪", enName: "Project tracking", type: 1,
        url: "/enterprise/projecttrack", componentUrl: "enterprise/projecttrack/index", routeName: "enterprise-projecttrack", icon: "route",
        perms: "common:projecttrackmanagement:list,common:projecttrackmanagement:info,common:projecttrackmanagement:save,common:projecttrackmanagement:update,common:projecttrackmanagement:delete",
      },
      {
        key: "enterprise-prodschedule", name: "排产计划", enName: "Production schedule plans", type: 1,
        url: "/enterprise/prodschedule", componentUrl: "enterprise/prodschedule/index", routeName: "enterprise-prodschedule", icon: "calendar-time",
        perms: "common:projectprodscheduleplan:list,common:projectprodscheduleplan:info,common:projectprodscheduleplan:save,common:projectprodscheduleplan:update,common:projectprodscheduleplan:delete",
      },
      {
        key: "enterprise-gantt", name: "项目进度计划", enName: "Project schedules", type: 1,
        url: "/enterprise/gantt", componentUrl: "enterprise/gantt/index", routeName: "enterprise-gantt", icon: "calendar-time",
        perms: "common:projectprodscheduleplan:list,common:projectprodscheduleplan:save,common:projectprodscheduleplan:import,common:projectprodscheduleplan:export,project:visualpicconf:info,project:visualpicconf:save,project:visualpicconf:delete",
      },
      {
        key: "enterprise-equipment", name: "应用设备", enName: "Application equipment", type: 1,
        url: "/enterprise/equipment", componentUrl: "enterprise/equipment/index", routeName: "enterprise-equipment", icon: "device-desktop",
        perms: "common:projectappequipment:list,common:projectappequipment:info,common:projectappequipment:save,common:projectappequipment:update,common:projectappequipment:delete",
      },
      {
        key: "enterprise-formmaterial", name: "材料模板", enName: "Form materials", type: 1,
        url: "/enterprise/formmaterial", componentUrl: "enterprise/formmaterial/index", routeName: "enterprise-formmaterial", icon: "file-text",
        perms: "common:formmaterial:list,common:formmaterial:info,common:formmaterial:save,common:formmaterial:update,common:formmaterial:delete",
      },
      {
        key: "enterprise-companypartner", name: "企业合作机构", enName: "Company partners", type: 1,
        url: "/enterprise/companypartner", componentUrl: "enterprise/companypartner/index", routeName: "enterprise-companypartner", icon: "affiliate",
        perms: "common:companypartner:list,common:companypartner:info,common:companypartner:save,common:companypartner:update,common:companypartner:delete,common:companypartner:import,common:companypartner:export",
      },
    ],
  },
  // ---- Evaluation models (section 2 enterprise family; section 7 tbevaluation*)
  {
    key: "evaluation", name: "评价模型", enName: "Evaluation", type: 0, icon: "chart-radar",
    children: [
      {
        key: "evaluation-model", name: "评价模型", enName: "Evaluation models", type: 1,
        url: "/evaluation/model", componentUrl: "evaluation/model/index", routeName: "evaluation-model", icon: "chart-radar",
        perms: "common:tbevaluationmodel:list,common:tbevaluationmodel:info,common:tbevaluationmodel:save,common:tbevaluationmodel:update,common:tbevaluationmodel:delete,common:tbevaluationmodel:evaluate",
      },
      {
        key: "evaluation-modelmetric", name: "模型指标", enName: "Model metrics", type: 1,
        url: "/evaluation/modelmetric", componentUrl: "evaluation/modelmetric/index", routeName: "evaluation-modelmetric", icon: "link",
        perms: "common:tbevaluationmoedlmetric:list,common:tbevaluationmoedlmetric:info,common:tbevaluationmoedlmetric:save,common:tbevaluationmoedlmetric:update,common:tbevaluationmoedlmetric:delete",
      },
      {
        key: "evaluation-metric", name: "评价指标", enName: "Metrics", type: 1,
        url: "/evaluation/metric", componentUrl: "evaluation/metric/index", routeName: "evaluation-metric", icon: "ruler",
        perms: "common:tbevaluationmetric:list,common:tbevaluationmetric:info,common:tbevaluationmetric:save,common:tbevaluationmetric:update,common:tbevaluationmetric:delete",
      },
      {
        key: "evaluation-question", name: "评价题目", enName: "Questions", type: 1,
        url: "/evaluation/question", componentUrl: "evaluation/question/index", routeName: "evaluation-question", icon: "help-circle",
        perms: "common:tbevaluationquestion:list,common:tbevaluationquestion:info,common:tbevaluationquestion:save,common:tbevaluationquestion:update,common:tbevaluationquestion:delete",
      },
      {
        key: "evaluation-paper", name: "评价问卷", enName: "Papers", type: 1,
        url: "/evaluation/paper", componentUrl: "evaluation/paper/index", routeName: "evaluation-paper", icon: "notebook",
        perms: "common:tbevaluationpaper:list,common:tbevaluationpaper:info,common:tbevaluationpaper:save,common:tbevaluationpaper:update,common:tbevaluationpaper:delete",
      },
      {
        key: "evaluation-result", name: "评价结果", enName: "Results", type: 1,
        url: "/evaluation/result", componentUrl: "evaluation/result/index", routeName: "evaluation-result", icon: "award",
        perms: "common:result:list,common:result:info,common:result:update,common:result:delete",
      },
      {
        key: "evaluation-variable", name: "评价变量", enName: "Variables", type: 1,
        url: "/evaluation/variable", componentUrl: "evaluation/variable/index", routeName: "evaluation-variable", icon: "variable",
        perms: "common:tbevaluationvariable:list,common:tbevaluationvariable:info,common:tbevaluationvariable:save,common:tbevaluationvariable:update,common:tbevaluationvariable:delete",
      },
      {
        key: "evaluation-information", name: "评价信息", enName: "Evaluation information", type: 1,
        url: "/evaluation/information", componentUrl: "evaluation/information/index", routeName: "evaluation-information", icon: "info-circle",
        perms: "common:tbevaluationinformanion:list,common:tbevaluationinformanion:info,common:tbevaluationinformanion:save,common:tbevaluationinformanion:update,common:tbevaluationinformanion:delete",
      },
      {
        key: "evaluation-indicator", name: "指标配置", enName: "Indicator configuration", type: 1,
        url: "/evaluation/indicator", componentUrl: "evaluation/indicator/index", routeName: "evaluation-indicator", icon: "adjustments-horizontal",
        perms: "common:dataindicatorsconf:list,common:dataindicatorsconf:info,common:dataindicatorsconf:save,common:dataindicatorsconf:update,common:dataindicatorsconf:delete",
      },
    ],
  },
  // ---- Task management (section 2 task family; section 7 task plans, visits, allocation)
  {
    key: "task", name: "任务管理", enName: "Tasks", type: 0, icon: "checklist",
    children: [
      {
        key: "task-plan", name: "任务计划", enName: "Task plans", type: 1,
        url: "/task/plan", componentUrl: "task/plan/index", routeName: "task-plan", icon: "calendar",
        perms: "common:entaskplan:list,common:entaskplan:info,common:entaskplan:save,common:entaskplan:update,common:entaskplan:delete",
      },
      {
        key: "task-distribution", name: "任务分发", enName: "Task distribution", type: 1,
        url: "/task/distribution", componentUrl: "task/distribution/index", routeName: "task-distribution", icon: "share",
        perms: "common:entaskplan:list,common:entaskplan:info,common:entaskplan:save,common:entaskplan:update,common:entaskplan:delete",
      },
      {
        key: "task-board", name: "任务看板", enName: "Task board", type: 1,
        url: "/task/board", componentUrl: "task/board/index", routeName: "task-board", icon: "layout-kanban",
        perms: "common:encompanyvisit:list,common:encompanyvisit:info",
      },
      {
        key: "task-message", name: "消息任务", enName: "Message tasks", type: 1,
        url: "/task/message", componentUrl: "task/message/index", routeName: "task-message", icon: "message-2",
        perms: "common:entaskmsg:list,common:entaskmsg:info,common:entaskmsg:save,common:entaskmsg:update,common:entaskmsg:delete",
      },
      {
        key: "task-other", name: "其他任务", enName: "Other tasks", type: 1,
        url: "/task/other", componentUrl: "task/other/index", routeName: "task-other", icon: "list",
        perms: "common:entaskplan:list,common:entaskplan:info",
      },
      {
        key: "task-allocation", name: "企业分配", enName: "Enterprise allocation", type: 1,
        url: "/task/allocation", componentUrl: "task/allocation/index", routeName: "task-allocation", icon: "building-community",
        perms: "common:envisituserallocation:list,common:envisituserallocation:info,common:envisituserallocation:save,common:envisituserallocation:update,common:envisituserallocation:delete,common:envisituserallocation:confirm,common:envisituserallocation:commit",
      },
      {
        key: "task-checkin", name: "签到记录", enName: "Check-in records", type: 1,
        url: "/task/checkin", componentUrl: "task/checkin/index", routeName: "task-checkin", icon: "map-pin-check",
        perms: "common:encheckinrecord:list,common:encheckinrecord:info,common:encheckinrecord:save",
      },
    ],
  },
  // ---- Work reports and statistics (section 2 workreport family; section 7 enworkreport)
  {
    key: "work-report", name: "工作报告", enName: "Work reports", type: 0, icon: "report",
    children: [
      {
        key: "workreport-report", name: "工作报告", enName: "Work reports", type: 1,
        url: "/workreport/report", componentUrl: "workreport/report/index", routeName: "workreport-report", icon: "report",
        perms: "common:enworkreport:list,common:enworkreport:info,common:enworkreport:save,common:enworkreport:update,common:enworkreport:delete",
      },
      {
        key: "workreport-review", name: "报告审阅", enName: "Report review", type: 1,
        url: "/workreport/review", componentUrl: "workreport/review/index", routeName: "workreport-review", icon: "file-check",
        perms: "common:enworkreport:list,common:enworkreport:info,common:enworkreport:update,common:enworkreport:review",
      },
      {
        key: "workreport-visitstat", name: "走访统计", enName: "Visit statistics", type: 1,
        url: "/workreport/visitstat", componentUrl: "workreport/visitstat/index", routeName: "workreport-visitstat", icon: "chart-bar",
        perms: "common:enworkreport:list",
      },
      {
        key: "workreport-otherstat", name: "其他统计", enName: "Other statistics", type: 1,
        url: "/workreport/otherstat", componentUrl: "workreport/otherstat/index", routeName: "workreport-otherstat", icon: "chart-pie",
        perms: "common:enworkreport:list",
      },
      {
        key: "workreport-servicestat", name: "服务统计", enName: "Service statistics", type: 1,
        url: "/workreport/servicestat", componentUrl: "workreport/servicestat/index", routeName: "workreport-servicestat", icon: "chart-dots",
        perms: "common:enworkreport:list",
      },
      {
        key: "workreport-datastat", name: "数据统计", enName: "Data statistics", type: 1,
        url: "/workreport/datastat", componentUrl: "workreport/datastat/index", routeName: "workreport-datastat", icon: "chart-histogram",
        perms: "common:enworkreport:list",
      },
    ],
  },
  // ---- Policy matching/declaration, DID, credit query, notarisation (section 2 bt family; gateway calls carry no /module path)
  {
    key: "policy-credit", name: "政策与存证", enName: "Policy and credentials", type: 0, icon: "shield-check",
    children: [
      {
        key: "bt-credit", name: "信用查询", enName: "Credit query", type: 1,
        url: "/bt/credit", componentUrl: "bt/credit/index", routeName: "bt-credit", icon: "credit-card",
        perms: "bt:credit:list,bt:credit:info,bt:credit:accredit",
      },
      {
        key: "bt-did", name: "DID管理", enName: "DID management", type: 1,
        url: "/bt/did", componentUrl: "bt/did/index", routeName: "bt-did", icon: "fingerprint",
        perms: "bt:did:info,bt:did:verify,bt:did:revoke,bt:did:issue",
      },
      {
        key: "bt-notarization", name: "存证公证", enName: "Notarisation", type: 1,
        url: "/bt/notarization", componentUrl: "bt/notarization/index", routeName: "bt-notarization", icon: "certificate",
        perms: "bt:notary:list,bt:notary:apply,bt:notary:handle",
      },
      {
        key: "bt-confirmation", name: "确权管理", enName: "Rights confirmation", type: 1,
        url: "/bt/confirmation", componentUrl: "bt/confirmation/index", routeName: "bt-confirmation", icon: "file-certificate",
        perms: "bt:notary:list,bt:notary:apply,bt:notary:handle",
      },
      {
        key: "bt-policy-match", name: "政策匹配", enName: "Policy matching", type: 1,
        url: "/bt/policy/match", componentUrl: "bt/policy/match/index", routeName: "bt-policy-match", icon: "target",
        perms: "common:paclist:match,common:paclist:info",
      },
      {
        key: "bt-policy-declaration", name: "政策申报", enName: "Policy declaration", type: 1,
        url: "/bt/policy/declaration", componentUrl: "bt/policy/declaration/index", routeName: "bt-policy-declaration", icon: "file-upload",
        perms: "common:policydeclare:list,common:policydeclare:info,common:policydeclare:save,common:policydeclare:update,common:policydeclare:delete",
      },
      {
        key: "bt-policy-follow", name: "申报跟进", enName: "Declaration follow-up", type: 1,
        url: "/bt/policy/follow", componentUrl: "bt/policy/follow/index", routeName: "bt-policy-follow", icon: "message-circle",
        perms: "common:policydeclarefollow:list,common:policydeclarefollow:info,common:policydeclarefollow:save,common:policydeclarefollow:update,common:policydeclarefollow:delete",
      },
    ],
  },
  // ---- Regional equity-exchange data dashboard (section 2 bt dashboard; external link example)
  {
    key: "dashboard", name: "数据大屏", enName: "Dashboard", type: 0, icon: "dashboard",
    children: [
      {
        key: "bt-dashboard-financing", name: "融资统计", enName: "Financing statistics", type: 1,
        url: "/bt/dashboard/financing", componentUrl: "bt/dashboard/financing/index", routeName: "bt-dashboard-financing", icon: "coin", perms: "bt:dashboard:view",
      },
      {
        key: "bt-dashboard-listing", name: "挂牌统计", enName: "Listing statistics", type: 1,
        url: "/bt/dashboard/listing", componentUrl: "bt/dashboard/listing/index", routeName: "bt-dashboard-listing", icon: "chart-line", perms: "bt:dashboard:view",
      },
      {
        key: "bt-dashboard-trusteeship", name: "托管统计", enName: "Trusteeship statistics", type: 1,
        url: "/bt/dashboard/trusteeship", componentUrl: "bt/dashboard/trusteeship/index", routeName: "bt-dashboard-trusteeship", icon: "safe", perms: "bt:dashboard:view",
      },
      {
        key: "bt-dashboard-member", name: "会员统计", enName: "Member statistics", type: 1,
        url: "/bt/dashboard/member", componentUrl: "bt/dashboard/member/index", routeName: "bt-dashboard-member", icon: "users", perms: "bt:dashboard:view",
      },
      {
        key: "bt-dashboard-enterprise", name: "企业信息", enName: "Enterprise info", type: 1,
        url: "/bt/dashboard/enterprise", componentUrl: "bt/dashboard/enterprise/index", routeName: "bt-dashboard-enterprise", icon: "building", perms: "bt:dashboard:view",
      },
      {
        key: "bt-dashboard-peers", name: "同行对比", enName: "Peers", type: 1,
        url: "/bt/dashboard/peers", componentUrl: "bt/dashboard/peers/index", routeName: "bt-dashboard-peers", icon: "users-group", perms: "bt:dashboard:view",
      },
      {
        key: "bt-dashboard-institutions", name: "服务机构", enName: "Institutions", type: 1,
        url: "/bt/dashboard/institutions", componentUrl: "bt/dashboard/institutions/index", routeName: "bt-dashboard-institutions", icon: "building-bank", perms: "bt:dashboard:view",
      },
      {
        key: "bt-dashboard-map", name: "区域地图", enName: "Map", type: 1,
        url: "/bt/dashboard/map", componentUrl: "bt/dashboard/map/index", routeName: "bt-dashboard-map", icon: "map", perms: "bt:dashboard:view",
      },
      // external page: becomes an iframe route named i-<menu id>
      { key: "dashboard-govcn", name: "中国政府网", enName: "Gov.cn portal", type: 1, url: "https://www.gov.cn/", routeName: "dashboard-govcn", icon: "world" },
    ],
  },
  // ---- Reports (section 7 Reports)
  {
    key: "report", name: "报表", enName: "Reports", type: 0, icon: "report-analytics",
    children: [
      {
        key: "report-design", name: "报表设计", enName: "Report design", type: 1,
        url: "/report/design", componentUrl: "report/design/index", routeName: "report-design", icon: "pencil",
        perms: "report:model:list,report:model:info,report:model:save,report:model:update,report:model:delete,report:model:publish",
      },
      {
        key: "report-view", name: "报表查看", enName: "Report view", type: 1,
        url: "/report/view", componentUrl: "report/view/index", routeName: "report-view", icon: "eye",
        perms: "report:reportfile:list,report:reportfile:info,report:reportfile:save,report:reportfile:update,report:reportfile:delete,report:reportfile:publish,report:reportfile:revoke",
      },
    ],
  },
  // ---- Synchronised data lists (section 7 /syn; each has the standard set plus POST /syn/{name}/run)
  {
    key: "syn", name: "同步数据", enName: "Synchronised data", type: 0, icon: "refresh",
    children: [
      {
        key: "syn-synjuddoclist", name: "裁判文书", enName: "Judgment documents", type: 1,
        url: "/syn/synjuddoclist", componentUrl: "syn/synjuddoclist/index", routeName: "syn-synjuddoclist", icon: "table",
        perms: "syn:synjuddoclist:list,syn:synjuddoclist:info,syn:synjuddoclist:save,syn:synjuddoclist:update,syn:synjuddoclist:delete,syn:synjuddoclist:run",
      },
      {
        key: "syn-synbankruptcylist", name: "破产信息", enName: "Bankruptcy information", type: 1,
        url: "/syn/synbankruptcylist", componentUrl: "syn/synbankruptcylist/index", routeName: "syn-synbankruptcylist", icon: "table",
        perms: "syn:synbankruptcylist:list,syn:synbankruptcylist:info,syn:synbankruptcylist:save,syn:synbankruptcylist:update,syn:synbankruptcylist:delete,syn:synbankruptcylist:run",
      },
      {
        key: "syn-syndisrysxbzxlist", name: "失信被执行人", enName: "Dishonest judgment debtors", type: 1,
        url: "/syn/syndisrysxbzxlist", componentUrl: "syn/syndisrysxbzxlist/index", routeName: "syn-syndisrysxbzxlist", icon: "table",
        perms: "syn:syndisrysxbzxlist:list,syn:syndisrysxbzxlist:info,syn:syndisrysxbzxlist:save,syn:syndisrysxbzxlist:update,syn:syndisrysxbzxlist:delete,syn:syndisrysxbzxlist:run",
      },
      {
        key: "syn-synitemnamelist", name: "事项名录", enName: "Item names", type: 1,
        url: "/syn/synitemnamelist", componentUrl: "syn/synitemnamelist/index", routeName: "syn-synitemnamelist", icon: "table",
        perms: "syn:synitemnamelist:list,syn:synitemnamelist:info,syn:synitemnamelist:save,syn:synitemnamelist:update,syn:synitemnamelist:delete,syn:synitemnamelist:run",
      },
      {
        key: "syn-synendcaselist", name: "终本案件", enName: "Terminated enforcement cases", type: 1,
        url: "/syn/synendcaselist", componentUrl: "syn/synendcaselist/index", routeName: "syn-synendcaselist", icon: "table",
        perms: "syn:synendcaselist:list,syn:synendcaselist:info,syn:synendcaselist:save,syn:synendcaselist:update,syn:synendcaselist:delete,syn:synendcaselist:run",
      },
      {
        key: "syn-synfinalbeflist", name: "最终受益人", enName: "Final beneficiaries", type: 1,
        url: "/syn/synfinalbeflist", componentUrl: "syn/synfinalbeflist/index", routeName: "syn-synfinalbeflist", icon: "table",
        perms: "syn:synfinalbeflist:list,syn:synfinalbeflist:info,syn:synfinalbeflist:save,syn:synfinalbeflist:update,syn:synfinalbeflist:delete,syn:synfinalbeflist:run",
      },
      {
        key: "syn-syncaseinfodjgs", name: "案件登记公示", enName: "Case registration notices", type: 1,
        url: "/syn/syncaseinfodjgs", componentUrl: "syn/syncaseinfodjgs/index", routeName: "syn-syncaseinfodjgs", icon: "table",
        perms: "syn:syncaseinfodjgs:list,syn:syncaseinfodjgs:info,syn:syncaseinfodjgs:save,syn:syncaseinfodjgs:update,syn:syncaseinfodjgs:delete,syn:syncaseinfodjgs:run",
      },
      {
        key: "syn-synxzgxfstafflist", name: "限制高消费人员", enName: "High-consumption restricted persons", type: 1,
        url: "/syn/synxzgxfstafflist", componentUrl: "syn/synxzgxfstafflist/index", routeName: "syn-synxzgxfstafflist", icon: "table",
        perms: "syn:synxzgxfstafflist:list,syn:synxzgxfstafflist:info,syn:synxzgxfstafflist:save,syn:synxzgxfstafflist:update,syn:synxzgxfstafflist:delete,syn:synxzgxfstafflist:run",
      },
      {
        key: "syn-synalterlist", name: "变更信息", enName: "Change records", type: 1,
        url: "/syn/synalterlist", componentUrl: "syn/synalterlist/index", routeName: "syn-synalterlist", icon: "table",
        perms: "syn:synalterlist:list,syn:synalterlist:info,syn:synalterlist:save,syn:synalterlist:update,syn:synalterlist:delete,syn:synalterlist:run",
      },
      {
        key: "syn-synryposshalist", name: "法定代表人对外投资", enName: "Legal representative shareholdings", type: 1,
        url: "/syn/synryposshalist", componentUrl: "syn/synryposshalist/index", routeName: "syn-synryposshalist", icon: "table",
        perms: "syn:synryposshalist:list,syn:synryposshalist:info,syn:synryposshalist:save,syn:synryposshalist:update,syn:synryposshalist:delete,syn:synryposshalist:run",
      },
      {
        key: "syn-resultlist", name: "同步结果", enName: "Sync results", type: 1,
        url: "/syn/resultlist", componentUrl: "syn/resultlist/index", routeName: "syn-resultlist", icon: "table",
        perms: "syn:resultlist:list,syn:resultlist:info,syn:resultlist:save,syn:resultlist:update,syn:resultlist:delete,syn:resultlist:run",
      },
      {
        key: "syn-syndetaillist", name: "明细信息", enName: "Detail records", type: 1,
        url: "/syn/syndetaillist", componentUrl: "syn/syndetaillist/index", routeName: "syn-syndetaillist", icon: "table",
        perms: "syn:syndetaillist:list,syn:syndetaillist:info,syn:syndetaillist:save,syn:syndetaillist:update,syn:syndetaillist:delete,syn:syndetaillist:run",
      },
      {
        key: "syn-syndkgsresults", name: "地块公示", enName: "Land parcel notices", type: 1,
        url: "/syn/syndkgsresults", componentUrl: "syn/syndkgsresults/index", routeName: "syn-syndkgsresults", icon: "table",
        perms: "syn:syndkgsresults:list,syn:syndkgsresults:info,syn:syndkgsresults:save,syn:syndkgsresults:update,syn:syndkgsresults:delete,syn:syndkgsresults:run",
      },
      {
        key: "syn-syndishonestsxbzx", name: "失信被执行企业", enName: "Dishonest debtor enterprises", type: 1,
        url: "/syn/syndishonestsxbzx", componentUrl: "syn/syndishonestsxbzx/index", routeName: "syn-syndishonestsxbzx", icon: "table",
        perms: "syn:syndishonestsxbzx:list,syn:syndishonestsxbzx:info,syn:syndishonestsxbzx:save,syn:syndishonestsxbzx:update,syn:syndishonestsxbzx:delete,syn:syndishonestsxbzx:run",
      },
      {
        key: "syn-syndissxbzxrlist", name: "失信被执行人名单", enName: "Dishonest debtor list", type: 1,
        url: "/syn/syndissxbzxrlist", componentUrl: "syn/syndissxbzxrlist/index", routeName: "syn-syndissxbzxrlist", icon: "table",
        perms: "syn:syndissxbzxrlist:list,syn:syndissxbzxrlist:info,syn:syndissxbzxrlist:save,syn:syndissxbzxrlist:update,syn:syndissxbzxrlist:delete,syn:syndissxbzxrlist:run",
      },
      {
        key: "syn-synaucannolist", name: "司法拍卖公告", enName: "Judicial auction announcements", type: 1,
        url: "/syn/synaucannolist", componentUrl: "syn/synaucannolist/index", routeName: "syn-synaucannolist", icon: "table",
        perms: "syn:synaucannolist:list,syn:synaucannolist:info,syn:synaucannolist:save,syn:synaucannolist:update,syn:synaucannolist:delete,syn:synaucannolist:run",
      },
      {
        key: "syn-synlinkbeneficial", name: "受益所有人", enName: "Beneficial owners", type: 1,
        url: "/syn/synlinkbeneficial", componentUrl: "syn/synlinkbeneficial/index", routeName: "syn-synlinkbeneficial", icon: "table",
        perms: "syn:synlinkbeneficial:list,syn:synlinkbeneficial:info,syn:synlinkbeneficial:save,syn:synlinkbeneficial:update,syn:synlinkbeneficial:delete,syn:synlinkbeneficial:run",
      },
      {
        key: "syn-synperformerlist", name: "被执行人", enName: "Judgment debtors", type: 1,
        url: "/syn/synperformerlist", componentUrl: "syn/synperformerlist/index", routeName: "syn-synperformerlist", icon: "table",
        perms: "syn:synperformerlist:list,syn:synperformerlist:info,syn:synperformerlist:save,syn:synperformerlist:update,syn:synperformerlist:delete,syn:synperformerlist:run",
      },
      {
        key: "syn-synbasicinformationlist", name: "企业基本信息", enName: "Enterprise basic information", type: 1,
        url: "/syn/synbasicinformationlist", componentUrl: "syn/synbasicinformationlist/index", routeName: "syn-synbasicinformationlist", icon: "table",
        perms: "syn:synbasicinformationlist:list,syn:synbasicinformationlist:info,syn:synbasicinformationlist:save,syn:synbasicinformationlist:update,syn:synbasicinformationlist:delete,syn:synbasicinformationlist:run",
      },
      {
        key: "syn-syndetaillistlicense", name: "行政许可明细", enName: "Licence details", type: 1,
        url: "/syn/syndetaillistlicense", componentUrl: "syn/syndetaillistlicense/index", routeName: "syn-syndetaillistlicense", icon: "table",
        perms: "syn:syndetaillistlicense:list,syn:syndetaillistlicense:info,syn:syndetaillistlicense:save,syn:syndetaillistlicense:update,syn:syndetaillistlicense:delete,syn:syndetaillistlicense:run",
      },
      {
        key: "syn-syndetaillistjudicial", name: "司法协助明细", enName: "Judicial assistance details", type: 1,
        url: "/syn/syndetaillistjudicial", componentUrl: "syn/syndetaillistjudicial/index", routeName: "syn-syndetaillistjudicial", icon: "table",
        perms: "syn:syndetaillistjudicial:list,syn:syndetaillistjudicial:info,syn:syndetaillistjudicial:save,syn:syndetaillistjudicial:update,syn:syndetaillistjudicial:delete,syn:syndetaillistjudicial:run",
      },
      {
        key: "syn-syndetaillistpenalty", name: "行政处罚明细", enName: "Administrative penalty details", type: 1,
        url: "/syn/syndetaillistpenalty", componentUrl: "syn/syndetaillistpenalty/index", routeName: "syn-syndetaillistpenalty", icon: "table",
        perms: "syn:syndetaillistpenalty:list,syn:syndetaillistpenalty:info,syn:syndetaillistpenalty:save,syn:syndetaillistpenalty:update,syn:syndetaillistpenalty:delete,syn:syndetaillistpenalty:run",
      },
      {
        key: "syn-synpatentslist", name: "专利信息", enName: "Patents", type: 1,
        url: "/syn/synpatentslist", componentUrl: "syn/synpatentslist/index", routeName: "syn-synpatentslist", icon: "table",
        perms: "syn:synpatentslist:list,syn:synpatentslist:info,syn:synpatentslist:save,syn:synpatentslist:update,syn:synpatentslist:delete,syn:synpatentslist:run",
      },
      {
        key: "syn-synfiliationlist", name: "分支机构", enName: "Branches", type: 1,
        url: "/syn/synfiliationlist", componentUrl: "syn/synfiliationlist/index", routeName: "syn-synfiliationlist", icon: "table",
        perms: "syn:synfiliationlist:list,syn:synfiliationlist:info,syn:synfiliationlist:save,syn:synfiliationlist:update,syn:synfiliationlist:delete,syn:synfiliationlist:run",
      },
      {
        key: "syn-synentlabelinfo", name: "企业标签", enName: "Enterprise labels", type: 1,
        url: "/syn/synentlabelinfo", componentUrl: "syn/synentlabelinfo/index", routeName: "syn-synentlabelinfo", icon: "table",
        perms: "syn:synentlabelinfo:list,syn:synentlabelinfo:info,syn:synentlabelinfo:save,syn:synentlabelinfo:update,syn:synentlabelinfo:delete,syn:synentlabelinfo:run",
      },
      {
        key: "syn-synentinvitemlist", name: "对外投资", enName: "Outbound investments", type: 1,
        url: "/syn/synentinvitemlist", componentUrl: "syn/synentinvitemlist/index", routeName: "syn-synentinvitemlist", icon: "table",
        perms: "syn:synentinvitemlist:list,syn:synentinvitemlist:info,syn:synentinvitemlist:save,syn:synentinvitemlist:update,syn:synentinvitemlist:delete,syn:synentinvitemlist:run",
      },
      {
        key: "syn-synxzgxflist", name: "限制高消费", enName: "High-consumption restrictions", type: 1,
        url: "/syn/synxzgxflist", componentUrl: "syn/synxzgxflist/index", routeName: "syn-synxzgxflist", icon: "table",
        perms: "syn:synxzgxflist:list,syn:synxzgxflist:info,syn:synxzgxflist:save,syn:synxzgxflist:update,syn:synxzgxflist:delete,syn:synxzgxflist:run",
      },
      {
        key: "syn-synqyxzgxfdetails", name: "企业限制高消费明细", enName: "Enterprise high-consumption restriction details", type: 1,
        url: "/syn/synqyxzgxfdetails", componentUrl: "syn/synqyxzgxfdetails/index", routeName: "syn-synqyxzgxfdetails", icon: "table",
        perms: "syn:synqyxzgxfdetails:list,syn:synqyxzgxfdetails:info,syn:synqyxzgxfdetails:save,syn:synqyxzgxfdetails:update,syn:synqyxzgxfdetails:delete,syn:synqyxzgxfdetails:run",
      },
      {
        key: "syn-synlosspromiselist", name: "失信记录", enName: "Broken-promise records", type: 1,
        url: "/syn/synlosspromiselist", componentUrl: "syn/synlosspromiselist/index", routeName: "syn-synlosspromiselist", icon: "table",
        perms: "syn:synlosspromiselist:list,syn:synlosspromiselist:info,syn:synlosspromiselist:save,syn:synlosspromiselist:update,syn:synlosspromiselist:delete,syn:synlosspromiselist:run",
      },
      {
        key: "syn-synryposperlist", name: "法定代表人对外任职", enName: "Legal representative positions", type: 1,
        url: "/syn/synryposperlist", componentUrl: "syn/synryposperlist/index", routeName: "syn-synryposperlist", icon: "table",
        perms: "syn:synryposperlist:list,syn:synryposperlist:info,syn:synryposperlist:save,syn:synryposperlist:update,syn:synryposperlist:delete,syn:synryposperlist:run",
      },
      {
        key: "syn-synswlist", name: "税务违法", enName: "Tax violations", type: 1,
        url: "/syn/synswlist", componentUrl: "syn/synswlist/index", routeName: "syn-synswlist", icon: "table",
        perms: "syn:synswlist:list,syn:synswlist:info,syn:synswlist:save,syn:synswlist:update,syn:synswlist:delete,syn:synswlist:run",
      },
      {
        key: "syn-syndnoticelist", name: "送达公告", enName: "Service-of-process notices", type: 1,
        url: "/syn/syndnoticelist", componentUrl: "syn/syndnoticelist/index", routeName: "syn-syndnoticelist", icon: "table",
        perms: "syn:syndnoticelist:list,syn:syndnoticelist:info,syn:syndnoticelist:save,syn:syndnoticelist:update,syn:syndnoticelist:delete,syn:syndnoticelist:run",
      },
      {
        key: "syn-synothcourtannolist", name: "法院公告", enName: "Court announcements", type: 1,
        url: "/syn/synothcourtannolist", componentUrl: "syn/synothcourtannolist/index", routeName: "syn-synothcourtannolist", icon: "table",
        perms: "syn:synothcourtannolist:list,syn:synothcourtannolist:info,syn:synothcourtannolist:save,syn:synothcourtannolist:update,syn:synothcourtannolist:delete,syn:synothcourtannolist:run",
      },
      {
        key: "syn-syntdgyresults", name: "土地供应", enName: "Land supply", type: 1,
        url: "/syn/syntdgyresults", componentUrl: "syn/syntdgyresults/index", routeName: "syn-syntdgyresults", icon: "table",
        perms: "syn:syntdgyresults:list,syn:syntdgyresults:info,syn:syntdgyresults:save,syn:syntdgyresults:update,syn:syntdgyresults:delete,syn:syntdgyresults:run",
      },
      {
        key: "syn-syntdcrresults", name: "土地出让", enName: "Land transfers", type: 1,
        url: "/syn/syntdcrresults", componentUrl: "syn/syntdcrresults/index", routeName: "syn-syntdcrresults", icon: "table",
        perms: "syn:syntdcrresults:list,syn:syntdcrresults:info,syn:syntdcrresults:save,syn:syntdcrresults:update,syn:syntdcrresults:delete,syn:syntdcrresults:run",
      },
      {
        key: "syn-syntddyresults", name: "土地抵押", enName: "Land mortgages", type: 1,
        url: "/syn/syntddyresults", componentUrl: "syn/syntddyresults/index", routeName: "syn-syntddyresults", icon: "table",
        perms: "syn:syntddyresults:list,syn:syntddyresults:info,syn:syntddyresults:save,syn:syntddyresults:update,syn:syntddyresults:delete,syn:syntddyresults:run",
      },
      {
        key: "syn-synequlityprocessresult", name: "股权出质办理结果", enName: "Equity pledge processing results", type: 1,
        url: "/syn/synequlityprocessresult", componentUrl: "syn/synequlityprocessresult/index", routeName: "syn-synequlityprocessresult", icon: "table",
        perms: "syn:synequlityprocessresult:list,syn:synequlityprocessresult:info,syn:synequlityprocessresult:save,syn:synequlityprocessresult:update,syn:synequlityprocessresult:delete,syn:synequlityprocessresult:run",
      },
    ],
  },
  // ---- App (section 2 app family)
  {
    key: "app", name: "App", enName: "App", type: 0, icon: "device-mobile",
    children: [
      {
        key: "app-activity", name: "App活动", enName: "App activities", type: 1,
        url: "/app/activity", componentUrl: "app/activity/index", routeName: "app-activity", icon: "calendar-event",
        perms: "common:serviceactivity:list,common:serviceactivity:info,common:serviceactivity:save,common:serviceactivity:update,common:serviceactivity:delete,common:serviceactivity:publish,common:serviceactivity:revoke",
      },
      {
        key: "app-homeconfig", name: "首页配置", enName: "Home configuration", type: 1,
        url: "/app/homeconfig", componentUrl: "app/homeconfig/index", routeName: "app-homeconfig", icon: "home-cog",
        perms: "common:appinfo:list,common:appinfo:info,common:appinfo:save,common:appinfo:update,common:appinfo:delete",
      },
      {
        key: "app-image", name: "图片管理", enName: "Images", type: 1,
        url: "/app/image", componentUrl: "app/image/index", routeName: "app-image", icon: "photo",
        perms: "common:image:list,common:image:info,common:image:save,common:image:update,common:image:delete",
      },
    ],
  },
];
