/**
 * Answering a policy question (`/common/policy/advice/answer`): once, while it awaits its answer; the answer,
 * who gave it and when are written in one update naming the command, so the record's history shows it.
 */
import * as z from "zod";
import { l } from "../../events/family.ts";
import { policyAdvice } from "../../events/families/casework.ts";
import type { Family } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import type { RouteTable } from "../http/routes.ts";
import { actorOf } from "../http/envelope.ts";
import { readBody } from "../http/input.ts";
import { runCommand } from "../http/command.ts";
import { DomainError, codes } from "../errors.ts";
import { displayTime } from "../time.ts";
import { newTransition, recordId as id } from "../resources/commands.ts";
import type { RecordValues } from "../resources/decide.ts";
import { lazySchema } from "../../events/lazy.ts";

const family = policyAdvice as unknown as Family;
export const answerBody = lazySchema(() => z.object({ id, answer: z.string().trim().min(1).max(5000) }));
const labels = { id: l("咨询", "Question"), answer: policyAdvice.fields.answer.label };
export const answerTag = `${policyAdvice.perm}:answer`;

/** A question is answered once, while it is pending. */
export function decideAnswer(record: RecordValues, answer: string, answererId: string, at: string): RecordValues {
  if (String(record.status ?? "pending") !== "pending") throw new DomainError(codes.validation, "adviceAnsweredAlready");
  return { answer, answererId, answerTime: at, status: "answered" };
}

export function adviceRoutes(routes: RouteTable) {
  routes.post(`${family.path}/answer`, answerTag, async (c) => {
    const body = await readBody(c, answerBody, labels);
    const actor = actorOf(c);
    const at = displayTime(new Date().toISOString());
    return runCommand(c, async () => {
      const write = await newTransition(c.env.DB, family, body.id, "answer", (record) => decideAnswer(record, body.answer, actor.id, at));
      return { writes: [write], response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { id: body.id, version: write.head.version + write.events.length } } };
    }, { retries: 3 });
  }, { doc: { summary: l("答复政策咨询", "Answer a policy question"), body: answerBody } });
}
