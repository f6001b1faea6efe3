/**
 * The forms screens, registered by the componentUrl the seeded menu gives them (events/seed/menus.ts); each
 * is its own lazily loaded chunk, so the designer and @dnd-kit stay off the first screen. /vueedit is the public
 * page of a fill-in link (no session, no shell).
 */
import { registerRoute, registerScreens } from "../registry/index.ts";

registerScreens({
  "datamodel/form/index": () => import("./FormsScreen.tsx"),
  "flowable/form/index": () => import("./ProcessFormsScreen.tsx"),
  "flowable/formdata/index": () => import("./FormDataScreen.tsx"),
});

registerRoute({ path: "/vueedit", place: "public", load: () => import("./LinkFillPage.tsx") });
