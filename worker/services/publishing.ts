/**
 * The publish and examine commands of every family that declares them (spec section 4): publish/{id}/{status},
 * revokeData, examData, showChange, and the roadshow's publishData. Each is an update of the record naming
 * the command, decided by worker/services/lifecycle.ts on the record's own stream.
 */
import type { Context } from "hono";
import * as z from "zod";
import type { Family } from "../../events/family.ts";
import { l } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import type { RouteTable } from "../http/routes.ts";
import type { AppEnv } from "../http/env.ts";
import { actorOf, readJson } from "../http/envelope.ts";
import { parseInput, readBody } from "../http/input.ts";
import { runCommand } from "../http/command.ts";
import { codes } from "../errors.ts";
import { displayTime } from "../time.ts";
import { newTransition, recordId as id } from "../resources/commands.ts";
import type { RecordValues } from "../resources/decide.ts";
import { decideExamine, decidePublish, decideRevoke, decideShowChange } from "./lifecycle.ts";
import { lazySchema } from "../../events/lazy.ts";

/** revokeData takes `{ id }`, `{ ids }` or a bare array of ids (the seed's screens send each). */
const idsBody = lazySchema(() => z.union([z.array(id).min(1).max(100), z.object({ id }).transform((b) => [b.id]), z.object({ ids: z.array(id).min(1).max(100) }).transform((b) => b.ids)]));
const examBody = lazySchema(() => z.object({ id, examStatus: z.enum(["1", "2"]), examOpinion: z.string().max(500).optional().default("") }));
const labels = { id: l("记录", "Record"), ids: l("记录", "Records"), examStatus: l("审核结果", "Verdict"), examOpinion: l("审核意见", "Opinion"), status: l("发布状态", "Publish status") };

export const tagsOf = (family: Family) => ({
  publish: `${family.perm}:publish`,
  revoke: `${family.perm}:revoke`,
  examine: `${family.perm}:examine`,
  showChange: `${family.perm}:showchange`,
});

const now = () => displayTime(new Date().toISOString());

/** Runs one transition per id in one append (all or none), answering the new versions. */
function transitions(c: Context<AppEnv>, family: Family, ids: string[], action: string, decide: (record: RecordValues) => RecordValues) {
  return runCommand(
    c,
    async () => {
      const writes = await Promise.all([...new Set(ids)].map((one) => newTransition(c.env.DB, family, one, action, decide)));
      const data = writes.map((w) => ({ [family.idKey]: w.stream.slice(family.name.length + 1), version: w.head.version + w.events.length }));
      return { writes, response: { code: codes.ok, msg: t("ok", c.get("lang")), data: data.length === 1 ? data[0] : data } };
    },
    { retries: 3 },
  );
}

export function publishingRoutes(routes: RouteTable, family: Family) {
  const tags = tagsOf(family);
  const { path } = family;
  const doc = (zh: string, en: string, body?: z.ZodType) => ({ doc: { summary: l(zh, en), ...(body ? { body } : {}) } });
  const revoke = async (c: Context<AppEnv>) => transitions(c, family, parseInput(idsBody, await readJson(c), labels), "revoke", decideRevoke);

  if (family.lifecycle?.publish) {
    routes.get(`${path}/publish/:id/:status`, tags.publish, async (c) => {
      const { id: one, status } = parseInput(z.object({ id, status: z.string().max(2) }), c.req.param(), labels);
      const at = now();
      return transitions(c, family, [one], status === "1" ? "publish" : "revoke", (record) => decidePublish(record, status, at));
    }, doc("发布（状态 1）或撤回（状态 0、2）", "Publish (status 1) or take back (status 0 or 2)"));
    // the roadshow screen publishes with a POST of the id
    routes.post(`${path}/publishData`, tags.publish, async (c) => {
      const ids = parseInput(idsBody, await readJson(c), labels);
      const at = now();
      return transitions(c, family, ids, "publish", (record) => decidePublish(record, "1", at));
    }, doc("发布", "Publish", idsBody));
  }
  if (family.lifecycle?.publish || family.lifecycle?.examine) {
    routes.post(`${path}/revokeData`, tags.revoke, revoke, doc("撤回已发布的记录", "Take a published record back", idsBody));
  }
  if (family.lifecycle?.examine) {
    routes.post(`${path}/examData`, tags.examine, async (c) => {
      const body = await readBody(c, examBody, labels);
      const examiner = actorOf(c).name;
      const at = now();
      return transitions(c, family, [body.id], "examine", (record) => decideExamine(record, body.examStatus, body.examOpinion, examiner, at));
    }, doc("审核（通过 1 / 不通过 2，附意见）", "Examine (pass 1 / fail 2, with an opinion)", examBody));
    routes.post(`${path}/showChange`, tags.showChange, async (c) => {
      const ids = parseInput(idsBody, await readJson(c), labels);
      return transitions(c, family, ids, "showChange", decideShowChange);
    }, doc("切换门户展示", "Show on or hide from the portal", idsBody));
  }
}
