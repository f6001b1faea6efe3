/**
 * The notarisation area: /bt/notarization (存证公证) and /bt/confirmation (确权管理). Each screen loads on
 * first use with its texts (web/core/locales/notary.ts).
 */
import { withTexts } from "../core/i18n.ts";
import { registerScreens } from "../registry/index.ts";

const screen = withTexts(() => import("../core/locales/notary.ts"));
const named = (name: "NotarizationScreen" | "ConfirmationScreen") => screen(() => import("./NotaryScreen.tsx").then((m) => ({ default: m[name] })));

registerScreens({
  "bt/notarization/index": named("NotarizationScreen"),
  "bt/confirmation/index": named("ConfirmationScreen"),
});
