/**
 * Process models and their versions: list, create/update from the designer's tree or from any BPMN 2.0
 * document of the supported subset, publish (a new immutable version), read the XML, delete; the model ↔
 * form binding; the start form of a deployment and starting an instance (any signed-in user).
 */
import type { Context } from "hono";
import * as z from "zod";
import { flow, modelListQuery } from "../../../events/api/flow.ts";
import { flowTask } from "../../../events/api/flow-task.ts";
import { bindBody, flowModels, modelBody, startBody } from "../../../events/api/flow-models.ts";
import { l, type Family } from "../../../events/family.ts";
import { flowModel } from "../../../events/families/flow.ts";
import { t } from "../../../events/i18n.ts";
import { bpmnIdOf, processTree, treeProblems, walkTree, type FormField, type ProcessTree } from "../../../events/flow/tree.ts";
import { treeToBpmn } from "../../../events/flow/to-bpmn.ts";
import type { AppEnv } from "../../http/env.ts";
import { ok, page, readJson } from "../../http/envelope.ts";
import { runCommand } from "../../http/command.ts";
import type { RouteTable } from "../../http/routes.ts";
import { codes, notFound } from "../../errors.ts";
import { idList, newCreate, newDeletes, newUpdate } from "../../resources/commands.ts";
import { findById } from "../../resources/query.ts";
import { compileBpmn } from "../model/compile.ts";
import { FlowRefused } from "../engine/refusal.ts";
import type { CompiledModel } from "../engine/types.ts";
import { deploymentPublished, deploymentStream, type DeploymentPublished } from "../projection.ts";
import { deploymentById, latestDeployment, type DeploymentRow } from "../repository.ts";
import { lastDeployedVersion, modelIdByKey, modelPage, startablePage } from "../queries.ts";
import { startInstance } from "../commands.ts";
import { startFormHandler } from "../business.ts";
import { parseInput, parsePaging, readBody } from "../../http/input.ts";
import { displayTime } from "../../time.ts";
import { lazySchema } from "../../../events/lazy.ts";

const models = flowModel as unknown as Family;
const tags = { list: "flowable:definition:list", info: "flowable:definition:info", save: "flowable:definition:save", update: "flowable:definition:update", delete: "flowable:definition:delete", publish: "flowable:definition:publish" };

const idBody = lazySchema(() => z.object({ id: z.string().min(1).max(64), key: z.string().max(64).nullish() }));
const keyBody = lazySchema(() => z.object({ key: z.string().min(1).max(64) }));
const submitBody = lazySchema(() => z.object({ code: z.string().min(1).max(64), businessKey: z.string().max(128).nullish(), data: z.record(z.string(), z.unknown()).default({}) }));


const refusedTree = (text: { "zh-CN": string; "en-US": string }) => new FlowRefused(422, text);

/** A tree (validated, rules checked, converted) or an XML document (compiled): the model's key, name, XML and compiled form. */
async function modelSource(body: z.infer<typeof modelBody>, existing: Record<string, unknown> | null) {
  if (body.tree !== undefined && body.tree !== null) {
    const parsed = processTree.safeParse(body.tree);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.join(".");
      throw refusedTree({ "zh-CN": `流程树格式错误：${where} ${issue.message}`, "en-US": `The process tree is malformed: ${where} ${issue.message}` });
    }
    const tree = parsed.data as ProcessTree;
    const problems = treeProblems(tree);
    if (problems.length) throw refusedTree({ "zh-CN": problems.map((p) => p.text["zh-CN"]).join("；"), "en-US": problems.map((p) => p.text["en-US"]).join("; ") });
    const key = body.key ?? (existing?.key as string | undefined);
    if (!key) throw refusedTree({ "zh-CN": "请填写模型标识", "en-US": "The model key is required" });
    const name = body.name ?? (existing?.name as string | undefined) ?? key;
    const xml = await treeToBpmn(tree, { key, name });
    const compiled = await compileBpmn(xml);
    return { key, name, xml, tree: tree as unknown as Record<string, unknown>, compiled };
  }
  if (body.xml) {
    const compiled = await compileBpmn(body.xml);
    const key = body.key ?? (existing?.key as string | undefined) ?? compiled.processId;
    return { key, name: body.name ?? compiled.name ?? key, xml: body.xml, tree: null, compiled };
  }
  if (existing) return null;
  throw refusedTree({ "zh-CN": "请提供流程树或 BPMN 文档", "en-US": "Send a process tree or a BPMN document" });
}

async function saveModel(c: Context<AppEnv>, mode: "create" | "update" | "save") {
  const body = await readBody(c, modelBody);
  const id = body.id || null;
  if (mode === "update" && !id) throw notFound(models.label);
  const existing = id ? await findById(c.env.DB, models, id) : null;
  if (id && !existing) throw notFound(models.label);
  const source = await modelSource(body, existing);
  const values: Record<string, unknown> = {};
  for (const k of ["category", "description", "formCode"] as const) if (body[k] !== undefined) values[k] = body[k];
  if (source) Object.assign(values, { key: source.key, name: source.name, xml: source.xml, tree: source.tree });
  else if (body.name) values.name = body.name;
  return runCommand(c, async () => {
    if (!id) {
      const write = newCreate(models, values);
      const newId = write.stream.slice(models.name.length + 1);
      return { writes: [write], response: { code: codes.ok, msg: t("created", c.get("lang")), data: { id: newId, key: values.key } } };
    }
    const write = await newUpdate(c.env.DB, models, id, values);
    return { writes: [write], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { id, key: values.key ?? existing!.key } } };
  }, { retries: 3 });
}

