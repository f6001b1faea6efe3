/**
 * Webhook deliveries from the external portals: one record per (portal, delivery id), written
 * only by the intake (worker/webhooks/), keeping the payload for an administrator's replay.
 */
import * as z from "zod";
import { defineFamily, l } from "../family.ts";
import { field } from "../fields.ts";

export const webhookOutcomes = { accepted: "accepted", failed: "failed", duplicate: "duplicate" } as const;

export const webhookDeliveries = defineFamily({
  path: "/webhooks/delivery",
  perm: "sys:webhook",
  table: "webhook_delivery",
  label: l("Webhook 投递", "Webhook delivery"),
  fields: {
    portal: field.text(l("来源门户", "Portal"), { required: true, max: 16 }),
    deliveryId: field.text(l("投递编号", "Delivery id"), { required: true, max: 64 }),
    type: field.text(l("事件类型", "Event type"), { max: 64 }),
    receivedAt: field.datetime(l("接收时间", "Received at"), { required: true }),
    outcome: field.dict(l("处理结果", "Outcome"), "webhookOutcome", { required: true }),
    error: field.json(l("错误", "Error"), () => z.unknown()),
    recordFamily: field.text(l("记录类型", "Record family"), { max: 64 }),
    recordId: field.text(l("记录编号", "Record id"), { max: 64 }),
    attempts: field.int(l("处理次数", "Attempts"), { min: 1 }),
    payload: field.json(l("报文", "Payload"), () => z.unknown()),
  },
  columns: ["portal", "deliveryId", "type", "receivedAt", "outcome", "recordFamily", "recordId", "attempts"],
  filters: { portal: "eq", deliveryId: "eq", type: "eq", outcome: "eq" },
  sorts: ["receivedAt", "createTime", "updateTime"],
  defaultSort: ["receivedAt", "desc"],
  counted: ["outcome"],
  unique: [["portal", "deliveryId"]],
});

export const webhookFamilies = [webhookDeliveries];
