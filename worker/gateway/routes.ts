/**
 * `POST /gateway`: `{ method, params, moduleCode? }` as JSON, or a multipart form (fields `method` and
 * `params` as JSON text, files as `file` parts, the module code in the `moduleCode` header). The method
 * comes from the one table (./methods.ts): its params parsed by its schema (a bad param is named), its
 * permission checked, its handler run. Answers the gateway's envelope (events/api/gateway.ts): code 200
 * with data (and total for a page), a file for a download, or the error's code with its text — 403
 * without one's permission (HTTP 403), 500 on a failure (HTTP 500). `serveCall` is the same for every
 * door (the JSON-RPC door, ./rpc.ts, calls it with its own request schema).
 */
import type { Context } from "hono";
import * as z from "zod";
import { gatewayCodes, gatewayPath, gatewayRequest, moduleCodeHeader, reachedBy, type GatewayDoor, type GatewayRequest } from "../../events/api/gateway.ts";
import { l } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import type { AppEnv } from "../http/env.ts";
import type { RouteTable } from "../http/routes.ts";
import { readJson, requirePermission } from "../http/envelope.ts";
import { parseInput } from "../http/input.ts";
import { DomainError, ValidationError, codes } from "../errors.ts";
import { downloadHeaders } from "../files/store.ts";
import { gatewayMethods, methodByName } from "./methods.ts";
import { isFile, isPage } from "./method.ts";

/** The request as the method sees it, from JSON or from a multipart form. */
async function readRequest<R extends GatewayRequest>(c: Context<AppEnv>, schema: z.ZodType<R>): Promise<{ request: R; files: File[] }> {
  if ((c.req.header("content-type") ?? "").startsWith("multipart/form-data")) {
    const form = await c.req.formData();
    const text = form.get("params");
    let params: unknown = {};
    if (typeof text === "string" && text.trim() !== "") {
      try {
        params = JSON.parse(text);
      } catch {
        throw new DomainError(codes.validation, "badRequestBody");
      }
    }
    const moduleCode = c.req.header(moduleCodeHeader);
    const files = form.getAll("file").filter((v): v is File => typeof v === "object" && v !== null && "arrayBuffer" in v);
    return { request: parseInput(schema, { method: form.get("method"), params, ...(moduleCode ? { moduleCode } : {}) }), files };
  }
  return { request: parseInput(schema, await readJson(c)), files: [] };
}

/**
 * One call through a door: read the request by `schema`, find the method (unknown, or not reached by this
 * door: 404), check its permission, parse its params, run it, and answer the envelope — `extra` (the
 * JSON-RPC call id) joins every JSON answer once the request is read.
 */
export async function serveCall<R extends GatewayRequest>(c: Context<AppEnv>, door: GatewayDoor, schema: z.ZodType<R>, extra: (request: R) => Record<string, unknown> = () => ({})): Promise<Response> {
  const lang = c.get("lang");
  let echo: Record<string, unknown> = {};
  try {
    const { request, files } = await readRequest(c, schema);
    echo = extra(request);
    const method = methodByName.get(request.method);
    if (!method) return c.json({ ...echo, code: gatewayCodes.notFound, msg: t("gatewayUnknownMethod", lang, { method: request.method }) });
    if (!reachedBy(method, door)) return c.json({ ...echo, code: gatewayCodes.notFound, msg: t("gatewayMethodNotOnDoor", lang, { method: request.method }) });
    requirePermission(c, method.permission);
    const params = parseInput(method.params, request.params ?? {});
    const result = await method.handle({ c, db: c.env.DB, lang, moduleCode: request.moduleCode, files }, params);
    if (isFile(result)) return new Response(result.body, { headers: downloadHeaders({ name: result.name, contentType: result.contentType }, result.size ?? 0) });
    if (isPage(result)) return c.json({ ...echo, code: gatewayCodes.ok, msg: t("fetched", lang), total: result.total, data: result.rows });
    return c.json({ ...echo, code: gatewayCodes.ok, msg: t("ok", lang), data: result });
  } catch (error) {
    if (error instanceof ValidationError) return c.json({ ...echo, code: gatewayCodes.badParams, ...error.render(lang) });
    if (error instanceof DomainError) {
      const { msg } = error.render(lang);
      if (error.code === codes.forbidden) return c.json({ ...echo, code: gatewayCodes.forbidden, msg }, 403);
      if (error.code === codes.unauthorized) throw error;
      return c.json({ ...echo, code: error.code === codes.notFound ? gatewayCodes.notFound : error.code, msg });
    }
    console.error(door, error);
    return c.json({ ...echo, code: gatewayCodes.failed, msg: t("gatewayServerError", lang) }, 500);
  }
}

const gateway = (c: Context<AppEnv>) => serveCall(c, "gateway", gatewayRequest);

/** The methods a door reaches, in the table's order. */
export const methodsOf = (door: GatewayDoor) => gatewayMethods.filter((m) => reachedBy(m, door));

/** The documented body of a door: one alternative per method it reaches, its params by its schema. */
export const documentedBody = (door: GatewayDoor, envelope: z.ZodRawShape = {}) =>
  z.union(methodsOf(door).map((m) => z.object({ method: z.literal(m.name).describe(`${m.summary["zh-CN"]} / ${m.summary["en-US"]} — ${m.permission}`), params: m.params, moduleCode: z.string().max(32).optional(), ...envelope })) as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);

export function gatewayRoutes(routes: RouteTable) {
  routes.post(gatewayPath, "signedIn", gateway, {
    doc: {
      summary: l(
        `网关：按方法名调用（${methodsOf("gateway").map((m) => m.name).join("、")}）`,
        `Gateway: call a method by name (${methodsOf("gateway").map((m) => m.name).join(", ")})`,
      ),
      get body() {
        return documentedBody("gateway");
      },
    },
  });
}
