/**
 * The composition root: every module of the worker, the event store bound to their read models, and the
 * route table. The Hono app, the seed, `npm run rebuild`, the benchmarks and the tests all use this one
 * composition, so they replay and project exactly the same way.
 */
import { families } from "../events/families/index.ts";
import { RouteTable } from "./http/routes.ts";
import type { Module } from "./module.ts";
import { eventStore } from "./store/index.ts";
import { registeredHandlers, type JobHandler } from "./jobs/scheduler.ts";
import { authModule } from "./auth/index.ts";
import { sysModule } from "./sys/index.ts";
import { filesModule } from "./files/index.ts";
import { recordsModule } from "./resources/index.ts";
import { openapiModule } from "./openapi/index.ts";
import { flowModule } from "./flow/index.ts";
import { msgModule } from "./msg/index.ts";
import { servicesModule } from "./services/index.ts";
import { enterpriseModule } from "./enterprise/index.ts";
import { linkBusiness, linkStartForm } from "./flow/business.ts";
import { formsModule } from "./forms/index.ts";
import { reportsModule } from "./reports/index.ts";
import { datamodelModule } from "./datamodel/index.ts";
import { webhooksModule } from "./webhooks/index.ts";
import { jobsModule } from "./jobs/index.ts";
import { syncModule } from "./sync/index.ts";
import { workreportsModule } from "./workreports/index.ts";
import { tasksModule } from "./tasks/index.ts";
import { visitsModule } from "./visits/index.ts";
import { ganttModule } from "./gantt/index.ts";
import { evaluationModule } from "./evaluation/index.ts";
import { policyModule } from "./policy/index.ts";
import { gatewayModule } from "./gateway/index.ts";
import { creditModule } from "./credit/index.ts";
import { didModule } from "./did/index.ts";
import { notaryModule } from "./notary/index.ts";
import { builtInJobHandlers } from "./jobs/registry.ts";
import type { RegisteredHandler } from "./jobs/handler.ts";

const services = servicesModule(families);
// the flow module reads these on the first instance move that needs them
linkBusiness(services.businessLinks);
linkBusiness(() => formsModule.businessLinks);
linkStartForm(formsModule.startForm);

/** In registration order: own verbs before the record engine's generic family routes. */
export const modules: Module[] = [authModule, sysModule, filesModule, openapiModule, flowModule, msgModule, services, enterpriseModule, datamodelModule, reportsModule, formsModule, webhooksModule, jobsModule(() => registeredJobHandlers), syncModule, workreportsModule, tasksModule, visitsModule, ganttModule, evaluationModule, policyModule, gatewayModule, creditModule, didModule, notaryModule, recordsModule(families)];

/** Bound to the projections the store lists on first use (building them is no part of the start-up budget). */
export const store = eventStore(() => modules.flatMap((m) => m.projections));

/** Every API route, in registration order. */
export function buildRoutes(): RouteTable {
  const routes = new RouteTable();
  for (const m of modules) routes.within(m.name, (table) => m.routes(table));
  return routes;
}

/** Every handler the cron trigger may run: the housekeeping ones and each module's. */
export const jobHandlers: Record<string, JobHandler> = Object.assign({}, registeredHandlers, ...modules.map((m) => m.jobs ?? {}));

/** Every handler a scheduled job may name: the built-in housekeeping beans and each module's. */
export const registeredJobHandlers: RegisteredHandler[] = [...builtInJobHandlers, ...modules.flatMap((m) => m.handlers ?? [])];
