/**
 * A roadshow is made from its application (tbroadshowpass/saveById/{applicationId}): the pass takes the
 * enterprise and the project, starts as a draft to publish, and the application is marked approved, both in
 * one append. One pass per application.
 */
import { l } from "../../events/family.ts";
import type { Family } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import { roadshowApplication, roadshowPass } from "../../events/families/services.ts";
import type { RouteTable } from "../http/routes.ts";
import { readJson } from "../http/envelope.ts";
import { runCommand } from "../http/command.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { newCreate, newUpdate, withoutManaged } from "../resources/commands.ts";
import { findById, recordWhere } from "../resources/query.ts";

const application = roadshowApplication as unknown as Family;
const pass = roadshowPass as unknown as Family;

export function roadshowRoutes(routes: RouteTable) {
  routes.post(`${pass.path}/saveById/:id`, pass.tags.save, async (c) => {
    const applicationId = c.req.param("id")!;
    const extra = withoutManaged(pass, (await readJson<Record<string, unknown>>(c)) ?? {});
    return runCommand(c, async () => {
      const source = await findById(c.env.DB, application, applicationId);
      if (!source) throw notFound(application.label);
      if (await recordWhere(c.env.DB, pass, { applicationId })) throw new DomainError(codes.validation, "alreadyExists", { fields: "路演申请 / Roadshow application" });
      const created = newCreate(pass, {
        creditCode: source.creditCode,
        entName: source.entName,
        applicationId,
        title: source.projectName,
        summary: source.useOfFunds ?? null,
        ...extra,
        status: "0",
      });
      const approved = await newUpdate(c.env.DB, application, applicationId, { status: "approved" }, undefined, "approve");
      const id = created.stream.slice(pass.name.length + 1);
      return { writes: [created, approved], response: { code: codes.ok, msg: t("created", c.get("lang")), data: { id, applicationId } } };
    });
  }, { doc: { summary: l("由路演申请生成路演（草稿，待发布）", "Make a roadshow (a draft to publish) from its application") } });
}
