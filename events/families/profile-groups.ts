/**
 * How an enterprise's profile groups its lists, declared once for the browser and the Worker: the groups a
 * reader looks in (registration and operations, intellectual property, finance, judicial, credit and
 * dishonesty, tax, administrative, services), each an ordered list of tabs. A tab shows one list, or a
 * hand-entered family together with the synchronised list mirroring the same upstream data (FIELDS.md §2.1
 * names the mirror: 专利 ↔ synpatentslist, 限制高消费 ↔ synxzgxflist…), so no list name shows twice. Every
 * synchronised list sits in exactly one tab (tests/unit/profile-groups.test.ts); enterprise-scoped families
 * declared nowhere here are services.
 */
import { l, type Family } from "../family.ts";
import type { Text } from "../i18n.ts";
import {
  administrativeLicense, annualReport, bondFinancing, enterpriseBasicInfoSzt, enterpriseGrade, filesInput, financialInfo, foreignInvestmentInfo, hitech,
  honoraryQualifications, isEnterpriseScoped, masterName, otherHistory, patentInfo, restrictionHighConsumptionCase, shareholderInfo,
  shareholderTransfersInfo, socialSecurityInfo, softwareCopyright, trademarkInfo, waterAndElectricity,
} from "./enterprise.ts";
import {
  synAlterList, synBasicInformationList, synCaseInfoDjgs, synDetailListLicense, synDetailListPenalty, synEntInvItemList, synEntLabelInfo,
  synEqulityProcessResult, synFiliationList, synFinalBefList, synItemNameList, synLinkBeneficial, synPatentsList, synResultList, synRyPosPerList,
  synRyPosShaList, synSwList,
} from "./syn-registration.ts";
import {
  synAucAnnoList, synBankruptcyList, synDetailList, synDetailListJudicial, synDisRySxbzxList, synDisSxbzxrList, synDishonestSxbzx, synDkgsResults,
  synDNoticeList, synEndCaseList, synJudDocList, synLossPromiseList, synOthCourtAnnoList, synPerformerList, synQyXzgxfDetails, synTdcrResults,
  synTddyResults, synTdgyResults, synXzgxfList, synXzgxfStaffList,
} from "./syn-courts.ts";
import { freezeInfo, pledgeInfo } from "./services.ts";
import { checkInRecord, companyVisit, visitHistory, visitUserAllocation } from "./casework.ts";

export const profileGroupIds = ["operations", "ip", "finance", "judicial", "credit", "tax", "administrative", "visits", "services"] as const;
export type ProfileGroupId = (typeof profileGroupIds)[number];

/** One tab of a group: its lists (the first names the tab; a second is the synchronised mirror of the first). */
export type ProfileTab = readonly Family[];

export interface ProfileGroup {
  id: ProfileGroupId;
  label: Text;
  tabs: ProfileTab[];
}

const tab = (...lists: unknown[]): ProfileTab => lists as Family[];

/** The declared groups (services is filled from whatever enterprise-scoped family is declared nowhere else). */
const declared: Record<ProfileGroupId, { label: Text; tabs: ProfileTab[] }> = {
  operations: {
    label: l("登记与经营", "Registration and operations"),
    tabs: [
      tab(synAlterList), tab(synBasicInformationList), tab(annualReport), tab(shareholderInfo), tab(shareholderTransfersInfo), tab(synFiliationList),
      tab(synRyPosPerList), tab(synRyPosShaList), tab(synFinalBefList), tab(synEqulityProcessResult), tab(synLinkBeneficial),
      tab(administrativeLicense, synDetailListLicense), tab(honoraryQualifications, synItemNameList), tab(hitech), tab(enterpriseGrade), tab(synEntLabelInfo),
      tab(socialSecurityInfo), tab(waterAndElectricity), tab(enterpriseBasicInfoSzt),
      tab(synTdgyResults), tab(synTdcrResults), tab(synTddyResults), tab(synDkgsResults), tab(synDetailList),
      tab(filesInput), tab(otherHistory),
    ],
  },
  ip: {
    label: l("知识产权", "Intellectual property"),
    tabs: [tab(patentInfo, synPatentsList), tab(trademarkInfo), tab(softwareCopyright, synSwList), tab(synResultList)],
  },
  finance: {
    label: l("财务与投融资", "Finance and investment"),
    tabs: [tab(financialInfo), tab(bondFinancing), tab(foreignInvestmentInfo, synEntInvItemList), tab(pledgeInfo)],
  },
  judicial: {
    label: l("司法风险", "Judicial"),
    tabs: [
      tab(synJudDocList), tab(synDetailListJudicial), tab(synPerformerList), tab(synEndCaseList), tab(synBankruptcyList),
      tab(freezeInfo), tab(synAucAnnoList), tab(synOthCourtAnnoList), tab(synDNoticeList),
    ],
  },
  credit: {
    label: l("信用与失信", "Credit and dishonesty"),
    tabs: [
      tab(synDishonestSxbzx), tab(synDisSxbzxrList), tab(synDisRySxbzxList), tab(synLossPromiseList),
      tab(restrictionHighConsumptionCase, synXzgxfList), tab(synQyXzgxfDetails), tab(synXzgxfStaffList),
    ],
  },
  // no tax list (FIELDS.md §3.8) is declared yet; the group shows once one is
  tax: { label: l("税务", "Tax"), tabs: [] },
  administrative: {
    label: l("行政监管", "Administrative"),
    tabs: [tab(synCaseInfoDjgs), tab(synDetailListPenalty)],
  },
  // the enterprise's visits, their archives, check-ins and its allocation to staff
  visits: { label: l("走访服务", "Visits"), tabs: [tab(companyVisit), tab(visitHistory), tab(checkInRecord), tab(visitUserAllocation)] },
  services: { label: l("企业服务", "Services"), tabs: [] },
};

/**
 * The profile's groups over `all` (the declared families), in the reader's order: the declared tabs, then every other
 * enterprise-scoped family (not the master) as a services tab in declaration order.
 */
export function profileGroups(all: readonly Family[]): ProfileGroup[] {
  const placed = new Set(profileGroupIds.flatMap((id) => declared[id].tabs.flat().map((f) => f.name)));
  const rest = all.filter((f) => f.name !== masterName && isEnterpriseScoped(f) && !placed.has(f.name)).map((f) => tab(f));
  return profileGroupIds.map((id) => ({ id, label: declared[id].label, tabs: id === "services" ? [...declared.services.tabs, ...rest] : declared[id].tabs }));
}
