/**
 * Dictionary entries as select options and labels in the current language, over the shared dictionary
 * cache (web/core/api/dictionaries.ts: one batched load, kept in session storage).
 *
 * @example
 * const { options, labelOf } = useDict("roleType");
 * <Select data={options} />; labelOf("admin") // "管理员角色"
 */
import { useMemo } from "react";
import { entryName, useDictionary } from "../api/dictionaries.ts";
import { currentLang } from "../i18n.ts";

export function useDict(type: string) {
  const { entries } = useDictionary(type);
  return useMemo(() => {
    const lang = currentLang();
    const options = entries.map((e) => ({ value: String(e.value), label: entryName(e, lang) }));
    const labels = new Map(options.map((o) => [o.value, o.label]));
    return { options, labelOf: (value: unknown) => (value === null || value === undefined || value === "" ? "" : (labels.get(String(value)) ?? String(value))) };
  }, [entries]);
}
