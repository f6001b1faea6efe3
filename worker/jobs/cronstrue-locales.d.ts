/** cronstrue ships no types for its locale files: importing one registers the locale on the core build. */
declare module "cronstrue/locales/zh_CN.js";
