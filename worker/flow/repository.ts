/**
 * Loading what a flow command decides on: an instance's stream folded to its state (with the head the
 * append must find), the deployment it is pinned to (compiled model cached per isolate: a deployment
 * never changes), the latest deployment of a key, and which instance a task belongs to.
 */
import { headOf, readStream, readStreamNamedBy } from "../store/read.ts";
import type { StoredEvent, StreamHead } from "../store/types.ts";
import { fold } from "./engine/evolve.ts";
import { instanceStream } from "./engine/events.ts";
import { FlowRefused } from "./engine/refusal.ts";
import type { CompiledModel, Deployment, InstanceState } from "./engine/types.ts";

export interface DeploymentRow extends Deployment {
  modelId: string | null;
  xml: string;
  tree: unknown;
  deployTime: string;
}

const cache = new Map<string, DeploymentRow>();
const cacheLimit = 200;

interface Row {
  deploy_id: string;
  model_id: string | null;
  key: string;
  version: number;
  name: string;
  form_code: string | null;
  xml: string;
  model: string;
  tree: string | null;
  deploy_time: string;
}

function fromRow(row: Row): DeploymentRow {
  return {
    deployId: row.deploy_id,
    modelId: row.model_id,
    key: row.key,
    version: row.version,
    name: row.name,
    formCode: row.form_code,
    model: JSON.parse(row.model) as CompiledModel,
    xml: row.xml,
    tree: row.tree ? JSON.parse(row.tree) : null,
    deployTime: row.deploy_time,
  };
}

function remember(d: DeploymentRow) {
  if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value!);
  cache.set(d.deployId, d);
  return d;
}

export const deploymentMissing = () => new FlowRefused(404, { "zh-CN": "流程部署不存在", "en-US": "No such deployment" });

/** The deployment by id (cached: a published version never changes). */
export async function deploymentById(db: D1Database, deployId: string): Promise<DeploymentRow | null> {
  const hit = cache.get(deployId);
  if (hit) return hit;
  const row = await db.prepare("SELECT * FROM flow_deployment WHERE deploy_id = ?").bind(deployId).first<Row>();
  return row ? remember(fromRow(row)) : null;
}

/** Several deployments at once (list pages: one query for the ones not cached). */
export async function deploymentsByIds(db: D1Database, ids: string[]): Promise<Map<string, DeploymentRow>> {
  const out = new Map<string, DeploymentRow>();
  const missing = [...new Set(ids)].filter((id) => {
    const hit = cache.get(id);
    if (hit) out.set(id, hit);
    return !hit;
  });
  if (missing.length) {
    const { results } = await db.prepare("SELECT * FROM flow_deployment WHERE deploy_id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(missing)).all<Row>();
    for (const row of results) out.set(row.deploy_id, remember(fromRow(row)));
  }
  return out;
}

/** The newest version of a model key, or a deployment named by id: one query, then the compiled model from the cache. */
export async function latestDeployment(db: D1Database, keyOrId: string): Promise<DeploymentRow | null> {
  const row = await db
    .prepare("SELECT deploy_id FROM flow_deployment WHERE deploy_id = ?1 OR key = ?1 ORDER BY deploy_id = ?1 DESC, version DESC LIMIT 1")
    .bind(keyOrId)
    .first<{ deploy_id: string }>();
  return row ? deploymentById(db, row.deploy_id) : null;
}

export interface LoadedInstance {
  events: StoredEvent[];
  state: InstanceState;
  head: StreamHead;
}

export const instanceMissing = () => new FlowRefused(404, { "zh-CN": "流程实例不存在", "en-US": "No such process instance" });
export const taskMissing = () => new FlowRefused(404, { "zh-CN": "任务不存在", "en-US": "No such task" });

/** Which instance a command acts on: named by id, or by one of its tasks (also a task already gone). */
export type InstanceTarget = string | { taskId: string };

/**
 * An instance's stream folded; refused when there is none or it was deleted. Named by a task, the stream
 * is found through the task's flow-record row (it stays after the task is gone, so a second completion
 * reaches the engine and is refused as already handled rather than as unknown) in the same query.
 */
export async function loadInstance(db: D1Database, target: InstanceTarget): Promise<LoadedInstance> {
  const events =
    typeof target === "string"
      ? await readStream(db, instanceStream(target))
      : await readStreamNamedBy(db, { sql: "SELECT 'flow:' || proc_ins_id FROM flow_record WHERE task_id = ? LIMIT 1", params: [target.taskId] });
  if (!events.length && typeof target !== "string") throw taskMissing();
  const state = events.length ? fold(events) : null;
  if (!state || state.deleted) throw instanceMissing();
  return { events, state, head: headOf(events) };
}

/** The instance a task belongs to, also after the task is gone (its flow-record row stays). */
export async function instanceOfTask(db: D1Database, taskId: string): Promise<string> {
  const row = await db.prepare("SELECT proc_ins_id FROM flow_record WHERE task_id = ? LIMIT 1").bind(taskId).first<{ proc_ins_id: string }>();
  if (!row) throw taskMissing();
  return row.proc_ins_id;
}
