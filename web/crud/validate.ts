/** Form checks that are only the web's: the server's own checks live in events/validation.ts. */
import type { Family } from "../../events/family.ts";
import { t, type Lang } from "../../events/i18n.ts";
import { fieldLabel } from "../../events/validation.ts";

/** The message of a JSON field whose text does not parse. */
export const jsonError = (family: Family, key: string, lang: Lang) => t("formatError", lang, { name: fieldLabel(family, key, lang) });
