/**
 * One own verb of the API, declared once for both sides: its method, path and the zod schemas of its query,
 * body and answer (`data` of the envelope). The Worker registers and documents the route with them
 * (`RouteTable.verb`), the web app's `call` infers its argument and answer types from them, and
 * tests/contract.test.ts holds each route's answers to its `response`.
 *
 * Answers built by our own code are `z.strictObject`s: a key the schema does not name is drift (or a leak)
 * and fails the contract test. Rows whose keys come from a family declaration are strict too, with the
 * declaration's fields and the record's meta columns spelled out.
 *
 * @example
 * export const pause = verb({ method: "POST", path: "/job/schedule/pause", body: idsBody, response: z.strictObject({ changed: z.number() }) });
 * const { changed } = await call(pause, { body: { ids } });
 */
import * as z from "zod";
import { lazyProperty, lazySchema } from "../lazy.ts";

export interface Verb {
  method: "GET" | "POST";
  /** path below /api, Hono syntax (":id" for a path parameter) */
  path: string;
  /** the query parameters (a zod object) */
  query?: z.ZodType;
  /** the JSON body */
  body?: z.ZodType;
  /** `data` of a successful answer */
  response: z.ZodType;
  /** a page: `data` is the rows (`response` is their array) and the envelope carries `total` */
  paged?: boolean;
}

/** A verb as declared: each schema given as it is, or as a function building it (on the first read of it). */
export type VerbSpec = { [K in keyof Verb]: K extends Schemas ? Verb[K] | (() => NonNullable<Verb[K]>) : Verb[K] };
type Schemas = "query" | "body" | "response";
/** A declared verb as its users read it: every schema built. */
export type Declared<V extends VerbSpec> = { [K in keyof V]: K extends Schemas ? (V[K] extends () => infer S ? S : V[K]) : V[K] };

/**
 * Declares a verb, keeping its literal path and exact schema types for both sides to infer from. A schema
 * given as a function is built by the first read of it (the route's validation, the API document, the
 * contract test), not at import: the Worker's global scope has a start-up budget.
 */
export function verb<const V extends VerbSpec>(spec: V): Declared<V> {
  const declared = { ...spec } as Record<string, unknown>;
  for (const key of ["query", "body", "response"] as const) {
    const schema = spec[key];
    if (typeof schema === "function") lazyProperty(declared, key, schema);
  }
  return declared as Declared<V>;
}

/** The answer's `data` as the client receives it. */
export type Answer<V extends Verb> = z.output<V["response"]>;

/** The names of a path's parameters: "/info/:id" → "id". */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | PathParams<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;

/** Ids a command names: `{ ids }`, a list, or one id (1 to 100). */
export const idsBody = lazySchema(() => z.union([z.object({ ids: z.array(z.string()).min(1).max(100) }), z.array(z.string()).min(1).max(100), z.string()]));

/** The meta columns every family record carries in answers. */
export const recordMeta = {
  version: lazySchema(() => z.number().int()),
  createTime: lazySchema(() => z.string().nullable()),
  createBy: lazySchema(() => z.string().nullable()),
  updateTime: lazySchema(() => z.string().nullable()),
  updateBy: lazySchema(() => z.string().nullable()),
};

/** A record's id and new version, as save, update and state commands answer. */
export const savedRecord = <K extends string>(idKey: K) => z.strictObject({ [idKey]: z.string(), version: z.number().int() } as { [P in K]: z.ZodString } & { version: z.ZodNumber });

/** A text in both languages. */
export const bilingual = lazySchema(() => z.strictObject({ "zh-CN": z.string(), "en-US": z.string() }));
