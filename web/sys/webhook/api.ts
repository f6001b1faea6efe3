/** The webhook deliveries (worker/webhooks): the family's list and info, and the replay of a failed one. */
import { post } from "../../core/api/http.ts";

export const deliveryPath = "/webhooks/delivery";
export const deliveryTags = { info: "sys:webhook:info", replay: "sys:webhook:update" } as const;

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

export interface ReplayAnswer {
  id: string;
  deliveryId: string;
  outcome: Delivery["outcome"];
  error: unknown;
  recordId: string | null;
  attempts: number;
}

export const replayDelivery = (id: string) => post<ReplayAnswer>(`${deliveryPath}/replay/${encodeURIComponent(id)}`);
