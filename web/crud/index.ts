/** The generic family screen: any menu route naming a declared family's list tag without a screen of its own. */
import { registerFamilyScreen } from "../registry/index.ts";

registerFamilyScreen(() => import("./FamilyScreen.tsx"));
