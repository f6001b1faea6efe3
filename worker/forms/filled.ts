/**
 * Filled forms: the values live in a record of the form's data model (its run-time family), the form-data
 * record remembers which release it was filled with and its approval. Both are written in one append, the
 * release's rules applied (a conditionally required field left empty is refused by name, nothing written).
 * A process form starts its approval in that same append (dynamicStart with proc_form_id), and from then
 * on the form data's status follows the instance through a business link. Each approval step sees and
 * edits the form as its node's `formPerms` allow.
 */
import { sameValue } from "../flow/engine/decide.ts";
import type { Context } from "hono";
import { l, type Family } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import { formData } from "../../events/families/forms.ts";
import { layoutColumns, missingRequired, writableFields, type FormLayout, type NodePerm } from "../../events/forms/layout.ts";
import type { AppEnv } from "../http/env.ts";
import { actorOf, ok, readJson } from "../http/envelope.ts";
import { parseInput, readBody } from "../http/input.ts";
import { runCommand } from "../http/command.ts";
import type { RouteTable } from "../http/routes.ts";
import { completeBody, fillBody, forms as formVerbs } from "../../events/api/forms.ts";
import { DomainError, ValidationError, codes, notFound } from "../errors.ts";
import type { PendingEvent, StreamWrite } from "../store/types.ts";
import { idList, newCreate, newDeletes, newRestore, newUpdate, streamOf } from "../resources/commands.ts";
import { fold } from "../resources/decide.ts";
import { readStream } from "../store/append.ts";
import { findById } from "../resources/query.ts";
import { modelFamily } from "../datamodel/runtime.ts";
import { decide } from "../flow/engine/decide.ts";
import { instanceStream } from "../flow/engine/events.ts";
import { apply } from "../flow/engine/evolve.ts";
import type { InstanceState } from "../flow/engine/types.ts";
import { decideContext, decideOn, flowActorOf } from "../flow/commands.ts";
import { deploymentById, deploymentMissing, loadInstance, type DeploymentRow } from "../flow/repository.ts";
import { mayRead } from "../flow/queries.ts";
import { nodeFormPerms } from "../flow/visibility.ts";
import type { BusinessLink, FormStart } from "../flow/business.ts";
import { applicationStatusOf } from "../services/lifecycle.ts";
import { displayTime } from "../time.ts";
import { recordView } from "../resources/view.ts";
import { formByIdOrCode, liveRelease, releaseOf, type ReleaseRow } from "./forms.ts";

export const filled = formData as unknown as Family;
const prefix = `${filled.name}:`;
export const businessKeyOfFormData = (id: string) => `${prefix}${id}`;
const tags = { list: "form:data:list", info: "form:data:info", save: "form:data:save", update: "form:data:update", delete: "form:data:delete" };
const locked = new Set(["reviewing", "approved"]);

type Values = Record<string, unknown>;

/** The values a filler (or an approver with `perms`) may write, checked against the release's rules. */
function admitted(family: Family, layout: FormLayout, before: Values, input: Values, perms?: Record<string, NodePerm>): Values {
  const merged = { ...before, ...input };
  const writable = new Set(writableFields(layout, merged, perms));
  const missing = missingRequired(layout, merged, perms);
  if (missing.length) throw new ValidationError(missing.map((field) => ({ field, label: family.fields[field]?.label ?? { "zh-CN": field, "en-US": field }, key: "required" as const })));
  if (perms) {
    // an approver's change to a field their step may not edit is refused, not silently dropped
    const refused = Object.keys(input).filter((k) => !writable.has(k) && !sameValue(input[k], before[k]));
    if (refused.length) throw new ValidationError(refused.map((field) => ({ field, label: family.fields[field]?.label ?? { "zh-CN": field, "en-US": field }, key: "formFieldNotEditable" as const })));
  }
  return Object.fromEntries(Object.entries(input).filter(([k]) => writable.has(k)));
}

