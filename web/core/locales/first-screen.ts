/**
 * The texts the first screen ships: every area whose words are used outside its own lazily loaded screens.
 * The areas used only inside their screens (tasks, work reports, the Gantt chart) come with those screens
 * (`withTexts` in core/i18n.ts), so the first screen does not carry them.
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
import visits from "./visits.ts";

export type AreaTexts = Record<"zh-CN" | "en-US", Record<string, unknown>>;

export const firstScreenAreas = { common, shell, crud, sys, io, palette, flowTasks, flowDesigner, msg, enterprise, datamodel, reports, forms, jobs, visits };

/** zh-CN and en-US trees, each the merge of the areas' texts. */
export const mergedTexts = (areas: Record<string, AreaTexts>): AreaTexts => ({
  "zh-CN": Object.assign({}, ...Object.values(areas).map((a) => a["zh-CN"])),
  "en-US": Object.assign({}, ...Object.values(areas).map((a) => a["en-US"])),
});
