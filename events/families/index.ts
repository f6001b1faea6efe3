/** Every declared record family. Adding a family = declaring it and listing it here. */
import type { Family } from "../family.ts";
import { dictionary, menu, role, user } from "./sys.ts";

export const families: Family[] = [dictionary, menu, role, user] as unknown as Family[];

export const familyByName = new Map(families.map((f) => [f.name, f]));
