/**
 * The evaluation area: the model list's "design" action (the designer with "try on an enterprise"), the
 * results list's "explain" action, the enterprise page's evaluation tab, and the star and high-tech lists
 * built from results. Each loads on first use and brings its texts (web/core/locales/evaluation.ts).
 */
import { lazy } from "react";
import { withTexts } from "../core/i18n.ts";
import { hasPermission } from "../core/session.ts";
import { registerProfilePanel, registerRowAction, registerScreens } from "../registry/index.ts";
import { modelPath, resultListTag, resultPath } from "./paths.ts";

const screen = withTexts(() => import("../core/locales/evaluation.ts"));

registerRowAction({ path: modelPath, when: (family) => hasPermission(family.tags.update), component: lazy(() => import("./DesignAction.tsx")) });
registerRowAction({ path: resultPath, when: (family) => hasPermission(family.tags.info), component: lazy(() => import("./ExplainAction.tsx")) });
registerProfilePanel({ key: "evaluation", label: (t) => t("enterprise.evaluationTab"), when: () => hasPermission(resultListTag), component: lazy(() => import("./EnterpriseTab.tsx")) });
registerScreens({
  "evaluation/model/index": screen(() => import("./ModelScreen.tsx")),
  "enterprise/star/index": screen(() => import("./StarScreen.tsx")),
  "enterprise/info/hitech/index": screen(() => import("./StarScreen.tsx").then((m) => ({ default: m.HitechScreen }))),
});
