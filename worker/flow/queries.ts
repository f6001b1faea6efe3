/**
 * The per-user lists (todo, finished, my initiations, copies) and the monitor's lists, each one statement
 * for the page and one for the total, paged by page/limit or by a keyset cursor (`createTime,taskId`):
 * never a query per row. Whether a todo row can be batch-approved comes from its deployment's compiled
 * model (cached per isolate), not from the database.
 */
import type { FlowActor } from "./engine/types.ts";
import { deploymentsByIds } from "./repository.ts";
import { businessLabel } from "./business.ts";
import { containsPattern, parsePaging } from "../http/input.ts";
import type { Lang } from "../../events/i18n.ts";
import { actionName } from "./record-names.ts";

type Bind = string | number | null;

/** Inbox keys of a user: themselves and each role they hold. */
export const inboxKeys = (actor: FlowActor) => [`u:${actor.id}`, ...actor.roleIds.map((r) => `g:${r}`)];

export interface ListFilters {
  page?: string;
  limit?: string;
  name?: string;
  procDefKey?: string;
  beginTime?: string;
  endTime?: string;
  cursor?: string;
  procInsId?: string;
}

/** Conditions on a list's name/key/time columns; `time` is the column the start/end filters bound. */
function filtersOf(f: ListFilters, cols: { name: string[]; key: string; time: string }) {
  const where: string[] = [];
  const params: Bind[] = [];
  if (f.name) (where.push(`(${cols.name.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(" OR ")})`), params.push(...cols.name.map(() => containsPattern(f.name!))));
  if (f.procDefKey) (where.push(`${cols.key} = ?`), params.push(f.procDefKey));
  if (f.beginTime) (where.push(`${cols.time} >= ?`), params.push(f.beginTime));
  if (f.endTime) (where.push(`${cols.time} <= ?`), params.push(f.endTime.length === 10 ? `${f.endTime} 23:59:59` : f.endTime));
  return { where, params };
}

/** A keyset cursor `time,id` → condition for rows after it in descending order. */
function cursorOf(f: ListFilters, time: string, id: string) {
  if (!f.cursor) return null;
  const comma = f.cursor.lastIndexOf(",");
  if (comma < 0) return null;
  return { sql: `(${time}, ${id}) < (?, ?)`, params: [f.cursor.slice(0, comma), f.cursor.slice(comma + 1)] as Bind[] };
}

