/**
 * The policy area: matching (政策匹配), the matched result (/bt/policy/detail), declaring (/bt/declare), the
 * declarations and their follow-ups, the policy list with its condition editor and publishing, and answering
 * advice. Each screen loads on first use with its texts (web/core/locales/policy.ts).
 */
import { lazy } from "react";
import { withTexts } from "../core/i18n.ts";
import { registerRoute, registerRowAction, registerScreens } from "../registry/index.ts";

const screen = withTexts(() => import("../core/locales/policy.ts"));
const named = (name: "PolicyListScreen" | "DeclarationListScreen" | "FollowListScreen" | "AdviceListScreen") => screen(() => import("./screens.tsx").then((m) => ({ default: m[name] })));

registerScreens({
  "bt/policy/match/index": screen(() => import("./MatchScreen.tsx")),
  "bt/policy/declaration/index": named("DeclarationListScreen"),
  "bt/policy/follow/index": named("FollowListScreen"),
  "enterprise/policy/index": named("PolicyListScreen"),
  "enterprise/policyadvice/index": named("AdviceListScreen"),
});
registerRoute({ path: "/bt/policy/detail", load: screen(() => import("./DetailScreen.tsx")) });
registerRoute({ path: "/bt/declare", load: screen(() => import("./DeclareScreen.tsx")) });
// the paths of the policy and advice families (events/families/casework.ts), named here so the first screen need not load them
registerRowAction({ path: "/common/paclist", component: lazy(() => import("./PolicyActions.tsx")) });
registerRowAction({ path: "/common/policy/advice", component: lazy(() => import("./AdviceAnswer.tsx")) });
