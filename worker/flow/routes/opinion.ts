/**
 * A user's own approval opinions (常用意见) and signature file: one flowOpinion record per user, through the
 * record engine (history included); these verbs scope it to its owner for any signed-in user.
 */
import * as z from "zod";
import { l, type Family } from "../../../events/family.ts";
import { flowTask } from "../../../events/api/flow-task.ts";
import { flowOpinion } from "../../../events/families/flow.ts";
import { t } from "../../../events/i18n.ts";
import { actorOf, ok } from "../../http/envelope.ts";
import { runCommand } from "../../http/command.ts";
import type { RouteTable } from "../../http/routes.ts";
import { codes } from "../../errors.ts";
import { newDeletes, newUpsert } from "../../resources/commands.ts";
import { recordWhere } from "../../resources/query.ts";
import { readBody } from "../../http/input.ts";
import { lazySchema } from "../../../events/lazy.ts";

const opinions = flowOpinion as unknown as Family;
const saveBody = lazySchema(() => z.object({ phrases: z.array(z.string().max(200)).max(50).default([]), signatureFileId: z.string().max(64).nullish() }));

const mine = (db: D1Database, ownerId: string) => recordWhere(db, opinions, { ownerId });

export function opinionRoutes(routes: RouteTable) {
  routes
    .verb(flowTask.opinions, "signedIn", async (c) => {
      const record = await mine(c.env.DB, actorOf(c).id);
      return ok(c, { phrases: (record?.phrases as string[] | undefined) ?? [], signatureFileId: (record?.signatureFileId as string | undefined) ?? null }, "fetched");
    }, { doc: { summary: l("我的常用意见与签名", "My opinion phrases and signature") } })
    .post("/flowable/opinion/saveMine", "signedIn", async (c) => {
      const body = await readBody(c, saveBody);
      const ownerId = actorOf(c).id;
      return runCommand(c, async () => {
        const write = await newUpsert(c.env.DB, opinions, { ownerId }, { phrases: body.phrases, signatureFileId: body.signatureFileId ?? null });
        return { writes: [write], response: { code: codes.ok, msg: t("saved", c.get("lang")), data: null } };
      }, { retries: 3 });
    }, { doc: { summary: l("保存我的常用意见与签名", "Save my opinion phrases and signature"), body: saveBody } })
    .post("/flowable/opinion/deleteMine", "signedIn", async (c) => {
      const ownerId = actorOf(c).id;
      return runCommand(c, async () => {
        const existing = await mine(c.env.DB, ownerId);
        return { writes: existing ? await newDeletes(c.env.DB, opinions, [String(existing.id)]) : [], response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: null } };
      });
    }, { doc: { summary: l("删除我的常用意见与签名", "Delete my opinion phrases and signature") } });
}
