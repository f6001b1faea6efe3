/**
 * Webhook intake from the external portals. A portal POSTs `/api/webhooks/{portal}` with
 *   X-Qifu-Timestamp: unix seconds (within ±5 minutes of our clock)
 *   X-Qifu-Signature: sha256=<hex HMAC-SHA256(portal secret, `${timestamp}.${rawBody}`)>
 *   X-Qifu-Delivery:  the delivery id (printable ASCII, at most 64 characters), unique per portal
 * and a JSON body `{ type, data }`. Each type becomes a command; the delivery record and the command's
 * writes go in one append. A delivery id seen before answers its stored outcome and writes nothing.
 * `GET /api/webhooks/{portal}/deliveries/{id}` is signed the same way over `${timestamp}.${path}` (the
 * request's path, /api included, no query) and answers the delivery's outcome.
 */
import * as z from "zod";
import { initialState, type Family } from "../../events/family.ts";
import { t, type Lang } from "../../events/i18n.ts";
import { portalDemand } from "../../events/families/services.ts";
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import { webhookDeliveries, webhookOutcomes } from "../../events/families/webhooks.ts";
import type { Env } from "../http/env.ts";
import { portals, type Portal } from "../auth/portal.ts";
import { ConcurrencyError, DomainError, DuplicateError, ValidationError } from "../errors.ts";
import { newCreate, newUpdate, newUpsert } from "../resources/commands.ts";
import { recordWhere } from "../resources/query.ts";
import type { StreamWrite } from "../store/types.ts";
import { displayTime } from "../time.ts";
import { lazySchema } from "../../events/lazy.ts";

export const deliveries = webhookDeliveries as unknown as Family;
const demands = portalDemand as unknown as Family;
const master = enterpriseBasicInfo as unknown as Family;

export const maxWebhookBytes = 1_048_576;
export const maxWebhookSkewSeconds = 300;

export type Outcome = (typeof webhookOutcomes)[keyof typeof webhookOutcomes];

/** The secret of a known portal with a configured secret, else undefined (an unknown portal). */
export function webhookSecret(env: Env, portal: string): string | undefined {
  return Object.hasOwn(portals, portal) ? env[portals[portal as Portal]] || undefined : undefined;
}

const hexBytes = (hex: string) => new Uint8Array(hex.match(/../g)!.map((b) => parseInt(b, 16)));

/**
 * Whether `signature` (`sha256=<hex>`) signs `${timestamp}.${message}` with `secret` and the timestamp
 * (unix seconds) lies within ±5 minutes. The MAC is checked by Web Crypto's verify (constant time).
 */
export async function verifySignature(secret: string, timestamp: string | undefined, signature: string | undefined, message: string, nowMs = Date.now()): Promise<boolean> {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > maxWebhookSkewSeconds) return false;
  const hex = /^sha256=([0-9a-fA-F]{64})$/.exec(signature ?? "")?.[1];
  if (!hex) return false;
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  return crypto.subtle.verify("HMAC", key, hexBytes(hex), new TextEncoder().encode(`${timestamp}.${message}`));
}

export const deliveryIdPattern = /^[\x21-\x7e]{1,64}$/;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().max(max).nullish();

/** `data` of demand.created: a demand raised on the portal (its id there is `externalId`). */
export const demandCreatedData = lazySchema(() => z.object({
  externalId: text(64),
  creditCode: text(18),
  entName: text(128),
  title: text(128),
  demandType: z.union([z.string().max(64), z.number()]).transform(String),
  content: optionalText(5000),
  amount: z.number().nullish(),
  contactName: optionalText(32),
  contactPhone: optionalText(20),
  submitTime: optionalText(19),
}));

const enterpriseFields = {
  legalPerson: lazySchema(() => optionalText(64)),
  entType: lazySchema(() => optionalText(64)),
  regStatus: lazySchema(() => optionalText(64)),
  regCapital: lazySchema(() => z.number().nullish()),
  estDate: lazySchema(() => optionalText(10)),
  regAddress: lazySchema(() => optionalText(255)),
  areaCode: lazySchema(() => optionalText(6)),
  industry: lazySchema(() => optionalText(64)),
  scale: lazySchema(() => optionalText(64)),
  listingStatus: lazySchema(() => optionalText(64)),
  businessScope: lazySchema(() => optionalText(4000)),
};
/** `data` of enterprise.registered: the master record by its credit code. */
export const enterpriseRegisteredData = lazySchema(() => z.object({ creditCode: text(18), entName: text(128), ...enterpriseFields }));
/** `data` of enterprise.updated: the credit code and the fields that changed. */
export const enterpriseUpdatedData = lazySchema(() => z.object({ creditCode: text(18), entName: text(128).optional(), ...enterpriseFields }));

