/**
 * A dictionary entry as answers carry it (worker/sys/dictionary.ts selects these columns): the lookups'
 * entries and the dictionaries a fill-in link's page receives with its form.
 */
import * as z from "zod";
import { verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

export const dictEntry = lazySchema(() => z.strictObject({
  id: z.string(),
  type: z.string(),
  value: z.string(),
  name: z.string(),
  enName: z.string().nullable(),
  number: z.number().nullable(),
  status: z.string(),
  remark: z.string().nullable(),
}));

export const dictionary = {
  /** enabled entries grouped by type (all types without `types`), ETag cached */
  all: verb({ method: "GET", path: "/sys/sysdict/getAll", query: () => z.object({ types: z.string().optional().describe("comma-separated dictionary types; all types when absent (alias: type)") }), response: () => z.record(z.string(), z.array(dictEntry)) }),
  /** the dictionary types that exist, with their entry counts */
  types: verb({ method: "GET", path: "/sys/sysdict/types", response: () => z.array(z.strictObject({ type: z.string(), count: z.number().int() })) }),
};
