/**
 * The tasks module's read SQL: tasks with their state (worker/tasks/state.ts as SQL, today bound as ?1),
 * the board's proportions, timeline and per-staff counts, the reminders' candidates and the warn list.
 * Every filter is a declared column bound as a value; nothing a request sends becomes SQL text.
 */
import { containsPattern } from "../http/input.ts";
import { stateSql, type TaskState } from "./state.ts";

const T = "en_task_msg";
const P = "en_task_plan";

/** The filters the board and the task lists share (each optional). */
export interface TaskFilter {
  planId?: string | undefined;
  receiverId?: string | undefined;
  /** tasks of anyone but this user (the "other" lists) */
  notReceiverId?: string | undefined;
  deptId?: string | undefined;
  visitKind?: string | undefined;
  creditCode?: string | undefined;
  entName?: string | undefined;
  state?: TaskState | undefined;
  /** tasks whose window touches [from, to] (YYYY-MM-DD) */
  from?: string | undefined;
  to?: string | undefined;
}

/** WHERE conditions over `t` (tasks) with params numbered after ?1 (today). */
function where(filter: TaskFilter): { sql: string; params: (string | number)[] } {
  // ?1 (today) is bound to every statement built on these conditions: they always name it
  const parts: string[] = ["?1 IS NOT NULL"];
  const params: (string | number)[] = [];
  const bind = (value: string | number) => {
    params.push(value);
    return `?${params.length + 1}`;
  };
  if (filter.planId) parts.push(`t.task_plan_id = ${bind(filter.planId)}`);
  if (filter.receiverId) parts.push(`t.receiver_id = ${bind(filter.receiverId)}`);
  if (filter.notReceiverId) parts.push(`t.receiver_id <> ${bind(filter.notReceiverId)}`);
  if (filter.deptId) parts.push(`t.receiver_id IN (SELECT id FROM sys_user WHERE dept_id = ${bind(filter.deptId)})`);
  if (filter.visitKind) parts.push(`t.visit_kind = ${bind(filter.visitKind)}`);
  if (filter.creditCode) parts.push(`t.credit_code = ${bind(filter.creditCode)}`);
  if (filter.entName) parts.push(`t.ent_name LIKE ${bind(containsPattern(filter.entName))} ESCAPE '\\'`);
  // an absent date is NULL in the tasks and '' in the summary: either way it does not narrow the window
  if (filter.from) parts.push(`(COALESCE(t.deadline, '') = '' OR t.deadline >= ${bind(filter.from)})`);
  if (filter.to) parts.push(`(COALESCE(t.start_date, '') = '' OR t.start_date <= ${bind(filter.to)})`);
  if (filter.state) parts.push(`${stateSql("t")} = ${bind(filter.state)}`);
  return { sql: parts.join(" AND "), params };
}

/**
 * Whether the filter can be answered from task_summary (plan, assignee, department, kind, window): tasks
 * counted by what their state depends on. Anything finer (an enterprise, a state, "not mine") reads the tasks.
 */
const summarised = (f: TaskFilter) => !f.creditCode && !f.entName && !f.state && !f.notReceiverId;
const countSource = (f: TaskFilter) => (summarised(f) ? { from: "task_summary", n: "SUM(t.n)" } : { from: T, n: "COUNT(*)" });

export interface TaskRow {
  id: string;
  title: string;
  creditCode: string | null;
  entName: string | null;
  taskPlanId: string | null;
  planTitle: string | null;
  receiverId: string;
  receiverName: string | null;
  visitKind: string | null;
  startDate: string | null;
  deadline: string | null;
  status: string;
  state: TaskState;
  followUpAt: string | null;
  doneAt: string | null;
  handleResult: string | null;
  readFlag: boolean;
  version: number;
  createTime: string | null;
}

const taskColumns = (alias: string) =>
  `${alias}.id, ${alias}.title, ${alias}.credit_code AS creditCode, ${alias}.ent_name AS entName, ${alias}.task_plan_id AS taskPlanId, p.title AS planTitle, ` +
  `${alias}.receiver_id AS receiverId, u.name AS receiverName, ${alias}.visit_kind AS visitKind, ${alias}.start_date AS startDate, ${alias}.deadline, ${alias}.status, ` +
  `${stateSql(alias)} AS state, ${alias}.follow_up_at AS followUpAt, ${alias}.done_at AS doneAt, ${alias}.handle_result AS handleResult, ${alias}.read_flag AS readFlag, ${alias}.version, ${alias}.create_time AS createTime`;

