/**
 * The web's catalogue: one file per area (common, shell, crud, sys, io, palette), each holding both languages side by
 * side. Field labels are not here: they come with the declarations in events/.
 */
import common from "./common.ts";
import shell from "./shell.ts";
import crud from "./crud.ts";
import sys from "./sys.ts";
import io from "./io.ts";
import palette from "./palette.ts";
import msg from "./msg.ts";
import flowTasks from "./flow-tasks.ts";
import flowDesigner from "./flow-designer.ts";
import enterprise from "./enterprise.ts";
import datamodel from "./datamodel.ts";
import reports from "./reports.ts";
import forms from "./forms.ts";
import jobs from "./jobs.ts";
import workreports from "./workreports.ts";
import tasks from "./tasks.ts";
import visits from "./visits.ts";
import gantt from "./gantt.ts";
export const areas = { common, shell, crud, sys, io, palette, flowTasks, flowDesigner, msg, enterprise, datamodel, reports, forms, jobs, workreports, tasks, visits, gantt };

/** zh-CN and en-US trees, each the merge of every area's texts. */
export const resources = {
  "zh-CN": Object.assign({}, ...Object.values(areas).map((a) => a["zh-CN"])),
  "en-US": Object.assign({}, ...Object.values(areas).map((a) => a["en-US"])),
} as Record<"zh-CN" | "en-US", Record<string, unknown>>;
