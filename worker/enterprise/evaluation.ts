/**
 * Plain reads and edits of the evaluation and organisation families that the spec names beyond the
 * standard set (spec §7): the read-model tables and columns a metric may read, lists without paging, a
 * paper's questions, `edit` as the spec's name for update, and the organisation units as a tree.
 * Scoring itself is a later issue.
 */
import * as z from "zod";
import type { Context } from "hono";
import { l, type Family } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import type { RouteTable } from "../http/routes.ts";
import type { AppEnv } from "../http/env.ts";
import { ok, readJson } from "../http/envelope.ts";
import { runCommand } from "../http/command.ts";
import { codes, notFound } from "../errors.ts";
import { findById, findByIds, listAll, parseListQuery } from "../resources/query.ts";
import { newUpdate, withoutManaged } from "../resources/commands.ts";
import { requireParam } from "../resources/validate.ts";
import { creditCodeFamilies, familyNamed, hasField, names } from "./families.ts";
import { noPageCap } from "./services.ts";
import { lazySchema } from "../../events/lazy.ts";

const idSchema = lazySchema(() => z.string().min(1).max(64));
const summary = (family: Family, zh: string, en: string) => l(`${family.label["zh-CN"]}：${zh}`, `${family.label["en-US"]}: ${en}`);
const tableInfo = lazySchema(() => z.object({ table: z.string(), family: z.string(), label: z.string() }));
const columnInfo = lazySchema(() => z.object({ key: z.string(), column: z.string(), label: z.string(), kind: z.string(), dict: z.string().nullable() }));

/** Tables a metric may read: the read models of the enterprise-scoped families. */
const readableFamilies = () => creditCodeFamilies();

function allList(routes: RouteTable, family: Family | undefined, verb: string) {
  if (!family) return;
  routes.get(`${family.path}/${verb}`, family.tags.list, async (c) => ok(c, await listAll(c.env.DB, family, parseListQuery(family, c.req.query()), noPageCap), "fetched"), {
    doc: { summary: summary(family, "全部（不分页）", "all, without paging"), family, verb: "listAll" },
  });
}

/** `edit` = update of the standard set: a partial record with its id, unversioned or with `version`. */
function editRoute(routes: RouteTable, family: Family | undefined) {
  if (!family) return;
  routes.post(`${family.path}/edit`, family.tags.update, async (c: Context<AppEnv>) => {
    const body = withoutManaged(family, await readJson<Record<string, unknown>>(c));
    const id = requireParam(body?.[family.idKey], idSchema, family.idKey, family.label);
    const version = body.version === undefined || body.version === null || body.version === "" ? undefined : Number(body.version);
    return runCommand(c, async () => {
      const write = await newUpdate(c.env.DB, family, id, body, Number.isInteger(version) ? version : undefined);
      return { writes: [write], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { [family.idKey]: id, version: write.head.version + write.events.length } } };
    }, { retries: version === undefined ? 10 : 0 });
  }, { doc: { summary: summary(family, "修改", "edit"), family, verb: "update" } });
}

interface TreeNode extends Record<string, unknown> {
  children: TreeNode[];
}

/** Nodes with their children nested, roots first (a node whose parent is missing counts as a root). */
function nest(rows: Record<string, unknown>[], parentKey: string): TreeNode[] {
  const nodes = new Map(rows.map((r) => [r.id as string, { ...r, value: r.id, label: r.name, children: [] as TreeNode[] } as TreeNode]));
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node[parentKey] ? nodes.get(node[parentKey] as string) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export function evaluationRoutes(routes: RouteTable) {
  const metric = familyNamed(names.metric);
  if (metric) {
    routes
      .get(`${metric.path}/tableList`, metric.tags.list, async (c) => {
        const lang = c.get("lang");
        return ok(c, readableFamilies().map((f) => ({ table: f.table, family: f.name, label: f.label[lang] })), "fetched");
      }, { doc: { summary: summary(metric, "可取数的数据表", "tables a metric may read"), family: metric, response: z.array(tableInfo) } })
      .get(`${metric.path}/tableColumnList/:id`, metric.tags.list, async (c) => {
        const lang = c.get("lang");
        const id = requireParam(c.req.param("id"), idSchema, "id", l("数据表", "Table"));
        const family = readableFamilies().find((f) => f.table === id || f.name === id);
        if (!family) throw notFound(l("数据表", "Table"));
        return ok(c, Object.entries(family.fields).filter(([, f]) => !f.secret).map(([key, f]) => ({ key, column: family.column[key], label: f.label[lang], kind: f.kind, dict: f.dict ?? null })), "fetched");
      }, { doc: { summary: summary(metric, "数据表的字段", "columns of a table"), family: metric, response: z.array(columnInfo) } });
    allList(routes, metric, "allList");
  }
  allList(routes, familyNamed(names.variable), "allList");
  const question = familyNamed(names.question);
  const paper = familyNamed(names.paper);
  if (question) {
    // a paper's questions in its order; an id that is no paper selects a metric's questions
    routes.get(`${question.path}/select/:id`, question.tags.list, async (c) => {
      const id = requireParam(c.req.param("id"), idSchema, "id", question.label);
      const owner = paper ? await findById(c.env.DB, paper, id) : null;
      const ids = Array.isArray(owner?.questionIds) ? (owner.questionIds as string[]).slice(0, noPageCap) : null;
      if (ids) {
        const found = new Map((await findByIds(c.env.DB, question, ids)).map((q) => [q.id as string, q]));
        return ok(c, ids.flatMap((q) => (found.has(q) ? [found.get(q)!] : [])), "fetched");
      }
      if (!hasField(question, "metricId")) return ok(c, [], "fetched");
      const q = parseListQuery(question, {});
      return ok(c, await listAll(c.env.DB, question, { ...q, filters: [{ key: "metricId", op: "eq", value: id }] }, noPageCap), "fetched");
    }, { doc: { summary: summary(question, "问卷（或指标）的题目", "the questions of a paper (or a metric)"), family: question } });
  }
  editRoute(routes, paper);
  editRoute(routes, familyNamed(names.result));
  const unit = familyNamed(names.orgUnit);
  if (unit) {
    const parentKey = unit.parentKey ?? "parentId";
    routes.get(`${unit.path}/departmentTree`, unit.tags.list, async (c) => ok(c, nest(await listAll(c.env.DB, unit, parseListQuery(unit, {}), 2000), parentKey), "fetched"), {
      doc: { summary: summary(unit, "组织单元树", "the units as a tree"), family: unit },
    });
    allList(routes, unit, "getLists");
    allList(routes, unit, "alllist");
  }
}