const joins = `LEFT JOIN ${P} p ON p.id = t.task_plan_id LEFT JOIN sys_user u ON u.id = t.receiver_id`;

const asTask = (row: Record<string, unknown>): TaskRow => ({ ...(row as unknown as TaskRow), readFlag: row.readFlag === 1 || row.readFlag === true });

/** A page of tasks with their state, nearest deadline first. */
export async function taskPage(db: D1Database, today: string, filter: TaskFilter, page: number, limit: number): Promise<{ total: number; rows: TaskRow[] }> {
  const w = where(filter);
  const [rows, total] = await db.batch([
    db.prepare(`SELECT ${taskColumns("t")} FROM ${T} t ${joins} WHERE ${w.sql} ORDER BY t.deadline IS NULL, t.deadline, t.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`).bind(today, ...w.params),
    db.prepare(`SELECT COUNT(*) AS n FROM ${T} t WHERE ${w.sql}`).bind(today, ...w.params),
  ]);
  return { total: Number((total!.results[0] as { n: number }).n), rows: (rows!.results as Record<string, unknown>[]).map(asTask) };
}

export async function taskById(db: D1Database, today: string, id: string): Promise<TaskRow | null> {
  const row = await db.prepare(`SELECT ${taskColumns("t")} FROM ${T} t ${joins} WHERE t.id = ?2`).bind(today, id).first<Record<string, unknown>>();
  return row ? asTask(row) : null;
}

export interface StateCounts {
  total: number;
  notStarted: number;
  inProgress: number;
  done: number;
  overdue: number;
  cancelled: number;
}

const emptyCounts = (): StateCounts => ({ total: 0, notStarted: 0, inProgress: 0, done: 0, overdue: 0, cancelled: 0 });

/** Tasks per state and the enterprises they cover (one grouped query). */
export async function stateCounts(db: D1Database, today: string, filter: TaskFilter): Promise<StateCounts & { enterprises: number; enterprisesDone: number }> {
  const w = where(filter);
  const source = countSource(filter);
  const unfiltered = w.params.length === 0;
  const [byState, ents, done] = await db.batch([
    db.prepare(`SELECT ${stateSql("t")} AS state, ${source.n} AS n FROM ${source.from} t WHERE ${w.sql} GROUP BY 1`).bind(today, ...w.params),
    // every enterprise with a task: the family's counter per credit code answers without a scan
    unfiltered
      ? db.prepare(`SELECT COUNT(*) AS n FROM counters WHERE scope = ?1 AND value <> ''`).bind(`${T}.credit_code`)
      : db.prepare(`SELECT COUNT(DISTINCT t.credit_code) AS n FROM ${T} t WHERE ${w.sql}`).bind(today, ...w.params),
    db.prepare(`SELECT COUNT(DISTINCT t.credit_code) AS n FROM ${T} t WHERE ${w.sql} AND t.status = 'done'`).bind(today, ...w.params),
  ]);
  const counts = emptyCounts();
  for (const r of byState!.results as { state: TaskState; n: number }[]) {
    counts[r.state] = r.n;
    counts.total += r.n;
  }
  return { ...counts, enterprises: (ents!.results[0] as { n: number }).n, enterprisesDone: (done!.results[0] as { n: number }).n };
}

export interface TimelineDay {
  date: string;
  /** tasks whose deadline is that day */
  due: number;
  /** tasks finished that day */
  done: number;
  /** tasks due that day and still not done */
  overdue: number;
}

