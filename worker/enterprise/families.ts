/**
 * The families this module reads, by name. The declarations belong to events/families; looking them up
 * here (instead of importing each const) lets the module register only the verbs whose family exists, so
 * a family renamed or not yet listed costs its extra verbs, not the app.
 */
import type { Family } from "../../events/family.ts";
import { families, familyByName } from "../../events/families/index.ts";
import { profileGroups } from "../../events/families/profile-groups.ts";

/** Family names (`<perm>` with `.`), as the event types and streams spell them. */
export const names = {
  master: "common.enenterprisebasicinfo",
  szt: "common.enenterprisebasicinfoszt",
  financial: "common.enfinancialinfo",
  honour: "common.enhonoraryqualifications",
  freeze: "common.portalfreezeinfo",
  otherHistory: "common.enotherhistory",
  visitHistory: "common.envisithistory",
  taskPlan: "common.entaskplan",
  customer: "common.customermanage",
  suppliers: "common.suppliers",
  servicePass: "common.tbservicepass",
  demand: "common.portaldemand",
  demandPage: "common.portaldemandpage",
  roadshowPass: "common.tbroadshowpass",
  roadshowApplication: "common.tbroadshowapplication",
  training: "common.encompanytraining",
  activity: "common.serviceactivity",
  appInfo: "common.appinfo",
  indicator: "common.dataindicatorsconf",
  partner: "common.companypartner",
  financ: "common.tbfinanc",
  listing: "common.tblisting",
  metric: "common.tbevaluationmetric",
  variable: "common.tbevaluationvariable",
  question: "common.tbevaluationquestion",
  paper: "common.tbevaluationpaper",
  result: "common.result",
  orgUnit: "common.projectorgunit",
} as const;

/** The application families whose status follows an approval flow (counted by the index statistics). */
export const applicationNames = ["common.tbfinancapplication", "common.tblistingapplication", "common.tbserviceapplication", "common.tbjusticeapplication", "common.mattersrequestform"];

export const familyNamed = (name: string): Family | undefined => familyByName.get(name);

/** The families one enterprise's records live in: every family with a `creditCode` field. */
export const creditCodeFamilies = (): Family[] => families.filter((f) => "creditCode" in f.fields);

/** The column of a declared field; a field the declaration lacks is a programming error, named here. */
export function column(family: Family, key: string): string {
  const name = family.column[key];
  if (!name) throw new Error(`${family.name} declares no field ${key}`);
  return name;
}

export const hasField = (family: Family, key: string) => key in family.fields;

/** The lists of an enterprise's profile (every tab of every group, as events/families/profile-groups.ts declares them). */
let profiled: Family[] | undefined;
export const profileFamilies = (): Family[] => (profiled ??= profileGroups(families).flatMap((g) => g.tabs.flat()));