async function pageOf(db: D1Database, from: string, where: string[], params: Bind[], select: string, order: string, f: ListFilters, cursor: { sql: string; params: Bind[] } | null) {
  const { limit, offset } = parsePaging({ ...f }, 100);
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const pageWhere = cursor ? `WHERE ${[...where, cursor.sql].join(" AND ")}` : whereSql;
  const [count, rows] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n FROM ${from} ${whereSql}`).bind(...params),
    db.prepare(`SELECT ${select} FROM ${from} ${pageWhere} ORDER BY ${order} LIMIT ? OFFSET ?`).bind(...params, ...(cursor?.params ?? []), limit, cursor ? 0 : offset),
  ]);
  return { total: (count!.results[0] as { n: number }).n, rows: rows!.results as Record<string, unknown>[] };
}

/** Who handles an open task `t`: its assignee, else everyone it is offered to (users, then roles), by name. */
const handlerSql =
  "COALESCE(t.assignee_name, (SELECT group_concat(json_extract(j.value, '$.name'), ', ') FROM (SELECT value FROM json_each(t.candidate_users) UNION ALL SELECT value FROM json_each(t.candidate_groups)) j))";

/** What the instance `i` is about: its business key, applicant and title (InstanceAbout); `businessName` is added by `withBusiness`. */
const aboutSelect = "i.business_key AS businessKey, i.applicant, i.subject";

/** Each row's business key named as its kind of record (融资申请) in `lang`. */
const withBusiness = <R extends Record<string, unknown>>(rows: R[], lang: Lang) => rows.map((r) => ({ ...r, businessName: businessLabel(r.businessKey as string | null, lang) }));

const taskSelect =
  "t.task_id AS taskId, t.name AS taskName, t.node_key AS taskDefKey, t.proc_ins_id AS procInsId, t.proc_def_name AS procDefName, t.proc_def_key AS procDefKey, " +
  `t.start_user_name AS startUserName, t.create_time AS createTime, ${handlerSql} AS assigneeName, t.state, t.deploy_id AS deployId, ${aboutSelect}`;

/** Inbox keys a todo query reads at most (the user and their roles; D1 binds at most 100 parameters). */
const maxKeys = 80;

/**
 * My open tasks: assigned to me, or offered to me or one of my roles. Each inbox key is read off its index
 * in order (who, createTime, taskId) up to the page's end, and the runs are merged with UNION, which also
 * counts a task offered twice (as a user and through a role) once: a page costs its rows, not the size of
 * the list. The unfiltered total comes from the per-key counters the projection keeps.
 */
export async function todoPage(db: D1Database, actor: FlowActor, f: ListFilters, lang: Lang) {
  const keys = inboxKeys(actor).slice(0, maxKeys);
  const { limit, offset } = parsePaging({ ...f }, 100);
  const cursor = cursorOf(f, "b.create_time", "b.task_id");
  // shared parameters by number: ?1 page end, ?2 limit, ?3 offset, then cursor, filters, and the keys last
  const params: Bind[] = [offset + limit, limit, cursor ? 0 : offset];
  const at = (value: Bind) => `?${params.push(value)}`;
  const conditions: string[] = [];
  const after = cursor ? `(b.create_time, b.task_id) < (${at(cursor.params[0]!)}, ${at(cursor.params[1]!)})` : null;
  const filtered = !!(f.name || f.procDefKey || f.beginTime || f.endTime || f.procInsId);
  if (f.name) {
    const p = at(containsPattern(f.name));
    conditions.push(`(t.name LIKE ${p} ESCAPE '\\' OR t.proc_def_name LIKE ${p} ESCAPE '\\')`);
  }
  if (f.procDefKey) conditions.push(`t.proc_def_key = ${at(f.procDefKey)}`);
  if (f.procInsId) conditions.push(`t.proc_ins_id = ${at(f.procInsId)}`);
  if (f.beginTime) conditions.push(`b.create_time >= ${at(f.beginTime)}`);
  if (f.endTime) conditions.push(`b.create_time <= ${at(f.endTime.length === 10 ? `${f.endTime} 23:59:59` : f.endTime)}`);
  const join = filtered ? " JOIN flow_task t ON t.task_id = b.task_id" : "";
  const run = (who: string, paged: boolean) =>
    `SELECT * FROM (SELECT b.task_id, b.create_time FROM flow_inbox b${join} WHERE b.who = ${who}${[...conditions, ...(paged && after ? [after] : [])].map((c) => ` AND ${c}`).join("")}` +
    (paged ? " ORDER BY b.create_time DESC, b.task_id DESC LIMIT ?1" : "") +
    ")";
  const whos = keys.map((k) => at(k));
  const pageSql =
    `SELECT ${taskSelect} FROM (${whos.map((w) => run(w, true)).join(" UNION ")}) p JOIN flow_task t ON t.task_id = p.task_id LEFT JOIN flow_instance i ON i.proc_ins_id = t.proc_ins_id ` +
    "ORDER BY p.create_time DESC, p.task_id DESC LIMIT ?2 OFFSET ?3";
  const countSql = filtered
    ? `SELECT COUNT(*) AS n FROM (${whos.map((w) => run(w, false)).join(" UNION ")})`
    : `SELECT COALESCE(SUM(n), 0) AS n FROM flow_inbox_count WHERE who IN (${whos.join(", ")})`;
  // both statements bind the same numbered list: each refers to the numbers it needs, the last key is the highest
  const [rowsResult, countResult] = await db.batch([db.prepare(pageSql).bind(...params), db.prepare(countSql).bind(...params)]);
  const found = rowsResult!.results as Record<string, unknown>[];
  const deployments = await deploymentsByIds(db, found.map((r) => r.deployId as string).filter(Boolean));
  const rows = withBusiness(found, lang).map(({ deployId, ...r }) => {
    const node = deployments.get(deployId as string)?.model.nodes[r.taskDefKey as string];
    return { ...r, batchable: batchable(node?.policy?.formPerms) };
  });
  const last = found.at(-1);
  return { total: (countResult!.results[0] as { n: number }).n, rows, cursor: last ? `${last.createTime},${last.taskId}` : null };
}

/** A node that lets its approver edit a form field needs the form: no batch approval. */
export const batchable = (formPerms: Record<string, string> | undefined) => !Object.values(formPerms ?? {}).includes("edit");

export async function finishedPage(db: D1Database, actor: FlowActor, f: ListFilters, lang: Lang) {
  const { where, params } = filtersOf(f, { name: ["d.task_name", "d.proc_def_name"], key: "d.proc_def_key", time: "d.end_time" });
  const select =
    "d.task_id AS taskId, d.task_name AS taskName, d.task_def_key AS taskDefKey, d.proc_ins_id AS procInsId, d.proc_def_name AS procDefName, d.proc_def_key AS procDefKey, " +
    `d.start_user_name AS startUserName, d.create_time AS createTime, d.end_time AS endTime, d.outcome, d.comment, ${aboutSelect}`;
  const from = "flow_done d LEFT JOIN flow_instance i ON i.proc_ins_id = d.proc_ins_id";
  const result = await pageOf(db, from, ["d.user_id = ?", ...where], [actor.id, ...params], select, "d.end_time DESC, d.task_id DESC", f, cursorOf(f, "d.end_time", "d.task_id"));
  const last = result.rows.at(-1);
  return { total: result.total, rows: withBusiness(result.rows, lang), cursor: last ? `${last.endTime},${last.taskId}` : null };
}

const instanceSelect =
  "i.proc_ins_id AS procInsId, i.name AS procDefName, i.key AS procDefKey, i.version, i.deploy_id AS deployId, i.status, i.start_time AS startTime, i.end_time AS endTime, " +
  `i.initiator_id AS startUserId, i.initiator_name AS startUserName, ${aboutSelect}, ` +
  "(SELECT json_group_array(DISTINCT t.name) FROM flow_task t WHERE t.proc_ins_id = i.proc_ins_id) AS activeNodeNames, " +
  `(SELECT json_group_array(DISTINCT ${handlerSql}) FROM flow_task t WHERE t.proc_ins_id = i.proc_ins_id) AS currentAssignees`;

const parseLists = (rows: Record<string, unknown>[], lang: Lang) =>
  withBusiness(rows, lang).map((r) => ({ ...r, activeNodeNames: JSON.parse((r.activeNodeNames as string) ?? "[]") as string[], currentAssignees: (JSON.parse((r.currentAssignees as string) ?? "[]") as (string | null)[]).filter((n): n is string => !!n) }));

export async function myProcessPage(db: D1Database, actor: FlowActor, f: ListFilters & { status?: string }, lang: Lang) {
  const { where, params } = filtersOf(f, { name: ["i.name"], key: "i.key", time: "i.start_time" });
  if (f.status) (where.push("i.status = ?"), params.push(f.status));
  const result = await pageOf(db, "flow_instance i", ["i.initiator_id = ?", ...where], [actor.id, ...params], instanceSelect, "i.start_time DESC, i.proc_ins_id DESC", f, cursorOf(f, "i.start_time", "i.proc_ins_id"));
  type Row = { procInsId: string; deployId: string; status: string };
  const rows = parseLists(result.rows, lang) as unknown as (Row & Record<string, unknown>)[];
  const mine = await myPart(db, actor, rows);
  return { total: result.total, rows: rows.map((r) => ({ ...r, ...mine(r) })) };
}

/**
 * What the initiator may do with each instance of a page, in two statements for the whole page: my open task
 * there (`myTaskId`; `resubmit` when it is the initiator's task at the start, after a return), and whether it
 * can still be revoked (running, and nobody but the initiator or the system has approved anything — the
 * engine's own rule, read from the finished lists: a recalled approval no longer counts).
 */
async function myPart(db: D1Database, actor: FlowActor, rows: { procInsId: string; deployId: string; status: string }[]) {
  const ids = JSON.stringify(rows.map((r) => r.procInsId));
  const [tasks, approved] = rows.length
    ? await db.batch([
        db
          .prepare(
            "SELECT t.proc_ins_id AS procInsId, t.task_id AS taskId, t.node_key AS nodeKey FROM flow_task t JOIN flow_inbox b ON b.task_id = t.task_id " +
              "WHERE t.proc_ins_id IN (SELECT value FROM json_each(?1)) AND b.who IN (SELECT value FROM json_each(?2)) ORDER BY t.create_time, t.task_id",
          )
          .bind(ids, JSON.stringify(inboxKeys(actor))),
        db
          .prepare(
            "SELECT DISTINCT d.proc_ins_id AS procInsId FROM flow_done d JOIN flow_instance i ON i.proc_ins_id = d.proc_ins_id " +
              "WHERE d.proc_ins_id IN (SELECT value FROM json_each(?1)) AND d.outcome IN ('complete', 'auto') AND d.user_id NOT IN (i.initiator_id, 'system')",
          )
          .bind(ids),
      ])
    : [{ results: [] }, { results: [] }];
  const deployments = await deploymentsByIds(db, rows.map((r) => r.deployId).filter(Boolean));
  const open = new Map<string, { taskId: string; resubmit: boolean }>();
  for (const t of tasks!.results as { procInsId: string; taskId: string; nodeKey: string }[]) {
    const row = rows.find((r) => r.procInsId === t.procInsId);
    const resubmit = deployments.get(row?.deployId ?? "")?.model.startNode === t.nodeKey;
    // the initiator's own task (after a return) is the one to show; otherwise my first open task there
    if (!open.has(t.procInsId) || (resubmit && !open.get(t.procInsId)!.resubmit)) open.set(t.procInsId, { taskId: t.taskId, resubmit });
  }
  const acted = new Set((approved!.results as { procInsId: string }[]).map((r) => r.procInsId));
  return (r: { procInsId: string; status: string }) => ({
    myTaskId: open.get(r.procInsId)?.taskId ?? null,
    resubmit: open.get(r.procInsId)?.resubmit ?? false,
    revocable: r.status === "running" && !acted.has(r.procInsId),
  });
}

/** Every instance (monitor, instance admin): running ones only when `running`. */
export async function instancePage(db: D1Database, f: ListFilters & { status?: string }, lang: Lang, running = false) {
  const { where, params } = filtersOf(f, { name: ["i.name", "i.initiator_name"], key: "i.key", time: "i.start_time" });
  if (running) where.push("i.status IN ('running', 'suspended')");
  else if (f.status) (where.push("i.status = ?"), params.push(f.status));
  const result = await pageOf(db, "flow_instance i", where, params, instanceSelect, "i.start_time DESC, i.proc_ins_id DESC", f, cursorOf(f, "i.start_time", "i.proc_ins_id"));
  return { total: result.total, rows: parseLists(result.rows, lang) };
}

export async function ccPage(db: D1Database, actor: FlowActor, f: ListFilters) {
  const { where, params } = filtersOf(f, { name: ["c.proc_def_name"], key: "i.key", time: "c.create_time" });
  const select =
    "c.proc_ins_id AS procInsId, c.proc_def_name AS procDefName, i.key AS procDefKey, c.start_user_name AS startUserName, c.by_name AS byName, c.node_key AS nodeKey, c.comment, " +
    "c.create_time AS createTime, i.status, i.deploy_id AS deployId";
  return pageOf(db, "flow_cc c LEFT JOIN flow_instance i ON i.proc_ins_id = c.proc_ins_id", ["c.user_id = ?", ...where], [actor.id, ...params], select, "c.create_time DESC, c.proc_ins_id DESC", f, cursorOf(f, "c.create_time", "c.proc_ins_id"));
}

/** The monitor's task list (every open task, or one instance's). */
export async function monitorTaskPage(db: D1Database, f: ListFilters, lang: Lang) {
  const { where, params } = filtersOf(f, { name: ["t.name", "t.proc_def_name"], key: "t.proc_def_key", time: "t.create_time" });
  if (f.procInsId) (where.push("t.proc_ins_id = ?"), params.push(f.procInsId));
  const select =
    "t.task_id AS taskId, t.node_key AS taskDefKey, t.name AS taskName, t.proc_ins_id AS procInsId, t.proc_def_name AS procDefName, t.assignee_name AS assignee, t.assignee_id AS assigneeId, " +
    `t.candidate_users AS candidateUsers, t.candidate_groups AS candidateGroups, t.create_time AS createTime, t.state, ${aboutSelect}`;
  const from = "flow_task t LEFT JOIN flow_instance i ON i.proc_ins_id = t.proc_ins_id";
  const result = await pageOf(db, from, where, params, select, "t.create_time DESC, t.task_id DESC", f, cursorOf(f, "t.create_time", "t.task_id"));
  return { total: result.total, rows: withBusiness(result.rows, lang).map((r) => ({ ...r, candidateUsers: JSON.parse(r.candidateUsers as string), candidateGroups: JSON.parse(r.candidateGroups as string) })) };
}

export async function counts(db: D1Database, actor: FlowActor) {
  const [todo, done, initiated, cc] = await db.batch([
    db.prepare("SELECT COALESCE(SUM(n), 0) AS n FROM flow_inbox_count WHERE who IN (SELECT value FROM json_each(?))").bind(JSON.stringify(inboxKeys(actor))),
    db.prepare("SELECT COUNT(*) AS n FROM flow_done WHERE user_id = ?").bind(actor.id),
    db.prepare("SELECT COUNT(*) AS n FROM flow_instance WHERE initiator_id = ?").bind(actor.id),
    db.prepare("SELECT COUNT(*) AS n FROM flow_cc WHERE user_id = ?").bind(actor.id),
  ]);
  const n = (r: D1Result | undefined) => (r!.results[0] as { n: number }).n;
  return { todo: n(todo), done: n(done), initiated: n(initiated), cc: n(cc) };
}

/**
 * Whether a user may read an instance (its record, diagram, variables): the initiator, anyone who had or
 * has one of its tasks (or whose role has one), who got a copy, and process administrators.
 */
export async function mayRead(db: D1Database, actor: FlowActor, procInsId: string): Promise<boolean> {
  if (actor.monitor) return true;
  const row = await db
    .prepare(
      "SELECT EXISTS (SELECT 1 FROM flow_instance WHERE proc_ins_id = ?1 AND initiator_id = ?2) OR EXISTS (SELECT 1 FROM flow_done WHERE proc_ins_id = ?1 AND user_id = ?2) " +
        "OR EXISTS (SELECT 1 FROM flow_cc WHERE proc_ins_id = ?1 AND user_id = ?2) OR EXISTS (SELECT 1 FROM flow_record WHERE proc_ins_id = ?1 AND by_id = ?2) " +
        "OR EXISTS (SELECT 1 FROM flow_inbox b JOIN flow_task t ON t.task_id = b.task_id WHERE t.proc_ins_id = ?1 AND b.who IN (SELECT value FROM json_each(?3))) AS ok",
    )
    .bind(procInsId, actor.id, JSON.stringify(inboxKeys(actor)))
    .first<{ ok: number }>();
  return !!row?.ok;
}

// ── The flow record, models and deployments ─────────────────────────────────────

/**
 * The flow record of an instance in the order things were done: each row at the event that acted (a task's
 * row when it was completed, returned or cancelled; an action's row when it happened), open tasks last.
 * Each row carries its action code and the code's readable name in the request's language.
 */
export async function flowRecordOf(db: D1Database, procInsId: string, lang: Lang) {
  const { results } = await db
    .prepare(
      "SELECT task_id AS taskId, node_key AS nodeKey, node_name AS nodeName, action, by_id AS byId, by_name AS byName, assignee_name AS assigneeName, comment, start_time AS startTime, end_time AS endTime, duration_ms AS durationMs " +
        "FROM flow_record WHERE proc_ins_id = ? ORDER BY action_seq IS NULL, COALESCE(action_seq, seq), seq",
    )
    .bind(procInsId)
    .all<{ action: string }>();
  return results.map((r) => ({ ...r, actionName: actionName(r.action, lang) }));
}

/** A task that is gone, as its first flow-record row tells it (null for a task never recorded). */
export function recordedTask(db: D1Database, taskId: string) {
  return db
    .prepare("SELECT task_id AS taskId, node_key AS taskDefKey, node_name AS taskName, action, by_name AS byName, start_time AS createTime, end_time AS endTime FROM flow_record WHERE task_id = ? ORDER BY seq LIMIT 1")
    .bind(taskId)
    .first<{ taskId: string; taskDefKey: string | null; taskName: string | null; action: string; byName: string | null; createTime: string | null; endTime: string | null }>();
}

/** The comments made on a task, in the order of the flow record, each with its action's readable name. */
export async function taskComments(db: D1Database, taskId: string, lang: Lang) {
  const { results } = await db
    .prepare(
      "SELECT task_id AS taskId, action, by_name AS byName, comment, end_time AS time FROM flow_record WHERE task_id = ? AND comment IS NOT NULL AND comment != '' ORDER BY action_seq IS NULL, COALESCE(action_seq, seq), seq",
    )
    .bind(taskId)
    .all<{ action: string }>();
  return results.map((r) => ({ ...r, actionName: actionName(r.action, lang) }));
}

export async function modelIdByKey(db: D1Database, key: string): Promise<string | null> {
  const row = await db.prepare("SELECT id FROM flow_model WHERE key = ?").bind(key).first<{ id: string }>();
  return row?.id ?? null;
}

/** Name (or key) contains, and category: the filters of the model lists. */
type ModelFilters = { name?: string | undefined; category?: string | undefined };

/** A page of the process models, last updated first, with the total. */
export async function modelPage(db: D1Database, q: ModelFilters, limit: number, offset: number) {
  const where = ["1 = 1"];
  const params: (string | number)[] = [];
  if (q.name) (where.push("(name LIKE ? ESCAPE '\\' OR key LIKE ? ESCAPE '\\')"), params.push(containsPattern(q.name), containsPattern(q.name)));
  if (q.category) (where.push("category = ?"), params.push(q.category));
  const [count, rows] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n FROM flow_model WHERE ${where.join(" AND ")}`).bind(...params),
    db.prepare(
      `SELECT id, key, name, category, description, form_code AS formCode, deployed_version AS version, deploy_time AS deployTime, update_time AS updateTime FROM flow_model WHERE ${where.join(" AND ")} ORDER BY update_time DESC, id LIMIT ? OFFSET ?`,
    ).bind(...params, limit, offset),
  ]);
  return { total: (count!.results[0] as { n: number }).n, rows: rows!.results };
}

