/**
 * The one registry between the features and the shell. Each feature's index.ts registers what it adds —
 * screens by componentUrl, routes, list toolbars, row actions, caches to forget, the approval record — and
 * the generic parts (web/crud, web/app) read them here, so neither names a feature. Register lazily loaded
 * components: the registrations run with the first screen, the code they name loads on first use.
 *
 * Paths of list extras are a family's API path: exact ("/common/enenterprisebasicinfo") or, ending in "/",
 * a prefix ("/syn/").
 */
import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { Family } from "../../events/family.ts";
import type { Row } from "../core/api/records.ts";
import type { DynamicRoute } from "../core/menu.ts";

const matches = (path: string, key: string) => (key.endsWith("/") ? path.startsWith(key) : path === key);

// ——— screens of the server's menu ———

export interface ScreenProps {
  route: DynamicRoute;
}
export type ScreenLoader = () => Promise<{ default: ComponentType<ScreenProps> }>;

/** Own screens, by componentUrl (e.g. the sys area registers its screens in web/sys/index.ts). */
export const ownScreens: Record<string, ScreenLoader> = {};

export function registerScreens(screens: Record<string, ScreenLoader>) {
  Object.assign(ownScreens, screens);
}

/** The screen of a menu route that names a declared family's list tag and has no own screen (web/crud registers it). */
let familyScreen: ScreenLoader | null = null;

export function registerFamilyScreen(loader: ScreenLoader) {
  familyScreen = loader;
}

/** The loader for a route's screen: its own, else the generic family screen when the route names a list tag. */
export function resolveScreen(route: DynamicRoute): ScreenLoader | null {
  if (route.componentUrl && ownScreens[route.componentUrl]) return ownScreens[route.componentUrl]!;
  if (route.perms.split(",").some((tag) => tag.trim().endsWith(":list"))) return familyScreen;
  return null;
}

// ——— fixed routes ———

export interface RouteRegistration {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /** "main": inside the signed-in layout; "public": on its own page @default "main" */
  place?: "main" | "public";
  /** a public page that still needs a session: without one, sign in first and come back @default false */
  signIn?: boolean;
}

export const routes: RouteRegistration[] = [];

export function registerRoute(route: RouteRegistration) {
  routes.push(route);
}

// ——— the generic list's extras ———

/** Extra toolbar actions of a family's list (e.g. "/syn/" for the synchronised lists' "sync now"). */
export type ListToolbar = ComponentType<{ family: Family }>;

const toolbars: { path: string; component: ListToolbar }[] = [];

export function registerListToolbar(path: string, component: ListToolbar) {
  toolbars.push({ path, component });
}

/** The toolbars registered for a family's API path, in registration order. */
export function toolbarsFor(path: string): ListToolbar[] {
  return toolbars.filter((t) => matches(path, t.path)).map((t) => t.component);
}

/** An action on each row of a family's list (e.g. the enterprise list's "profile"), shown when `when` allows. */
export interface RowAction {
  path: string;
  component: ComponentType<{ family: Family; row: Row }>;
  when?: (family: Family) => boolean;
}

const rowActions: RowAction[] = [];

export function registerRowAction(action: RowAction) {
  rowActions.push(action);
}

export function rowActionsFor(family: Family): RowAction["component"][] {
  return rowActions.filter((a) => matches(family.path, a.path) && (a.when?.(family) ?? true)).map((a) => a.component);
}

/** What other screens cache of a family's records (names, dictionaries), forgotten when its records change. */
export type ForgetCache = (ids: string[], queryClient: QueryClient) => void;

const caches: { path: string; forget: ForgetCache }[] = [];

export function registerRecordCache(path: string, forget: ForgetCache) {
  caches.push({ path, forget });
}

export function forgetRecordCaches(path: string, ids: string[], queryClient: QueryClient) {
  for (const cache of caches) if (matches(path, cache.path)) cache.forget(ids, queryClient);
}

/** The approval record of an application that went through the workflow (web/flow registers it). */
export type ApprovalRecordLoader = () => Promise<{ default: ComponentType<{ family: Family; id: string; onClose: () => void }> }>;

let approvalRecord: ApprovalRecordLoader | null = null;

export function registerApprovalRecord(loader: ApprovalRecordLoader) {
  approvalRecord = loader;
}

export function approvalRecordLoader(): ApprovalRecordLoader | null {
  return approvalRecord;
}


// ——— the enterprise profile's extra tabs ———

/** A tab of the enterprise profile beside its groups (e.g. the visits timeline), shown when `when` allows. */
export interface ProfilePanel {
  key: string;
  label: (t: (key: string) => string) => string;
  component: ComponentType<{ creditCode: string }>;
  when?: () => boolean;
}

const profilePanels: ProfilePanel[] = [];

export function registerProfilePanel(panel: ProfilePanel) {
  profilePanels.push(panel);
}

export function profilePanelsShown(): ProfilePanel[] {
  return profilePanels.filter((p) => p.when?.() ?? true);
}
