/**
 * The visits of the demo region read as real ones: each enterprise's coordinates (fixed by its credit code,
 * inside Shaanxi) so check-ins have a distance; visits whose archive kind follows what they raised (a demand
 * makes a 需求档案), texts a visitor writes, a next follow-up after the visit; archives whose details fit
 * their kind; check-ins a few hundred metres from the enterprise, some without a location (permission
 * refused); allocations in every state. Deterministic like the rest (the family's own generator).
 */
import { haversineMeters } from "../../../visits/geo.ts";
import type { BuildContext } from "../context.ts";
import { daysBefore } from "../enterprises.ts";
import { enterpriseFixups } from "./enterprise.ts";
import type { Fixup } from "./kit.ts";

/** An enterprise's coordinates from its credit code (FNV-1a): the same on every machine, spread over central Shaanxi. */
export function demoCoordinates(creditCode: string): { longitude: number; latitude: number } {
  let h = 2166136261;
  for (const ch of creditCode) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return { longitude: Number((107.6 + (h % 15000) / 10000).toFixed(6)), latitude: Number((33.8 + ((h >>> 14) % 14000) / 10000).toFixed(6)) };
}

export const topics = [
  "了解企业今年订单和产能情况，企业反映原材料价格上涨压力较大",
  "走访企业研发中心，了解新产品中试进展和知识产权布局",
  "宣讲研发费用加计扣除和高新技术企业认定政策，企业表示将申报",
  "了解企业用工情况，技术工人招聘难，希望对接职业院校",
  "座谈企业融资需求，企业计划扩建生产线，存在流动资金缺口",
  "回访上次反映的用电增容问题，供电公司已完成现场勘查",
  "了解企业上市培育进展，已完成股份制改造，正在选聘券商",
];
export const demandTexts: [string, string, string][] = [
  ["financing", "流动资金贷款需求", "希望对接银行流动资金贷款约500万元"],
  ["talent", "技术工人招聘", "需招聘数控技工20名，希望对接职业院校"],
  ["land", "标准化厂房需求", "扩产需要约3000平方米标准化厂房"],
  ["policy", "政策申报辅导", "希望辅导申报专精特新企业"],
  ["technology", "技术合作需求", "寻求高校合作攻关关键工艺"],
];
const addDays = (date: string, days: number) => daysBefore(`${date}T00:00:00Z`, -days);

function archiveDetails(kind: string, c: BuildContext): Record<string, unknown> {
  if (kind === "fwda") return { serviceItem: c.rng.pick(["政策辅导", "融资对接", "用工对接", "法律咨询"]), serviceType: c.rng.pick(["policy", "financeTax", "hr", "legal"]), serviceHours: c.rng.int(1, 6) };
  if (kind === "xqda") {
    const [demandType, demandTitle] = c.rng.pick(demandTexts);
    return { demandType, demandTitle };
  }
  return { purpose: c.rng.pick(["日常走访", "政策宣讲", "问题回访", "包抓服务"]), participants: c.rng.pick(["服务专员", "服务专员、园区管委会", "服务专员、金融机构"]) };
}

function visitFixup(r: Record<string, unknown>, c: BuildContext) {
  const kind = c.rng.weighted([["zfda", 55], ["fwda", 25], ["xqda", 20]] as const);
  r.archiveType = kind;
  // a visit made outside any task: the demo's task visits are recorded against their tasks (../tasks.ts)
  delete r.taskId;
  delete r.taskPlanId;
  r.content = c.rng.pick(topics);
  if (kind === "xqda") {
    const [type, , text] = c.rng.pick(demandTexts);
    r.demands = text;
    r.demandTypes = [type === "labour" ? "talent" : type];
  } else {
    delete r.demands;
    delete r.demandTypes;
  }
  r.status = c.rng.weighted([["visited", 60], ["closed", 30], ["planned", 10]] as const);
  const visitDate = String(r.visitDate);
  // a follow-up date after the visit, for about half the visits
  if (r.status !== "planned" && c.rng.chance(0.5)) r.nextFollowDate = addDays(visitDate, c.rng.int(14, 60));
  else delete r.nextFollowDate;
}

export const visitFixups: Record<string, Fixup> = {
  enenterprisebasicinfo: (r, c) => {
    enterpriseFixups.enenterprisebasicinfo?.(r, c);
    if (typeof r.creditCode === "string") Object.assign(r, demoCoordinates(r.creditCode));
  },
  encompanyvisit: visitFixup,
  envisithistory: (r, c) => {
    const kind = String(r.archiveType);
    delete r.taskId;
    r.content = c.rng.pick(topics);
    r.details = archiveDetails(kind, c);
    if (kind === "xqda") {
      r.demands = demandTexts.find(([type]) => type === (r.details as { demandType: string }).demandType)![2];
      r.status = c.rng.weighted([["pending", 40], ["handling", 35], ["done", 25]] as const);
    } else {
      delete r.demands;
      r.status = "done";
    }
  },
  encheckinrecord: (r, c) => {
    if (!c.ent) return;
    r.address = c.ent.address;
    // one in five without a location: the visitor's browser was refused the permission
    if (c.rng.chance(0.2)) {
      delete r.longitude;
      delete r.latitude;
      delete r.distanceMeters;
      return;
    }
    const home = demoCoordinates(c.ent.creditCode);
    const at = { longitude: Number((home.longitude + c.rng.num(-0.004, 0.004, 6)).toFixed(6)), latitude: Number((home.latitude + c.rng.num(-0.003, 0.003, 6)).toFixed(6)) };
    Object.assign(r, at, { distanceMeters: haversineMeters(at, home) });
  },
  envisituserallocation: (r, c) => {
    r.status = c.rng.weighted([["pending", 30], ["confirmed", 30], ["committed", 40]] as const);
  },
};