/** A page of the newest version of every model that still exists (what dynamicStart starts for its key), by name. */
export async function startablePage(db: D1Database, q: ModelFilters, limit: number, offset: number) {
  const where = ["d.version = (SELECT MAX(x.version) FROM flow_deployment x WHERE x.key = d.key)"];
  const params: (string | number)[] = [];
  if (q.name) (where.push("(d.name LIKE ? ESCAPE '\\' OR d.key LIKE ? ESCAPE '\\')"), params.push(containsPattern(q.name), containsPattern(q.name)));
  if (q.category) (where.push("m.category = ?"), params.push(q.category));
  const from = `flow_deployment d JOIN flow_model m ON m.key = d.key WHERE ${where.join(" AND ")}`;
  const [count, rows] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n FROM ${from}`).bind(...params),
    db.prepare(`SELECT d.key, d.name, d.version, m.category, d.deploy_id AS deployId, d.deploy_time AS deployTime FROM ${from} ORDER BY d.name, d.key LIMIT ? OFFSET ?`).bind(...params, limit, offset),
  ]);
  return { total: (count!.results[0] as { n: number }).n, rows: rows!.results };
}

/** The highest version deployed under a key (null before the first). */
export async function lastDeployedVersion(db: D1Database, key: string): Promise<number | null> {
  const row = await db.prepare("SELECT MAX(version) AS v FROM flow_deployment WHERE key = ?").bind(key).first<{ v: number | null }>();
  return row?.v ?? null;
}

/** The node a task of this instance stood at, from its flow-record rows (a finished task is no longer in the state). */
export async function recordedTaskNode(db: D1Database, procInsId: string, taskId: string): Promise<string | null> {
  const row = await db.prepare("SELECT node_key AS k FROM flow_record WHERE proc_ins_id = ? AND task_id = ? AND node_key IS NOT NULL LIMIT 1").bind(procInsId, taskId).first<{ k: string }>();
  return row?.k ?? null;
}
