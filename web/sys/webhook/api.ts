/** The webhook deliveries (worker/webhooks): the family's list and info, and the replay of a failed one. */
import { webhooks } from "../../../events/api/webhooks.ts";
import { send } from "../../core/api/call.ts";

export const deliveryPath = "/webhooks/delivery";
export const deliveryTags = { info: "sys:webhook:info", replay: "sys:webhook:update" } as const;

/** A delivery as the engine's list and info verbs answer it (the family's generic verbs, not in the contract). */
export interface Delivery {
  id: string;
  portal: string;
  deliveryId: string;
  type: string | null;
  receivedAt: string;
  outcome: "accepted" | "failed" | "duplicate";
  error: { code?: number; msg?: string; errors?: Record<string, string> } | null;
  recordFamily: string | null;
  recordId: string | null;
  attempts: number | null;
  payload: unknown;
}

export const replayDelivery = (id: string) => send(webhooks.replay, { params: { id } });
