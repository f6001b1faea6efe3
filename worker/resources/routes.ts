/**
 * The standard verbs every family gets from its declaration: list (with `keyword` search), listAll,
 * info/{id} (also as of a version), save, update, delete, plus history/{id} (the record's events),
 * revert/{id}, restore/{id} and deleted (the recycle bin). Permission tags are `<perm>:<verb>`.
 */
import type { Context } from "hono";
import { initialState, type Family } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import type { Verb } from "../../events/api/verb.ts";
import type { RouteDoc, RouteTable } from "../http/routes.ts";
import type { AppEnv } from "../http/env.ts";
import { ok, page, readJson } from "../http/envelope.ts";
import { executeHere, runCommand } from "../http/command.ts";
import { history } from "../store/history.ts";
import { notFound, codes } from "../errors.ts";
import * as z from "zod";
import { deletedPage, findById, listAll, listPage, parseListQuery } from "./query.ts";
import { idList, withoutManaged, newCreate, newDeletes, newRestore, newRevert, updateOf, nothingSelected, recordAsOf, streamOf, tooMany } from "./commands.ts";
import { checkDictionaryCodes, requireParam } from "./validate.ts";
import { spreadsheetRoutes } from "./spreadsheet/routes.ts";

/**
 * Unversioned updates that clash with a concurrent write are decided again up to this often (see runCommand):
 * with the jittered pauses, 40 writers of one record all land within a few seconds on a loaded 2-core machine.
 */
const clashRetries = 25;
const versionLabel = { "zh-CN": "版本", "en-US": "Version" };
const versionParam = (value: unknown) => requireParam(value, z.coerce.number().int().min(1).max(1_000_000), "version", versionLabel);

/** `If-Match: W/"7"` or a body `version` carries the version the user edited. */
export function expectedVersion(c: Context<AppEnv>, body: Record<string, unknown>): number | undefined {
  const header = c.req.header("If-Match");
  const fromHeader = header ? Number(/(\d+)/.exec(header)?.[1]) : undefined;
  const fromBody = body.version === undefined || body.version === null || body.version === "" ? undefined : Number(body.version);
  const value = fromHeader ?? fromBody;
  return Number.isInteger(value) ? value : undefined;
}

/**
 * Save: a create, or with the id key an update (which needs the update tag: the pipeline checks it with the
 * rest of the command); `input` when the body was read already (flat forms). A create names a new stream, so
 * it reads nothing before its one batch; an update reads its stream and parses its input once.
 */
export async function saveAnswer(c: Context<AppEnv>, family: Family, mode: "save" | "update", input?: Record<string, unknown>) {
  const body = withoutManaged(family, input ?? (await readJson<Record<string, unknown>>(c)));
  const rawId = body?.[family.idKey];
  const id = rawId === undefined || rawId === null || rawId === "" ? undefined : String(rawId);
  if (mode === "update" && !id) throw notFound(family.label);
  const expected = expectedVersion(c, body);
  const idempotencyKey = c.req.header("Idempotency-Key");
  const key = idempotencyKey ? { idempotencyKey } : {};
  if (!id) {
    const answer = await executeHere(c, {
      name: `${family.name}.create`,
      ...key,
      async decide() {
        const write = newCreate(family, { ...body, ...initialState(family) });
        await checkDictionaryCodes(c.env.DB, family, write.events[0]!.data.record as Record<string, unknown>);
        const newId = write.stream.slice(family.name.length + 1);
        return { writes: [write], answer: { code: codes.ok, msg: t("created", c.get("lang")), data: { [family.idKey]: newId, version: 1 } } };
      },
    });
    return c.json(answer);
  }
  const stream = streamOf(family, id);
  const answer = await executeHere(c, {
    name: `${family.name}.update`,
    permission: family.tags.update,
    ...key,
    streams: [stream],
    retries: expected === undefined ? clashRetries : 0,
    async decide({ streams }) {
      const write = updateOf(family, id, body, streams.get(stream) ?? [], expected);
      // only the fields the request sets: a stored code that left its dictionary does not block other edits
      const updated = write.events[0]?.data.record as Record<string, unknown> | undefined;
      if (updated) await checkDictionaryCodes(c.env.DB, family, updated, Object.keys(body));
      const version = write.head.version + write.events.length;
      return { writes: [write], answer: { code: codes.ok, msg: t("updated", c.get("lang")), data: { [family.idKey]: id, version } } };
    },
  });
  return c.json(answer);
}

