/**
 * The record engine's answers that every family shares (worker/resources/routes.ts standardVerbs): a
 * record's history, the recycle bin and a spreadsheet import's answer. One verb pair per family path; the API document describes them per
 * family from its declaration (the recycle bin's record as the family's row).
 */
import * as z from "zod";
import { verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

/** One event of a record's stream told as history (worker/store/history.ts). */
export const historyEntry = lazySchema(() => z.strictObject({
  version: z.number().int(),
  type: z.string(),
  /** created, updated, deleted, reverted, restored, or the state command that names itself (publish, examine…) */
  action: z.string(),
  time: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  /** field → [before, after] */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  hash: z.string(),
  /** a revert: the version whose values came back */
  revertedTo: z.number().int().optional(),
}));

/** A record in the recycle bin: as it was when deleted, with who deleted it and when. */
export const deletedRecord = lazySchema(() => z.strictObject({
  id: z.string(),
  record: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  deletedAt: z.string(),
  deletedBy: z.string().nullable(),
  deletedByName: z.string().nullable(),
}));

/** Why a row was refused: one entry per field, the message in the request's language. */
export const importError = lazySchema(() => z.strictObject({ row: z.number().int(), field: z.string(), label: z.string(), message: z.string() }));

/** The answer to one chunk of a spreadsheet import; `resultUrl`: the refused rows as a file, with their reasons. */
export const importAnswer = lazySchema(() => z.strictObject({
  read: z.number().int(),
  stored: z.number().int(),
  refused: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(importError),
  resultUrl: z.string().optional(),
}));

const page = lazySchema(() => z.object({ page: z.coerce.number().int().min(1).optional(), limit: z.coerce.number().int().min(1).max(100).optional() }));

/** The history, recycle-bin and import verbs of the family at `path`. */
export const recordVerbs = (path: string) => ({
  history: verb({ method: "GET", path: `${path}/history/:id` as `${string}/history/:id`, response: () => z.array(historyEntry) }),
  deleted: verb({ method: "GET", path: `${path}/deleted` as string, query: page, response: () => z.array(deletedRecord), paged: true }),
  /** one chunk of rows as JSON (the request's schema: worker/resources/spreadsheet/import-http.ts) */
  import: verb({ method: "POST", path: `${path}/excel/import` as string, response: importAnswer }),
});
