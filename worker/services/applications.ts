/**
 * Applications (financing, listing, service, justice, matters) go through an approval flow of the
 * workflow engine: pcSave saves one and, with `submit`, starts its kind's flow (or resubmits it after a
 * return) in the same append as the record's update; from then on its status follows the flow through a
 * business link, so every approval step that ends, rejects, returns or withdraws the instance updates the
 * application in the same batch. Messages to the staff and the applicant come from the flow's events.
 */
import type { Context } from "hono";
import * as z from "zod";
import { approvalHistoryOf } from "../../events/api/flow.ts";
import { l, type Family } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import type { RouteTable } from "../http/routes.ts";
import type { AppEnv } from "../http/env.ts";
import { actorOf, ok, readJson } from "../http/envelope.ts";
import { parseInput } from "../http/input.ts";
import { runCommand } from "../http/command.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { displayTime } from "../time.ts";
import type { StreamWrite, PendingEvent } from "../store/types.ts";
import { history } from "../store/history.ts";
import { newCreate, newUpdate, recordId as id, streamOf, withoutManaged } from "../resources/commands.ts";
import { findById } from "../resources/query.ts";
import { decide } from "../flow/engine/decide.ts";
import { instanceStream } from "../flow/engine/events.ts";
import { decideContext, decideOn, flowActorOf } from "../flow/commands.ts";
import { latestDeployment } from "../flow/repository.ts";
import { flowRecordOf } from "../flow/queries.ts";
import type { BusinessLink } from "../flow/business.ts";
import type { InstanceAbout } from "../flow/engine/types.ts";
import { applicationStatusOf, mayBeSubmitted } from "./lifecycle.ts";
import { recordView } from "../resources/view.ts";
import { saveAnswer } from "../resources/routes.ts";
import { checkMaterials } from "./materials.ts";
import { lazySchema } from "../../events/lazy.ts";

const idQuery = lazySchema(() => z.object({ id }));
const labels = { id: l("申请", "Application") };

export const businessKeyOf = (family: Family, recordId: string) => `${family.name}:${recordId}`;

/** The flow's variables: the application's plain values (conditions of a redesigned flow can use them). */
const variablesOf = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined && typeof v !== "object"));

const textOf = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/** What an application's instance is about, for the approval lists: the applicant enterprise and the record's own title (matters have one; a declaration names its policy). */
export const aboutOf = (record: Record<string, unknown>): InstanceAbout => ({ applicant: textOf(record.entName), subject: textOf(record.title) ?? textOf(record.policyName) });

/**
 * The writes of a submission: the application (created or updated, now "reviewing") and the flow — a new
 * instance, or for a returned application the applicant's resubmit task completed with the new values.
 */
async function submission(c: Context<AppEnv>, family: Family, recordId: string | null, values: Record<string, unknown>): Promise<{ writes: StreamWrite[]; id: string; procInsId: string }> {
  const flowKey = family.lifecycle!.apply!.flowKey;
  const db = c.env.DB;
  const actor = actorOf(c);
  const current = recordId ? await findById(db, family, recordId) : null;
  if (recordId && !current) throw notFound(family.label);
  if (!mayBeSubmitted(current)) throw new DomainError(codes.validation, "submitNotAllowed");
  const appId = recordId ?? crypto.randomUUID();
  const ctx = decideContext(db, flowActorOf(c));

  if (current?.status === "returned" && current.procInsId) {
    const procInsId = String(current.procInsId);
    const { writes } = await decideOn(db, procInsId, (state) => {
      const task = Object.values(state.tasks).find((t) => t.resumeAt && t.assignee === actor.id);
      if (!task) throw new DomainError(codes.validation, "submitNotAllowed");
      return { type: "complete", taskId: task.taskId, variables: variablesOf({ ...current, ...values }) };
    }, ctx);
    // the link's own status update is replaced by this one, which also carries the applicant's edits
    const flowWrites = writes.filter((w) => w.stream !== streamOf(family, appId));
    const update = await newUpdate(db, family, appId, { ...values, status: "reviewing", applyTime: displayTime(new Date().toISOString()) }, undefined, "submit");
    return { writes: [update, ...flowWrites], id: appId, procInsId };
  }

  const deployment = await latestDeployment(db, flowKey);
  if (!deployment) throw new DomainError(codes.validation, "noApprovalFlow", { key: flowKey });
  const procInsId = crypto.randomUUID();
  const managed = { status: "reviewing", procInsId, applyTime: displayTime(new Date().toISOString()), applicantId: current?.applicantId ?? actor.id };
  const record = recordId ? await newUpdate(db, family, appId, { ...values, ...managed }, undefined, "submit") : newCreate(family, { ...values, ...managed }, appId);
  const merged = { ...(current ?? {}), ...values };
  const events = await decide(deployment.model, null, { type: "start", deployment, procInsId, businessKey: businessKeyOf(family, appId), variables: variablesOf(merged), about: aboutOf(merged) }, ctx);
  return { writes: [record, { stream: instanceStream(procInsId), head: { version: 0, hash: "" }, events: events as unknown as PendingEvent[] }], id: appId, procInsId };
}

