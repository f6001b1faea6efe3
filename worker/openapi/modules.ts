/**
 * The API document's modules: one document per worker module, so /api/docs loads only the module a reader
 * opens instead of every route at once. An own route belongs to the module that registered it; a route
 * of the record engine belongs to its family's module (the family groups of events/families, else the
 * module its path's first segment names). Module names are the worker modules' (worker/modules.ts).
 *
 * @example
 * moduleOf(route, families); // "sys" for GET /sys/sysdict/list, "casework" for GET /common/evaluationmodel/list
 */
import type { Family } from "../../events/family.ts";
import type { Text } from "../../events/i18n.ts";
import { l } from "../../events/family.ts";
import { caseworkFamilies } from "../../events/families/casework.ts";
import { enterpriseFamilies } from "../../events/families/enterprise.ts";
import { formFamilies } from "../../events/families/forms.ts";
import { member, post } from "../../events/families/org.ts";
import { serviceFamilies } from "../../events/families/services.ts";
import { synFamilies } from "../../events/families/syn-lists.ts";
import type { RouteSpec } from "../http/routes.ts";

/** The module that owns families outside a group: by the first segment of their path. */
const bySegment: Record<string, string> = { sys: "sys", file: "files", flowable: "flow", msg: "msg", syn: "sync", datamodel: "datamodel", form: "forms", report: "reports", webhooks: "webhooks", job: "jobs" };

let groups: Map<Family, string> | undefined;
const familyGroups = () =>
  (groups ??= new Map<Family, string>([
    ...(enterpriseFamilies as unknown as Family[]).map((f) => [f, "enterprise"] as const),
    ...(serviceFamilies as unknown as Family[]).map((f) => [f, "services"] as const),
    ...(caseworkFamilies as unknown as Family[]).map((f) => [f, "casework"] as const),
    ...synFamilies.map((f) => [f, "sync"] as const),
    // forms live under /datamodel/form but are the forms module's
    ...(formFamilies as unknown as Family[]).map((f) => [f, "forms"] as const),
    // the organisation's posts and members live under /common but are the system's
    ...([post, member] as unknown as Family[]).map((f) => [f, "sys"] as const),
  ]));

/** The family a route serves: the one its doc names, else the one whose path it extends most closely (/datamodel/form before /datamodel). */
export function familyOf(route: RouteSpec, families: Family[]): Family | undefined {
  if (route.doc?.family) return route.doc.family;
  let found: Family | undefined;
  for (const f of families) if (route.path.startsWith(`${f.path}/`) && f.path.length > (found?.path.length ?? 0)) found = f;
  return found;
}

const familyModule = (family: Family) => {
  const segment = family.path.split("/")[1] ?? "";
  return familyGroups().get(family) ?? bySegment[segment] ?? segment;
};

/** The document module of a route. */
export function moduleOf(route: RouteSpec, families: Family[]): string {
  if (route.module && route.module !== "records") return route.module;
  const family = familyOf(route, families);
  if (family) return familyModule(family);
  return route.path.split("/")[1] || "api";
}

/** Module names as the document index and /api/docs show them; an unknown module shows its name. */
export const moduleTitles: Record<string, Text> = {
  auth: l("登录与会话", "Sign-in and sessions"),
  sys: l("系统管理", "System"),
  files: l("文件", "Files"),
  openapi: l("API 文档", "API document"),
  flow: l("流程", "Workflow"),
  msg: l("消息中心", "Message centre"),
  services: l("企业服务", "Enterprise services"),
  enterprise: l("企业信息", "Enterprise information"),
  casework: l("评价、走访、任务与项目", "Evaluation, visits, tasks and projects"),
  datamodel: l("数据模型", "Data models"),
  reports: l("报表", "Reports"),
  forms: l("表单", "Forms"),
  webhooks: l("Webhook 接入", "Webhooks"),
  jobs: l("定时任务", "Scheduled jobs"),
  sync: l("数据同步", "Data sync"),
  policy: l("政策匹配", "Policy matching"),
  gateway: l("网关", "Gateway"),
  credit: l("信用查询", "Credit query"),
};
