/**
 * The data-model screens, registered by the componentUrl the seeded menu gives them (events/seed/menus.ts);
 * each is its own lazily loaded chunk. `useModelFamily` (./useModelFamily.ts) is what other areas (forms,
 * reports) import to get a model's record family.
 */
import { registerScreens } from "../registry/index.ts";

registerScreens({
  "datamodel/model/index": () => import("./ModelScreen.tsx"),
  "datamodel/field/index": () => import("./FieldScreen.tsx"),
  "datamodel/data/index": () => import("./DataScreen.tsx"),
});
