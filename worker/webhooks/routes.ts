/**
 * The webhook routes: the portals' signed intake and outcome read (public routes: the signature is the
 * authentication), the administrator's replay of a failed delivery, and the refusal of the engine's
 * generic writes on deliveries (only the intake writes them). Refusals of the intake answer the HTTP
 * status beside the envelope code (401, 404, 413, 422), since a portal's retry logic reads the status.
 */
import type { Context } from "hono";
import * as z from "zod";
import { l } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import type { AppEnv } from "../http/env.ts";
import { ok, reply } from "../http/envelope.ts";
import { deliveryOutcome, webhooks } from "../../events/api/webhooks.ts";
import type { RouteTable } from "../http/routes.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { findById } from "../resources/query.ts";
import { familyReads } from "../resources/routes.ts";
import { webhookDeliveries } from "../../events/families/webhooks.ts";
import { execute, principal } from "../commands/execute.ts";
import { executeHere, requestContext } from "../http/command.ts";
import {
  decidePayload,
  deliveries,
  deliveryIdPattern,
  findDelivery,
  isClash,
  maxWebhookBytes,
  newDelivery,
  outcomeOf,
  replayDelivery,
  verifySignature,
  webhookBody,
  webhookSecret,
  type DeliveryRow,
  type Result,
} from "./intake.ts";
import { lazySchema } from "../../events/lazy.ts";

const perm = { update: "sys:webhook:update" };

type Status = 200 | 401 | 404 | 413 | 422;
function refuse(c: Context<AppEnv>, status: Exclude<Status, 200>, key: Parameters<typeof t>[0], params: Record<string, string> = {}) {
  return c.json({ code: status, msg: t(key, c.get("lang"), params) }, status);
}

/** The answer of a delivery (first time and every retry alike): accepted or duplicate 200, failed 422. */
function deliveryAnswer(c: Context<AppEnv>, d: Parameters<typeof outcomeOf>[0]) {
  const data = outcomeOf(d);
  if (d.outcome === "failed") return c.json({ code: codes.validation, msg: d.error?.msg ?? t("failed", c.get("lang")), errors: d.error?.errors, data }, 422);
  return c.json({ code: codes.ok, msg: t("ok", c.get("lang")), data }, 200);
}

/** Reads the body up to the limit; undefined when it is larger. */
async function boundedText(c: Context<AppEnv>): Promise<string | undefined> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > maxWebhookBytes) return undefined;
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > maxWebhookBytes) return undefined;
  return new TextDecoder().decode(bytes);
}

async function intake(c: Context<AppEnv>) {
  const portal = c.req.param("portal")!;
  const secret = webhookSecret(c.env, portal);
  if (!secret) return refuse(c, 404, "webhookPortalUnknown", { portal: portal.slice(0, 32) });
  const raw = await boundedText(c);
  if (raw === undefined) return refuse(c, 413, "webhookTooLarge");
  if (!(await verifySignature(secret, c.req.header("X-Qifu-Timestamp"), c.req.header("X-Qifu-Signature"), raw))) return refuse(c, 401, "webhookSignatureInvalid");
  const deliveryId = c.req.header("X-Qifu-Delivery") ?? "";
  if (!deliveryIdPattern.test(deliveryId)) return refuse(c, 422, "webhookDeliveryIdRequired");

  const lang = c.get("lang");
  // the portal is the actor of its deliveries (a public route: nobody is signed in)
  const actor = c.get("actor") ?? principal("portal", `portal:${portal}`);
  const answer = await execute<Parameters<typeof outcomeOf>[0]>(
    {
      name: "webhook.delivery",
      // the same delivery arriving twice at once, or the command's stream moved: decide again
      retries: 5,
      isClash,
      async decide({ at }) {
        const seen = await findDelivery(c.env.DB, portal, deliveryId);
        if (seen) return { writes: [], answer: seen };
        let payload: unknown;
        let result: Result;
        try {
          payload = JSON.parse(raw);
          result = await decidePayload(c.env.DB, portal, payload, lang);
        } catch (error) {
          if (!(error instanceof SyntaxError)) throw error;
          payload = raw;
          result = { outcome: "failed", type: null, error: { code: codes.validation, msg: t("badRequestBody", lang) }, recordFamily: null, recordId: null, writes: [] };
        }
        const delivery = newDelivery(portal, deliveryId, result, payload, at);
        return { writes: [delivery, ...result.writes], answer: { deliveryId, outcome: result.outcome, error: result.error, recordId: result.recordId } };
      },
    },
    actor,
    requestContext(c),
  );
  return deliveryAnswer(c, answer);
}