/** The approval nodes whose approver the initiator picks (`${approver_<key>}` as assignee), for the start form. */
export function pickNodes(model: CompiledModel): { key: string; name: string }[] {
  return Object.values(model.nodes).flatMap((n) => {
    const m = /^\$\{\s*approver_(\w+)\s*\}$/.exec(n.assignment?.assignee ?? "");
    return m ? [{ key: m[1]!, name: n.name || n.id }] : [];
  });
}

/** The simple start form of a model built in the designer (none for imported XML). */
export function formFieldsOf(tree: unknown): FormField[] {
  const root = tree as ProcessTree | null;
  return root && root.type === "ROOT" ? (root.props?.formFields ?? []) : [];
}

/** A node's form-field permissions in the designer's tree (by the node's BPMN id). */
export function treeNodeById(tree: unknown, bpmnId: string) {
  let found: Record<string, unknown> | null = null;
  if (tree && (tree as ProcessTree).type === "ROOT") walkTree(tree as ProcessTree, (n) => (found ??= bpmnIdOf(n.id) === bpmnId ? (n as unknown as Record<string, unknown>) : null));
  return found;
}

export function startFormOf(d: DeploymentRow) {
  return { deployId: d.deployId, key: d.key, version: d.version, name: d.name, formFields: formFieldsOf(d.tree), pickNodes: pickNodes(d.model) };
}

const noDeployment = (code: string) => new FlowRefused(404, { "zh-CN": `流程 ${code} 尚未发布`, "en-US": `The process ${code} has not been published` });

