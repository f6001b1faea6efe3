/**
 * Authorisations recorded through the command pipeline: an enterprise authorises a member of staff or an
 * institution to read its credit report for a period (granted on its behalf by a holder of the accredit
 * permission), and an authorisation is revoked once. The letter of authorisation is rendered from the
 * record as a printable HTML file.
 */
import { creditTags, type AccreditParams, type AuthorisationRow } from "../../events/api/credit.ts";
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import { fill, type Lang } from "../../events/i18n.ts";
import { execute, type CommandActor, type ExecuteContext } from "../commands/execute.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { chinaToday } from "../policy/match.ts";
import { headOf } from "../store/append.ts";
import { displayTime } from "../time.ts";
import { escapeHtml } from "../http/html.ts";
import { authStream, decideAccredit, decideCredential, decideRevoke, evolve } from "./rules.ts";
import { enterpriseDid, isSlotClash, issueCredential, revokeCredential, type DidEnv } from "../did/index.ts";
import type { StreamWrite } from "../store/types.ts";
import { reportTexts as T } from "./texts.ts";
import * as q from "./queries.ts";

/** The credential's validity: the period's first day from midnight to its last day's end, China time. */
const validityOf = (p: Pick<AccreditParams, "validFrom" | "validTo">) => ({ from: `${p.validFrom}T00:00:00+08:00`, until: `${p.validTo}T23:59:59+08:00` });

/**
 * Grants an authorisation and issues it as a verifiable credential (the DID module: the enterprise's DID
 * the subject, the grantee and period its claims) in the same append; answers its id and the credential's.
 */
export async function accredit(params: AccreditParams, actor: CommandActor, context: ExecuteContext, lang: Lang, env: DidEnv): Promise<{ authId: string; credentialId: string }> {
  const master = await q.masterOf(context.db, params.creditCode);
  if (!master) throw notFound(enterpriseBasicInfo.label);
  const granteeName = await q.granteeName(context.db, params.granteeKind, params.granteeId);
  if (!granteeName) throw new DomainError(codes.notFound, "creditGranteeMissing", { kind: T[params.granteeKind][lang] });
  const authId = crypto.randomUUID();
  return execute(
    {
      name: "credit.accredit",
      permission: creditTags.accredit,
      // two issuers drawing the same status-list slot at once: decided again with another slot
      retries: 3,
      isClash: isSlotClash,
      decide: async ({ at }) => {
        const grant = { authId, entName: String(master.entName ?? ""), granteeName, ...params };
        const events = decideAccredit(grant, chinaToday(Date.parse(at)));
        const claims = { authId, scope: "creditReport", grantee: { kind: params.granteeKind, id: params.granteeId, name: granteeName }, purpose: params.purpose };
        const vc = await issueCredential(env, enterpriseDid(env, params.creditCode), claims, validityOf(params), { now: new Date(at) });
        return { writes: [{ stream: authStream(authId), head: { version: 0, hash: "" }, events: [...events, ...decideCredential({ ...grant, revoked: false, credentialId: null }, vc.id)] }, vc.write], answer: { authId, credentialId: vc.id } };
      },
    },
    actor,
    context,
  );
}

/** Revokes an authorisation (once), and its credential with it. */
export function revoke(authId: string, reason: string, actor: CommandActor, context: ExecuteContext, env: DidEnv): Promise<{ authId: string }> {
  const stream = authStream(authId);
  return execute(
    {
      name: "credit.revoke",
      permission: creditTags.accredit,
      streams: [stream],
      decide: async ({ streams }) => {
        const events = streams.get(stream) ?? [];
        const state = evolve(events);
        const writes: StreamWrite[] = [{ stream, head: headOf(events), events: decideRevoke(state, reason) }];
        if (state?.credentialId) writes.push((await revokeCredential(env, state.credentialId, reason)).write);
        return { writes, answer: { authId } };
      },
    },
    actor,
    context,
  );
}

const statusText = { live: T.statusLive, pending: T.statusPending, expired: T.statusExpired, revoked: T.statusRevoked };

/** The letter of authorisation as a printable HTML page. */
export function letterHtml(auth: AuthorisationRow, lang: Lang): string {
  const colon = lang === "zh-CN" ? "：" : ": ";
  const line = (label: string, value: string) => `<p>${escapeHtml(label)}${colon}${escapeHtml(value)}</p>`;
  const body = fill(T.letterBody[lang], { entName: auth.entName, creditCode: auth.creditCode, granteeKind: T[auth.granteeKind][lang], granteeName: auth.granteeName, validFrom: auth.validFrom, validTo: auth.validTo, purpose: auth.purpose });
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(T.letterTitle[lang])}</title>` +
    `<style>body{font-family:"PingFang SC","Microsoft YaHei",sans-serif;max-width:760px;margin:40px auto;line-height:1.8}h1{text-align:center;font-size:22px}</style></head><body>` +
    `<h1>${escapeHtml(T.letterTitle[lang])}</h1><p>${escapeHtml(body)}</p>` +
    line(T.authorisation[lang], auth.authId) +
    line(T.status[lang], statusText[auth.status][lang]) +
    line(T.grantedAt[lang], displayTime(auth.grantedAt)) +
    line(T.grantedBy[lang], auth.grantedBy ?? "") +
    line(T.credential[lang], auth.credentialId ?? T.noCredential[lang]) +
    `</body></html>`
  );
}

export const letterName = (auth: AuthorisationRow, lang: Lang) => `${T.letterTitle[lang]}-${auth.entName}-${auth.authId.slice(0, 8)}.html`;
