/**
 * Fill-in links: staff send one release of a form to one enterprise as `/vueedit?token=…`, a token signed
 * with FORM_LINK_SECRET that expires after 1–30 days. Issuing is a command (the link record is its event);
 * the public side has two routes and no more: read the form by token, and submit it by token. A link is
 * submitted ONCE: the submission writes the model record, the filled form (attributed to the link's
 * enterprise) and marks the link used, in one append on the link's stream, so a second submission (even a
 * concurrent one) is refused by name. Everything else still needs a session; the token opens nothing else.
 */
import type { Context } from "hono";
import { forms as api, issueBody, submitBody } from "../../events/api/forms.ts";
import { l, type Family } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import { dataModelFormLinks } from "../../events/families/forms.ts";
import { layoutColumns, type FormWidget } from "../../events/forms/layout.ts";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { readBody } from "../http/input.ts";
import { requestContext, runCommand } from "../http/command.ts";
import type { RouteTable } from "../http/routes.ts";
import { execute, principal } from "../commands/execute.ts";
import { DomainError, ValidationError, codes, notFound } from "../errors.ts";
import { newCreate, newUpdate } from "../resources/commands.ts";
import { findById, recordWhere } from "../resources/query.ts";
import { modelDefinition } from "../datamodel/runtime.ts";
import { groupedEntries } from "../sys/dictionary.ts";
import { displayTime } from "../time.ts";
import { forms, formStatus, releaseOf, releases, type ReleaseRow } from "./forms.ts";
import { fillOfRelease, fillWrites } from "./filled.ts";
import { signLinkToken, verifyLinkToken } from "./link-token.ts";

export const links = dataModelFormLinks as unknown as Family;
const tags = { share: "datamodel:form:update" };
export const linkPage = "/vueedit";

/** Widgets whose inputs read signed-in lookups (people, organisations, uploads, the zoning tree): not on a public page. */
const signedInWidgets = new Set<FormWidget>(["user", "org", "upload", "region"]);

const issueLabels = { enterpriseCode: l("企业", "Enterprise"), days: l("有效天数", "Valid for (days)") };

/** A form's live release that can be filled on a public page (no widget needing a sign-in). */
function requirePublicFields(release: ReleaseRow) {
  const refused = layoutColumns(release.layout).filter((col) => signedInWidgets.has(col.widget));
  if (refused.length) throw new ValidationError(refused.map((col) => ({ field: "layout", label: l("表单布局", "Form layout"), key: "formLinkWidget" as const, params: { field: col.field, widget: col.widget } })));
}

async function issue(c: Context<AppEnv>, formId: string) {
  const body = await readBody(c, issueBody, issueLabels);
  const secret = c.env.FORM_LINK_SECRET;
  if (!secret) throw new DomainError(codes.internal, "formLinkSecretMissing");
  return runCommand(
    c,
    async () => {
      const form = await findById(c.env.DB, forms, formId);
      if (!form) throw notFound(forms.label);
      if (form.status !== formStatus.released) throw new DomainError(codes.validation, "formNotReleased", { code: String(form.code) });
      const release = await releaseOf(c.env.DB, formId, Number(form.version));
      if (!release) throw new DomainError(codes.validation, "formNotReleased", { code: String(form.code) });
      requirePublicFields(release);
      const found = await recordWhere(c.env.DB, enterpriseBasicInfo as unknown as Family, { creditCode: body.enterpriseCode });
      const enterprise = found && { code: String(found.creditCode), name: String(found.entName) };
      if (!enterprise) throw new ValidationError([{ field: "enterpriseCode", label: issueLabels.enterpriseCode, key: "formLinkEnterpriseUnknown", params: { code: body.enterpriseCode } }]);
      const expiresAt = Math.floor(Date.now() / 1000) + body.days * 86_400;
      const id = crypto.randomUUID();
      const expires = new Date(expiresAt * 1000).toISOString();
      const write = newCreate(links, { formId, releaseId: release.id, formCode: form.code, formVersion: release.version, enterpriseCode: enterprise.code, enterpriseName: enterprise.name, expiresAt: expires }, id);
      const token = await signLinkToken(secret, { linkId: id, releaseId: release.id, enterpriseCode: enterprise.code, expiresAt });
      const path = `${linkPage}?token=${encodeURIComponent(token)}`;
      const data = { id, token, path, url: new URL(path, c.req.url).href, expiresAt: displayTime(expires), enterpriseName: enterprise.name, formVersion: release.version };
      return { writes: [write], response: { code: codes.ok, msg: t("ok", c.get("lang")), data } };
    },
  );
}