/**
 * Where the standard verbs hang and whose records they serve: a declared family at its own path, or a
 * family resolved per request from a path pattern (a data model's records under /datamodel/data/:modelId).
 */
export interface VerbMount {
  /** the path the verbs hang below (Hono syntax: it may hold parameters the resolver reads) */
  path: string;
  /** permission tags of the verbs, known before any family is resolved (the route table's guard checks them) */
  tags: Family["tags"];
  /** the request's family; `write` for the verbs that append events (a read-only family refuses them) */
  family: (c: Context<AppEnv>, intent: "read" | "write") => Promise<Family>;
  /** what the API document says about a verb */
  doc: (verb: string, body?: z.ZodType) => RouteDoc;
}

/** The mount of a declared family: its own path and tags, documented from its declaration. */
export function declaredMount(family: Family): VerbMount {
  const resolved = Promise.resolve(family);
  return { path: family.path, tags: family.tags, family: () => resolved, doc: (verb, body) => ({ family, verb, ...(body ? { body } : {}) }) };
}

export function familyRoutes(routes: RouteTable, family: Family) {
  standardVerbs(routes, declaredMount(family));
}

/**
 * The table as the standard verbs see it: a method and path an earlier module already serves is left to it
 * (its own verb is the one served; the engine's would never be reached, so it is not listed either).
 */
export function unclaimed(table: RouteTable): Pick<RouteTable, "get" | "post"> {
  const free: Pick<RouteTable, "get" | "post"> = {
    get: (path, ...rest) => (table.has("GET", path) || table.get(path, ...rest), free as RouteTable),
    post: (path, ...rest) => (table.has("POST", path) || table.post(path, ...rest), free as RouteTable),
  };
  return free;
}

export function standardVerbs(table: RouteTable, mount: VerbMount) {
  spreadsheetRoutes(table, mount);
  const routes = unclaimed(table);
  const { path, tags } = mount;
  const doc = (verb: string) => ({ doc: mount.doc(verb) });
  const read = (c: Context<AppEnv>) => mount.family(c, "read");
  const write = (c: Context<AppEnv>) => mount.family(c, "write");
  routes
    .get(`${path}/list`, tags.list, async (c) => listAnswer(c, await read(c), c.req.query()), doc("list"))
    .get(`${path}/listAll`, tags.list, async (c) => {
      const family = await read(c);
      return ok(c, await listAll(c.env.DB, family, parseListQuery(family, c.req.query())), "fetched");
    }, doc("listAll"))
    .get(`${path}/info/:id`, tags.info, async (c) => infoAnswer(c, await read(c), c.req.param("id")!, c.req.query("version")), doc("info"))
    .get(`${path}/history/:id`, tags.info, async (c) => ok(c, await history(c.env.DB, streamOf(await read(c), c.req.param("id")!)), "fetched"), doc("history"))
    // save creates (tag save) or, with the id key present, updates (tag update, checked inside)
    .post(`${path}/save`, tags.save, async (c) => saveAnswer(c, await write(c), "save"), doc("save"))
    .post(`${path}/update`, tags.update, async (c) => saveAnswer(c, await write(c), "update"), doc("update"))
    .post(`${path}/delete`, tags.delete, async (c) => deleteAnswer(c, await write(c), await readJson(c)), doc("delete"))
    .post(`${path}/revert/:id`, tags.update, async (c) => {
      const family = await write(c);
      const id = c.req.param("id")!;
      const body = await readJson<Record<string, unknown>>(c);
      const version = versionParam(body?.version);
      const expected = body?.expectedVersion === undefined ? undefined : versionParam(body.expectedVersion);
      return runCommand(c, async () => {
        const write = await newRevert(c.env.DB, family, id, version, expected);
        const now = write.head.version + write.events.length;
        return { writes: [write], response: { code: codes.ok, msg: t("reverted", c.get("lang"), { version }), data: { [family.idKey]: id, version: now } } };
      });
    }, doc("revert"))
    .post(`${path}/restore/:id`, tags.delete, async (c) => {
      const family = await write(c);
      const id = c.req.param("id")!;
      return runCommand(c, async () => {
        const write = await newRestore(c.env.DB, family, id);
        return { writes: [write], response: { code: codes.ok, msg: t("restored", c.get("lang")), data: { [family.idKey]: id, version: write.head.version + 1 } } };
      });
    }, doc("restore"))
    .get(`${path}/deleted`, tags.delete, async (c) => {
      const { total, rows } = await deletedPage(c.env.DB, await read(c), c.req.query());
      return page(c, total, rows);
    }, doc("deleted"));
}

