/**
 * Unified social credit codes (GB 32100-2015) built the way real ones are: registering body, kind, the
 * 6-digit division code, a 9-character organisation code carrying its own GB 11714 check, then the mod-31
 * check character. Only characters of the USCC alphabet are used, so the code passes `isCreditCode`.
 */
import type { Rng } from "./random.ts";

const usccChars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const usccWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const orgWeights = [3, 7, 9, 10, 5, 8, 4, 2];

/** GB 11714: digits are their value, letters A=10 … Z=35; check = 11 − Σ mod 11 (10 → X, 11 → 0). */
export function orgCodeCheck(body: string): string {
  const sum = [...body].reduce((acc, c, i) => acc + parseInt(c, 36) * orgWeights[i]!, 0);
  const c = 11 - (sum % 11);
  return c === 10 ? "X" : c === 11 ? "0" : String(c);
}

export function usccCheck(first17: string): string {
  const sum = usccWeights.reduce((acc, w, i) => acc + usccChars.indexOf(first17[i]!) * w, 0);
  return usccChars[(31 - (sum % 31)) % 31]!;
}

/** Letters of an organisation-code body that are also USCC characters (no I, O, S, V, Z). */
const bodyLetters = "ABCDEFGHJKLMNPQRTUWXY";

/**
 * An organisation code: codes assigned since the USCC reform start with "MA" followed by six characters;
 * older enterprises keep an 8-digit pre-reform number.
 */
export function organisationCode(rng: Rng, modern: boolean): string {
  const body = modern
    ? `MA${rng.chance(0.5) ? rng.digits(1) : rng.pick([...bodyLetters])}${rng.chance(0.5) ? rng.digits(1) : rng.pick([...bodyLetters])}${rng.digits(4)}`
    : `${rng.int(1, 7)}${rng.digits(7)}`;
  return body + orgCodeCheck(body);
}

/**
 * A credit code of a body registered in `areaCode`: `9` 市场监管 (1 企业, 2 个体工商户, 3 农民专业合作社).
 * `used` keeps them distinct across the region.
 */
export function creditCode(rng: Rng, areaCode: string, options: { kind?: "1" | "2" | "3"; modern: boolean }, used: Set<string>): string {
  for (;;) {
    const first17 = `9${options.kind ?? "1"}${areaCode}${organisationCode(rng, options.modern)}`;
    const code = first17 + usccCheck(first17);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
}
