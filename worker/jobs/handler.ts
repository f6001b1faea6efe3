/**
 * The registered handlers a scheduled job may name (bean name + method name, as the seed's job form has
 * them). A job never runs arbitrary code: saving a job whose bean/method is not registered is refused, and
 * its parameters are parsed by the handler's own schema both at save and at run.
 */
// the handler shapes belong to the module contract (worker/module.ts), which every module may import
export type { JobContext, JobOutcome, RegisteredHandler } from "../module.ts";

export const handlerKey = (bean: string, method: string) => `${bean}.${method}`;
