/**
 * A process model's own verbs (worker/flow/routes/models.ts): one model with its tree and XML, save from the
 * designer's tree or from BPMN XML, publish a version, the model ↔ form binding and starting an instance of the
 * latest version (from a process form: its filled form too). The list is events/api/flow.ts `models`.
 */
import * as z from "zod";
import { processTree } from "../flow/tree.ts";
import { modelRow } from "./flow.ts";
import { verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

const base = "/flowable/definition";

/** A save: the model's details and either its tree (checked by the route, its errors named) or its XML. */
export const modelBody = lazySchema(() => z.object({
  id: z.string().max(64).nullish(),
  key: z.string().max(64).regex(/^[A-Za-z_][\w.-]*$/).nullish(),
  name: z.string().max(100).nullish(),
  category: z.string().max(64).nullish(),
  description: z.string().max(1000).nullish(),
  formCode: z.string().max(64).nullish(),
  tree: z.unknown().optional(),
  xml: z.string().max(1_000_000).nullish(),
}));

export const bindBody = lazySchema(() => z.object({ modelKey: z.string().min(1).max(64), formCode: z.string().max(64).nullable() }));
export const startBody = lazySchema(() => z.object({ code: z.string().min(1).max(64), data: z.record(z.string(), z.unknown()).default({}), proc_form_id: z.string().nullish(), dataModelId: z.string().nullish() }));

const savedModel = lazySchema(() => z.strictObject({ id: z.string(), key: z.string() }));

export const flowModels = {
  model: verb({
    method: "GET",
    path: `${base}/getModel/:id`,
    response: () => modelRow.pick({ id: true, key: true, name: true, category: true, description: true, formCode: true }).extend({
      /** the designer's tree; null for a model imported from BPMN XML */
      tree: processTree.nullable(),
      xml: z.string(),
    }),
  }),
  /** a model's BPMN document, or with isDeploy=1 a deployed version's */
  xml: verb({ method: "GET", path: `${base}/readXml/:id`, query: () => z.object({ isDeploy: z.string().optional() }), response: () => z.strictObject({ xml: z.string() }) }),
  create: verb({ method: "POST", path: `${base}/model/create`, body: modelBody, response: savedModel }),
  update: verb({ method: "POST", path: `${base}/model/update`, body: modelBody, response: savedModel }),
  /** updates when the id is given */
  save: verb({ method: "POST", path: `${base}/model/save`, body: modelBody, response: savedModel }),
  publish: verb({ method: "POST", path: `${base}/publish`, body: () => z.object({ id: z.string().min(1).max(64) }), response: () => z.strictObject({ deployId: z.string(), version: z.number().int() }) }),
  bindForm: verb({ method: "POST", path: "/flowable/form/saveOrUpdate", body: bindBody, response: savedModel }),
  /** a process form's start (proc_form_id) also fills the form: its filled form and record */
  start: verb({
    method: "POST",
    path: `${base}/dynamicStart`,
    body: startBody,
    response: () => z.union([
      z.strictObject({ procInsId: z.string(), formDataId: z.string(), recordId: z.string(), formVersion: z.number().int(), startUserId: z.string(), startTime: z.string() }),
      z.strictObject({ procInsId: z.string() }),
    ]),
  }),
};
