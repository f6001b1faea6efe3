/**
 * A project's schedule on the Gantt chart (worker/gantt): the plan read and saved whole, and the project's
 * picture settings (`/project/visualpicconf`). The import (`/gantt/importProject`, a multipart upload), the
 * export (`/gantt/exportProject`) and the template answer files and are documented with their routes.
 */
import * as z from "zod";
import { planTask, planTasks } from "../gantt/plan.ts";
import { visualSettings } from "../gantt/visual.ts";
import { verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

const projectId = lazySchema(() => z.string().min(1).max(64));

/** A stored task: the wire task with its stored id, the owner's name and the state the server derived. */
export const storedTask = lazySchema(() => planTask.extend({
  ownerName: z.string().nullable(),
  status: z.string(),
  durationDays: z.number().int(),
}));

export const plan = lazySchema(() => z.strictObject({
  projectId: z.string(),
  /** the project's name (null: the project is gone) */
  projectName: z.string().nullable(),
  tasks: z.array(storedTask),
}));

/**
 * What `/gantt/importProject` answers (a multipart upload, documented with its route): the plan as read with
 * `dryRun`, else as saved; the file's owners that name no user are listed back.
 */
export const importAnswer = lazySchema(() => z.discriminatedUnion("saved", [
  z.strictObject({ saved: z.literal(false), projectId: z.string(), format: z.enum(["xml", "xlsx"]), tasks: z.array(planTask), unmatchedOwners: z.array(z.string()) }),
  plan.extend({ saved: z.literal(true), format: z.enum(["xml", "xlsx"]), unmatchedOwners: z.array(z.string()) }),
]));

export const visualConf = lazySchema(() => z.strictObject({
  projectId: z.string(),
  /** null: the project has no own settings yet and `settings` are the defaults */
  id: z.string().nullable(),
  settings: visualSettings,
  version: z.number().int(),
}));

/** A project the schedule screen offers: its name, enterprise and how many tasks its plan has. */
export const scheduleProject = lazySchema(() => z.strictObject({ id: z.string(), projectName: z.string(), entName: z.string().nullable(), tasks: z.number().int() }));

export const gantt = {
  /** projects by name (keyword), those with a plan first; at most 50 */
  projects: verb({ method: "GET", path: "/gantt/projects", query: () => z.object({ keyword: z.string().max(100).optional() }), response: () => z.array(scheduleProject) }),
  plan: verb({ method: "GET", path: "/gantt/plan", query: () => z.object({ projectId }), response: plan }),
  /** replaces the plan's tasks in one batch: kept ids are updated, new ones created, missing ones deleted */
  savePlan: verb({ method: "POST", path: "/gantt/savePlan", body: () => z.object({ projectId, tasks: planTasks }), response: plan }),
  selectConf: verb({ method: "GET", path: "/project/visualpicconf/selectConfByProjectId", query: () => z.object({ projectId }), response: visualConf }),
  saveConf: verb({ method: "POST", path: "/project/visualpicconf/saveConf", body: () => z.object({ projectId, settings: visualSettings }), response: visualConf }),
  deleteConf: verb({ method: "POST", path: "/project/visualpicconf/deleteConf", body: () => z.object({ projectId }), response: () => z.strictObject({ deleted: z.boolean() }) }),
};