async function outcome(c: Context<AppEnv>) {
  const portal = c.req.param("portal")!;
  const secret = webhookSecret(c.env, portal);
  if (!secret) return refuse(c, 404, "webhookPortalUnknown", { portal: portal.slice(0, 32) });
  if (!(await verifySignature(secret, c.req.header("X-Qifu-Timestamp"), c.req.header("X-Qifu-Signature"), new URL(c.req.url).pathname))) return refuse(c, 401, "webhookSignatureInvalid");
  const found = await findDelivery(c.env.DB, portal, c.req.param("id")!);
  if (!found) return c.json({ code: codes.notFound, msg: t("notFound", c.get("lang"), { name: deliveries.label[c.get("lang")] }) }, 404);
  return ok(c, outcomeOf(found), "fetched");
}

async function replay(c: Context<AppEnv>) {
  const id = c.req.param("id")!;
  const lang = c.get("lang");
  const answer = await executeHere(c, {
    name: "webhook.replay",
    permission: perm.update,
    retries: 5,
    isClash,
    async decide() {
      const delivery = (await findById(c.env.DB, deliveries, id)) as unknown as DeliveryRow | null;
      if (!delivery) throw notFound(deliveries.label);
      if (delivery.outcome !== "failed") throw new DomainError(codes.validation, "webhookReplayOnlyFailed");
      const result: Result =
        typeof delivery.payload === "string"
          ? { outcome: "failed", type: null, error: { code: codes.validation, msg: t("badRequestBody", lang) }, recordFamily: null, recordId: null, writes: [] }
          : await decidePayload(c.env.DB, delivery.portal, delivery.payload, lang);
      const update = await replayDelivery(c.env.DB, delivery, result);
      return { writes: [update, ...result.writes], answer: { id, ...outcomeOf({ deliveryId: delivery.deliveryId, ...result }), attempts: (delivery.attempts ?? 1) + 1 } };
    },
  });
  return reply(c, webhooks.replay, answer);
}

const writtenByIntake = async () => {
  throw new DomainError(codes.validation, "webhookWrittenByIntake");
};

const outcomeSchema = lazySchema(() => z.object({ deliveryId: z.string(), outcome: deliveryOutcome, error: z.unknown(), recordId: z.string().nullable() }));

export function webhookRoutes(routes: RouteTable) {
  familyReads(routes, webhookDeliveries, { list: webhooks.list, info: webhooks.info });
  routes
    .verb(webhooks.replay, perm.update, replay, {
      doc: { summary: l("重放失败的 Webhook 投递（记录一次新的处理）", "Replay a failed webhook delivery (recorded as a new attempt)") },
    })
    .post("/webhooks/:portal", "public", intake, {
      doc: {
        summary: l("门户 Webhook 接收（HMAC-SHA256 签名，报文至多 1MB，否则 HTTP 413）", "Webhook intake from a portal (signed with HMAC-SHA256; a body over 1 MB answers HTTP 413)"),
        body: webhookBody,
        response: outcomeSchema,
        errors: [401, 404, 422],
        tags: ["webhooks"],
      },
    })
    .get("/webhooks/:portal/deliveries/:id", "public", outcome, {
      doc: { summary: l("门户查询投递结果（签名同上，签名内容为时间戳.路径）", "A portal reads a delivery's outcome (signed over timestamp.path)"), response: outcomeSchema, errors: [401, 404], tags: ["webhooks"] },
    });
  // deliveries are written by the intake alone: the engine's generic writes are refused on them
  for (const verb of ["save", "update", "delete", "revert/:id", "restore/:id", "excel/import"])
    routes.post(`${deliveries.path}/${verb}`, perm.update, writtenByIntake, { doc: { summary: l("Webhook 投递只能由接收接口写入", "Webhook deliveries are written by the intake only") } });
}