/**
 * A family's list and info served as verbs of the contract (events/api/), whose rows' schema the contract
 * test holds them to; registered by the family's module before the engine's generic routes.
 */
export function familyReads(routes: RouteTable, family: Family, verbs: { list: Verb; listAll?: Verb; info?: Verb }) {
  routes.verb(verbs.list, family.tags.list, async (c) => listAnswer(c, family, c.req.query()), { doc: { family, verb: "list" } });
  if (verbs.listAll) routes.verb(verbs.listAll, family.tags.list, async (c) => ok(c, await listAll(c.env.DB, family, parseListQuery(family, c.req.query())), "fetched"), { doc: { family, verb: "listAll" } });
  if (verbs.info) routes.verb(verbs.info, family.tags.info, async (c) => infoAnswer(c, family, c.req.param("id")!, c.req.query("version")), { doc: { family, verb: "info" } });
}

/** A list page's answer (the total, capped for a frequent keyword) for query parameters. */
export async function listAnswer(c: Context<AppEnv>, family: Family, query: Record<string, string>) {
  const { total, rows, capped } = await listPage(c.env.DB, family, parseListQuery(family, query));
  return capped ? c.json({ code: codes.ok, msg: t("fetched", c.get("lang")), total, totalCapped: true, data: rows }) : page(c, total, rows);
}

/** One record (as of a version when asked), with its version as the ETag. */
export async function infoAnswer(c: Context<AppEnv>, family: Family, id: string, asOf?: string) {
  const record = asOf === undefined || asOf === "" ? await findById(c.env.DB, family, id) : await recordAsOf(c.env.DB, family, id, versionParam(asOf));
  if (!record) throw notFound(family.label);
  c.header("ETag", `W/"${record.version}"`);
  return ok(c, record, "fetched");
}

/** The ids a delete's body names (an id, or 1 to 100 ids), each once. */
export function deleteIds(body: unknown): string[] {
  if (Array.isArray(body) && body.length === 0) throw nothingSelected();
  if (Array.isArray(body) && body.length > 100) throw tooMany(100);
  const parsed = idList.safeParse(Array.isArray(body) ? body : [body].filter((v) => typeof v === "string" || typeof v === "number"));
  if (!parsed.success) throw tooMany(100);
  return [...new Set(parsed.data)];
}

/** Deletes the records a body names (an id, or up to 100 ids), all in one append or none. */
export async function deleteAnswer(c: Context<AppEnv>, family: Family, body: unknown) {
  const ids = deleteIds(body);
  return runCommand(c, async () => ({
    writes: await newDeletes(c.env.DB, family, ids),
    response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: null },
  }));
}
