/** Dictionaries of the form families (events/families/forms.ts), same shape as `dictionarySeed`. */
import type { DictSeed } from "./dictionaries.ts";

export const formsDictionarySeed: DictSeed[] = [
  // a form is a draft (暂存) until released; revoking takes the release back without deleting it
  { type: "formStatus", entries: [["0", "暂存", "Draft"], ["1", "已发布", "Released"], ["2", "已撤回", "Revoked"]] },
];
