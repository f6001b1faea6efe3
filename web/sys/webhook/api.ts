/** The webhook deliveries (worker/webhooks): the family's list and info, and the replay of a failed one. */
import { webhooks } from "../../../events/api/webhooks.ts";
import type { Answer } from "../../../events/api/verb.ts";
import { send } from "../../core/api/call.ts";

export const deliveryPath = "/webhooks/delivery";
export const deliveryTags = { info: "sys:webhook:info", replay: "sys:webhook:update" } as const;

/** A delivery as the engine's list and info answer it, from the contract (events/api/webhooks.ts). */
export type Delivery = Answer<typeof webhooks.info>;

export const replayDelivery = (id: string) => send(webhooks.replay, { params: { id } });
