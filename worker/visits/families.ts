/** The families the visits module works on, as declared in events/families (casework, services, the master). */
import type { Family } from "../../events/family.ts";
import { checkInRecord, companyVisit, taskMsg, visitHistory, visitUserAllocation } from "../../events/families/casework.ts";
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import { portalDemand, serviceApplication } from "../../events/families/services.ts";
import { file } from "../../events/families/sys.ts";

export const visitFamily = companyVisit as unknown as Family;
export const archiveFamily = visitHistory as unknown as Family;
export const allocationFamily = visitUserAllocation as unknown as Family;
export const checkInFamily = checkInRecord as unknown as Family;
export const taskFamily = taskMsg as unknown as Family;
export const masterFamily = enterpriseBasicInfo as unknown as Family;
export const portalDemandFamily = portalDemand as unknown as Family;
export const serviceApplicationFamily = serviceApplication as unknown as Family;
export const fileFamily = file as unknown as Family;

/** The column of a declared field (a missing one is a programming error, named). */
export function column(family: Family, key: string): string {
  const name = family.column[key];
  if (!name) throw new Error(`${family.name} declares no field ${key}`);
  return name;
}
