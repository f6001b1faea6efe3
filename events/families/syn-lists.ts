/** Every synchronised list (`/syn/{name}`): its record family and its upstream source, in menu order. */
import type { Family } from "../family.ts";
import type { SynList } from "./syn-common.ts";
import { registrationSynLists } from "./syn-registration.ts";
import { courtSynLists } from "./syn-courts.ts";
import { synCaseInfoDjgs, synDetailListPenalty } from "./syn-registration.ts";
import { synDetailListJudicial, synJudDocList } from "./syn-courts.ts";

export const synLists: SynList[] = [...registrationSynLists, ...courtSynLists];

/** The families of every synchronised list (those not yet given a source are listed too). */
export const synFamilies: Family[] = [
  ...new Set([...synLists.map((s) => s.family), ...([synCaseInfoDjgs, synDetailListPenalty, synJudDocList, synDetailListJudicial] as unknown as Family[])]),
];
