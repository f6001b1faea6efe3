/**
 * Reading a request's input the same way on every route: a body or query parsed by its zod schema with
 * each broken field named, paging (page/limit or pageNumber/pageSize), and LIKE patterns whose % and _
 * typed by the user stay literal (the SQL says ESCAPE '\').
 */
import type { Context } from "hono";
import * as z from "zod";
import type { Text } from "../../events/i18n.ts";
import { messageFor } from "../../events/validation.ts";
import { DomainError, ValidationError, codes } from "../errors.ts";
import { readJson } from "./envelope.ts";
import type { AppEnv } from "./env.ts";

/** Parses a request body or query with `schema`, reporting each broken field by its label (else its name) and rule. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, labels: Record<string, Text> = {}): z.infer<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const source = (input ?? {}) as Record<string, unknown>;
  throw new ValidationError(
    parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? "body");
      return { field: key, label: labels[key] ?? { "zh-CN": key, "en-US": key }, ...messageFor(issue, source[key]) };
    }),
  );
}

/** The JSON body, which must be an object, parsed by `schema`. */
export async function readBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S, labels?: Record<string, Text>): Promise<z.infer<S>> {
  const body = await readJson(c);
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new DomainError(codes.validation, "badRequestBody");
  return parseInput(schema, body, labels);
}

const positiveInt = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).catch(fallback);

/** page/limit or pageNumber/pageSize, default 10 rows from page 1, at most `maxLimit` rows (else the default). */
export function parsePaging(query: Record<string, string | undefined>, maxLimit: number) {
  const page = positiveInt(1, 1_000_000).parse(query.page ?? query.pageNumber ?? 1);
  const limit = positiveInt(10, maxLimit).parse(query.limit ?? query.pageSize ?? 10);
  return { page, limit, offset: (page - 1) * limit };
}

/** `text` with LIKE's wildcards escaped (the SQL says ESCAPE '\'). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A LIKE pattern matching values that contain `text`. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