/** A record's values keyed by the model's fields only (no id, bookkeeping or foreign keys). */
const fieldValues = (family: Family, record: Values | null): Values => Object.fromEntries(Object.keys(family.fields).map((k) => [k, record?.[k] ?? null]));

/** A new filled form, decided: its ids, the release it is filled with and the admitted values. */
export interface NewFilled {
  id: string;
  recordId: string;
  form: Values;
  release: ReleaseRow;
  family: Family;
  values: Values;
}

/** Checks a new filled form of the form's live release (the release's rules applied) before anything is written. */
async function newFilled(db: D1Database, formKey: string, input: Values, dataModelId?: string | null): Promise<NewFilled> {
  const form = await formByIdOrCode(db, formKey);
  if (dataModelId && dataModelId !== form.dataModelId) throw new DomainError(codes.validation, "formModelMismatch", { code: String(form.code) });
  return fillOfRelease(db, form, await liveRelease(db, form), input);
}

/** Checks a new filled form of `release` (its rules applied) before anything is written. */
export async function fillOfRelease(db: D1Database, form: Values, release: ReleaseRow, input: Values): Promise<NewFilled> {
  const family = await modelFamily(db, release.dataModelId);
  const values = admitted(family, release.layout, {}, input);
  return { id: crypto.randomUUID(), recordId: crypto.randomUUID(), form, release, family, values };
}

/** Its writes: the model record and the form data (with the state a command gives it). */
export function fillWrites(made: NewFilled, title: string | null, managed: Values): StreamWrite[] {
  const { form, release } = made;
  return [
    newCreate(made.family, made.values, made.recordId),
    newCreate(filled, { formId: form.id, formCode: form.code, formVersion: release.version, dataModelId: release.dataModelId, recordId: made.recordId, title: title ?? String(form.name), status: "draft", ...managed }, made.id),
  ];
}


/** save: a new filled form (or, with an id, an update of one); update: an existing one. */
async function saveFilled(c: Context<AppEnv>, mode: "save" | "update") {
  const body = await readBody(c, fillBody);
  const id = body.id ?? null;
  if (mode === "update" && !id) throw notFound(filled.label);
  return runCommand(
    c,
    async () => {
      if (!id) {
        const key = body.formId ?? body.formCode;
        if (!key) throw new ValidationError([{ field: "formId", label: filled.fields.formId!.label, key: "required" }]);
        const made = await newFilled(c.env.DB, key, body.data);
        return { writes: fillWrites(made, body.title ?? null, {}), response: { code: codes.ok, msg: t("created", c.get("lang")), data: { id: made.id, recordId: made.recordId, formVersion: made.release.version } } };
      }
      const current = await findById(c.env.DB, filled, id);
      if (!current) throw notFound(filled.label);
      if (locked.has(String(current.status))) throw new DomainError(codes.validation, "formDataLocked");
      const release = await releaseOf(c.env.DB, String(current.formId), Number(current.formVersion));
      if (!release) throw notFound(l("表单版本", "Form release"));
      const family = await modelFamily(c.env.DB, String(current.dataModelId));
      const before = fieldValues(family, await findById(c.env.DB, family, String(current.recordId)));
      const patch = admitted(family, release.layout, before, body.data);
      const writes = [await newUpdate(c.env.DB, family, String(current.recordId), patch)];
      if (body.title !== undefined && body.title !== current.title) writes.push(await newUpdate(c.env.DB, filled, id, { title: body.title }));
      return { writes, response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { id, recordId: current.recordId, formVersion: release.version } } };
    },
    { retries: 3 },
  );
}

/** info/{type}/{id}: the record's values with the release it was filled with. */
async function filledInfo(db: D1Database, type: string, id: string) {
  const current = await findById(db, filled, id);
  if (!current || (type !== current.formId && type !== current.formCode)) throw notFound(filled.label);
  const release = await releaseOf(db, String(current.formId), Number(current.formVersion));
  if (!release) throw notFound(l("表单版本", "Form release"));
  const family = await modelFamily(db, String(current.dataModelId));
  const record = await findById(db, family, String(current.recordId));
  return { ...current, values: fieldValues(family, record), layout: release.layout, release: { id: release.id, version: release.version, modelVersion: release.modelVersion } };
}

