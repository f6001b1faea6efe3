/**
 * Which families make up an enterprise's profile and how its tabs are grouped (pure: the profile's link and the
 * pickers read it without loading the profile screen). A family belongs to the
 * profile when it filters by `creditCode` with "eq" (the issue-9 convention for enterprise-scoped families).
 */
import type { Family } from "../../events/family.ts";
import { isEnterpriseScoped, masterName } from "../../events/families/enterprise.ts";

export { masterName };
export { profilePath } from "./paths.ts";

export const groups = ["records", "ip", "finance", "risk", "services"] as const;
export type Group = (typeof groups)[number];

/** Tabs of the registration-and-operations records, in the order the profile shows them. */
const records = [
  "enenterprisebasicinfoszt", "enshareholderinfo", "enshareholdertransfersinfo", "ensocialsecurityinfo", "enenterprisetycannualreport",
  "enenterprisegrade", "enadministrativelicense", "enwaterandelectricity", "enhonoraryqualifications", "hitech", "enruledeploy", "enfilesinput", "enotherhistory",
];
const ip = ["enpatentinfo", "ensoftwarecopyright", "entrademarkinfo"];
const finance = ["enfinancialinfo", "enbondfinancing", "enforeigninvestmentinfo"];
const risk = ["enrestrictionhighconsumptioncase"];

/** The last part of a family's name: "common.enpatentinfo" → "enpatentinfo". */
const shortName = (family: Family) => family.name.split(".").pop()!.toLowerCase();

/** The tab group of an enterprise-scoped family: the synchronised lists (/syn) are risk, unknown ones services. */
export function groupOf(family: Family): Group {
  const name = shortName(family);
  if (family.path.startsWith("/syn/") || risk.includes(name)) return "risk";
  if (ip.includes(name)) return "ip";
  if (finance.includes(name)) return "finance";
  if (records.includes(name)) return "records";
  return "services";
}

const order = (family: Family) => {
  const name = shortName(family);
  const at = [...records, ...ip, ...finance, ...risk].indexOf(name);
  return at === -1 ? Number.MAX_SAFE_INTEGER : at;
};

/** Enterprise-scoped families other than the master, by group, each group in the profile's order. */
export function scopedFamilies(all: Family[]): Record<Group, Family[]> {
  const out = Object.fromEntries(groups.map((g) => [g, [] as Family[]])) as Record<Group, Family[]>;
  for (const family of all) {
    if (family.name === masterName || !isEnterpriseScoped(family)) continue;
    out[groupOf(family)].push(family);
  }
  for (const g of groups) out[g].sort((a, b) => order(a) - order(b));
  return out;
}