/** pcSave: the staff's save of an application; `submit: true` also submits it for approval. */
async function pcSave(c: Context<AppEnv>, family: Family) {
  const raw = await readJson<Record<string, unknown>>(c);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new DomainError(codes.validation, "badRequestBody");
  const submit = raw.submit === true || raw.submit === "true" || raw.submit === 1;
  const { submit: _ignored, ...rest } = raw;
  const values = withoutManaged(family, rest);
  const rawId = values[family.idKey];
  const recordId = rawId === undefined || rawId === null || rawId === "" ? null : String(rawId);
  delete values[family.idKey];
  const actor = actorOf(c);
  await checkMaterials(c.env.DB, family, values);
  return runCommand(
    c,
    async () => {
      if (submit) {
        const { writes, id: appId, procInsId } = await submission(c, family, recordId, values);
        return { writes, response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { [family.idKey]: appId, procInsId, status: "reviewing" } } };
      }
      const write = recordId ? await newUpdate(c.env.DB, family, recordId, values) : newCreate(family, { ...values, status: "draft", applicantId: actor.id });
      const appId = recordId ?? write.stream.slice(family.name.length + 1);
      return { writes: [write], response: { code: codes.ok, msg: t(recordId ? "updated" : "created", c.get("lang")), data: { [family.idKey]: appId, version: write.head.version + write.events.length } } };
    },
    // the route asks for the save tag; editing an existing application also needs the update tag
    { retries: 3, ...(recordId ? { permission: family.tags.update } : {}) },
  );
}

/** historyList: the application's own history (edits, submissions, status changes) and its flow record. */
async function historyOf(c: Context<AppEnv>, family: Family, recordId: string) {
  const record = await findById(c.env.DB, family, recordId);
  if (!record) throw notFound(family.label);
  const events = await history(c.env.DB, streamOf(family, recordId));
  const procInsId = record.procInsId ? String(record.procInsId) : null;
  return {
    status: record.status ?? "draft",
    procInsId,
    events: events.map((e) => ({ at: e.time, action: e.action, actorName: e.actorName, changes: Object.keys(e.changes), version: e.version })),
    flow: procInsId ? await flowRecordOf(c.env.DB, procInsId, c.get("lang")) : null,
  };
}

export function applicationRoutes(routes: RouteTable, family: Family) {
  const { path, tags } = family;
  routes
    .post(`${path}/pcSave`, tags.save, (c) => pcSave(c, family), {
      doc: { summary: l("保存申请；submit 为 true 时提交审批", "Save an application; with submit true, submit it for approval"), body: z.looseObject({ submit: z.boolean().optional() }) },
    })
    .verb(approvalHistoryOf(path), tags.info, async (c) => ok(c, await historyOf(c, family, parseInput(idQuery, c.req.query(), labels).id), "fetched"), {
      doc: { summary: l("申请的状态历史与审批记录", "The application's status history and approval record") },
    });
  if (family.lifecycle?.apply?.materials) {
    // the plain save and update check the materials too, so no path stores a file the rule refuses
    const checked = (mode: "save" | "update") => async (c: Context<AppEnv>) => {
      const body = await readJson<Record<string, unknown>>(c);
      if (body && typeof body === "object" && !Array.isArray(body)) await checkMaterials(c.env.DB, family, body);
      return saveAnswer(c, family, mode, body);
    };
    routes.post(`${path}/save`, tags.save, checked("save"), { doc: { family, verb: "save" } }).post(`${path}/update`, tags.update, checked("update"), { doc: { family, verb: "update" } });
  }
  if (family.perm === "common:mattersrequestform") {
    // the matters form submits a saved record by id, and reads its flow as "send events"
    routes
      .post(`${path}/sendSubmit`, `${family.perm}:submit`, async (c) => {
        const { id: recordId } = parseInput(idQuery, await readJson(c), labels);
        return runCommand(c, async () => {
          const { writes, procInsId } = await submission(c, family, recordId, {});
          return { writes, response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { id: recordId, procInsId, status: "reviewing" } } };
        }, { retries: 3 });
      }, { doc: { summary: l("提交事项申请审批", "Submit a matters request for approval"), body: idQuery } })
      .get(`${path}/querySendEvent/:id`, tags.info, async (c) => ok(c, await historyOf(c, family, c.req.param("id")!), "fetched"), { doc: { summary: l("事项申请的审批记录", "The approval record of a matters request") } });
  }
}

/** The business link of every application family: its status follows its instance. */
export function applicationLink(family: Family): BusinessLink {
  return {
    prefix: `${family.name}:`,
    label: family.label,
    async react(db, move) {
      const appId = move.businessKey.slice(family.name.length + 1);
      const record = await findById(db, family, appId);
      if (!record || record.procInsId !== move.procInsId) return [];
      const status = applicationStatusOf(move.after);
      if (record.status === status) return [];
      return [await newUpdate(db, family, appId, { status }, undefined, "flow")];
    },
    async view(db, businessKey, lang) {
      const appId = businessKey.slice(family.name.length + 1);
      const record = await findById(db, family, appId);
      if (!record) return null;
      const status = family.fields.status;
      return { kind: "family", title: family.label[lang], recordId: appId, status: record.status == null ? null : String(record.status), ...(status?.dict ? { statusDict: status.dict } : {}), fields: await recordView(db, family, record, lang, ["status"]) };
    },
  };
}
