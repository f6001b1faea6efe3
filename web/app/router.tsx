/**
 * Routes: the public ones, the main layout (sign-in required) with its fixed screens, and one splat route
 * that serves every screen of the server's menu. History mode, base /, scroll to top on each navigation
 * (not when only a list's search params change). Search params are plain text (`?page=2&type=1`); the splat
 * route parses a list's state from them with zod (web/crud/listSearch.ts), keeping other screens' keys.
 */
import { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, createRoute, createRouter, Navigate, Outlet, redirect } from "@tanstack/react-router";
import { lazy } from "react";
import { getToken } from "../core/session.ts";
import { ensureNavigation } from "../core/navigation.ts";
import { MainLayout } from "./shell/MainLayout.tsx";
import { DynamicScreen } from "./shell/DynamicScreen.tsx";
import { NotFound } from "./pages/NotFound.tsx";
import { parseSearchParams, stringifySearchParams, validateListSearch } from "../crud/listSearch.ts";
import { Login } from "./pages/Login.tsx";
import { routes as registeredRoutes, type RouteRegistration } from "../registry/index.ts";

const Home = lazy(() => import("./pages/Home.tsx"));
const UserInfo = lazy(() => import("./pages/UserInfo.tsx"));
const Lock = lazy(() => import("./pages/Lock.tsx"));
const PortalLogin = lazy(() => import("./pages/PortalLogin.tsx"));

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: () => <Navigate to="/404" replace />,
});

const page = (path: string, component: () => React.ReactNode) => createRoute({ getParentRoute: () => rootRoute, path, component });

const publicRoutes = [
  page("/404", NotFound),
  page("/login", Login),
  page("/lock", () => <Lock />),
  page("/oalogin", () => <PortalLogin portal="oa" />),
  page("/pflogin", () => <PortalLogin portal="pf" />),
];

/** A route a feature registered (web/registry): its screen loads on first visit. */
function registeredRoute(route: RouteRegistration) {
  const Screen = lazy(route.load);
  return createRoute({
    getParentRoute: () => (route.place === "public" ? rootRoute : mainLayout),
    path: route.path,
    beforeLoad: route.signIn
      ? ({ location }) => {
          if (!getToken()) throw redirect({ to: "/login", search: { redirect: location.href } });
        }
      : undefined,
    component: () => <Screen />,
  });
}

/** Sign-in required: no token → /login; the first navigation loads menu and permissions, or → /login. */
const mainLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: "main",
  beforeLoad: async ({ location }) => {
    if (!getToken()) throw redirect({ to: "/login", search: { redirect: location.href } });
    if (localStorage.getItem("qifu.locked") === "true") throw redirect({ to: "/lock" });
    try {
      return { navigation: await ensureNavigation() };
    } catch {
      throw redirect({ to: "/login" });
    }
  },
  component: MainLayout,
});

const inMain = (path: string, component: () => React.ReactNode) => createRoute({ getParentRoute: () => mainLayout, path, component });

const mainRoutes = [
  createRoute({ getParentRoute: () => mainLayout, path: "/", beforeLoad: () => { throw redirect({ to: "/home" }); } }),
  inMain("/home", () => <Home />),
  inMain("/wel/index", () => <Home />),
  inMain("/hbi/app", () => <Home />),
  inMain("/userinfo", () => <UserInfo />),
  createRoute({ getParentRoute: () => mainLayout, path: "$", validateSearch: validateListSearch, component: () => <DynamicScreen /> }),
];

/** Not registered for typed links: most screens come from the server's menu, so paths are data. Call after the
 * features have registered their routes (web/main.tsx imports their index.ts first). */
export function makeRouter(queryClient: QueryClient) {
  const registered = (place: "main" | "public") => registeredRoutes.filter((r) => (r.place ?? "main") === place).map(registeredRoute);
  const routeTree = rootRoute.addChildren([...publicRoutes, ...registered("public"), mainLayout.addChildren([...registered("main"), ...mainRoutes])]);
  const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: false, basepath: "/", parseSearch: parseSearchParams, stringifySearch: stringifySearchParams });
  // scroll to top on each navigation to another screen (a list's page, filter or sort keeps its place)
  router.subscribe("onResolved", ({ pathChanged }) => {
    if (pathChanged) window.scrollTo({ top: 0 });
  });
  return router;
}
