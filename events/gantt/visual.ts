/**
 * A project's picture settings (`/project/visualpicconf`): how its schedule is drawn — the image shown with
 * it, the bar colours, the zoom the chart opens at and the grid columns shown. Every key has a default, so an
 * empty or older stored value still reads as a whole setting.
 */
import * as z from "zod";
import { lazySchema } from "../lazy.ts";

/** #rrggbb */
const colour = lazySchema(() => z.string().regex(/^#[0-9a-fA-F]{6}$/));

export const ganttZooms = ["day", "week", "month", "quarter"] as const;
export const ganttColumns = ["wbs", "name", "start", "end", "duration", "progress", "owner"] as const;

export const visualSettings = lazySchema(() => z.strictObject({
  /** an uploaded picture (sys file id) shown above the chart: a site photo, a rendering */
  imageFileId: z.string().min(1).max(64).nullable().default(null),
  barColor: colour.default("#4c6ef5"),
  progressColor: colour.default("#2f9e44"),
  milestoneColor: colour.default("#f08c00"),
  zoom: z.enum(ganttZooms).default("week"),
  columns: z.array(z.enum(ganttColumns)).min(1).max(ganttColumns.length).default(["name", "start", "end", "progress"]),
  showProgress: z.boolean().default(true),
  showLinks: z.boolean().default(true),
}));
export type VisualSettings = z.output<typeof visualSettings>;
