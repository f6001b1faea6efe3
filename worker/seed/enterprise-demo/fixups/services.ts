/** Coherence of the service families: products, demands, pledges and freezes, contacts and messages. */
import { daysBefore, personName } from "../enterprises.ts";
import type { BuildContext } from "../context.ts";
import { banks, demandTitles } from "../words.ts";
import { drop, round1, setIf, year, type Fixup } from "./kit.ts";

export const serviceFixups: Record<string, Fixup> = {
  serviceactivity: (r, c) => {
    r.coOrganizers = c.rng.pick(["陕西股权交易中心", "西安银行", "西部证券股份有限公司", "陕西省中小企业协会"]);
    r.audience = c.rng.pick(["全省中小企业", "专精特新企业", "上市后备企业", "科技型中小企业"]);
    r.content = `为帮助企业${c.rng.pick(["了解最新惠企政策", "对接融资渠道", "提升管理水平", "拓展市场"])}，特举办本次活动，欢迎企业报名参加。`;
  },
  tbfinanc: (r, c) => {
    const name = String(r.institutionName ?? "");
    setIf(r, c, "institutionType", /银行/.test(name) ? "bank" : /担保|信用增进/.test(name) ? "guarantee" : "other");
    r.amountMin = c.rng.pick([10, 30, 50, 100]);
    r.amountMax = c.rng.pick([300, 500, 1000, 2000, 3000]);
    r.rateMin = c.rng.num(2.8, 4.2, 2);
    r.rateMax = round1((r.rateMin as number) + c.rng.num(0.5, 3, 1));
    r.termMaxMonths = c.rng.pick([12, 24, 36, 60]);
  },
  tbjustice: (r, c) => {
    r.fee = c.rng.pick(["免费", "面议", "首次咨询免费", "政府购买服务"]);
    if (typeof r.serviceName === "string") r.description = `由执业律师为企业提供${r.serviceName}，线上线下均可预约。`;
  },
  portaldemand: (r, c) => demand(r, c),
  portaldemandpage: (r, c) => demand(r, c, "category"),
  portalpledgeinfo: (r, c) => {
    r.pledgorName = c.rng.chance(0.7) ? c.ent!.legalPerson : personName(c.rng);
    r.pledgorIdNo = `${c.ent!.district.code}********${c.rng.digits(4)}`;
    r.pledgeeName = c.rng.pick(banks);
    delete r.pledgeeIdNo;
    r.regNo = `${c.ent!.district.code}${year(r.regDate) ?? 2025}${c.rng.digits(7)}`;
    if (r.status === "valid") drop(r, "cancelDate", "cancelReason");
  },
  portalfreezeinfo: (r, c) => {
    r.executedPerson = c.rng.chance(0.6) ? c.ent!.legalPerson : personName(c.rng);
    r.executedPersonIdNo = `${c.ent!.district.code}********${c.rng.digits(4)}`;
    const y = year(r.freezeFrom) ?? 2025;
    r.noticeNo = `(${y})陕${String(c.rng.int(100, 1100)).padStart(4, "0")}执${c.rng.int(100, 9999)}号`;
    r.rulingNo = `${r.noticeNo}之一`;
    if (typeof r.freezeFrom === "string" && typeof r.freezeTo === "string") r.freezePeriod = Math.round((Date.parse(r.freezeTo) - Date.parse(r.freezeFrom)) / 86_400_000);
    if (r.status !== "unfrozen") delete r.unfreezeDate;
    else if (typeof r.freezeFrom === "string") r.unfreezeDate = daysBefore(`${r.freezeFrom}T00:00:00Z`, -c.rng.int(30, 300));
  },
  suppliers: (r, c) => {
    const name = String(r.supplierName ?? "");
    const kind = /银行/.test(name) ? "bank" : /担保|信用增进/.test(name) ? "guarantee" : /证券|股权交易/.test(name) ? "securities" : /律师/.test(name) ? "lawFirm" : /会计/.test(name) ? "accounting" : /人力|培训/.test(name) ? "training" : "consulting";
    setIf(r, c, "supplierType", kind);
    setIf(r, c, "status", r.blacklisted ? "0" : "1");
  },
  encontacts: (r, c) => {
    r.name = personName(c.rng);
    r.position = c.rng.pick(["总经理", "财务总监", "董事会秘书", "行政主管", "人力资源经理", "技术总监", "办公室主任"]);
    r.department = c.rng.pick(["总经理办公室", "财务部", "行政部", "人力资源部", "技术中心", "证券部"]);
    r.wechat = `wx_${c.rng.digits(8)}`;
    r.isPrimary = c.index % 3 === 0;
  },
  enstarenterprise: (r, c) => {
    r.reason = c.rng.pick(["年度纳税贡献突出", "科技创新成效显著", "带动就业成效明显", "外贸出口增长显著", "质量品牌建设成效突出"]);
    r.awardingBody = c.rng.pick(["陕西省人民政府", "西安市人民政府", "陕西省工业和信息化厅", `${c.ent!.city.name}人民政府`]);
  },
  mattersrequestform: (r, c) => {
    r.title = c.rng.pick(["申请协调厂房用地审批", "申请办理环评手续指导", "申请协调供水管网接入", "申请人才公寓配租", "申请协调银行续贷", "申请帮办施工许可"]);
  },
  qyreplymessage: (r, c) => {
    r.title = c.rng.pick(["咨询专精特新申报条件", "反映用电增容办理进度", "咨询稳岗补贴申领", "建议延长政策申报时间", "咨询研发费用加计扣除", "反映园区道路施工影响出行"]);
    if (r.replyStatus === "1") {
      r.replyContent = c.rng.pick(["您好，已转相关部门办理，请保持电话畅通。", "您好，申报条件详见省工信厅通知，可联系服务专员协助。", "您好，已协调供电公司加快办理。"]);
      r.replyBy = c.rng.pick(c.users).name;
    } else drop(r, "replyContent", "replyBy", "replyTime");
  },
};

/** Demand titles agree with their kind. */
function demand(r: Record<string, unknown>, c: BuildContext, kindKey = "demandType") {
  const kinds: Record<string, string> = { 流动资金贷款需求: "financing", 厂房扩建用地需求: "land", 高端技术人才招聘: "talent", 产品检测认证对接: "technology", 知识产权质押融资: "financing", 上市辅导机构对接: "listing", 数字化改造方案咨询: "technology", 出口市场拓展: "market", 产学研合作需求: "technology", 设备融资租赁需求: "financing", 合同纠纷法律咨询: "legal", 用工招聘需求: "labour" };
  const title = c.rng.pick(demandTitles);
  r.title = title;
  setIf(r, c, kindKey, kinds[title] ?? "other");
  if (r[kindKey] !== "financing") delete r.amount;
}
