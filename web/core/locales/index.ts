/**
 * The web's catalogue: one file per area, each holding both languages side by side. Field labels are not here:
 * they come with the declarations in events/. The first screen ships `first-screen.ts`; the others load with
 * their screens.
 */
import { firstScreenAreas, mergedTexts } from "./first-screen.ts";
import workreports from "./workreports.ts";
import tasks from "./tasks.ts";
import gantt from "./gantt.ts";
import conditions from "./conditions.ts";
import evaluation from "./evaluation.ts";
import policy from "./policy.ts";
import credit from "./credit.ts";
import did from "./did.ts";
import notary from "./notary.ts";
import dashboard from "./dashboard.ts";

/** The areas that load with their own screens (see `withTexts` in core/i18n.ts). */
export const screenAreas = { workreports, tasks, gantt, conditions, evaluation, policy, credit, did, notary, dashboard };

export const areas = { ...firstScreenAreas, ...screenAreas };

/** zh-CN and en-US trees, each the merge of every area's texts. */
export const resources = mergedTexts(areas);
