/**
 * "The policy finds the enterprise": when a policy is published, the service staff (serviceUserId of the
 * enterprise master) of every enterprise meeting it are told, once per enterprise and policy. Each chunk
 * of enterprises is one command: per member of staff one message (msg module, point `policy-match`,
 * template `policyMatch`) and one ledger event (`policy.noticed`, projected into policy_notice) naming
 * the enterprises it covers, in the same append — so a message exists exactly when its ledger rows do,
 * and the ledger's key (policy, enterprise) refuses a second notice. Publishing again only tells about
 * enterprises that were not told yet (newly meeting it, or newly given service staff). The publish
 * request runs within a time budget; what is left is told by the module's cron job.
 */
import type { StreamWrite } from "../store/types.ts";
import type { EventStore } from "../store/index.ts";
import { ledgerProjection } from "../store/ledger.ts";
import { execute, type CommandActor } from "../commands/execute.ts";
import { postMessage } from "../msg/post.ts";
import { policy as policyFamily } from "../../events/families/casework.ts";
import { newTransition } from "../resources/commands.ts";
import { displayTime } from "../time.ts";
import { decideNoticed } from "./lifecycle.ts";
import * as q from "./queries.ts";
import { giveWay } from "../background.ts";

export const noticedType = "policy.noticed";

export interface PolicyEvents {
  "policy.noticed": { policyId: string; userId: string; msgId: string; creditCodes: string[] };
}

/** The writes of one chunk (pure): per member of staff one message and one ledger event. */
export function noticeWrites(policy: { policyId: string; policyName: string }, owed: readonly q.OwedNotice[]): StreamWrite[] {
  const byUser = new Map<string, q.OwedNotice[]>();
  for (const n of owed) byUser.set(n.serviceUserId, [...(byUser.get(n.serviceUserId) ?? []), n]);
  const writes: StreamWrite[] = [];
  for (const [userId, mine] of byUser) {
    const msgId = crypto.randomUUID();
    const names = mine.slice(0, 3).map((n) => n.entName).join("、");
    writes.push(postMessage({ userIds: [userId], type: "policy-match", templateCode: "policyMatch", params: { count: mine.length, names, policyName: policy.policyName } }, msgId));
    const data: PolicyEvents["policy.noticed"] = { policyId: policy.policyId, userId, msgId, creditCodes: mine.map((n) => n.creditCode) };
    writes.push({ stream: `policynotice:${msgId}`, head: { version: 0, hash: "" }, events: [{ type: noticedType, data: data as unknown as Record<string, unknown> }] });
  }
  return writes;
}

/** The ledger as a projection of `policy.noticed`, so `npm run rebuild` recreates it from the log. */
export const noticeProjection = ledgerProjection({
  table: "policy_notice",
  eventType: noticedType,
  items: "$.creditCodes",
  columns: { policy_id: { data: "$.policyId" }, credit_code: { item: "$" }, user_id: { data: "$.userId" }, msg_id: { data: "$.msgId" }, at: "at" },
});

export interface NoticeOutcome {
  /** enterprises whose staff were told */
  notified: number;
  messages: number;
  /** false when the budget ran out first */
  complete: boolean;
}

const isLedgerClash = (error: unknown) => /UNIQUE constraint failed: policy_notice/.test(String((error as Error)?.message ?? error));

export interface NoticeRun {
  db: D1Database;
  store: EventStore;
  actor: CommandActor;
  asOf: string;
  /** enterprises per command */
  chunk?: number;
  /** stop starting chunks after this long (ms) */
  budgetMs?: number;
  requestId?: string;
}

/** Tells the staff of every enterprise meeting a published policy that were not told yet. */
export async function notifyPolicy(run: NoticeRun, policyId: string): Promise<NoticeOutcome> {
  const chunk = run.chunk ?? 500;
  const deadline = Date.now() + (run.budgetMs ?? 20_000);
  const outcome: NoticeOutcome = { notified: 0, messages: 0, complete: true };
  const policy = await q.policyById(run.db, policyId);
  if (!policy || policy.status !== "published" || policy.conditions.length === 0) return outcome;
  const tree = q.treeOf(policy.conditions);
  let after = "";
  for (;;) {
    if (Date.now() > deadline) return { ...outcome, complete: false };
    await giveWay();
    const owed = await q.owedNotices(run.db, policyId, tree, run.asOf, after, chunk);
    if (owed.length === 0) break;
    const from = after;
    after = owed[owed.length - 1]!.creditCode;
    let attempt = 0;
    const sent = await execute(
      {
        name: "policy.notify",
        retries: 2,
        isClash: isLedgerClash,
        async decide({ db }) {
          // a concurrent pass told some of them first: keep only the enterprises still owed
          let mine = owed;
          if (attempt++ > 0) {
            const still = new Set((await q.owedNotices(db, policyId, tree, run.asOf, from, chunk)).map((n) => n.creditCode));
            mine = owed.filter((n) => still.has(n.creditCode));
          }
          const writes = noticeWrites(policy, mine);
          return { writes, answer: { notified: mine.length, messages: writes.length / 2 } };
        },
      },
      run.actor,
      { db: run.db, store: run.store, ...(run.requestId ? { requestId: run.requestId } : {}) },
    );
    outcome.notified += sent.notified;
    outcome.messages += sent.messages;
    if (owed.length < chunk) break;
  }
  // every enterprise meeting it has been told: the cron stops looking at this policy
  await execute(
    {
      name: "policy.noticed",
      retries: 2,
      async decide({ at }) {
        const write = await newTransition(run.db, policyFamily, policyId, "noticed", (record) => decideNoticed(record, displayTime(at)));
        return { writes: write.events.length ? [write] : [], answer: null };
      },
    },
    run.actor,
    { db: run.db, store: run.store, ...(run.requestId ? { requestId: run.requestId } : {}) },
  );
  return outcome;
}

/** The cron's share: finish the notices of published policies that still owe some, within a budget. */
export async function notifyPending(run: NoticeRun): Promise<NoticeOutcome> {
  const deadline = Date.now() + (run.budgetMs ?? 8_000);
  const total: NoticeOutcome = { notified: 0, messages: 0, complete: true };
  for (const id of await q.policiesOwingNotices(run.db)) {
    const left = deadline - Date.now();
    if (left <= 0) return { ...total, complete: false };
    const r = await notifyPolicy({ ...run, budgetMs: left }, id);
    total.notified += r.notified;
    total.messages += r.messages;
    if (!r.complete) return { ...total, complete: false };
  }
  return total;
}