/** Per day of [from, to]: tasks due, finished, and due but not done. */
export async function timeline(db: D1Database, today: string, filter: TaskFilter, from: string, to: string): Promise<TimelineDay[]> {
  const w = where({ ...filter, from: undefined, to: undefined });
  const source = countSource(filter);
  const n = w.params.length;
  const [due, done] = await db.batch([
    db
      .prepare(
        `SELECT t.deadline AS day, ${source.n} AS n, SUM(CASE WHEN t.status NOT IN ('done', 'cancelled') AND t.deadline < ?1 THEN ${source.n === "COUNT(*)" ? "1" : "t.n"} ELSE 0 END) AS o ` +
          `FROM ${source.from} t WHERE ${w.sql} AND t.deadline BETWEEN ?${n + 2} AND ?${n + 3} GROUP BY t.deadline`,
      )
      .bind(today, ...w.params, from, to),
    db
      .prepare(`SELECT substr(t.done_at, 1, 10) AS day, COUNT(*) AS n FROM ${T} t WHERE ${w.sql} AND t.status = 'done' AND t.done_at >= ?${n + 2} AND t.done_at < ?${n + 3} GROUP BY 1`)
      .bind(today, ...w.params, from, `${to}~`),
  ]);
  const days = new Map<string, TimelineDay>();
  const dayOf = (date: string) => days.get(date) ?? (days.set(date, { date, due: 0, done: 0, overdue: 0 }), days.get(date)!);
  for (const r of due!.results as { day: string; n: number; o: number }[]) Object.assign(dayOf(r.day), { due: r.n, overdue: r.o });
  for (const r of done!.results as { day: string; n: number }[]) dayOf(r.day).done = r.n;
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export interface StaffCounts extends StateCounts {
  userId: string;
  userName: string | null;
  /** open tasks whose deadline is today */
  dueToday: number;
}

/** Per assignee: tasks per state and those due today (the manager's team view). */
export async function staffCounts(db: D1Database, today: string, filter: TaskFilter): Promise<StaffCounts[]> {
  const w = where(filter);
  const source = countSource(filter);
  const { results } = await db
    .prepare(
      `SELECT t.receiver_id AS userId, ${stateSql("t")} AS state, ${source.n} AS n, SUM(CASE WHEN t.deadline = ?1 AND t.status NOT IN ('done', 'cancelled') THEN ${source.n === "COUNT(*)" ? "1" : "t.n"} ELSE 0 END) AS today ` +
        `FROM ${source.from} t WHERE ${w.sql} GROUP BY 1, 2`,
    )
    .bind(today, ...w.params)
    .all<{ userId: string; state: TaskState; n: number; today: number }>();
  const byUser = new Map<string, StaffCounts>();
  for (const r of results) {
    const row = byUser.get(r.userId) ?? { userId: r.userId, userName: null, dueToday: 0, ...emptyCounts() };
    row[r.state] = r.n;
    row.total += r.n;
    row.dueToday += r.today;
    byUser.set(r.userId, row);
  }
  const ids = [...byUser.keys()];
  if (ids.length) {
    const names = await db.prepare("SELECT id, name FROM sys_user WHERE id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(ids)).all<{ id: string; name: string }>();
    for (const u of names.results) byUser.get(u.id)!.userName = u.name;
  }
  return [...byUser.values()].sort((a, b) => b.overdue - a.overdue || b.dueToday - a.dueToday || a.userId.localeCompare(b.userId));
}

export interface PlanRow {
  id: string;
  title: string;
  ownerId: string;
  ownerName: string | null;
  startDate: string;
  endDate: string;
  visitKind: string | null;
  status: string;
  targetCount: number | null;
  taskCount: number | null;
  distributedAt: string | null;
}

/** Plans owned by anyone but `userId` (the "other" list), newest window first. */
export async function plansPage(db: D1Database, options: { notOwnerId?: string; title?: string; page: number; limit: number }): Promise<{ total: number; rows: PlanRow[] }> {
  const parts = ["1 = 1"];
  const params: string[] = [];
  if (options.notOwnerId) (params.push(options.notOwnerId), parts.push(`p.owner_id <> ?${params.length}`));
  if (options.title) (params.push(containsPattern(options.title)), parts.push(`p.title LIKE ?${params.length} ESCAPE '\\'`));
  const cond = parts.join(" AND ");
  const [rows, total] = await db.batch([
    db
      .prepare(
        `SELECT p.id, p.title, p.owner_id AS ownerId, u.name AS ownerName, p.start_date AS startDate, p.end_date AS endDate, p.visit_kind AS visitKind, p.status, p.target_count AS targetCount, p.task_count AS taskCount, p.distributed_at AS distributedAt ` +
          `FROM ${P} p LEFT JOIN sys_user u ON u.id = p.owner_id WHERE ${cond} ORDER BY p.start_date DESC, p.id LIMIT ${options.limit} OFFSET ${(options.page - 1) * options.limit}`,
      )
      .bind(...params),
    db.prepare(`SELECT COUNT(*) AS n FROM ${P} p WHERE ${cond}`).bind(...params),
  ]);
  return { total: Number((total!.results[0] as { n: number }).n), rows: rows!.results as unknown as PlanRow[] };
}

/** Users' names by id (assignees of a plan). */
export async function userNames(db: D1Database, ids: string[]): Promise<{ userId: string; name: string | null }[]> {
  if (!ids.length) return [];
  const { results } = await db.prepare("SELECT id, name FROM sys_user WHERE id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(ids)).all<{ id: string; name: string }>();
  const names = new Map(results.map((r) => [r.id, r.name]));
  return ids.map((userId) => ({ userId, name: names.get(userId) ?? null }));
}

/** Per enterprise of a plan: its tasks per state. */
export async function planEnterprises(db: D1Database, today: string, planId: string): Promise<{ creditCode: string; entName: string | null; tasks: number; done: number; overdue: number }[]> {
  const { results } = await db
    .prepare(
      `SELECT t.credit_code AS creditCode, MAX(t.ent_name) AS entName, COUNT(*) AS tasks, SUM(CASE WHEN t.status = 'done' THEN 1 ELSE 0 END) AS done, SUM(CASE WHEN ${stateSql("t")} = 'overdue' THEN 1 ELSE 0 END) AS overdue ` +
        `FROM ${T} t WHERE t.task_plan_id = ?2 GROUP BY t.credit_code ORDER BY entName LIMIT 1000`,
    )
    .bind(today, planId)
    .all<{ creditCode: string; entName: string | null; tasks: number; done: number; overdue: number }>();
  return results;
}

/** Enterprises to plan for (name or code matching), with their open tasks; capped pages. */
export async function enterprisesForPlanning(db: D1Database, keyword: string, page: number, limit: number): Promise<{ total: number; rows: { creditCode: string; entName: string; areaCode: string | null; openTasks: number }[] }> {
  const pattern = containsPattern(keyword);
  const cond = keyword ? "(e.ent_name LIKE ?1 ESCAPE '\\' OR e.credit_code LIKE ?1 ESCAPE '\\')" : "?1 = ?1";
  const [rows, total] = await db.batch([
    db
      .prepare(
        `SELECT e.credit_code AS creditCode, e.ent_name AS entName, e.area_code AS areaCode, ` +
          `(SELECT COUNT(*) FROM ${T} t WHERE t.credit_code = e.credit_code AND t.status NOT IN ('done', 'cancelled')) AS openTasks ` +
          `FROM en_enterprise_basic_info e WHERE ${cond} ORDER BY e.ent_name, e.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      )
      .bind(pattern),
    db.prepare(`SELECT COUNT(*) AS n FROM en_enterprise_basic_info e WHERE ${cond}`).bind(pattern),
  ]);
  return { total: Number((total!.results[0] as { n: number }).n), rows: rows!.results as never };
}

/** Rows of another family bound to a task or plan (archives filled, visit records), capped. */
export async function archivesOf(db: D1Database, table: "en_files_input" | "en_visit_history", column: "task_plan_id" | "task_id", id: string, archiveType?: string) {
  const typed = archiveType ? " AND archive_type = ?2" : "";
  const stmt = db.prepare(`SELECT * FROM ${table} WHERE ${column} = ?1${typed} ORDER BY update_time DESC LIMIT 100`);
  const { results } = await (archiveType ? stmt.bind(id, archiveType) : stmt.bind(id)).all<Record<string, unknown>>();
  return results;
}

export async function enterpriseByCode(db: D1Database, creditCode: string) {
  return db
    .prepare("SELECT credit_code AS creditCode, ent_name AS entName, legal_person AS legalPerson, reg_address AS regAddress, area_code AS areaCode, industry FROM en_enterprise_basic_info WHERE credit_code = ? LIMIT 1")
    .bind(creditCode)
    .first<{ creditCode: string; entName: string; legalPerson: string | null; regAddress: string | null; areaCode: string | null; industry: string | null }>();
}

// ---- reminders

export type ReminderKind = "due" | "overdue" | "stale";

export interface ReminderCandidate {
  id: string;
  receiverId: string;
  deadline: string;
  planId: string | null;
  ownerId: string | null;
  entName: string | null;
  title: string;
  planTitle: string | null;
}

/**
 * The next `limit` open tasks owing a reminder of `kind` (none sent for their deadline), in (receiver, id)
 * order after the cursor, so one pass walks the index once and a recipient's tasks come together.
 *   due      deadline within [today, today + dueDays]
 *   overdue  deadline before today
 *   stale    not followed up (status notStarted) since a start at least `staleDays` ago, deadline not passed, in a plan with an owner
 */
export async function reminderCandidates(
  db: D1Database,
  kind: ReminderKind,
  today: string,
  bounds: { dueUntil: string; staleStart: string },
  after: { receiverId: string; id: string },
  limit: number,
): Promise<ReminderCandidate[]> {
  const condition =
    kind === "due"
      ? "t.deadline >= ?1 AND t.deadline <= ?2"
      : kind === "overdue"
        ? "t.deadline < ?1"
        : "t.status = 'notStarted' AND t.deadline >= ?1 AND t.start_date <= ?3 AND t.follow_up_at IS NULL AND p.owner_id IS NOT NULL";
  const { results } = await db
    .prepare(
      `SELECT t.id, t.receiver_id AS receiverId, t.deadline, t.task_plan_id AS planId, p.owner_id AS ownerId, t.ent_name AS entName, t.title, p.title AS planTitle ` +
        `FROM ${T} t INDEXED BY en_task_msg_receiver_id_id_status_deadline_idx LEFT JOIN ${P} p ON p.id = t.task_plan_id ` +
        `WHERE (t.receiver_id, t.id) > (?4, ?5) AND t.status IN ('notStarted', 'inProgress') AND t.deadline IS NOT NULL AND ${condition} ` +
        `AND NOT EXISTS (SELECT 1 FROM task_reminder r WHERE r.task_id = t.id AND r.kind = ?6 AND r.due_date = t.deadline) ` +
        `ORDER BY t.receiver_id, t.id LIMIT ${limit}`,
    )
    .bind(today, bounds.dueUntil, bounds.staleStart, after.receiverId, after.id, kind)
    .all<ReminderCandidate>();
  return results;
}

/** A config parameter's value as text (sys config `name`), or null. */
export async function configValue(db: D1Database, name: string): Promise<string | null> {
  const row = await db.prepare("SELECT value FROM sys_config WHERE name = ?").bind(name).first<{ value: string | null }>();
  if (!row?.value) return null;
  try {
    const parsed = JSON.parse(row.value) as unknown;
    return typeof parsed === "string" || typeof parsed === "number" ? String(parsed) : null;
  } catch {
    return row.value;
  }
}

export interface WarnRow {
  taskId: string;
  kind: ReminderKind;
  dueDate: string;
  remindedAt: string;
  title: string | null;
  entName: string | null;
  creditCode: string | null;
  receiverId: string | null;
  state: TaskState | null;
}

/** The reminders a user was sent (newest first) with their tasks' state now. */
export async function warnPage(db: D1Database, today: string, userId: string, kind: ReminderKind | undefined, page: number, limit: number): Promise<{ total: number; rows: WarnRow[] }> {
  const typed = kind ? " AND r.kind = ?3" : " AND ?3 IS NULL";
  const [rows, total] = await db.batch([
    db
      .prepare(
        `SELECT r.task_id AS taskId, r.kind, r.due_date AS dueDate, r.at AS remindedAt, t.title, t.ent_name AS entName, t.credit_code AS creditCode, t.receiver_id AS receiverId, ` +
          `CASE WHEN t.id IS NULL THEN NULL ELSE ${stateSql("t")} END AS state ` +
          `FROM task_reminder r LEFT JOIN ${T} t ON t.id = r.task_id WHERE r.user_id = ?2${typed} ORDER BY r.at DESC, r.task_id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      )
      .bind(today, userId, kind ?? null),
    db.prepare(`SELECT COUNT(*) AS n FROM task_reminder r WHERE r.user_id = ?2${typed} AND ?1 = ?1`).bind(today, userId, kind ?? null),
  ]);
  return { total: Number((total!.results[0] as { n: number }).n), rows: rows!.results as unknown as WarnRow[] };
}
