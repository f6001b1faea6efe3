/** The names the BPMN conversion (./to-bpmn.ts) gives to nodes the designer left unnamed and to the nodes it adds. */
import type { Lang } from "../i18n.ts";

/** Names for nodes the designer left unnamed, and for the nodes the conversion adds. */
export const defaultNames: Record<Lang, { start: string; end: string; approval: string; cc: string; escalated: (task: string) => string }> = {
  "zh-CN": { start: "发起人", end: "结束", approval: "审批人", cc: "抄送人", escalated: (task) => `${task}（超时上报）` },
  "en-US": { start: "Initiator", end: "End", approval: "Approver", cc: "Copy to", escalated: (task) => `${task} (escalated)` },
};