/** delete: the form data and its model record together (nothing in approval). */
async function deleteFilled(c: Context<AppEnv>) {
  const body = await readJson(c);
  const ids = [...new Set(parseInput(idList, Array.isArray(body) ? body : [body]))];
  return runCommand(c, async () => {
    const writes: StreamWrite[] = [];
    for (const id of ids) {
      const current = await findById(c.env.DB, filled, id);
      if (!current) throw notFound(filled.label);
      if (locked.has(String(current.status))) throw new DomainError(codes.validation, "formDataLocked");
      const family = await modelFamily(c.env.DB, String(current.dataModelId));
      const record = await findById(c.env.DB, family, String(current.recordId));
      if (record) writes.push(...(await newDeletes(c.env.DB, family, [String(current.recordId)])));
    }
    writes.push(...(await newDeletes(c.env.DB, filled, ids)));
    return { writes, response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: null } };
  });
}

/** restore/{id}: a deleted filled form comes back with its model record, in one append. */
async function restoreFilled(c: Context<AppEnv>, id: string) {
  return runCommand(c, async () => {
    // refuses a form that is not deleted, with the engine's own message
    const restored = await newRestore(c.env.DB, filled, id);
    const deleted = fold(filled, await readStream(c.env.DB, streamOf(filled, id))).deletedRecord!;
    const family = await modelFamily(c.env.DB, String(deleted.dataModelId));
    const recordGone = fold(family, await readStream(c.env.DB, streamOf(family, String(deleted.recordId)))).deleted;
    const writes = [restored, ...(recordGone ? [await newRestore(c.env.DB, family, String(deleted.recordId))] : [])];
    return { writes, response: { code: codes.ok, msg: t("restored", c.get("lang")), data: { id, version: writes[0]!.head.version + 1 } } };
  });
}

/** The flow's variables: the record's plain values (conditions of the flow can use them). */
const variablesOf = (values: Values) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined && typeof v !== "object"));

/**
 * dynamicStart with proc_form_id (a process form, bound to the process): the record, the form data (in
 * approval) and the new instance with business key `form.data:<id>`, in one append.
 */
export async function startFromForm(c: Context<AppEnv>, start: FormStart): Promise<Response> {
  const db = c.env.DB;
  const { deployment } = start;
  return runCommand(c, async () => {
    const form = await formByIdOrCode(db, start.procFormId);
    if (!form.processForm) throw new DomainError(codes.validation, "formNotProcessForm", { code: String(form.code) });
    const bound = await db.prepare("SELECT form_code AS formCode FROM flow_model WHERE key = ?").bind(deployment.key).first<{ formCode: string | null }>();
    if ((bound?.formCode ?? deployment.formCode) !== form.code) throw new DomainError(codes.validation, "formNotBound", { key: deployment.key, code: String(form.code) });
    const procInsId = crypto.randomUUID();
    const actor = actorOf(c);
    const made = await newFilled(db, String(form.id), start.data, start.dataModelId);
    const events = await decide(deployment.model, null, { type: "start", deployment, procInsId, businessKey: businessKeyOfFormData(made.id), variables: variablesOf(made.values) }, decideContext(db, flowActorOf(c)));
    // a flow whose steps all pass on their own ends at its start: the form's status says so from the first write
    const after = events.reduce<InstanceState | null>((state, e) => apply(state, e), null);
    const flow: StreamWrite = { stream: instanceStream(procInsId), head: { version: 0, hash: "" }, events: events as unknown as PendingEvent[] };
    return {
      writes: [...fillWrites(made, null, { status: after ? applicationStatusOf(after) : "reviewing", procInsId }), flow],
      response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { procInsId, formDataId: made.id, recordId: made.recordId, formVersion: made.release.version, startUserId: actor.id, startTime: displayTime(new Date().toISOString()) } },
    };
  });
}

