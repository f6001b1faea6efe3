/** The seed's response envelope `{ code: 0, msg, data }` and the helpers routes answer with. */
import type { Context } from "hono";
import { t, type MessageKey } from "../../events/i18n.ts";
import { DomainError, codes } from "../errors.ts";
import type { AppEnv, Actor } from "./env.ts";
import type { Answer, Verb } from "../../events/api/verb.ts";

export function ok(c: Context<AppEnv>, data?: unknown, key: MessageKey = "ok") {
  return c.json({ code: codes.ok, msg: t(key, c.get("lang")), data: data ?? null });
}

/** `ok` for a verb of the contract: the compiler holds `data` to the verb's answer schema. */
export function reply<V extends Verb>(c: Context<AppEnv>, _verb: V, data: Answer<V>, key: MessageKey = "ok") {
  return ok(c, data, key);
}

/** List answers carry the total beside the rows: `{ code: 0, msg, total, data: [rows] }`. */
export function page(c: Context<AppEnv>, total: number, rows: unknown[]) {
  return c.json({ code: codes.ok, msg: t("fetched", c.get("lang")), total, data: rows });
}

export async function readJson<T = unknown>(c: Context<AppEnv>): Promise<T> {
  const text = await c.req.text();
  if (text.trim() === "") return {} as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new DomainError(codes.validation, "badRequestBody");
  }
}

export function actorOf(c: Context<AppEnv>): Actor {
  const actor = c.get("actor");
  if (!actor) throw new DomainError(codes.unauthorized, "notLoggedIn");
  return actor;
}

/** Refuses unless the actor holds `tag` (administrators hold every tag). */
export function requirePermission(c: Context<AppEnv>, tag: string) {
  const actor = actorOf(c);
  if (!actor.admin && !actor.permissions.has(tag)) throw new DomainError(codes.forbidden, "forbidden", { perm: tag });
}
