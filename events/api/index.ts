/**
 * The API contract: every module's own verbs with their request and answer schemas (events/api/verb.ts),
 * imported by the Worker's routes, the web app's client and tests/contract.test.ts.
 */
import { flow } from "./flow.ts";
import { jobs } from "./jobs.ts";
import { reports } from "./reports.ts";

export const contract = { jobs, reports, flow };
export type { Answer, Verb } from "./verb.ts";
