/**
 * The names the product seeds (divisions, organisation units, departments, posts, people, roles, the seeded
 * process models' names, steps, form labels and diagram labels) in the screen's language: their English comes
 * from events/seed/seeded-english.ts; any other name is shown as it was typed. For display only — an input
 * keeps the stored name.
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "../../events/i18n.ts";
import { currentLang } from "./i18n.ts";
import { seededName } from "../../events/seed/seeded-english.ts";

/** `name => name in the screen's language`, re-rendering when the language changes. */
export function useSeededName(): (name: string) => string {
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language === "en-US" ? "en-US" : "zh-CN";
  return useCallback((name: string) => seededName(name, lang), [lang]);
}

/** A table cell's text in the screen's language: seeded names (joined ones, ", ", one by one) translated. */
export const seededText = (text: string): string => text.split(", ").map((name) => seededName(name, currentLang())).join(", ");
