/**
 * The generic screen of any menu route that names a declared family's list tag and has no own screen:
 * finds the declaration from the route's tags and shows its list page. Loaded lazily, so zod and the
 * declarations stay out of the first screen's bundle.
 */
import { families } from "../../events/families/index.ts";
import type { ScreenProps } from "../registry/index.ts";
import { Suspense } from "react";
import { ListPage } from "./ListPage.tsx";
import { toolbarsFor } from "../registry/index.ts";

/** The family whose list tag the route carries, if any. */
export function familyOfRoute(route: ScreenProps["route"]) {
  const tags = route.perms.split(",").map((tag) => tag.trim());
  return families.find((f) => tags.includes(f.tags.list));
}

export default function FamilyScreen({ route }: ScreenProps) {
  const family = familyOfRoute(route);
  // the shell's boundary logs this and goes to /404
  if (!family) throw new Error(`no declared family for ${route.path} (tags ${route.perms})`);
  const fixedFilters = Object.fromEntries(Object.entries(route.query).filter(([key]) => key in family.filters));
  const extras = toolbarsFor(family.path);
  const toolbar = extras.length ? <Suspense fallback={null}>{extras.map((Extra, i) => <Extra key={i} family={family} />)}</Suspense> : undefined;
  return <ListPage key={family.name} family={family} fixedFilters={fixedFilters} toolbar={toolbar} />;
}
