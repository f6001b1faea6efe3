/**
 * The gateway's method table: the one list the route (./routes.ts), the API document and the tests read.
 * A method is one entry — `gatewayMethod({ name, summary, permission, params, result? }, handler)` — so
 * adding one (credit, DID, notarisation…) is adding one entry here or to a module's list spread below.
 */
import { policyMethods } from "./policy.ts";
import { creditMethods } from "../credit/methods.ts";
import { didMethods } from "../did/gateway.ts";
import { notaryMethods } from "../notary/methods.ts";
import { dashboardMethods } from "../dashboard/methods.ts";
import type { GatewayMethod } from "./method.ts";

export const gatewayMethods: readonly GatewayMethod[] = [...policyMethods, ...creditMethods, ...didMethods, ...notaryMethods, ...dashboardMethods];

export const methodByName: ReadonlyMap<string, GatewayMethod> = new Map(gatewayMethods.map((m) => [m.name, m]));
