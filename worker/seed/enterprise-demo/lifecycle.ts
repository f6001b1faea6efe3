/** The managed fields of the lifecycles, set directly so every publish, examination and approval state is present. */
import type { Family } from "../../../events/family.ts";
import { datetimeBefore, type BuildContext, type Person } from "./context.ts";

/** The publish lifecycle's states in turn: drafts, published (the most), revoked. */
const publishCycle = ["1", "0", "1", "2", "1"];
const applyCycle = ["draft", "reviewing", "returned", "approved", "rejected", "withdrawn", "reviewing", "approved"];
/**
 * Applications in approval get live flow instances after the region is stored (approvals.ts), one command
 * each: the first few of each family are in approval or returned, the rest have finished.
 */
const liveApprovals = 16;
const finishedCycle = ["draft", "approved", "rejected", "approved", "withdrawn"];
/** examStatus / status / isShow in turn: pending, passed and shown, passed and hidden, passed then revoked, refused. */
const examCycle: [string, string, boolean][] = [["0", "0", false], ["1", "1", true], ["1", "1", false], ["1", "2", false], ["2", "0", false], ["1", "1", true]];

/** Sets the managed fields of record `n` of a family: states in turn, so each appears. */
export function applyLifecycle(f: Family, record: Record<string, unknown>, n: number, ctx: BuildContext, people: { applicants: Person[]; examiners: Person[] }) {
  const has = (k: string) => k in f.fields && f.fields[k]!.managed;
  const lc = f.lifecycle;
  if (lc?.publish) {
    const status = publishCycle[n % publishCycle.length]!;
    if (has("status")) record.status = status;
    if (has("publishTime") && status !== "0") record.publishTime = datetimeBefore(ctx, 400);
  }
  if (lc?.examine) {
    const [examStatus, status, isShow] = examCycle[n % examCycle.length]!;
    if (has("examStatus")) record.examStatus = examStatus;
    if (has("status")) record.status = status;
    if (has("isShow")) record.isShow = isShow;
    if (examStatus !== "0") {
      if (has("examBy")) record.examBy = ctx.rng.pick(people.examiners).name;
      if (has("examTime")) record.examTime = datetimeBefore(ctx, 300);
      if (has("examOpinion")) record.examOpinion = examStatus === "1" ? ctx.rng.pick(["内容真实，同意展示。", "审核通过。", "信息完整，予以通过。"]) : ctx.rng.pick(["联系方式无法核实，请补充。", "内容与企业经营范围不符。"]);
    }
  }
  if (lc?.apply) {
    const status = n < liveApprovals ? applyCycle[n % applyCycle.length]! : finishedCycle[n % finishedCycle.length]!;
    if (has("status")) record.status = status;
    if (has("applyTime") && status !== "draft") record.applyTime = datetimeBefore(ctx, 300);
    if (has("applicantId")) record.applicantId = ctx.rng.pick(people.applicants).id;
    // outcomes belong to approved applications only
    if (status !== "approved") for (const key of ["approvedAmount", "loanAmount", "loanDate", "result", "satisfaction"]) if (!f.fields[key]?.required) delete record[key];
  }
  // any other managed field a family adds keeps its default (empty)
}
