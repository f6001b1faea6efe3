/**
 * Readable names of the flow record's action codes (`complete`, `cancelled:completionCondition`, …) in both
 * languages (the same words the web app's record labels use). The record keeps the code (screens and tests
 * match on it); answers carry the name beside it.
 */
import type { Lang, Text } from "../../events/i18n.ts";
import { l } from "../../events/family.ts";


const actions: Record<string, Text> = {
  pending: l("处理中", "In progress"),
  start: l("发起", "Started"),
  complete: l("同意", "Approved"),
  auto: l("自动通过", "Passed automatically"),
  reject: l("驳回", "Rejected"),
  return: l("退回", "Returned"),
  delegate: l("委派", "Delegated"),
  resolve: l("委派办结", "Resolved"),
  transfer: l("转办", "Transferred"),
  addSigner: l("加签", "Signer added"),
  removeSigner: l("减签", "Signer removed"),
  recall: l("撤回", "Recalled"),
  cc: l("抄送", "Copied"),
  urge: l("催办", "Urged"),
  remind: l("超时提醒", "Reminder"),
  escalate: l("超时升级", "Escalated"),
  suspend: l("挂起", "Suspended"),
  activate: l("激活", "Activated"),
  end: l("结束", "Ended"),
  rejected: l("驳回", "Rejected"),
  stopped: l("终止", "Stopped"),
  revoked: l("撤销", "Revoked"),
};

/** Why a task was cancelled (the part after `cancelled:`). */
const cancelReasons: Record<string, Text> = {
  return: l("因退回取消", "Cancelled by a return"),
  reject: l("因驳回取消", "Cancelled by a rejection"),
  stop: l("因终止取消", "Cancelled: process stopped"),
  revoke: l("因撤销取消", "Cancelled: process revoked"),
  removeSigner: l("已减签", "Cancelled: signer removed"),
  completionCondition: l("已满足会签条件，无需办理", "Not needed: the node's completion condition was met"),
  terminate: l("流程结束，无需办理", "Not needed: the process ended"),
  escalation: l("超时升级取消", "Cancelled by an escalation"),
  recall: l("因撤回取消", "Cancelled by a recall"),
  delete: l("因删除取消", "Cancelled: instance deleted"),
};

const cancelled = l("已取消", "Cancelled");

/** The action code's name in `lang`; an unknown code answers itself. */
export function actionName(code: string, lang: Lang): string {
  if (code.startsWith("cancelled")) {
    const reason = code.slice("cancelled:".length);
    return (cancelReasons[reason] ?? cancelled)[lang];
  }
  return actions[code]?.[lang] ?? code;
}