export const webhookBody = lazySchema(() => z.discriminatedUnion("type", [
  z.object({ type: z.literal("demand.created"), data: demandCreatedData }),
  z.object({ type: z.literal("enterprise.registered"), data: enterpriseRegisteredData }),
  z.object({ type: z.literal("enterprise.updated"), data: enterpriseUpdatedData }),
]));

export interface Result {
  outcome: Outcome;
  type: string | null;
  error: { code: number; msg: string; errors?: Record<string, string> } | null;
  recordFamily: string | null;
  recordId: string | null;
  writes: StreamWrite[];
}

const defined = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

/** Decides what a payload does: the command's writes, or a failure with the field errors (nothing written but the delivery). */
export async function decidePayload(db: D1Database, portal: string, payload: unknown, lang: Lang): Promise<Result> {
  const type = payload && typeof payload === "object" && typeof (payload as { type?: unknown }).type === "string" ? (payload as { type: string }).type : null;
  const failed = (error: Result["error"]): Result => ({ outcome: "failed", type, error, recordFamily: null, recordId: null, writes: [] });
  const parsed = webhookBody.safeParse(payload);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join(".") || "body"] ??= issue.message;
    return failed({ code: 422, msg: t("formatError", lang, { name: type ?? "body" }), errors });
  }
  const body = parsed.data;
  try {
    if (body.type === "demand.created") {
      const existing = await recordWhere(db, demands, { portalCode: portal, externalId: body.data.externalId });
      if (existing) return { outcome: "duplicate", type, error: null, recordFamily: demands.name, recordId: String(existing.id), writes: [] };
      const write = newCreate(demands, { ...defined(body.data), portalCode: portal, ...initialState(demands) });
      return { outcome: "accepted", type, error: null, recordFamily: demands.name, recordId: write.stream.slice(demands.name.length + 1), writes: [write] };
    }
    const { creditCode, ...values } = body.data;
    const write = await newUpsert(db, master, { creditCode }, defined(values));
    return { outcome: "accepted", type, error: null, recordFamily: master.name, recordId: write.stream.slice(master.name.length + 1), writes: [write] };
  } catch (error) {
    if (error instanceof ValidationError) {
      const rendered = error.render(lang);
      const errors = Object.fromEntries(Object.entries(rendered.errors).map(([k, v]) => [`data.${k}`, v]));
      return failed({ code: error.code, msg: rendered.msg, errors });
    }
    if (error instanceof DomainError && !(error instanceof ConcurrencyError)) return failed({ code: error.code, ...error.render(lang) });
    throw error;
  }
}

export interface DeliveryRow {
  id: string;
  portal: string;
  deliveryId: string;
  type: string | null;
  outcome: Outcome;
  error: Result["error"];
  recordFamily: string | null;
  recordId: string | null;
  attempts: number | null;
  payload: unknown;
  version: number;
}

export async function findDelivery(db: D1Database, portal: string, deliveryId: string): Promise<DeliveryRow | null> {
  return (await recordWhere(db, deliveries, { portal, deliveryId })) as DeliveryRow | null;
}

/** What a portal reads of a delivery. */
export const outcomeOf = (d: Pick<DeliveryRow, "deliveryId" | "outcome" | "error" | "recordId">) => ({ deliveryId: d.deliveryId, outcome: d.outcome, error: d.error ?? null, recordId: d.recordId ?? null });

/** The delivery record of a first attempt. */
export function newDelivery(portal: string, deliveryId: string, result: Result, payload: unknown, at: string): StreamWrite {
  return newCreate(deliveries, {
    portal,
    deliveryId,
    type: result.type?.slice(0, 64) ?? null,
    receivedAt: displayTime(at),
    outcome: result.outcome,
    error: result.error,
    recordFamily: result.recordFamily,
    recordId: result.recordId,
    attempts: 1,
    payload,
  });
}

/** The update of a replayed delivery: a new attempt and its outcome. */
export function replayDelivery(db: D1Database, delivery: DeliveryRow, result: Result): Promise<StreamWrite> {
  return newUpdate(
    db,
    deliveries,
    delivery.id,
    { outcome: result.outcome, error: result.error, recordFamily: result.recordFamily, recordId: result.recordId, attempts: (delivery.attempts ?? 1) + 1 },
    delivery.version,
    "replay",
  );
}

/** Clashes worth deciding again: another write to the same stream, or a unique key taken meanwhile. */
export const isClash = (error: unknown) => error instanceof ConcurrencyError || error instanceof DuplicateError;
