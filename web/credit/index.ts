/** The credit area: 信用查询 (/bt/credit). The screen loads on first use with its texts (web/core/locales/credit.ts). */
import { withTexts } from "../core/i18n.ts";
import { registerScreens } from "../registry/index.ts";

const screen = withTexts(() => import("../core/locales/credit.ts"));

registerScreens({ "bt/credit/index": screen(() => import("./CreditScreen.tsx")) });
