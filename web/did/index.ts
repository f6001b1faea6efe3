/**
 * The DID area: DID管理 (/bt/did) — DID documents, the credentials issued, verify and revoke. The screen
 * loads on first use with its texts (web/core/locales/did.ts).
 */
import { withTexts } from "../core/i18n.ts";
import { registerScreens } from "../registry/index.ts";

const screen = withTexts(() => import("../core/locales/did.ts"));

registerScreens({ "bt/did/index": screen(() => import("./DidScreen.tsx")) });
