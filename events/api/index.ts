/**
 * The API contract: every module's own verbs with their request and answer schemas (events/api/verb.ts),
 * imported by the Worker's routes, the web app's client and tests/contract.test.ts.
 */
import { flow } from "./flow.ts";
import { flowModels } from "./flow-models.ts";
import { flowTask } from "./flow-task.ts";
import { datamodel } from "./datamodel.ts";
import { enterprise } from "./enterprise.ts";
import { forms } from "./forms.ts";
import { jobs } from "./jobs.ts";
import { msg } from "./msg.ts";
import { reports } from "./reports.ts";
import { sync } from "./sync.ts";
import { sys } from "./sys.ts";
import { webhooks } from "./webhooks.ts";
import { workreports } from "./workreports.ts";
import { tasks } from "./tasks.ts";
import { visits } from "./visits.ts";
import { gantt } from "./gantt.ts";
import { listSettings } from "./list-settings.ts";
import { files } from "./files.ts";
import { dictionary } from "./dictionary.ts";
import { evaluation } from "./evaluation.ts";
import { policy } from "./policy.ts";
import { did } from "./did.ts";

export const contract = { jobs, reports, datamodel, webhooks, msg, forms, flow, flowTask, flowModels, enterprise, sync, sys, workreports, tasks, visits, gantt, listSettings, files, dictionary, evaluation, policy, did };
export type { Answer, Verb } from "./verb.ts";