/** The form data's status follows its instance (approved, rejected, returned, withdrawn). */
export const formDataLink: BusinessLink = {
  prefix,
  async react(db, move) {
    const id = move.businessKey.slice(prefix.length);
    const record = await findById(db, filled, id);
    if (!record || record.procInsId !== move.procInsId) return [];
    const status = applicationStatusOf(move.after);
    return record.status === status ? [] : [await newUpdate(db, filled, id, { status }, undefined, "flow")];
  },
  async view(db, businessKey, lang) {
    const id = businessKey.slice(prefix.length);
    const current = await findById(db, filled, id);
    if (!current) return null;
    const release = await releaseOf(db, String(current.formId), Number(current.formVersion));
    const family = await modelFamily(db, String(current.dataModelId));
    const record = (await findById(db, family, String(current.recordId))) ?? {};
    // the release's layout orders and limits the fields: a model field the form leaves out is not the form's
    const laidOut = release ? layoutColumns(release.layout).map((col) => col.field) : Object.keys(family.fields);
    const fields = await recordView(db, family, fieldValues(family, record), lang);
    const byKey = new Map(fields.map((f) => [f.key, f]));
    return {
      kind: "form",
      title: String(current.title ?? current.formCode ?? ""),
      recordId: id,
      status: current.status == null ? null : String(current.status),
      ...(filled.fields.status?.dict ? { statusDict: filled.fields.status.dict } : {}),
      fields: laidOut.flatMap((key) => (byKey.has(key) ? [byKey.get(key)!] : [])),
    };
  },
};

// ---------------------------------------------------------------- approval steps

/** A task's node permissions, as the task screen reads them (the compiled policy, else the designer's tree). */
const nodePerms = (deployment: DeploymentRow, nodeKey: string): Record<string, NodePerm> => nodeFormPerms(deployment, nodeKey);

/** The task's form as its node lets this user see it: hidden fields are absent from layout and values. */
async function taskForm(c: Context<AppEnv>, taskId: string) {
  const db = c.env.DB;
  const actor = flowActorOf(c);
  const { state } = await loadInstance(db, { taskId });
  if (!(await mayRead(db, actor, state.procInsId))) throw new DomainError(codes.forbidden, "forbidden", { perm: "flowable:task:info" });
  if (!state.businessKey?.startsWith(prefix)) throw new DomainError(codes.notFound, "formNoTaskForm");
  const deployment = await deploymentById(db, state.deployId);
  if (!deployment) throw deploymentMissing();
  const id = state.businessKey.slice(prefix.length);
  const current = await findById(db, filled, id);
  if (!current) throw notFound(filled.label);
  const release = await releaseOf(db, String(current.formId), Number(current.formVersion));
  if (!release) throw notFound(l("表单版本", "Form release"));
  const family = await modelFamily(db, String(current.dataModelId));
  const values = fieldValues(family, await findById(db, family, String(current.recordId)));
  const nodeKey = state.tasks[taskId]?.node ?? (await db.prepare("SELECT node_key AS k FROM flow_record WHERE task_id = ? LIMIT 1").bind(taskId).first<{ k: string }>())?.k ?? "";
  // a finished task's form is read-only whatever the node allowed
  const perms = nodePerms(deployment, nodeKey);
  const open = !!state.tasks[taskId];
  const effective: Record<string, NodePerm> = Object.fromEntries(layoutColumns(release.layout).map((col) => [col.field, perms[col.field] === "hidden" ? "hidden" : open && perms[col.field] === "edit" ? "edit" : "read"]));
  return { state, current, release, family, values, perms: effective, open };
}

