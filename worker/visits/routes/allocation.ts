/**
 * /common/envisituserallocation beyond the standard set: the allocation list and its fields, a plan's
 * allocations, one allocation with its enterprise, and the commands: confirm (pending → confirmed),
 * commit (confirmed → committed, once; the enterprise's service staff become the allocated staff member
 * in the same append), reassign several allocations to another staff member (batchUpdateService), and
 * the check of a demand archive (xqdaCheck). Any refused allocation refuses the whole command.
 */
import { visits } from "../../../events/api/visits.ts";
import { l } from "../../../events/family.ts";
import { t } from "../../../events/i18n.ts";
import type { RouteTable } from "../../http/routes.ts";
import { ok, page } from "../../http/envelope.ts";
import { readBody } from "../../http/input.ts";
import { runCommand } from "../../http/command.ts";
import { DomainError, ValidationError, codes, notFound } from "../../errors.ts";
import { findById, listAll, listPage, recordWhere } from "../../resources/query.ts";
import { newUpdate, streamOf, updateOf } from "../../resources/commands.ts";
import { fold } from "../../resources/decide.ts";
import { readStreams } from "../../store/read.ts";
import type { StreamWrite } from "../../store/types.ts";
import { allocationStep, type AllocationAction } from "../allocation.ts";
import { allocationFamily, archiveFamily, masterFamily } from "../families.ts";
import { userExists } from "../queries.ts";
import { requireKind } from "./archives.ts";
import { idParam, labelsOf, withFixed } from "./shared.ts";

const doc = (zh: string, en: string) => ({ doc: { summary: l(`走访人员分配：${zh}`, `Visit allocation: ${en}`), family: allocationFamily } });
/** Several commands may touch one enterprise at once: decided again on the new state. */
const retries = 5;

/** The allocations' updates for `action`, and (commit) the enterprises' service staff; refuses all on the first refusal. */
async function stepWrites(db: D1Database, ids: string[], action: AllocationAction, userId?: string): Promise<StreamWrite[]> {
  const f = allocationFamily;
  const streams = await readStreams(db, ids.map((id) => streamOf(f, id)));
  const writes: StreamWrite[] = [];
  const staffOf = new Map<string, string>();
  for (const id of ids) {
    const events = streams.get(streamOf(f, id)) ?? [];
    const record = fold(f, events).record;
    if (!record) throw notFound(f.label);
    const step = allocationStep(record.status, action, userId);
    if (!step.ok) throw new DomainError(codes.validation, step.key);
    writes.push(updateOf(f, id, step.patch, events, undefined, action));
    if (action === "commit") staffOf.set(String(record.creditCode), String(record.userId));
  }
  for (const [creditCode, serviceUserId] of staffOf) {
    const enterprise = await recordWhere(db, masterFamily, { creditCode });
    if (!enterprise) continue;
    writes.push(await newUpdate(db, masterFamily, String(enterprise.id), { serviceUserId }));
  }
  return writes;
}

export function allocationRoutes(routes: RouteTable) {
  const f = allocationFamily;
  const { tags, perm } = f;
  const command = (action: AllocationAction, status: "confirmed" | "committed" | "pending") => async (c: Parameters<Parameters<RouteTable["post"]>[2]>[0]) => {
    const body = action === "reassign" ? await readBody(c, visits.batchUpdateService.body, labelsOf(f)) : await readBody(c, visits.confirm.body, labelsOf(f));
    const ids = [...new Set<string>(body.ids)];
    const userId = "userId" in body && typeof body.userId === "string" ? body.userId : undefined;
    if (userId && !(await userExists(c.env.DB, userId))) throw new ValidationError([{ field: "userId", label: f.fields.userId!.label, key: "valueNotAllowed" }]);
    return runCommand(c, async () => ({
      writes: await stepWrites(c.env.DB, ids, action, userId),
      response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { ids, status } },
    }), { retries });
  };
  routes
    .verb(visits.allocationList, tags.list, async (c) => {
      const { total, rows } = await listPage(c.env.DB, f, withFixed(f, c.req.query(), {}));
      return page(c, total, rows);
    }, doc("分配列表", "allocations"))
    .verb(visits.allocationFields, tags.list, async (c) => ok(c, Object.entries(f.fields).map(([key, field]) => ({ key, label: field.label, kind: field.kind, required: field.required })), "fetched"), doc("字段", "fields"))
    .verb(visits.allocationByTask, tags.info, async (c) => {
      const planId = idParam(c.req.param("id"), f);
      return ok(c, await listAll(c.env.DB, f, { filters: [{ key: "taskPlanId", op: "eq", value: planId }], sort: "allocateDate", desc: true, keyword: "" }, 1000), "fetched");
    }, doc("某任务计划的分配", "a task plan's allocations"))
    .verb(visits.allocationInfo, tags.info, async (c) => {
      const allocation = await findById(c.env.DB, f, idParam(c.req.param("id"), f));
      if (!allocation) throw notFound(f.label);
      const enterprise = typeof allocation.creditCode === "string" ? await recordWhere(c.env.DB, masterFamily, { creditCode: allocation.creditCode }) : null;
      return ok(c, { allocation, enterprise }, "fetched");
    }, doc("分配详情（含企业）", "one allocation with its enterprise"))
    .verb(visits.confirm, `${perm}:confirm`, command("confirm", "confirmed"), doc("确认分配", "confirm allocations"))
    .verb(visits.commit, `${perm}:commit`, command("commit", "committed"), doc("提交分配（一次；企业的服务专员随之变更）", "commit allocations (once; the enterprises' service staff follow)"))
    .verb(visits.batchUpdateService, tags.update, command("reassign", "pending"), doc("批量改派走访人员（须重新确认）", "reassign allocations to another staff member (to confirm again)"))
    .verb(visits.xqdaCheck, archiveFamily.tags.update, async (c) => {
      const body = await readBody(c, visits.xqdaCheck.body, labelsOf(archiveFamily));
      return runCommand(c, async () => {
        const current = await findById(c.env.DB, archiveFamily, body.id);
        if (!current) throw notFound(archiveFamily.label);
        requireKind(current, "xqda");
        const details = { ...((current.details as Record<string, unknown> | null) ?? {}), ...(body.checkOpinion !== undefined ? { checkOpinion: body.checkOpinion } : {}) };
        const write = await newUpdate(c.env.DB, archiveFamily, body.id, { status: body.status, details }, undefined, "xqdaCheck");
        return { writes: [write], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { id: body.id, version: write.head.version + write.events.length } } };
      });
    }, doc("审核需求档案", "check a demand archive"));
}
