/** Roles beyond the standard set: choices for selects, the signed-in user's roles, and the holders a deletion would strand. */
import { t } from "../../events/i18n.ts";
import * as z from "zod";
import { roleChoice, sys } from "../../events/api/sys.ts";
import { l } from "../../events/family.ts";
import { RouteTable } from "../http/routes.ts";
import { actorOf, ok } from "../http/envelope.ts";
import { codes } from "../errors.ts";

/** Every role as a choice (id, name, type), oldest first: role selects and the candidate lists. */
export const roleChoices = async (db: D1Database) => (await db.prepare("SELECT role_id AS roleId, name, type FROM sys_role ORDER BY create_time").all()).results;


export function roleRoutes(routes: RouteTable) {
  routes
    .verb(sys.roles, "signedIn", async (c) => ok(c, await roleChoices(c.env.DB), "fetched"), {
      doc: { summary: l("全部角色（选择框）", "Every role (for selects)") },
    })
    .get("/sys/role/selectMyRole", "signedIn", async (c) => {
      const { results } = await c.env.DB.prepare("SELECT r.role_id AS roleId, r.name, r.type FROM sys_user_role ur JOIN sys_role r ON r.role_id = ur.role_id WHERE ur.user_id = ? ORDER BY r.create_time")
        .bind(actorOf(c).id)
        .all();
      return ok(c, results, "fetched");
    }, { doc: { summary: l("当前用户的角色", "The signed-in user's roles"), response: z.array(roleChoice) } })
    /** Before deleting: how many users hold each role; the message is the warning the screen shows. */
    .verb(sys.roleHolders, "sys:role:delete", async (c) => {
      const ids = (c.req.query("ids") ?? "").split(",").map((s) => s.trim()).filter(Boolean).slice(0, 100);
      const { results } = await c.env.DB.prepare(
        "SELECT r.role_id AS roleId, r.name, COUNT(ur.user_id) AS holders FROM sys_role r LEFT JOIN sys_user_role ur ON ur.role_id = r.role_id WHERE r.role_id IN (SELECT value FROM json_each(?)) GROUP BY r.role_id, r.name",
      )
        .bind(JSON.stringify(ids))
        .all<{ roleId: string; name: string; holders: number }>();
      const holders = results.reduce((n, r) => n + r.holders, 0);
      return c.json({ code: codes.ok, msg: holders > 0 ? t("roleDeleteWarning", c.get("lang"), { count: holders }) : t("fetched", c.get("lang")), data: { holders, roles: results } });
    }, { doc: { summary: l("删除前：各角色的持有人数（附提示）", "Before deleting: how many users hold each role (with the warning)") } });
}
