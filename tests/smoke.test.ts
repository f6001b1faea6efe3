import { describe, expect, it } from "vitest";
import { call, login } from "./helpers.ts";

describe("smoke", () => {
  it("signs in as the seeded administrator and reads nav", async () => {
    const token = await login();
    const nav = await call("/sys/menu/nav", { token });
    expect(nav.body.code).toBe(0);
    expect(nav.body.data.menuList.length).toBeGreaterThan(5);
    expect(nav.body.data.permissions).toContain("sys:sysdict:list");
  });
});
