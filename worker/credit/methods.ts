/**
 * The spec's credit methods in the gateway's one method table (both doors): query records (the read log),
 * enterprises to query, the credit info URL, relevance, the accredit query list, granting and revoking an
 * authorisation, and the letter of authorisation (a file). Reads of a report or relevance need a live
 * authorisation besides the permission, and are logged either way (./read.ts).
 */
import type { Context } from "hono";
import * as z from "zod";
import {
  accreditListParams, accreditParams, authIdParams, authorisationRow, creditReportUrl, creditTags, enterpriseRow, enterprisesParams, granteesParams, infoUrlAnswer, infoUrlParams,
  queryRecordParams, queryRecordRow, relevanceAnswer, relevanceParams, revokeParams,
} from "../../events/api/credit.ts";
import { l } from "../../events/family.ts";
import type { AppEnv } from "../http/env.ts";
import { requestContext } from "../http/command.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import { chinaToday } from "../policy/match.ts";
import { gatewayMethod, pageOf, type GatewayMethod, offsetOf } from "../gateway/method.ts";
import { accredit, letterHtml, letterName, revoke } from "./accredit.ts";
import { readRelevance, type ReadContext } from "./read.ts";
import { checkRead, type Reader } from "./rules.ts";
import * as q from "./queries.ts";
import { lazySchema } from "../../events/lazy.ts";


/** The signed-in reader: the user and their department (an institution authorised covers its users). */
export function readerOf(c: Context<AppEnv>): Reader {
  const actor = c.get("actor")!;
  const dept = actor.user.deptId;
  return { userId: actor.id, deptId: typeof dept === "string" && dept ? dept : null };
}

export function readContext(c: Context<AppEnv>): ReadContext {
  const actor = c.get("actor")!;
  return { env: c.env, actor: { id: actor.id, name: actor.name, admin: actor.admin, permissions: actor.permissions }, reader: readerOf(c), lang: c.get("lang"), context: requestContext(c) };
}

export const creditMethods: GatewayMethod[] = [
  gatewayMethod(
    {
      name: "credit.queryRecord",
      summary: l("信用查询记录：每次查看信用报告或关联关系（含被拒绝的）", "Credit query records: every read of a report or relevance, refused ones too"),
      permission: creditTags.list,
      params: queryRecordParams,
      result: lazySchema(() => z.array(queryRecordRow)),
    },
    async ({ db }, p) => {
      const { total, rows } = await q.readPage(db, p, p.size, offsetOf(p));
      return pageOf(total, rows);
    },
  ),
  gatewayMethod(
    {
      name: "credit.enterprises",
      summary: l("可查询的企业（信用代码、名称），附本人的有效授权", "Enterprises to query (credit code, name), with the reader's live authorisation"),
      permission: creditTags.list,
      params: enterprisesParams,
      result: lazySchema(() => z.array(enterpriseRow)),
    },
    async ({ c, db }, p) => {
      const { total, rows } = await q.enterprisePage(db, p, readerOf(c), chinaToday(), p.size, offsetOf(p));
      return pageOf(total, rows);
    },
  ),
  gatewayMethod(
    {
      name: "credit.infoUrl",
      summary: l("信用报告地址（creditCode），并说明本人是否持有有效授权", "The credit report's address (creditCode), and whether the reader holds a live authorisation"),
      permission: creditTags.info,
      params: infoUrlParams,
      result: infoUrlAnswer,
    },
    async ({ c, db }, { creditCode }) => {
      if (!(await q.masterOf(db, creditCode))) throw notFound(enterpriseBasicInfo.label);
      const today = chinaToday();
      const auths = await q.authorisationsOf(db, creditCode);
      const check = checkRead(auths, readerOf(c), today);
      const live = check.granted ? auths.find((a) => a.authId === check.authId)! : null;
      return { creditCode, url: creditReportUrl(creditCode), authorised: check.granted, authId: live?.authId ?? null, validTo: live?.validTo ?? null };
    },
  ),
  gatewayMethod(
    {
      name: "credit.relevance",
      summary: l("信用关联关系（type：股东、对外投资、分支机构、主要人员；authId 授权下查看，记入查询记录）", "Credit relevance (type: shareholders, investments, branches, persons) read under the authorisation authId, logged"),
      permission: creditTags.info,
      params: relevanceParams,
      result: relevanceAnswer,
    },
    async ({ c }, { authId, type }) => readRelevance(readContext(c), authId, type),
  ),
  gatewayMethod(
    {
      name: "credit.accreditList",
      summary: l("授权查询列表（企业、状态；mine 只看授予本人或本机构的）", "Authorisations (enterprise, status; mine: those covering the reader)"),
      permission: creditTags.list,
      params: accreditListParams,
      result: lazySchema(() => z.array(authorisationRow)),
    },
    async ({ c, db }, p) => {
      const { total, rows } = await q.authorisationPage(db, { corpId: p.corpId, corpName: p.corpName, status: p.status, reader: p.mine ? readerOf(c) : undefined }, chinaToday(), p.size, offsetOf(p));
      return pageOf(total, rows);
    },
  ),
  gatewayMethod(
    {
      name: "credit.accredit",
      summary: l("企业授权工作人员（user）或机构（institution，部门）在期限内查看其信用报告", "An enterprise authorises a member of staff (user) or an institution (a department) to read its credit report for a period"),
      permission: creditTags.accredit,
      params: accreditParams,
      result: lazySchema(() => z.strictObject({ authId: z.string(), credentialId: z.string() })),
    },
    async ({ c, lang }, p) => accredit(p, c.get("actor")!, requestContext(c), lang, c.env),
  ),
  gatewayMethod(
    {
      name: "credit.grantees",
      summary: l("可被授权的工作人员（user）或机构（institution）", "Whom an enterprise may authorise: members of staff (user) or institutions (institution)"),
      permission: creditTags.accredit,
      params: granteesParams,
      result: lazySchema(() => z.array(z.strictObject({ id: z.string(), name: z.string() }))),
    },
    async ({ db }, p) => q.granteeChoices(db, p.kind, p.name, 20),
  ),
  gatewayMethod(
    {
      name: "credit.revokeAccredit",
      summary: l("撤销授权（附原因）", "Revoke an authorisation (with a reason)"),
      permission: creditTags.accredit,
      params: revokeParams,
      result: lazySchema(() => z.strictObject({ authId: z.string() })),
    },
    async ({ c }, { authId, reason }) => revoke(authId, reason, c.get("actor")!, requestContext(c), c.env),
  ),
  gatewayMethod(
    {
      name: "credit.accreditLetter",
      summary: l("下载授权书（authId，HTML 文件）", "Download the letter of authorisation (authId, an HTML file)"),
      permission: creditTags.info,
      params: authIdParams,
      file: true,
    },
    async ({ db, lang }, { authId }) => {
      const auth = await q.authorisationById(db, authId, chinaToday());
      if (!auth) throw new DomainError(codes.notFound, "creditAuthorisationMissing");
      const body = new TextEncoder().encode(letterHtml(auth, lang));
      return { kind: "file", body: body.buffer as ArrayBuffer, name: letterName(auth, lang), contentType: "text/html; charset=utf-8", size: body.byteLength };
    },
  ),
];
