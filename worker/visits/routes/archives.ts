/**
 * /common/envisithistory beyond the standard set: the archive lists by kind (走访 zfda, 服务 fwda), the
 * fields of each kind, a task's archives, one archive with its enterprise, an enterprise's history, the
 * updates of one kind (an archive of another kind is refused, its details checked by the kind), the
 * dictionaries of the visit table and the export as a download named in content-disposition.
 */
import { visits } from "../../../events/api/visits.ts";
import { l } from "../../../events/family.ts";
import type { RouteTable } from "../../http/routes.ts";
import { ok, page } from "../../http/envelope.ts";
import { parseInput, readBody } from "../../http/input.ts";
import { runCommand } from "../../http/command.ts";
import { NamedError, ValidationError, codes, notFound } from "../../errors.ts";
import { t } from "../../../events/i18n.ts";
import { findById, listAll, listPage, recordWhere } from "../../resources/query.ts";
import { newUpdate } from "../../resources/commands.ts";
import { exportBody, exportResponse } from "../../resources/spreadsheet/export.ts";
import { dictionaryEntries, entryLabel } from "../../resources/spreadsheet/lookups.ts";
import { xlsxType } from "../../resources/spreadsheet/errors.ts";
import { archiveDetails, archiveKindLabels, archiveKinds, detailProblems, type ArchiveKind } from "../archives.ts";
import { archiveFamily, masterFamily } from "../families.ts";
import { idParam, labelsOf, scopedTo, withFixed } from "./shared.ts";

const doc = (zh: string, en: string, more: Record<string, unknown> = {}) => ({ doc: { summary: l(`走访档案：${zh}`, `Visit archives: ${en}`), family: archiveFamily, ...more } });
/** The dictionaries the visit table shows its codes with. */
const visitTableDicts = ["visitArchiveType", "visitType", "visitStatus", "visitDemandType", "visitHandleStatus", "visitSatisfaction", "demandType", "serviceType"];
const selectCap = 1000;

/** The archive as its stream has it, refused unless it is of `kind`. */
export function requireKind(record: Record<string, unknown>, kind: ArchiveKind) {
  if (record.archiveType !== kind) throw new NamedError(codes.validation, "archiveKindMismatch", archiveKindLabels[kind]);
}

export function archiveRoutes(routes: RouteTable) {
  const a = archiveFamily;
  const { tags } = a;
  routes
    .verb(visits.zfdalist, tags.list, async (c) => {
      const { total, rows } = await listPage(c.env.DB, a, withFixed(a, c.req.query(), { archiveType: "zfda" }));
      return page(c, total, rows);
    }, doc("走访档案列表", "visit files"))
    .verb(visits.fwdalist, tags.list, async (c) => {
      const { total, rows } = await listPage(c.env.DB, a, withFixed(a, c.req.query(), { archiveType: "fwda" }));
      return page(c, total, rows);
    }, doc("服务档案列表", "service files"))
    .verb(visits.fwdaSelectlist, tags.list, async (c) => ok(c, await listAll(c.env.DB, a, withFixed(a, c.req.query(), { archiveType: "fwda" }), selectCap), "fetched"), doc("服务档案（选择用，不分页）", "service files for a picker (no paging)"))
    .verb(visits.zfdaFields, tags.list, async (c) => {
      const { archiveType } = parseInput(visits.zfdaFields.query, c.req.query());
      const kinds = archiveType ? [archiveType] : [...archiveKinds];
      return ok(c, kinds.map((kind) => ({ archiveType: kind, label: archiveKindLabels[kind], fields: archiveDetails[kind] })), "fetched");
    }, doc("各类档案的字段", "the fields of each archive kind"))
    .verb(visits.getInfoByTaskId, tags.info, async (c) => {
      const taskId = idParam(c.req.param("id"), a);
      return ok(c, await listAll(c.env.DB, a, { filters: [{ key: "taskId", op: "eq", value: taskId }], sort: "visitDate", desc: true, keyword: "" }, 100), "fetched");
    }, doc("某任务的档案", "a task's archives"))
    .verb(visits.pcHistoryInfo, tags.info, async (c) => {
      const archive = await findById(c.env.DB, a, idParam(c.req.param("id"), a));
      if (!archive) throw notFound(a.label);
      const enterprise = typeof archive.creditCode === "string" ? await recordWhere(c.env.DB, masterFamily, { creditCode: archive.creditCode }) : null;
      return ok(c, { archive, enterprise }, "fetched");
    }, doc("档案详情（含企业）", "one archive with its enterprise"))
    .verb(visits.getHistoryList, tags.list, async (c) => {
      const { total, rows } = await listPage(c.env.DB, a, scopedTo(a, c.req.query()));
      return page(c, total, rows);
    }, doc("某企业的走访档案历史", "an enterprise's archive history"))
    .verb(visits.dictVisitTable, tags.list, async (c) => {
      const lang = c.get("lang");
      const byType: Record<string, { value: string; label: string }[]> = Object.fromEntries(visitTableDicts.map((type) => [type, []]));
      for (const e of await dictionaryEntries(c.env.DB, visitTableDicts)) byType[e.type]?.push({ value: e.value, label: entryLabel(e, lang) });
      return ok(c, byType, "fetched");
    }, doc("走访表的字典", "the dictionaries of the visit table"))
    .post(`${a.path}/export`, tags.export, async (c) => exportResponse(c.env.DB, a, await readBody(c, exportBody), c.get("lang")), doc("导出（文件名见 content-disposition）", "export (the file name is in content-disposition)", { body: exportBody, download: xlsxType }));

  for (const [verb, kind] of [[visits.zfdaUpdate, "zfda"], [visits.fwdaUpdate, "fwda"], [visits.xqdaUpdate, "xqda"]] as const) {
    routes.verb(verb, tags.update, async (c) => {
      const body = await readBody(c, verb.body, labelsOf(a));
      const { id, version, ...input } = body as { id: string; version?: number } & Record<string, unknown>;
      if ("archiveType" in input && input.archiveType !== kind) throw new ValidationError([{ field: "archiveType", label: a.fields.archiveType!.label, key: "valueNotAllowed" }]);
      if ("details" in input) {
        const problems = detailProblems(kind, input.details);
        if (problems.length) throw new ValidationError(problems.map((p) => ({ ...p, key: "valueNotAllowed" as const })));
      }
      return runCommand(c, async () => {
        const current = await findById(c.env.DB, a, id);
        if (!current) throw notFound(a.label);
        requireKind(current, kind);
        const write = await newUpdate(c.env.DB, a, id, input, version, `${kind}Update`);
        return { writes: [write], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { id, version: write.head.version + write.events.length } } };
      });
    }, doc(`更新${archiveKindLabels[kind]["zh-CN"]}`, `update a ${archiveKindLabels[kind]["en-US"].toLowerCase()}`));
  }
}
