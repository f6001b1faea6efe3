/**
 * /gantt and /project/visualpicconf: a project's schedule read and saved whole, imported from and exported to
 * xlsx and MS Project XML, the xlsx template, and the project's picture settings. `applNum` names the project
 * on the import and export, as the spec's calls do; `projectId` is taken too.
 */
import type { Context } from "hono";
import * as z from "zod";
import { l } from "../../events/family.ts";
import { gantt } from "../../events/api/gantt.ts";
import type { AppEnv } from "../http/env.ts";
import type { RouteTable } from "../http/routes.ts";
import { parseInput, readBody } from "../http/input.ts";
import { ok, readJson, reply } from "../http/envelope.ts";
import { actorOfRequest, requestContext } from "../http/command.ts";
import { xlsxType } from "../resources/spreadsheet/errors.ts";
import { PlanFileError, checkPlanFile, planFormats, type PlanFormat, planFileResponse, readPlanFile, resolveOwners } from "./files.ts";
import { planTags, readPlan, requireValidPlan, savePlan } from "./plan.ts";
import { templateXlsx } from "./sheet.ts";
import { projectFamily, scheduleProjects } from "./queries.ts";
import { notFound } from "../errors.ts";
import { deleteVisualConf, readVisualConf, saveVisualConf, visualTags } from "./visual.ts";
import { lazySchema } from "../../events/lazy.ts";

const projectKey = lazySchema(() => z.string().min(1).max(64));
const fileQuery = lazySchema(() => z.object({ applNum: projectKey.optional(), projectId: projectKey.optional() }).refine((q) => q.applNum || q.projectId, { path: ["applNum"], params: { rule: "required" } }));
const exportInput = lazySchema(() => z.object({ applNum: projectKey.optional(), projectId: projectKey.optional(), format: z.enum(planFormats).default("xml") }).refine((q) => q.applNum || q.projectId, { path: ["applNum"], params: { rule: "required" } }));
const labels = { applNum: l("项目", "Project"), projectId: l("项目", "Project"), format: l("文件格式", "Format"), tasks: l("任务", "Tasks"), settings: l("图形设置", "Picture settings") };

const importForm = lazySchema(() => z.object({
  file: z.custom<File>((v) => v !== undefined && v !== null).meta({ type: "string", format: "binary", description: "an xlsx in the template's columns or an MS Project XML file, at most 5 MB" }),
  dryRun: z.enum(["true", "false"]).optional().describe("true: answer the plan read from the file without saving it"),
}));

async function importProject(c: Context<AppEnv>) {
  const query = parseInput(fileQuery, c.req.query(), labels);
  const projectId = (query.applNum ?? query.projectId)!;
  if (!(c.req.header("content-type") ?? "").startsWith("multipart/form-data")) throw new PlanFileError("missing");
  const form = await c.req.formData();
  const file = form.get("file");
  if (typeof file !== "object" || file === null || !("arrayBuffer" in file)) throw new PlanFileError("missing");
  const upload = file as File;
  if (upload.size > 5 * 1024 * 1024) throw new PlanFileError("tooLarge");
  const bytes = new Uint8Array(await upload.arrayBuffer());
  const format = checkPlanFile(upload.name, bytes);
  const lang = c.get("lang");
  const { tasks, unmatchedOwners } = await resolveOwners(c.env.DB, await readPlanFile(format, bytes, lang));
  requireValidPlan(tasks);
  if (form.get("dryRun") === "true") return ok(c, { projectId, format, saved: false, tasks, unmatchedOwners });
  const plan = await savePlan(projectId, tasks, actorOfRequest(c), requestContext(c), planTags.import);
  return ok(c, { ...plan, format, saved: true, unmatchedOwners });
}

async function exportProject(c: Context<AppEnv>) {
  const raw = await readJson<unknown>(c);
  const body = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const input = parseInput(exportInput, { ...c.req.query(), ...body }, labels);
  const plan = await readPlan(c.env.DB, (input.applNum ?? input.projectId)!);
  if (plan.projectName === null) throw notFound(projectFamily.label);
  return planFileResponse(plan, input.format as PlanFormat, c.get("lang"));
}

export function ganttRoutes(table: RouteTable) {
  table
    .verb(gantt.projects, planTags.read, async (c) => reply(c, gantt.projects, await scheduleProjects(c.env.DB, parseInput(gantt.projects.query, c.req.query(), labels).keyword ?? "")))
    .verb(gantt.plan, planTags.read, async (c) => reply(c, gantt.plan, await readPlan(c.env.DB, parseInput(gantt.plan.query, c.req.query(), labels).projectId)))
    .verb(gantt.savePlan, planTags.save, async (c) => {
      const body = await readBody(c, gantt.savePlan.body, labels);
      return reply(c, gantt.savePlan, await savePlan(body.projectId, body.tasks, actorOfRequest(c), requestContext(c), planTags.save, c.req.header("Idempotency-Key")), "saved");
    })
    .post("/gantt/importProject", planTags.import, importProject, {
      tokenInQuery: true,
      doc: { summary: l("导入项目进度计划（xlsx 或 MS Project XML）", "Import a project's schedule (xlsx or MS Project XML)"), query: fileQuery, body: importForm, bodyType: "multipart" },
    })
    .post("/gantt/exportProject", planTags.export, exportProject, {
      doc: { summary: l("导出项目进度计划", "Export a project's schedule"), body: exportInput, download: "application/xml" },
    })
    .get(
      "/gantt/template",
      planTags.import,
      async (c) => {
        const lang = c.get("lang");
        const name = lang === "zh-CN" ? "进度计划导入模板.xlsx" : "schedule import template.xlsx";
        return new Response(await templateXlsx(lang), { headers: { "content-type": xlsxType, "content-disposition": `attachment; filename="schedule-template.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`, "cache-control": "no-store" } });
      },
      { tokenInQuery: true, doc: { summary: l("进度计划导入模板", "Schedule import template"), download: xlsxType } },
    )
    .verb(gantt.selectConf, visualTags.info, async (c) => reply(c, gantt.selectConf, await readVisualConf(c.env.DB, parseInput(gantt.selectConf.query, c.req.query(), labels).projectId)))
    .verb(gantt.saveConf, visualTags.save, async (c) => {
      const body = await readBody(c, gantt.saveConf.body, labels);
      return reply(c, gantt.saveConf, await saveVisualConf(body.projectId, body.settings, actorOfRequest(c), requestContext(c)), "saved");
    })
    .verb(gantt.deleteConf, visualTags.delete, async (c) => {
      const body = await readBody(c, gantt.deleteConf.body, labels);
      return reply(c, gantt.deleteConf, { deleted: await deleteVisualConf(body.projectId, actorOfRequest(c), requestContext(c)) }, "deleted");
    });
}
