/** Small builders the seeded scheme definitions share: texts, bands, answer conditions. */
import type { Band } from "../../../events/evaluation/definition.ts";
import type { Condition } from "../../../events/conditions/tree.ts";
import type { Text } from "../../../events/i18n.ts";

export const t = (zh: string, en: string): Text => ({ "zh-CN": zh, "en-US": en });

/** A band: min inclusive, max exclusive (null: open), as the schemes' "25%（含）-30%" reads. */
export const band = (min: number | null, max: number | null, points: number, label?: string): Band => ({ min, max, points, ...(label ? { label } : {}) });

/** Bands from the top down: `[[edge, points]…]` each from its edge (inclusive) up to the one above, the last to 0 from below. */
export function bandsDown(rows: readonly (readonly [number, number])[], below: number, labels = "ABCDEFGH"): Band[] {
  const out: Band[] = rows.map(([min, points], i) => band(min, i === 0 ? null : rows[i - 1]![0], points, labels[i]));
  out.push(band(null, rows[rows.length - 1]![0], below, labels[rows.length]));
  return out;
}

/** A yes/no declaration answered "yes" (questions.ts). */
export const answeredYes = (code: string, label: Text): Condition => ({ label, fact: `q:${code}`, op: "eq", value: "yes" });
