/**
 * The splat route: finds the menu route for the current path and renders its screen (an own screen, the
 * generic family screen, or an embedded frame). A path no menu leads to goes to /404; a screen that cannot
 * be resolved or fails to load is logged and skipped.
 */
import { Loader, Center } from "@mantine/core";
import { Navigate, useParams, useRouteContext } from "@tanstack/react-router";
import { lazy, Suspense, useMemo, Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { resolveScreen } from "../../registry/index.ts";
import { setTitle } from "../../core/i18n.ts";
import type { DynamicRoute } from "../../core/menu.ts";

class ScreenBoundary extends Component<{ route: DynamicRoute; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`screen ${this.props.route.componentUrl ?? this.props.route.path} failed to load`, error);
  }
  override render() {
    return this.state.failed ? <Navigate to="/404" replace /> : this.props.children;
  }
}

export function DynamicScreen() {
  // the splat of this screen's own match: the router's location already points elsewhere while leaving
  const { _splat } = useParams({ strict: false }) as { _splat?: string };
  const pathname = `/${_splat ?? ""}`;
  const { navigation } = useRouteContext({ from: "/main" as never }) as { navigation: { routes: DynamicRoute[] } };
  const { i18n } = useTranslation();
  const route = navigation.routes.find((r) => r.path === pathname);
  const Screen = useMemo(() => {
    if (!route || route.iframe) return null;
    const loader = resolveScreen(route);
    if (!loader) {
      console.error(`no screen for ${route.componentUrl ?? route.path}: skipped`);
      return null;
    }
    return lazy(loader);
  }, [route]);
  if (!route) return <Navigate to="/404" replace />;
  setTitle(route.title[i18n.language as "zh-CN" | "en-US"] ?? route.title["zh-CN"]);
  if (route.iframe) return <iframe title={route.name} src={route.iframe} data-route-name={route.name} style={{ border: 0, width: "100%", height: "calc(100vh - 160px)" }} />;
  if (!Screen) return <Navigate to="/404" replace />;
  return (
    <ScreenBoundary route={route}>
      <Suspense fallback={<Center h={200}><Loader /></Center>}>
        <Screen route={route} />
      </Suspense>
    </ScreenBoundary>
  );
}
