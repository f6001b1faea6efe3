/**
 * The rules of a job beyond its fields' own: its bean and method name a registered handler, its params
 * fit that handler's schema (errors named `params.<path>`), its cron expression parses and fires again.
 * Pure: the record and the registered list in, the normalised params or the problems out.
 */
import { jobSchedule } from "../../events/families/jobs.ts";
import { messageFor } from "../../events/validation.ts";
import type { FieldProblem } from "../errors.ts";
import type { RegisteredHandler } from "./handler.ts";
import { checkCron } from "./cron.ts";
import { findHandler } from "./registry.ts";

const labels = jobSchedule.fields;

/** A form may send params as JSON text; blank means none. */
export function paramsValue(raw: unknown): unknown {
  if (typeof raw !== "string") return raw ?? {};
  if (raw.trim() === "") return {};
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function checkJob(record: Record<string, unknown>, handlers: readonly RegisteredHandler[]): { problems: FieldProblem[]; params?: unknown } {
  const problems: FieldProblem[] = [];
  const cron = String(record.cronExpression ?? "");
  const checked = checkCron(cron);
  if (!checked.valid) {
    problems.push(
      checked.problem === "fields"
        ? { field: "cronExpression", label: labels.cronExpression.label, key: "jobCronFields" }
        : checked.problem === "never"
          ? { field: "cronExpression", label: labels.cronExpression.label, key: "jobCronNever" }
          : { field: "cronExpression", label: labels.cronExpression.label, key: "jobCronInvalid", params: { reason: checked.reason ?? "" } },
    );
  }
  const bean = String(record.beanName ?? "");
  const method = String(record.methodName ?? "");
  const handler = findHandler(handlers, bean, method);
  if (!handler) {
    problems.push({ field: "beanName", label: labels.beanName.label, key: "jobHandlerUnknown", params: { handler: `${bean}.${method}` } });
    return { problems };
  }
  const raw = paramsValue(record.params);
  const parsed = handler.params.safeParse(raw);
  if (parsed.success) return { problems, params: parsed.data };
  for (const issue of parsed.error.issues) {
    const path = ["params", ...issue.path.map(String)].join(".");
    const value = issue.path.reduce<unknown>((at, key) => (at && typeof at === "object" ? (at as Record<PropertyKey, unknown>)[key as PropertyKey] : undefined), raw);
    problems.push({ field: path, label: { "zh-CN": path, "en-US": path }, ...messageFor(issue, issue.path.length ? value : raw === undefined ? undefined : raw) });
  }
  return { problems };
}