export function modelRoutes(routes: RouteTable) {
  routes
    .verb(
      flow.models,
      tags.list,
      async (c) => {
        const q = parseInput(modelListQuery, c.req.query());
        const { limit, offset } = parsePaging(q, 100);
        const { total, rows } = await modelPage(c.env.DB, q, limit, offset);
        return page(c, total, rows);
      },
      { doc: { summary: l("流程模型列表", "Process models") } },
    )
    .verb(
      flow.startable,
      "signedIn",
      async (c) => {
        const q = parseInput(modelListQuery, c.req.query());
        const { limit, offset } = parsePaging(q, 100);
        const { total, rows } = await startablePage(c.env.DB, q, limit, offset);
        return page(c, total, rows);
      },
      { doc: { summary: l("可发起的流程（已发布的最新版本，任何登录用户）", "Processes I may start (the latest published version; any signed-in user)") } },
    )
    .verb(flowModels.create, tags.save, (c) => saveModel(c, "create"), { doc: { summary: l("新建流程模型（流程树或 BPMN）", "Create a process model (tree or BPMN)") } })
    .verb(flowModels.update, tags.update, (c) => saveModel(c, "update"), { doc: { summary: l("修改流程模型", "Update a process model") } })
    .verb(flowModels.save, tags.save, (c) => saveModel(c, "save"), { doc: { summary: l("保存流程模型（有 id 时修改）", "Save a process model (updates when the id is given)") } })
    .post(
      "/flowable/definition/delete",
      tags.delete,
      async (c) => {
        // the seed's `{ id, key }`, or the record engine's list of ids (this path shadows the family's delete)
        const body = await readJson(c);
        const ids = Array.isArray(body) ? parseInput(idList, body) : [parseInput(idBody, body).id];
        return runCommand(c, async () => ({ writes: await newDeletes(c.env.DB, models, [...new Set(ids)]), response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: null } }));
      },
      { doc: { summary: l("删除流程模型（已发布版本保留，运行中的实例不受影响）", "Delete a process model (published versions and running instances stay)"), body: z.union([idBody, z.array(z.string())]) } },
    )
    .post(
      "/flowable/definition/deleteModelByKey",
      tags.delete,
      async (c) => {
        const { key } = await readBody(c, keyBody);
        const id = await modelIdByKey(c.env.DB, key);
        if (!id) throw notFound(models.label);
        return runCommand(c, async () => ({ writes: await newDeletes(c.env.DB, models, [id]), response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: null } }));
      },
      { doc: { summary: l("按标识删除流程模型", "Delete a process model by key"), body: keyBody } },
    )
    .verb(
      flowModels.publish,
      tags.publish,
      async (c) => {
        const { id } = await readBody(c, flowModels.publish.body);
        const model = await findById(c.env.DB, models, id);
        if (!model) throw notFound(models.label);
        if (!model.xml) throw refusedTree({ "zh-CN": "模型没有 BPMN 文档，不能发布", "en-US": "The model has no BPMN document to publish" });
        const compiled = await compileBpmn(model.xml as string);
        return runCommand(
          c,
          async () => {
            const current = await findById(c.env.DB, models, id);
            if (!current) throw notFound(models.label);
            const version = Math.max((await lastDeployedVersion(c.env.DB, current.key as string)) ?? 0, Number(current.deployedVersion ?? 0)) + 1;
            const deployId = crypto.randomUUID();
            const data: DeploymentPublished = {
              deployId,
              modelId: id,
              key: current.key as string,
              version,
              name: current.name as string,
              formCode: (current.formCode as string | null) ?? null,
              xml: current.xml as string,
              model: compiled,
              tree: current.tree ?? null,
            };
            const update = await newUpdate(c.env.DB, models, id, { deployedVersion: version, deployTime: displayTime(new Date().toISOString()) });
            return {
              writes: [{ stream: deploymentStream(deployId), head: { version: 0, hash: "" }, events: [{ type: deploymentPublished, data: data as unknown as Record<string, unknown> }] }, update],
              response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { deployId, version } },
            };
          },
          { retries: 3 },
        );
      },
      { doc: { summary: l("发布流程模型（新版本）", "Publish a process model (a new version)") } },
    )
    .verb(
      flowModels.xml,
      tags.info,
      async (c) => {
        const id = c.req.param("id")!;
        const isDeploy = ["1", "true"].includes(c.req.query("isDeploy") ?? "");
        if (isDeploy) {
          const d = await deploymentById(c.env.DB, id);
          if (!d) throw notFound(l("流程部署", "Deployment"));
          return ok(c, { xml: d.xml }, "fetched");
        }
        const model = await findById(c.env.DB, models, id);
        if (!model) throw notFound(models.label);
        return ok(c, { xml: model.xml ?? "" }, "fetched");
      },
      { doc: { summary: l("模型或部署版本的 BPMN 文档", "The BPMN document of a model or of a deployed version") } },
    )
    .verb(
      flowModels.model,
      tags.info,
      async (c) => {
        const model = await findById(c.env.DB, models, c.req.param("id")!);
        if (!model) throw notFound(models.label);
        const { id, key, name, category, description, formCode, tree, xml } = model;
        return ok(c, { id, key, name, category, description, formCode, tree: tree ?? null, xml: xml ?? "" }, "fetched");
      },
      { doc: { summary: l("流程模型详情（流程树与 XML）", "A process model (tree and XML)") } },
    )
    .verb(
      flowModels.bindForm,
      "flowable:form:save",
      async (c) => {
        const { modelKey, formCode } = await readBody(c, bindBody);
        const id = await modelIdByKey(c.env.DB, modelKey);
        if (!id) throw notFound(models.label);
        return runCommand(c, async () => ({ writes: [await newUpdate(c.env.DB, models, id, { formCode })], response: { code: codes.ok, msg: t("saved", c.get("lang")), data: { id, key: modelKey } } }), { retries: 3 });
      },
      { doc: { summary: l("绑定流程模型与表单", "Bind a form to a process model") } },
    )
    .get(
      "/flowable/form/queryDepolyForm",
      "signedIn",
      async (c) => {
        const deployId = parseInput(z.object({ deployId: z.string().min(1).max(64) }), c.req.query()).deployId;
        const d = await deploymentById(c.env.DB, deployId);
        if (!d) throw notFound(l("流程部署", "Deployment"));
        return ok(c, { deployId, formCode: d.formCode, formFields: formFieldsOf(d.tree) }, "fetched");
      },
      { doc: { summary: l("部署版本的表单", "The form of a deployed version"), query: z.object({ deployId: z.string() }) } },
    )
    .verb(
      flowTask.startForm,
      "signedIn",
      async (c) => {
        const id = c.req.param("id")!;
        const d = await latestDeployment(c.env.DB, id);
        if (!d) throw noDeployment(id);
        return ok(c, startFormOf(d), "fetched");
      },
      { doc: { summary: l("发起表单（部署 id 或模型标识的最新版本）", "The start form (a deployment id, or a model key's latest version)") } },
    )
    .verb(
      flowModels.start,
      "signedIn",
      async (c) => {
        const body = await readBody(c, startBody);
        const d = await latestDeployment(c.env.DB, body.code);
        if (!d) throw noDeployment(body.code);
        const formStart = body.proc_form_id ? startFormHandler() : null;
        if (formStart) return formStart(c, { deployment: d, data: body.data, procFormId: body.proc_form_id!, dataModelId: body.dataModelId ?? null });
        return startInstance(c, d, body.data, null);
      },
      { doc: { summary: l("发起流程（最新版本）", "Start a process (its latest version)") } },
    )
    .post(
      "/flowable/definition/sendSubmit",
      "signedIn",
      async (c) => {
        const body = await readBody(c, submitBody);
        const d = await latestDeployment(c.env.DB, body.code);
        if (!d) throw noDeployment(body.code);
        return startInstance(c, d, body.data, body.businessKey ?? null);
      },
      { doc: { summary: l("从业务记录发起流程", "Start a process from a business record"), body: submitBody, response: z.object({ procInsId: z.string() }) } },
    );
}

