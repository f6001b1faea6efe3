/**
 * Readable names of the flow record's action codes (`complete`, `cancelled:completionCondition`, …) in both
 * languages (the same words the web app's record labels use). The record keeps the code (screens and tests
 * match on it); answers carry the name beside it.
 */
import type { Lang, Text } from "../../events/i18n.ts";

const text = (zh: string, en: string): Text => ({ "zh-CN": zh, "en-US": en });

const actions: Record<string, Text> = {
  pending: text("处理中", "In progress"),
  start: text("发起", "Started"),
  complete: text("同意", "Approved"),
  auto: text("自动通过", "Passed automatically"),
  reject: text("驳回", "Rejected"),
  return: text("退回", "Returned"),
  delegate: text("委派", "Delegated"),
  resolve: text("委派办结", "Resolved"),
  transfer: text("转办", "Transferred"),
  addSigner: text("加签", "Signer added"),
  removeSigner: text("减签", "Signer removed"),
  recall: text("撤回", "Recalled"),
  cc: text("抄送", "Copied"),
  urge: text("催办", "Urged"),
  remind: text("超时提醒", "Reminder"),
  escalate: text("超时升级", "Escalated"),
  suspend: text("挂起", "Suspended"),
  activate: text("激活", "Activated"),
  end: text("结束", "Ended"),
  rejected: text("驳回", "Rejected"),
  stopped: text("终止", "Stopped"),
  revoked: text("撤销", "Revoked"),
};

/** Why a task was cancelled (the part after `cancelled:`). */
const cancelReasons: Record<string, Text> = {
  return: text("因退回取消", "Cancelled by a return"),
  reject: text("因驳回取消", "Cancelled by a rejection"),
  stop: text("因终止取消", "Cancelled: process stopped"),
  revoke: text("因撤销取消", "Cancelled: process revoked"),
  removeSigner: text("已减签", "Cancelled: signer removed"),
  completionCondition: text("已满足会签条件，无需办理", "Not needed: the node's completion condition was met"),
  terminate: text("流程结束，无需办理", "Not needed: the process ended"),
  escalation: text("超时升级取消", "Cancelled by an escalation"),
  recall: text("因撤回取消", "Cancelled by a recall"),
  delete: text("因删除取消", "Cancelled: instance deleted"),
};

const cancelled = text("已取消", "Cancelled");

/** The action code's name in `lang`; an unknown code answers itself. */
export function actionName(code: string, lang: Lang): string {
  if (code.startsWith("cancelled")) {
    const reason = code.slice("cancelled:".length);
    return (cancelReasons[reason] ?? cancelled)[lang];
  }
  return actions[code]?.[lang] ?? code;
}