/** Removes what `perms` hides: hidden columns (and empty rows) from the layout, hidden values. */
function visibleTo(layout: FormLayout, values: Values, perms: Record<string, NodePerm>) {
  const shown = (field: string) => perms[field] !== "hidden";
  return {
    layout: { sections: layout.sections.map((s) => ({ ...s, rows: s.rows.map((r) => ({ cols: r.cols.filter((col) => shown(col.field)) })).filter((r) => r.cols.length) })) },
    values: Object.fromEntries(Object.entries(values).filter(([k]) => shown(k) && layoutColumns(layout).some((col) => col.field === k))),
  };
}


export function filledRoutes(routes: RouteTable) {
  routes
    .verb(formVerbs.fill, tags.save, (c) => saveFilled(c, "save"), { doc: { family: filled, verb: "save", summary: l("填写表单（记录与表单数据一次写入）", "Fill a form (the record and the form data in one write)") } })
    .verb(formVerbs.fillUpdate, tags.update, (c) => saveFilled(c, "update"), { doc: { family: filled, verb: "update", summary: l("修改已填写的表单", "Change a filled form") } })
    .post("/form/data/delete", tags.delete, deleteFilled, { doc: { family: filled, verb: "delete", summary: l("删除已填写的表单（连同其记录）", "Delete filled forms (with their records)") } })
    .post("/form/data/restore/:id", tags.delete, (c) => restoreFilled(c, c.req.param("id")!), { doc: { family: filled, verb: "restore", summary: l("恢复已删除的表单数据（连同其记录）", "Restore a deleted filled form (with its record)") } })
    // the values live in the model record (its own history): the form data's bookkeeping is never reverted
    .post("/form/data/revert/:id", tags.update, async () => {
      throw new DomainError(codes.validation, "formDataNoRevert");
    }, { doc: { summary: l("表单数据不支持回退（回退其记录）", "Filled forms are not reverted (revert their record)") } })
    .verb(formVerbs.filledInfo, tags.info, async (c) => ok(c, await filledInfo(c.env.DB, c.req.param("type")!, c.req.param("id")!), "fetched"), {
      doc: { summary: l("已填写的表单：记录的值与填写时的表单版本", "A filled form: the record's values and the release it was filled with") },
    })
    .verb(
      formVerbs.taskForm,
      "flowable:task:info",
      async (c) => {
        const { current, release, values, perms, open } = await taskForm(c, c.req.param("taskId")!);
        const visible = visibleTo(release.layout, values, perms);
        return ok(c, { formDataId: current.id, formCode: current.formCode, dataModelId: current.dataModelId, formVersion: release.version, status: current.status, procInsId: current.procInsId, open, perms, ...visible }, "fetched");
      },
      { doc: { summary: l("任务的表单：按节点的字段权限", "A task's form, as the node's field permissions allow") } },
    )
    .verb(
      formVerbs.taskComplete,
      "flowable:task:complete",
      async (c) => {
        const body = await readBody(c, completeBody);
        return runCommand(
          c,
          async () => {
            const { current, release, family, values, perms } = await taskForm(c, body.taskId);
            const patch = admitted(family, release.layout, values, body.data, perms);
            const { writes } = await decideOn(c.env.DB, { taskId: body.taskId }, { type: "complete", taskId: body.taskId, comment: body.comment, variables: variablesOf({ ...values, ...patch }), ccUserIds: body.ccUserIds }, decideContext(c.env.DB, flowActorOf(c)));
            const changed = Object.fromEntries(Object.entries(patch).filter(([k, v]) => !sameValue(v, values[k])));
            const record = Object.keys(changed).length ? [await newUpdate(c.env.DB, family, String(current.recordId), changed, undefined, "approval")] : [];
            return { writes: [...writes, ...record], response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { procInsId: current.procInsId, changed: Object.keys(changed) } } };
          },
          { retries: 3 },
        );
      },
      { doc: { summary: l("审批通过并保存本节点可编辑的表单字段", "Approve a task, saving the form fields its node lets the approver edit") } },
    );
}
