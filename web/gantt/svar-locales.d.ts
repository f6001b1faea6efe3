/** The SVAR locale packages ship plain JS: each language's terms, keyed by widget. */
declare module "@svar-ui/gantt-locales" {
  export const en: Record<string, Record<string, string>>;
  export const cn: Record<string, Record<string, string>>;
}
declare module "@svar-ui/core-locales" {
  export const en: Record<string, Record<string, string>>;
  export const cn: Record<string, Record<string, string>>;
}
