/**
 * The permission matrix: every route of the route table, called without a token, by a signed-in user
 * without its tag, and by a user (not an administrator) holding every tag.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildRoutes } from "../worker/app.ts";
import type { RouteSpec } from "../worker/http/routes.ts";
import { t } from "../events/i18n.ts";
import { call, login, userWithPermissions } from "./helpers.ts";

const routes = buildRoutes().routes;
const tagged = routes.filter((r) => r.access !== "public" && r.access !== "signedIn");
const allTags = [...new Set(tagged.map((r) => r.access))];

/** Signed-in routes that serve two purposes are probed in their open form (file/list?ids= is open, the paged list needs sys:file:list). */
const openForm: Record<string, string> = { "/file/list": "?ids=00000000-0000-4000-8000-000000000000" };

const request = (r: RouteSpec, token?: string, open = false) =>
  call(r.path.replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000") + (open ? (openForm[r.path] ?? "") : ""), { method: r.method, token, body: r.method === "POST" ? {} : undefined });

let nobody: string;
let holder: string;
beforeAll(async () => {
  const admin = await login();
  nobody = (await userWithPermissions(admin, [])).token;
  holder = (await userWithPermissions(admin, allTags)).token;
});

describe("permission matrix", () => {
  it("declares an access rule on every route, and every tagged route uses the <module>:<family>:<verb> form", () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const r of tagged) expect(r.access).toMatch(/^[a-z]+:[a-z]+:[a-z]+$/);
  });

  it.each(routes.filter((r) => r.access !== "public").map((r) => [`${r.method} ${r.path}`, r] as const))("%s refuses a request without a token (401)", async (_name, r) => {
    const answer = await request(r);
    expect(answer.body).toMatchObject({ code: 401, msg: t("notLoggedIn", "zh-CN") });
  });

  it.each(tagged.map((r) => [`${r.method} ${r.path} (${r.access})`, r] as const))("%s refuses a user without its tag (403)", async (_name, r) => {
    const answer = await request(r, nobody);
    expect(answer.body).toMatchObject({ code: 403, msg: t("forbidden", "zh-CN", { perm: r.access }) });
  });

  it.each(tagged.filter((r) => !r.path.includes("logout")).map((r) => [`${r.method} ${r.path} (${r.access})`, r] as const))("%s admits a non-administrator holding its tag", async (_name, r) => {
    const answer = await request(r, holder);
    expect([401, 403]).not.toContain(answer.body.code);
  });

  it("admits any signed-in user on signed-in routes", async () => {
    for (const r of routes.filter((x) => x.access === "signedIn" && !x.path.includes("logout"))) {
      const answer = await request(r, nobody, true);
      expect([401, 403], `${r.method} ${r.path}`).not.toContain(answer.body.code);
    }
  });

  it("refuses update through save without the update tag even when save is held", async () => {
    const admin = await login();
    const saver = (await userWithPermissions(admin, ["sys:sysdict:save"])).token;
    const created = await call("/sys/sysdict/save", { token: saver, body: { type: "perm", value: "1", name: "x", status: "1" } });
    expect(created.body.code).toBe(0);
    const update = await call("/sys/sysdict/save", { token: saver, body: { id: created.body.data.id, name: "y" } });
    expect(update.body).toMatchObject({ code: 403, msg: t("forbidden", "zh-CN", { perm: "sys:sysdict:update" }) });
  });

  it("keeps the paged file list behind its tag while list?ids stays open", async () => {
    expect((await call("/file/list", { token: nobody })).body.code).toBe(403);
    expect((await call("/file/list?ids=x", { token: nobody })).body.code).toBe(0);
  });

  it("gives a department user only the menus and tags of their role in nav", async () => {
    const admin = await login();
    const user = await userWithPermissions(admin, ["sys:sysdict:list"]);
    const nav = await call("/sys/menu/nav", { token: user.token });
    expect(nav.body.data.permissions).toEqual(["sys:sysdict:list"]);
  });
});
