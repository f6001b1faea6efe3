/** Validation rules of the spec's section 5 as pure predicates; their messages live in the catalogue. */
import type { MessageKey } from "./i18n.ts";

/** Reset-password rule: 8 to 20 characters, not only digits and not only letters. */
export function isResetPassword(value: string): boolean {
  return value.length >= 8 && value.length <= 20 && !/^\d+$/.test(value) && !/^[A-Za-z]+$/.test(value);
}

/** Second rule: 8 to 20 characters mixing at least two of digits, letters and other symbols. */
export function isMixedPassword(value: string): boolean {
  if (value.length < 8 || value.length > 20) return false;
  const classes = [/\d/, /[A-Za-z]/, /[^\dA-Za-z]/].filter((re) => re.test(value)).length;
  return classes >= 2;
}

export const isZoningCode = (value: string) => /^\d{6}$/.test(value);
export const isMobile = (value: string) => /^1[3-9]\d{9}$/.test(value);
export const isLandline = (value: string) => /^(0\d{2,3}-?)?\d{7,8}(-\d{1,6})?$/.test(value);
export const isPhone = (value: string) => isMobile(value) || isLandline(value);
export const isEmail = (value: string) => /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(value);
export const isUrl = (value: string) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value);
export const hasEmoji = (value: string) => /\p{Extended_Pictographic}/u.test(value);
export const hasOuterSpaces = (value: string) => value !== value.trim();

const creditCodeChars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const creditCodeWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Unified social credit code (GB 32100-2015): 18 characters whose last is a mod-31 check character. */
export function isCreditCode(value: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(value)) return false;
  const sum = creditCodeWeights.reduce((acc, weight, i) => acc + creditCodeChars.indexOf(value[i]!) * weight, 0);
  return creditCodeChars[(31 - (sum % 31)) % 31] === value[17];
}

const idCardWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** Resident identity card number (GB 11643): 18 characters, a real birth date, ISO 7064 MOD 11-2 check. */
export function isIdCard(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const birth = value.slice(6, 14);
  const date = new Date(`${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10).replace(/-/g, "") !== birth) return false;
  const sum = idCardWeights.reduce((acc, w, i) => acc + Number(value[i]) * w, 0);
  return "10X98765432"[sum % 11] === value[17];
}

/** A named rule: the predicate and the catalogue message it reports. */
export interface Rule {
  test: (value: string) => boolean;
  message: MessageKey;
}

export const rules = {
  resetPassword: { test: isResetPassword, message: "passwordRule" },
  mixedPassword: { test: isMixedPassword, message: "passwordMixRule" },
  zoningCode: { test: isZoningCode, message: "zoningCode" },
  creditCode: { test: isCreditCode, message: "creditCode" },
  idCard: { test: isIdCard, message: "formatIncorrect" },
  mobile: { test: isMobile, message: "formatIncorrect" },
  phone: { test: isPhone, message: "formatIncorrect" },
  landline: { test: isLandline, message: "formatIncorrect" },
  email: { test: isEmail, message: "formatIncorrect" },
  url: { test: isUrl, message: "formatError" },
  noEmoji: { test: (v: string) => !hasEmoji(v), message: "noEmoji" },
  noOuterSpaces: { test: (v: string) => !hasOuterSpaces(v), message: "noOuterSpaces" },
} as const satisfies Record<string, Rule>;

export type RuleName = keyof typeof rules;