/** What a token opens: its link record, release and form, checked against each other and still open. */
async function opened(db: D1Database, secret: string | undefined, token: string) {
  const claims = await verifyLinkToken(secret, token);
  const link = await findById(db, links, claims.linkId);
  // a token naming another release or enterprise than its link record was not made by `issue`
  if (!link || link.releaseId !== claims.releaseId || link.enterpriseCode !== claims.enterpriseCode) throw new DomainError(codes.validation, "formLinkInvalid");
  if (link.usedAt) throw new DomainError(codes.validation, "formLinkUsed", { time: displayTime(String(link.usedAt)) });
  const release = (await findById(db, releases, claims.releaseId)) as unknown as ReleaseRow | null;
  const form = release ? await findById(db, forms, String(release.formId)) : null;
  if (!release || !form || form.status !== formStatus.released) throw new DomainError(codes.validation, "formLinkFormGone");
  return { claims, link, release, form };
}

/** The form of a token: its release's layout, the model's fields on it, the dictionaries they use, the enterprise. */
async function readByToken(c: Context<AppEnv>) {
  const { link, release, form } = await opened(c.env.DB, c.env.FORM_LINK_SECRET, c.req.query("token") ?? "");
  const definition = await modelDefinition(c.env.DB, release.dataModelId);
  const onForm = new Set(layoutColumns(release.layout).map((col) => col.field));
  // only the fields the form shows: the model's other fields (internal remarks…) stay unknown to the public page
  const fields = definition.model.fields.filter((f) => onForm.has(f.name));
  const types = [...new Set(fields.map((f) => f.dictType).filter((v): v is string => !!v))];
  const dicts = await groupedEntries(c.env.DB, types);
  return ok(c, {
    form: { name: form.name, code: form.code, version: release.version },
    layout: release.layout,
    model: { id: definition.id, version: definition.version, model: { ...definition.model, fields } },
    dicts,
    enterprise: { code: link.enterpriseCode, name: link.enterpriseName },
    expiresAt: displayTime(String(link.expiresAt)),
  }, "fetched");
}

/** The submission: the link's enterprise is the actor (a `link` principal), the form's rules decide. */
async function submitByToken(c: Context<AppEnv>) {
  const body = await readBody(c, submitBody);
  const first = await opened(c.env.DB, c.env.FORM_LINK_SECRET, body.token);
  const actor = principal("link", String(first.link.enterpriseName), String(first.link.id));
  const answer = await execute(
    {
      name: "form.link.submit",
      // two submissions at once: the loser decides again and finds the link used
      retries: 3,
      async decide({ at }) {
        const { link, release, form } = await opened(c.env.DB, c.env.FORM_LINK_SECRET, body.token);
        const made = await fillOfRelease(c.env.DB, form, release, body.data);
        const attributed = { enterpriseCode: link.enterpriseCode, enterpriseName: link.enterpriseName, linkId: link.id };
        const used = await newUpdate(c.env.DB, links, String(link.id), { formDataId: made.id, usedAt: at }, undefined, "submit");
        return {
          writes: [...fillWrites(made, `${String(form.name)} - ${String(link.enterpriseName)}`, attributed), used],
          answer: { code: codes.ok, msg: t("ok", c.get("lang")), data: { id: made.id, formVersion: release.version, submittedAt: displayTime(at) } },
        };
      },
    },
    actor,
    requestContext(c),
  );
  return c.json(answer);
}

export function linkRoutes(routes: RouteTable) {
  routes
    .verb(api.linkIssue, tags.share, (c) => issue(c, c.req.param("id")!), {
      doc: { summary: l("生成表单填写链接（发给企业，签名并限期）", "Make a fill-in link of a released form for an enterprise (signed, expiring)") },
    })
    .verb(api.linkRead, "public", readByToken, {
      doc: { summary: l("按填写链接的令牌读取表单（公开）", "The form of a fill-in link, by its token (public)"), tags: ["form link"] },
    })
    .verb(api.linkSubmit, "public", submitByToken, {
      doc: { summary: l("按填写链接的令牌提交表单（公开，每个链接一次）", "Submit the form of a fill-in link by its token (public, once per link)"), tags: ["form link"] },
    });
  // links are written by the issue and the submission alone
  for (const verb of ["save", "update", "delete", "revert/:id", "restore/:id"])
    routes.post(`${links.path}/${verb}`, tags.share, async () => {
      throw new DomainError(codes.validation, "formLinkWrittenByIssue");
    }, { doc: { summary: l("填写链接只能由生成与提交写入", "Fill-in links are written by issuing and submitting only") } });
}
