/** Every declared record family. Adding a family = declaring it and listing it here. */
import type { Family } from "../family.ts";
import { area, config, department, dictionary, file, listPref, listView, menu, organisation, role, user, wechatWorkUser } from "./sys.ts";
import { member, post } from "./org.ts";
import { flowModel, flowOpinion } from "./flow.ts";
import { msgTemplate, msgType } from "./msg.ts";
import { enterpriseFamilies } from "./enterprise.ts";
import { synFamilies } from "./syn-lists.ts";
import { serviceFamilies } from "./services.ts";
import { caseworkFamilies } from "./casework.ts";
import { formFamilies } from "./forms.ts";
import { datamodelFamilies } from "./datamodel.ts";
import { reportFamilies } from "./reports.ts";
import { webhookFamilies } from "./webhooks.ts";
import { jobFamilies } from "./jobs.ts";
import { ganttFamilies } from "./gantt.ts";

export const families: Family[] = [
  ...([dictionary, menu, role, user, config, area, department, organisation, post, member, wechatWorkUser, file, listView, listPref, flowModel, flowOpinion, msgTemplate, msgType] as unknown as Family[]),
  ...(enterpriseFamilies as unknown as Family[]),
  ...synFamilies,
  ...(serviceFamilies as unknown as Family[]),
  ...(caseworkFamilies as unknown as Family[]),
  ...(formFamilies as unknown as Family[]),
  ...(datamodelFamilies as unknown as Family[]),
  ...(reportFamilies as unknown as Family[]),
  ...(webhookFamilies as unknown as Family[]),
  ...(jobFamilies as unknown as Family[]),
  ...(ganttFamilies as unknown as Family[]),
];

export const familyByName = new Map(families.map((f) => [f.name, f]));
