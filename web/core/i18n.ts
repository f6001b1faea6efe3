/**
 * i18next set up once: zh-CN by default, en-US through the `language` cookie (the switch writes it and
 * reloads, except on /login). The page title follows the language.
 *
 * The first screen's texts come in the reader's language only (`virtual:first-screen-texts/<lang>`, made
 * from locales/first-screen.ts by web/vite.config.ts, a chunk of its own loaded at start): the other half
 * would be dead weight until a switch, which reloads anyway.
 * The app renders once `i18nReady` has settled (main.tsx).
 */
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import type { AreaTexts } from "./locales/first-screen.ts";
import { languageCookie, leaveOnPurpose, readCookie, writeCookie } from "./session.ts";
import type { Lang } from "../../events/i18n.ts";

export const currentLang = (): Lang => (readCookie(languageCookie) === "en-US" ? "en-US" : "zh-CN");

const firstScreenTexts: Record<Lang, () => Promise<{ default: Record<string, unknown> }>> = {
  "zh-CN": () => import("virtual:first-screen-texts/zh-CN"),
  "en-US": () => import("virtual:first-screen-texts/en-US"),
};

/** Puts a language's first-screen texts in i18next (the login page's switch needs the other one). */
async function loadLanguage(lang: Lang) {
  const { default: texts } = await firstScreenTexts[lang]();
  i18n.addResourceBundle(lang, "translation", texts, true, false);
}

/** Settles when the reader's language is in i18next: the app renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(initReactI18next)
  .init({ resources: {}, lng: currentLang(), fallbackLng: "zh-CN", interpolation: { escapeValue: false } })
  .then(() => loadLanguage(currentLang()));

document.documentElement.lang = currentLang();

/** Switches language: remembered in the cookie; reloads so every cached text follows, except on /login. */
export function switchLanguage(lang: Lang) {
  writeCookie(languageCookie, lang, 365);
  document.documentElement.lang = lang;
  if (window.location.pathname === "/login") void loadLanguage(lang).then(() => i18n.changeLanguage(lang));
  else {
    leaveOnPurpose();
    window.location.reload();
  }
}

/** Sets the page title: the screen's name then the product's, in the current language. */
export function setTitle(screen?: string) {
  const product = i18n.t("app.title");
  document.title = screen ? `${screen} - ${product}` : product;
}

export default i18n;

/**
 * A screen loader that brings its area's texts with it: both load together, and the texts are in i18next
 * before the screen's first render.
 *
 * @example
 * const screen = withTexts(() => import("../core/locales/tasks.ts"));
 * registerScreens({ "task/plan/index": screen(() => import("./PlanScreen.tsx")) });
 */
export const withTexts =
  (texts: () => Promise<{ default: AreaTexts }>) =>
  <M,>(screen: () => Promise<M>) =>
  async (): Promise<M> => {
    const [module, area] = await Promise.all([screen(), texts()]);
    addTexts(area.default);
    return module;
  };

/** Puts an area's texts in i18next (a widget loaded with its screens brings its own this way). */
export function addTexts(area: AreaTexts) {
  for (const lang of ["zh-CN", "en-US"] as const) i18n.addResourceBundle(lang, "translation", area[lang], true, false);
}
