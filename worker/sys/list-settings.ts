/**
 * A user's own list settings, for any signed-in user: column settings per family (`/sys/listpref`) and
 * saved views (`/sys/listview`): mine, and those shared with a role I hold. Both are records of system
 * families, so they go through the record engine and keep their history; these verbs only scope them to
 * their owner (the families' standard verbs stay administrator tools).
 */
import * as z from "zod";
import { listSettings, prefBody, viewBody } from "../../events/api/list-settings.ts";
import { listPref, listView } from "../../events/families/sys.ts";
import type { Family } from "../../events/family.ts";
import { l } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import { lazySchema } from "../../events/lazy.ts";
import { actorOf, ok, readJson } from "../http/envelope.ts";
import { runCommand } from "../http/command.ts";
import type { RouteTable } from "../http/routes.ts";
import { codes, notFound } from "../errors.ts";
import { newCreate, newDeletes, newUpdate, newUpsert } from "../resources/commands.ts";
import { camelRow as camel, recordWhere, toRecord } from "../resources/query.ts";
import { requireParam } from "../resources/validate.ts";

const views = listView as unknown as Family;
const prefs = listPref as unknown as Family;

const familyLabel = l("列表", "List");
const familyParam = (value: unknown) => requireParam(value, z.string().min(1).max(128).regex(/^\/[\w/-]+$/), "family", familyLabel);

const idField = lazySchema(() => listSettings.deleteView.body.shape.id);


const ownPref = (db: D1Database, ownerId: string, familyPath: string) => recordWhere(db, prefs, { ownerId, familyPath });
const ownView = (db: D1Database, ownerId: string, id: string) => recordWhere(db, views, { id, ownerId });


export function listSettingsRoutes(routes: RouteTable) {
  routes
    .verb(
      listSettings.pref,
      "signedIn",
      async (c) => {
        const pref = await ownPref(c.env.DB, actorOf(c).id, familyParam(c.req.query("family")));
        return ok(c, pref ? { columns: pref.columns, version: pref.version } : null, "fetched");
      },
      { doc: { summary: l("我的列设置", "My column settings of a list") } },
    )
    .verb(
      listSettings.savePref,
      "signedIn",
      async (c) => {
        const parsed = prefBody.safeParse(await readJson(c));
        const body = parsed.success ? parsed.data : { family: familyParam(null), columns: [] };
        const familyPath = familyParam(body.family);
        const ownerId = actorOf(c).id;
        return runCommand(
          c,
          async () => {
            const write = await newUpsert(c.env.DB, prefs, { ownerId, familyPath }, { columns: body.columns });
            return { writes: [write], response: { code: codes.ok, msg: t("saved", c.get("lang")), data: null } };
          },
          { retries: 3 },
        );
      },
      { doc: { summary: l("保存我的列设置", "Save my column settings of a list") } },
    )
    .verb(
      listSettings.views,
      "signedIn",
      async (c) => {
        const familyPath = familyParam(c.req.query("family"));
        const me = actorOf(c).id;
        const { results } = await c.env.DB.prepare(
          "SELECT * FROM sys_list_view v WHERE v.family_path = ?1 AND (v.owner_id = ?2 OR v.id IN (SELECT view_id FROM sys_list_view_role WHERE role_id IN (SELECT role_id FROM sys_user_role WHERE user_id = ?2))) ORDER BY v.name LIMIT 200",
        )
          .bind(familyPath, me)
          .all<Record<string, unknown>>();
        return ok(
          c,
          results.map((row) => {
            const view = toRecord(views, camel(row));
            return { ...view, roleIds: view.roleIds ?? [], mine: view.ownerId === me };
          }),
          "fetched",
        );
      },
      { doc: { summary: l("我的和共享给我的列表视图", "My saved views of a list and those shared with my roles") } },
    )
    .verb(
      listSettings.saveView,
      "signedIn",
      async (c) => {
        const input = (await readJson<Record<string, unknown>>(c)) ?? {};
        const parsed = viewBody.safeParse(input);
        const body = parsed.success ? parsed.data : (input as z.infer<typeof viewBody>);
        const actor = actorOf(c);
        // a view is shared only with roles its owner holds (administrators may share with any)
        const held = actor.admin ? [] : actor.roleIds;
        const roleIds = [...new Set(body.roleIds ?? [])].filter((r) => actor.admin || held.includes(r));
        const values = { name: body.name, familyPath: body.familyPath, filters: body.filters ?? {}, keyword: body.keyword ?? null, sort: body.sort ?? null, columns: body.columns ?? null, roleIds };
        return runCommand(c, async () => {
          if (body.id) {
            if (!(await ownView(c.env.DB, actor.id, body.id))) throw notFound(views.label);
            const write = await newUpdate(c.env.DB, views, body.id, values);
            return { writes: [write], response: { code: codes.ok, msg: t("saved", c.get("lang")), data: { id: body.id, version: write.head.version + write.events.length } } };
          }
          const write = newCreate(views, { ...values, ownerId: actor.id });
          return { writes: [write], response: { code: codes.ok, msg: t("saved", c.get("lang")), data: { id: write.stream.slice(views.name.length + 1), version: 1 } } };
        });
      },
      { doc: { summary: l("保存我的列表视图", "Save one of my views") } },
    )
    .verb(
      listSettings.deleteView,
      "signedIn",
      async (c) => {
        const id = requireParam((await readJson<Record<string, unknown>>(c))?.id, idField, "id", views.label);
        const actor = actorOf(c);
        return runCommand(c, async () => {
          const view = await ownView(c.env.DB, actor.id, id);
          if (!view) throw notFound(views.label);
          return { writes: await newDeletes(c.env.DB, views, [id]), response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: null } };
        });
      },
      { doc: { summary: l("删除我的列表视图", "Delete one of my views") } },
    );
}
