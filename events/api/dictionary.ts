/**
 * A dictionary entry as answers carry it (worker/sys/dictionary.ts selects these columns): the lookups'
 * entries and the dictionaries a fill-in link's page receives with its form.
 */
import { z } from "zod";

export const dictEntry = z.strictObject({
  id: z.string(),
  type: z.string(),
  value: z.string(),
  name: z.string(),
  enName: z.string().nullable(),
  number: z.number().nullable(),
  status: z.string(),
  remark: z.string().nullable(),
});
