/**
 * The DID routes. Public (no sign-in), because a did:web resolver and any verifier must read them without
 * an account: the platform's DID document at /.well-known/did.json, an enterprise's or institution's at
 * /<kind>/<credit code>/did.json, and the revocation status list at /credentials/status/<list> — served
 * outside /api where the method resolves them (wrangler.toml's run_worker_first lists these paths). They
 * show public keys, names already public with the credit code, and one bit per credential, nothing else.
 * Under /api, by permission tag: a document for the screen, the credentials issued, verify, revoke, issue.
 */
import type { Context } from "hono";
import * as z from "zod";
import { did as api } from "../../events/api/did.ts";
import type { Verb } from "../../events/api/verb.ts";
import { l } from "../../events/family.ts";
import type { Text } from "../../events/i18n.ts";
import type { AppEnv } from "../http/env.ts";
import type { Handler, RouteTable } from "../http/routes.ts";
import { page, reply } from "../http/envelope.ts";
import { parseInput, readBody } from "../http/input.ts";
import { actorOfRequest, requestContext } from "../http/command.ts";
import { DomainError, codes } from "../errors.ts";
import { verifyCredential } from "./credentials.ts";
import { didTags, issueCommand, revokeCommand } from "./commands.ts";
import { didHost, subjectDid } from "./document.ts";
import { credentialView, documentOf, statusListCredential } from "./read.ts";
import * as q from "./queries.ts";
import { lazySchema } from "../../events/lazy.ts";

const labels: Record<string, Text> = {
  kind: l("类型", "Kind"),
  code: l("统一社会信用代码", "Unified social credit code"),
  jwt: l("凭证", "Credential"),
  id: l("凭证编号", "Credential id"),
  reason: l("原因", "Reason"),
  validFrom: l("生效时间", "Valid from"),
  validUntil: l("失效时间", "Valid until"),
  type: l("凭证类型", "Credential type"),
  claims: l("声明", "Claims"),
};

const summaries = new Map<object, Text>([
  [api.document, l("DID 文档：平台、企业或机构", "A DID document: the platform's, an enterprise's or an institution's")],
  [api.credentials, l("已签发的可验证凭证（最新在前）", "Verifiable credentials issued, newest first")],
  [api.verify, l("验证凭证：签名、有效期与吊销状态", "Verify a credential: signature, validity period and revocation")],
  [api.revoke, l("吊销凭证（在状态列表中置位）", "Revoke a credential (its bit in the status list is set)")],
  [api.issue, l("向企业或机构签发凭证", "Issue a credential to an enterprise or institution")],
]);

const json = (c: Context<AppEnv>, body: unknown, type: string) =>
  new Response(JSON.stringify(body, null, 2), { headers: { "content-type": type, "access-control-allow-origin": "*", "cache-control": "public, max-age=300" } });

/** A public document's failure: HTTP status as a resolver expects it (404 unknown, 503 not configured). */
function publicFailure(error: unknown): Response {
  if (error instanceof DomainError && error.code === codes.notFound) return new Response("not found", { status: 404 });
  if (error instanceof DomainError && error.code === codes.internal) return new Response("DID issuer not configured", { status: 503 });
  throw error;
}

const subjectCode = lazySchema(() => z.string().regex(/^[0-9A-HJ-NPQRTUWXY]{18}$/));

export function didRoutes(routes: RouteTable) {
  const open = (path: string, summary: Text, handler: Handler) => routes.get(path, "public", handler, { root: true, doc: { summary, tags: ["did"] } });
  open("/.well-known/did.json", l("平台的 DID 文档（did:web，公开）", "The platform's DID document (did:web, public)"), async (c) => {
    try {
      return json(c, (await documentOf(c.env, "platform")).document, "application/did+json");
    } catch (error) {
      return publicFailure(error);
    }
  });
  for (const kind of ["enterprise", "institution"] as const) {
    open(`/${kind}/:code/did.json`, kind === "enterprise" ? l("企业的 DID 文档（公开）", "An enterprise's DID document (public)") : l("机构的 DID 文档（公开）", "An institution's DID document (public)"), async (c) => {
      const code = c.req.param("code") ?? "";
      if (!subjectCode.safeParse(code).success) return new Response("not found", { status: 404 });
      try {
        return json(c, (await documentOf(c.env, kind, code)).document, "application/did+json");
      } catch (error) {
        return publicFailure(error);
      }
    });
  }
  open("/credentials/status/:list", l("吊销状态列表凭证（公开，JWT）", "The revocation status list credential (public, JWT)"), async (c) => {
    const list = Number(c.req.param("list"));
    if (list !== 1) return new Response("not found", { status: 404 });
    try {
      const jwt = await statusListCredential(c.env, list);
      return new Response(jwt, { headers: { "content-type": "application/vc+jwt", "access-control-allow-origin": "*", "cache-control": "public, max-age=60" } });
    } catch (error) {
      return publicFailure(error);
    }
  });

  const own = (v: Verb, access: string, handler: Handler) => routes.verb(v, access, handler, { doc: { summary: summaries.get(v)! } });
  own(api.document, didTags.info, async (c) => {
    const input = parseInput(api.document.query, c.req.query(), labels);
    return reply(c, api.document, await documentOf(c.env, input.kind, "code" in input ? input.code : undefined), "fetched");
  });
  own(api.credentials, didTags.info, async (c) => {
    const input = parseInput(api.credentials.query, c.req.query(), labels);
    const limit = input.limit ?? 10;
    const now = new Date().toISOString();
    const { total, rows } = await q.listCredentials(c.env.DB, { ...input, now, limit, offset: ((input.page ?? 1) - 1) * limit });
    return page(c, total, rows.map((r) => credentialView(r, now)));
  });
  own(api.verify, didTags.verify, async (c) => {
    const { jwt } = await readBody(c, api.verify.body, labels);
    const v = await verifyCredential(c.env, jwt);
    return reply(c, api.verify, { valid: v.valid, reason: v.reason, payload: v.payload as Record<string, unknown> | null, revokedAt: v.revokedAt ?? null });
  });
  own(api.revoke, didTags.revoke, async (c) => {
    const { id, reason } = await readBody(c, api.revoke.body, labels);
    return reply(c, api.revoke, await revokeCommand(c.env, actorOfRequest(c), requestContext(c), id, reason ?? null), "updated");
  });
  own(api.issue, didTags.issue, async (c) => {
    const body = await readBody(c, api.issue.body, labels);
    const subject = subjectDid(didHost(c.env), body.kind, body.code);
    await documentOf(c.env, body.kind, body.code);
    const answer = await issueCommand(c.env, actorOfRequest(c), requestContext(c), subject, body.claims, { from: body.validFrom, until: body.validUntil }, {
      ...(body.type ? { type: body.type } : {}),
      ...(body.ref ? { ref: body.ref } : {}),
    });
    return reply(c, api.issue, answer, "created");
  });
}
