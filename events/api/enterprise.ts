/**
 * The enterprise master's own reads for the profile (worker/enterprise/master.ts): the timeline of an
 * enterprise's records and the record count per profile list.
 */
import * as z from "zod";
import { verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

const master = "/common/enenterprisebasicinfo";
const creditCode = lazySchema(() => z.string().length(18));
const paging = { page: lazySchema(() => z.coerce.number().int().min(1).optional()), limit: lazySchema(() => z.coerce.number().int().min(1).max(100).optional()) };

/** Who changed a record: a user by name, or the source that wrote it. */
export const timelineAuthor = lazySchema(() => z.strictObject({ kind: z.enum(["user", "sync", "scheduler", "portal", "link", "system"]), name: z.string().nullable() }));

/** One change of one of the enterprise's records, newest first. */
export const timelineRow = lazySchema(() => z.strictObject({
  at: z.string(),
  /** the family's name (e.g. "common.enpatentinfo") */
  family: z.string(),
  /** the family's label in the reader's language */
  familyLabel: z.string(),
  recordId: z.string(),
  /** the record's naming field as the change left it (null: none) */
  title: z.string().nullable(),
  /** the event type, e.g. "common.enpatentinfo.updated" */
  type: z.string(),
  /** created, updated, deleted, restored, reverted, or the state command (publish, examine…) */
  action: z.string(),
  changed: z.array(z.string()),
  /** the changed fields' labels in the reader's language */
  changedLabels: z.array(z.string()),
  actorName: z.string().nullable(),
  by: timelineAuthor,
}));

export const enterprise = {
  timeline: verb({ method: "GET", path: `${master}/timeline`, query: () => z.object({ creditCode, ...paging }), response: () => z.array(timelineRow), paged: true }),
  /** records per profile list (family name → count), only the lists the reader may open */
  tabCounts: verb({ method: "GET", path: `${master}/tabCounts`, query: () => z.object({ creditCode }), response: () => z.record(z.string(), z.number().int()) }),
};
