/**
 * The spec's DID operations through the gateway (§7: "A gateway call posts method and params for DID
 * queries"), under the spec's own names: user_QueryDIDDoc (a DID document) and user_QueryDIDAccredit (the
 * authorisation credentials issued, by subject or authorisation), and "check accredit VC" (authId): the
 * credential standing for an authorisation, verified.
 */
import * as z from "zod";
import { l } from "../../events/family.ts";
import { credentialRow, didDocumentAnswer, verification } from "../../events/api/did.ts";
import { DomainError, codes } from "../errors.ts";
import { gatewayMethod, pageOf, type GatewayMethod, offsetOf } from "../gateway/method.ts";
import { verifyCredential } from "./credentials.ts";
import { didTags } from "./commands.ts";
import { didHost, subjectDid } from "./document.ts";
import { credentialView, documentOf } from "./read.ts";
import * as q from "./queries.ts";
import { lazySchema } from "../../events/lazy.ts";

const creditCode = lazySchema(() => z.string().regex(/^[0-9A-HJ-NPQRTUWXY]{18}$/, "18 characters of a unified social credit code"));
const page = lazySchema(() => z.coerce.number().int().min(1).max(1_000_000).default(1));
const size = lazySchema(() => z.coerce.number().int().min(1).max(100).default(10));
const moduleCode = lazySchema(() => z.string().trim().max(32).optional());
const authId = lazySchema(() => z.string().trim().min(1).max(128));

export const didMethods: GatewayMethod[] = [
  gatewayMethod(
    {
      name: "user_QueryDIDDoc",
      summary: l("查询 DID 文档：平台（不传信用代码）、企业或机构", "A DID document: the platform's (no credit code), an enterprise's or an institution's"),
      permission: didTags.info,
      params: lazySchema(() => z.object({ kind: z.enum(["platform", "enterprise", "institution"]).default("enterprise"), creditCode: creditCode.optional(), moduleCode })),
      result: didDocumentAnswer,
    },
    async ({ c }, p) => {
      if (p.kind !== "platform" && !p.creditCode) throw new DomainError(codes.validation, "didCreditCodeRequired");
      return { ...(await documentOf(c.env, p.kind, p.creditCode)) };
    },
  ),
  gatewayMethod(
    {
      name: "user_QueryDIDAccredit",
      summary: l("查询授权凭证：按企业（信用代码）或授权编号，最新在前", "Authorisation credentials by enterprise (credit code) or authorisation id, newest first"),
      permission: didTags.info,
      params: lazySchema(() => z.object({ creditCode: creditCode.optional(), kind: z.enum(["enterprise", "institution"]).default("enterprise"), authId: authId.optional(), page, size, moduleCode })),
      result: lazySchema(() => z.array(credentialRow)),
    },
    async ({ c }, p) => {
      const now = new Date().toISOString();
      const subject = p.creditCode ? subjectDid(didHost(c.env), p.kind, p.creditCode) : undefined;
      const { total, rows } = await q.listCredentials(c.env.DB, { ...(subject ? { subject } : {}), ...(p.authId ? { ref: p.authId } : {}), now, limit: p.size, offset: offsetOf(p) });
      return pageOf(total, rows.map((r) => credentialView(r, now)));
    },
  ),
  gatewayMethod(
    {
      name: "did.checkAccreditVC",
      summary: l("核验授权凭证：按授权编号取其凭证并验证（签名、有效期、吊销）", "Check an authorisation's credential by its id: signature, validity period, revocation"),
      permission: didTags.verify,
      params: lazySchema(() => z.object({ authId, moduleCode })),
      result: lazySchema(() => verification.extend({ credentialId: z.string() })),
    },
    async ({ c }, p) => {
      const row = await q.credentialByRef(c.env.DB, p.authId);
      if (!row) throw new DomainError(codes.notFound, "didAuthCredentialNotFound", { id: p.authId });
      const v = await verifyCredential(c.env, row.jwt);
      return { credentialId: row.id, valid: v.valid, reason: v.reason, payload: v.payload as Record<string, unknown> | null, revokedAt: v.revokedAt ?? null };
    },
  ),
];
