/**
 * The webhook deliveries' own verb (worker/webhooks/routes.ts): an administrator's replay of a failed
 * delivery. The deliveries' list and info are the record engine's; the portals' signed intake and outcome
 * read answer HTTP statuses beside the envelope and are documented with their routes.
 */
import * as z from "zod";
import { recordMeta, verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

export const deliveryOutcome = lazySchema(() => z.enum(["accepted", "failed", "duplicate"]));

/** Why a delivery failed: the envelope code, message and field errors its intake answered. */
export const deliveryError = lazySchema(() => z.strictObject({ code: z.number().int(), msg: z.string(), errors: z.record(z.string(), z.string()).optional() }));

/** A delivery as the engine's list and info answer it: what a portal sent, and how its intake went. */
export const deliveryRow = lazySchema(() => z.strictObject({
  id: z.string(),
  portal: z.string(),
  deliveryId: z.string(),
  type: z.string().nullable(),
  receivedAt: z.string(),
  outcome: deliveryOutcome,
  error: deliveryError.nullable(),
  recordFamily: z.string().nullable(),
  recordId: z.string().nullable(),
  attempts: z.number().int().nullable(),
  payload: z.unknown(),
  ...recordMeta,
}));

export const webhooks = {
  list: verb({ method: "GET", path: "/webhooks/delivery/list", response: () => z.array(deliveryRow), paged: true }),
  info: verb({ method: "GET", path: "/webhooks/delivery/info/:id", response: deliveryRow }),
  replay: verb({
    method: "POST",
    path: "/webhooks/delivery/replay/:id",
    response: () => z.strictObject({ id: z.string(), deliveryId: z.string(), outcome: deliveryOutcome, error: deliveryError.nullable(), recordId: z.string().nullable(), attempts: z.number().int() }),
  }),
};
