/** Look-ups over the declared families (by table, by stream prefix). */
import { families } from "../../events/families/index.ts";

export const familyByTable = new Map(families.map((f) => [f.table, f]));
export const familyByStreamPrefix = new Map(families.map((f) => [f.name, f]));
