/**
 * The standard verbs every family gets from its declaration: list, listAll, info/{id}, save, update,
 * delete, plus history/{id} (the record's events). Permission tags are `<perm>:<verb>`.
 */
import type { Context } from "hono";
import type { Family } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import { RouteTable } from "../http/routes.ts";
import type { AppEnv } from "../http/env.ts";
import { ok, page, readJson, requirePermission } from "../http/envelope.ts";
import { runCommand } from "../http/command.ts";
import { history } from "../store/history.ts";
import { notFound, codes } from "../errors.ts";
import { findById, listAll, listPage, parseListQuery } from "./query.ts";
import { idList, newCreate, newDeletes, newUpdate, nothingSelected, streamOf, tooMany } from "./commands.ts";

/** `If-Match: W/"7"` or a body `version` carries the version the user edited. */
function expectedVersion(c: Context<AppEnv>, body: Record<string, unknown>): number | undefined {
  const header = c.req.header("If-Match");
  const fromHeader = header ? Number(/(\d+)/.exec(header)?.[1]) : undefined;
  const fromBody = body.version === undefined || body.version === null || body.version === "" ? undefined : Number(body.version);
  const value = fromHeader ?? fromBody;
  return Number.isInteger(value) ? value : undefined;
}

async function save(c: Context<AppEnv>, family: Family, mode: "save" | "update") {
  const body = await readJson<Record<string, unknown>>(c);
  const rawId = body?.[family.idKey];
  const id = rawId === undefined || rawId === null || rawId === "" ? undefined : String(rawId);
  if (mode === "update" && !id) throw notFound(family.label);
  if (id) requirePermission(c, family.tags.update);
  return runCommand(c, async () => {
    if (!id) {
      const write = newCreate(family, body);
      const newId = write.stream.slice(family.name.length + 1);
      return { writes: [write], response: { code: codes.ok, msg: t("created", c.get("lang")), data: { [family.idKey]: newId, version: 1 } } };
    }
    const write = await newUpdate(c.env.DB, family, id, body, expectedVersion(c, body));
    const version = write.head.version + write.events.length;
    return { writes: [write], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { [family.idKey]: id, version } } };
  });
}

export function familyRoutes(routes: RouteTable, family: Family) {
  const { path, tags } = family;
  routes
    .get(`${path}/list`, tags.list, async (c) => {
      const { total, rows } = await listPage(c.env.DB, family, parseListQuery(family, c.req.query()));
      return page(c, total, rows);
    })
    .get(`${path}/listAll`, tags.list, async (c) => ok(c, await listAll(c.env.DB, family, parseListQuery(family, c.req.query())), "fetched"))
    .get(`${path}/info/:id`, tags.info, async (c) => {
      const record = await findById(c.env.DB, family, c.req.param("id")!);
      if (!record) throw notFound(family.label);
      c.header("ETag", `W/"${record.version}"`);
      return ok(c, record, "fetched");
    })
    .get(`${path}/history/:id`, tags.info, async (c) => ok(c, await history(c.env.DB, streamOf(family, c.req.param("id")!)), "fetched"))
    // save creates (tag save) or, with the id key present, updates (tag update, checked inside)
    .post(`${path}/save`, tags.save, (c) => save(c, family, "save"))
    .post(`${path}/update`, tags.update, (c) => save(c, family, "update"))
    .post(`${path}/delete`, tags.delete, async (c) => {
      const body = await readJson(c);
      if (Array.isArray(body) && body.length === 0) throw nothingSelected();
      if (Array.isArray(body) && body.length > 100) throw tooMany(100);
      const parsed = idList.safeParse(Array.isArray(body) ? body : [body].filter((v) => typeof v === "string" || typeof v === "number"));
      if (!parsed.success) throw tooMany(100);
      return runCommand(c, async () => ({
        writes: await newDeletes(c.env.DB, family, [...new Set(parsed.data)]),
        response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: null },
      }));
    });
}
