/** The synchronised lists by family name and by short name (`synjuddoclist`, `syndissxbzxrlist`: any case). */
import { synLists } from "../../events/families/syn-lists.ts";
import type { SynList } from "../../events/families/syn-common.ts";

export const listsByFamily: ReadonlyMap<string, SynList> = new Map(synLists.map((s) => [s.family.name, s]));
export const shortName = (list: SynList) => list.family.path.split("/").pop()!;
export const listsByName: ReadonlyMap<string, SynList> = new Map(synLists.map((s) => [shortName(s).toLowerCase(), s]));
