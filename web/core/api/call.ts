/**
 * The typed client of the API contract (events/api/): `call(verb, args)` sends the verb's method to its
 * path and answers its `data`, typed from the verb's response schema; `callPage` answers a paged verb's rows
 * and total. Arguments are typed from the same schemas: path parameters by name, the query's and body's input.
 * Nothing is parsed at run time here; tests/contract.test.ts holds the Worker to the schemas.
 *
 * @example
 * const counts = await call(jobs.counts);                        // { total, normal, paused, … }
 * const { rows, total } = await callPage(jobs.logList, { query: { page: 1, limit: 20 } });
 * const list: ListSpec<JobLog> = { query: pagedQuery(jobs.logList, [logPath, "list"]), … };
 */
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { Answer, PathParams, Verb } from "../../../events/api/verb.ts";
import { request, type Envelope, type Query, type RequestOptions } from "./http.ts";

type ParamsArg<V extends Verb> = [PathParams<V["path"]>] extends [never] ? { params?: undefined } : { params: Record<PathParams<V["path"]>, string> };
/** A verb without a query schema (a family list: filters from its declaration) takes any query. */
type QueryArg<V extends Verb> = V["query"] extends z.ZodType ? { query?: Partial<z.input<V["query"]>> & Query } : { query?: Query };
type BodyArg<V extends Verb> = V["body"] extends z.ZodType ? { body: z.input<V["body"]> } : { body?: unknown };

/** What a call of `V` takes: path parameters, query and body as its schemas say, and a signal. */
export type CallArgs<V extends Verb> = ParamsArg<V> & QueryArg<V> & BodyArg<V> & Pick<RequestOptions, "signal">;

type Rest<V extends Verb> = [PathParams<V["path"]>] extends [never] ? (V["body"] extends z.ZodType ? [args: CallArgs<V>] : [args?: CallArgs<V>]) : [args: CallArgs<V>];

/** The verb's path with its parameters filled in (each encoded). */
function verbPath(v: Verb, params: Record<string, string> = {}): string {
  return v.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${v.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** The envelope of one call of `v` (for answers that need more than `data`). */
export function send<V extends Verb>(v: V, ...[args]: Rest<V>): Promise<Envelope<Answer<V>>> {
  const a = (args ?? {}) as { params?: Record<string, string>; query?: Query; body?: unknown; signal?: AbortSignal };
  return request<Answer<V>>(verbPath(v, a.params), { method: v.method, query: a.query, body: a.body, signal: a.signal });
}

/** Calls `v` and answers its `data`. */
export async function call<V extends Verb>(v: V, ...args: Rest<V>): Promise<Answer<V>> {
  return (await send(v, ...args)).data;
}

/** Calls a paged verb and answers its rows and total. */
export async function callPage<V extends Verb & { paged: true }>(v: V, ...args: Rest<V>): Promise<{ rows: Answer<V>; total: number }> {
  const answer = await send(v, ...args);
  return { rows: answer.data, total: answer.total ?? 0 };
}

/**
 * A paged verb's (one without path parameters) list query for the list kit: keyed by `key` (the verb's path
 * by default) and the page's parameters, so a command's refresh of `key` reloads every page.
 */
export const pagedQuery =
  <V extends Verb & { paged: true }>(v: V, key: readonly unknown[] = [v.path]) =>
  (query: Query) =>
    queryOptions({
      queryKey: [...key, query],
      queryFn: async ({ signal }) => {
        const answer = await request<Answer<V>>(verbPath(v), { method: v.method, query, signal });
        return { rows: answer.data, total: answer.total ?? 0 };
      },
    });
