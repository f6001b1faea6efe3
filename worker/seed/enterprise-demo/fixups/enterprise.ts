/** Coherence of the enterprise tabs: figures that add up, numbers that follow their dates and kinds, states that agree with their details. */
import { daysBefore, personName } from "../enterprises.ts";
import type { BuildContext } from "../context.ts";
import { courts } from "../words.ts";
import { addYears, drop, round1, setIf, year, type Fixup } from "./kit.ts";
import { issuerKinds, penaltyActs, pickIssuer } from "../../../../events/coherence.ts";

const causes = ["买卖合同纠纷", "借款合同纠纷", "建设工程施工合同纠纷", "劳动争议", "民间借贷纠纷", "服务合同纠纷", "租赁合同纠纷", "承揽合同纠纷", "侵害商标权纠纷", "金融借款合同纠纷"];


export const enterpriseFixups: Record<string, Fixup> = {
  enenterprisebasicinfo: (r, c) => masterValues(r, c),
  enenterprisebasicinfoszt: (r, c) => {
    r.year = Number(c.at.slice(0, 4)) - c.nth;
    setIf(r, c, "matchStatus", "matched");
  },
  enshareholderinfo: (r, c) => {
    const ent = c.ent!;
    const person = c.nth === 0 || c.rng.chance(0.45);
    const ratio = c.nth === 0 ? c.rng.num(35, 70, 2) : c.rng.num(2, 30, 2);
    r.shareholderName = c.nth === 0 ? ent.legalPerson : person ? personName(c.rng) : c.other().entName;
    setIf(r, c, "shareholderType", person ? "naturalPerson" : c.rng.chance(0.85) ? "corporate" : "nonLegalOrg");
    r.shareholderIdType = person ? "居民身份证" : "统一社会信用代码";
    if (person) {
      delete r.shareholderCreditCode;
      r.shareholderIdNo = `${ent.district.code}********${c.rng.digits(4)}`;
    } else if (typeof r.shareholderCreditCode === "string") r.shareholderIdNo = r.shareholderCreditCode;
    r.fundedRatio = ratio;
    const subscribed = round1((ent.regCapital * ratio) / 100) || 1;
    r.subscribedAmount = subscribed;
    r.paidAmount = round1(subscribed * c.rng.pick([1, 1, 0.5, 0.3, 0]));
    setIf(r, c, "currency", c.rng.chance(0.95) ? "CNY" : "USD");
    setIf(r, c, "contributionForm", c.rng.chance(0.85) ? "cash" : c.rng.pick(["inKind", "ip"]));
  },
  enshareholdertransfersinfo: (r, c) => {
    const before = c.rng.num(5, 60, 2);
    r.ratioBefore = before;
    r.ratioAfter = c.rng.chance(0.5) ? 0 : round1(before * c.rng.num(0.2, 1.8, 2));
    if (typeof r.changeDate === "string") {
      r.publicDate = daysBefore(`${r.changeDate}T00:00:00Z`, -c.rng.int(1, 20));
      if ((r.publicDate as string) > c.at.slice(0, 10)) r.publicDate = c.at.slice(0, 10);
      r.reportYear = year(r.changeDate);
    }
  },
  enpatentinfo: (r, c) => {
    const type = String(r.patentType ?? "invention");
    const digit = type === "design" ? "3" : type === "utilityModel" ? "2" : "1";
    const filed = String(r.appDate ?? daysBefore(c.at, 900));
    r.appNo = `CN${year(filed)}${digit}${c.rng.digits(7)}.${c.rng.int(0, 9)}`;
    const status = c.rng.weighted<string>(type === "invention" ? [["granted", 45], ["examining", 25], ["published", 15], ["rejected", 5], ["terminated", 5], ["withdrawn", 5]] : [["granted", 80], ["terminated", 12], ["invalidated", 3], ["expired", 5]]);
    setIf(r, c, "legalStatus", status);
    const granted = ["granted", "terminated", "invalidated", "expired"].includes(String(r.legalStatus));
    const kind = type === "design" ? "S" : type === "utilityModel" ? "U" : granted ? "B" : "A";
    r.pubNo = `CN${c.rng.int(1, 2)}${c.rng.digits(8)}${kind}`;
    if (!granted) delete r.grantDate;
    if (type === "design" && typeof r.title === "string")
      r.title = ["I", "J", "L", "R"].includes(c.ent?.industry ?? "")
        ? `带图形用户界面的${c.rng.pick(["手机", "电脑", "显示屏幕面板", "平板电脑"])}`
        : `${c.rng.pick(c.ent?.products ?? ["控制器"])}（${c.rng.pick(["一", "二", "三", "便携式", "壁挂式"])}）`;
  },
  ensoftwarecopyright: (r, c) => {
    if (typeof r.regDate === "string") r.regNo = `${year(r.regDate)}SR${c.rng.digits(7)}`;
    if (typeof r.softwareName === "string") r.shortName = (r.softwareName as string).replace(/V\d.*$/, "").slice(-6);
  },
  entrademarkinfo: (r, c) => {
    r.agency = c.rng.pick(["陕西华秦知识产权代理有限公司", "西安佳誉知识产权代理有限公司", "西安汇恩知识产权代理有限公司", "北京集佳知识产权代理有限公司西安分公司"]);
    const status = String(r.status ?? "registered");
    if (status === "registered" && typeof r.regPubDate === "string") {
      r.validFrom = r.regPubDate;
      r.validTo = daysBefore(`${addYears(r.regPubDate as string, 10)}T00:00:00Z`, 1);
    } else drop(r, "validFrom", "validTo", ...(status === "applying" ? ["prelimPubDate", "regPubDate"] : status === "prelim" || status === "opposed" ? ["regPubDate"] : []));
  },
  ensocialsecurityinfo: (r, c) => {
    r.reportYear = Number(c.at.slice(0, 4)) - 1 - c.nth;
    const insured = Math.max(1, Math.round(c.ent!.employees * c.rng.num(0.8, 1, 2)));
    Object.assign(r, { pensionCount: insured, unemploymentCount: insured, medicalCount: insured, injuryCount: insured, maternityCount: Math.round(insured * 0.98) });
    r.pensionBase = round1(insured * 0.45 * 12);
    r.pensionPaid = round1((r.pensionBase as number) * 0.16);
    r.pensionArrears = c.rng.chance(0.9) ? 0 : round1((r.pensionPaid as number) * 0.1);
  },
  enenterprisetycannualreport: (r, c) => {
    const ent = c.ent!;
    r.reportYear = Number(c.at.slice(0, 4)) - 1 - c.nth;
    const sales = round1(ent.revenue * c.rng.num(0.7, 1.2, 3));
    const assets = round1(sales * c.rng.num(0.8, 2.5, 2));
    const liability = round1(assets * c.rng.num(0.2, 0.75, 2));
    const profit = round1(sales * c.rng.num(-0.05, 0.15, 3));
    Object.assign(r, { totalSales: sales, totalAssets: assets, totalLiability: liability, totalEquity: round1(assets - liability), totalProfit: profit, netProfit: round1(profit > 0 ? profit * 0.85 : profit), totalTax: round1(sales * c.rng.num(0.02, 0.06, 3)) });
    if ("primeBusinessIncome" in c.family.fields) r.primeBusinessIncome = round1(sales * 0.9);
    if (typeof r.reportYear === "number") r.releaseDate = `${r.reportYear + 1}-0${c.rng.int(3, 6)}-${String(c.rng.int(1, 28)).padStart(2, "0")}`;
    r.manageState = c.rng.chance(0.95) ? "开业" : "歇业";
  },
  enenterprisegrade: (r, c) => {
    const grades: Record<string, [string[], string]> = {
      taxCredit: [["A", "A", "B", "M", "C"], "国家税务总局陕西省税务局"],
      customsCredit: [["高级认证企业", "一般信用企业", "一般信用企业"], "中华人民共和国西安海关"],
      bankRating: [["AAA", "AA+", "AA", "A"], "联合资信评估股份有限公司"],
      envCredit: [["环保诚信企业", "环保良好企业", "环保警示企业"], "陕西省生态环境厅"],
      platformGrade: [["A", "B", "C", "D"], "陕西省企业综合服务平台"],
    };
    const [scale, evaluator] = grades[String(r.gradeType)] ?? grades.taxCredit!;
    r.grade = c.rng.pick(scale);
    r.evaluator = evaluator;
    r.gradeYear = Number(c.at.slice(0, 4)) - 1 - c.nth;
    if (r.gradeType !== "platformGrade") delete r.score;
  },
  enadministrativelicense: (r, c) => {
    if (typeof r.certName === "string") r.decisionDocName = `关于核发${r.certName}的决定`;
    // the body that grants this licence, and its abbreviation in the decision number
    const body = pickIssuer(issuerKinds(c.short, "authority", r), (list) => c.rng.pick(list));
    r.authority = body.name;
    r.decisionDocNo = `陕${body.abbr || "审批"}许字〔${year(r.decisionDate) ?? year(c.at)}〕${c.rng.int(1, 999)}号`;
    r.content = `准予${c.ent?.entName ?? ""}${c.rng.pick(["在核定范围内从事相关经营活动", "按许可证载明事项开展生产", "排放许可证载明的污染物"])}。`;
    setIf(r, c, "status", typeof r.validTo === "string" && r.validTo < c.at.slice(0, 10) ? "2" : "1");
  },
  enwaterandelectricity: (r, c) => {
    const units: Record<string, [string, number, number, string]> = { electricity: ["kWh", 5_000, 400_000, "国网陕西省电力有限公司"], water: ["t", 200, 20_000, "西安水务(集团)有限责任公司"], gas: ["m3", 500, 50_000, "西安秦华燃气集团有限公司"], heat: ["GJ", 100, 5_000, "西安市热力集团有限责任公司"] };
    const [unit, min, max, supplier] = units[String(r.utilityType)] ?? units.electricity!;
    const scale = Math.min(5, Math.max(0.2, c.ent!.employees / 200));
    const usage = Math.round(c.rng.num(min, max, 0) * scale);
    setIf(r, c, "unit", unit);
    r.usage = usage;
    r.amount = round1(usage * (unit === "kWh" ? 0.62 : unit === "t" ? 4.3 : unit === "m3" ? 2.9 : 45));
    r.arrears = c.rng.chance(0.9) ? 0 : round1((r.amount as number) * 0.2);
    r.supplierName = supplier;
    r.period = daysBefore(c.at, 31 * (c.nth + 1)).slice(0, 7);
  },
  enfinancialinfo: (r, c) => {
    const ent = c.ent!;
    r.period = String(Number(c.at.slice(0, 4)) - 1 - c.nth);
    const growth = c.rng.num(0.7, 1.3, 3);
    const income = round1(ent.revenue * growth);
    const assets = round1(income * c.rng.num(0.8, 2.5, 2));
    const liabilities = round1(assets * c.rng.num(0.2, 0.75, 2));
    const profit = round1(income * c.rng.num(-0.05, 0.15, 3));
    Object.assign(r, {
      operatingIncome: income, totalAssets: assets, totalLiabilities: liabilities, ownersEquity: round1(assets - liabilities), totalProfit: profit,
      netProfit: round1(profit > 0 ? profit * 0.85 : profit), taxPaid: round1(income * c.rng.num(0.02, 0.06, 3)), rdExpense: round1(income * c.rng.num(0.01, 0.08, 3)),
      debtRatio: Math.round((liabilities / assets) * 10000) / 100,
    });
    if ("exportValue" in c.family.fields) r.exportValue = round1(income * c.rng.num(0, 0.3, 2));
    setIf(r, c, "periodType", "annual");
  },
  enhonoraryqualifications: (r, c) => {
    if (typeof r.pubDate === "string") {
      r.year = year(r.pubDate);
      r.validFrom = r.pubDate;
      r.validTo = addYears(r.pubDate as string, 3);
      setIf(r, c, "status", (r.validTo as string) < c.at.slice(0, 10) ? "expired" : "valid");
    }
  },
  enrestrictionhighconsumptioncase: (r, c) => {
    setIf(r, c, "restrictedKind", c.rng.chance(0.4) ? "entity" : "person");
    if (r.restrictedKind === "entity") r.restrictedName = c.ent!.entName;
    setIf(r, c, "restrictedRole", "legalPerson");
    r.orderFile = `限制消费令（${String(r.caseNo ?? "")}）`;
  },
  enbondfinancing: (r, c) => {
    if (typeof r.issueDate === "string") {
      const term = c.rng.pick([3, 5, 7]);
      r.termYears = term;
      r.maturityDate = addYears(r.issueDate as string, term);
      setIf(r, c, "status", (r.maturityDate as string) < c.at.slice(0, 10) ? "matured" : c.rng.chance(0.95) ? "outstanding" : "extended");
    }
    r.couponRate = c.rng.num(2.3, 5.8, 2);
  },
  enforeigninvestmentinfo: (r, c) => {
    const investee = c.other();
    r.investeeName = investee.entName;
    setIf(r, c, "investeeCreditCode", investee.creditCode);
    r.investeeLegalPerson = investee.legalPerson;
    r.investeeEstDate = investee.estDate;
    r.investeeRegCapital = investee.regCapital;
    r.investeeRegAuthority = investee.regAuthority;
    const ratio = c.rng.num(5, 100, 2);
    r.fundedRatio = ratio;
    r.subscribedAmount = round1((investee.regCapital * ratio) / 100) || 1;
    setIf(r, c, "investeeStatus", c.rng.chance(0.9) ? "existing" : "cancelled");
    setIf(r, c, "contributionForm", "cash");
  },
  enruledeploy: (r, c) => {
    const rules: [string, string][] = [["社保参保人数下降预警", "ensocialsecurityinfo"], ["用电量异常下降预警", "enwaterandelectricity"], ["新增司法涉诉预警", "syndetaillistjudicial"], ["行政处罚预警", "syndetaillistpenalty"], ["高成长企业标签", "enfinancialinfo"], ["服务专员自动分配", "enenterprisebasicinfo"]];
    const [name, target] = rules[c.index % rules.length]!;
    r.ruleName = name;
    r.targetFamily = target;
  },
  enotherhistory: (r, c) => {
    r.title = c.rng.pick(["电话回访企业生产经营情况", "政策推送：专精特新申报通知", "组织企业参加融资对接会", "座谈了解企业用工需求", "协调解决企业用电问题", "推送稳岗补贴政策"]);
  },
  hitech: (r, c) => {
    if (typeof r.issueDate === "string") {
      r.recognitionYear = year(r.issueDate);
      r.validUntil = addYears(r.issueDate as string, 3);
      r.publicityDate = daysBefore(`${r.issueDate}T00:00:00Z`, c.rng.int(20, 60));
      r.certificateNo = `GR${year(r.issueDate)}61${c.rng.digits(6)}`;
      setIf(r, c, "status", (r.validUntil as string) < c.at.slice(0, 10) ? "expired" : "valid");
    }
    setIf(r, c, "areaCode", "610000");
  },
  synjuddoclist: (r, c) => {
    const cause = c.rng.pick(causes);
    r.cause = cause;
    const doc = c.rng.pick(["一审民事判决书", "二审民事判决书", "民事裁定书"]);
    r.title = `${c.ent!.entName}与${c.other().entName}${cause}${doc}`;
    setIf(r, c, "caseType", "civil");
    setIf(r, c, "docType", doc.endsWith("判决书") ? "judgment" : "ruling");
    r.caseNo = `(${year(r.judgeDate) ?? 2025})陕${String(c.rng.int(100, 1100)).padStart(4, "0")}民初${c.rng.int(100, 9999)}号`;
    r.court = c.rng.pick(courts);
    syncFields(r, c);
  },
  syndetaillistpenalty: (r, c) => penalty(r, c),
  syncaseinfodjgs: (r, c) => penalty(r, c),
  syndetaillistjudicial: (r, c) => {
    r.cause = c.rng.pick(causes);
    setIf(r, c, "caseType", c.rng.chance(0.8) ? "civil" : "enforcement");
    if (r.caseStatus === "pending") delete r.closeDate;
    r.caseNo = `(${year(r.filingDate) ?? 2025})陕${String(c.rng.int(100, 1100)).padStart(4, "0")}${r.caseType === "enforcement" ? "执" : "民初"}${c.rng.int(100, 9999)}号`;
    syncFields(r, c);
  },
};

function penalty(r: Record<string, unknown>, c: BuildContext) {
  const act = c.rng.pick(penaltyActs);
  r.illegalActType = act.act;
  if ("illegalFacts" in c.family.fields) r.illegalFacts = act.facts;
  const fine = act.penalty.includes("罚款") ? c.rng.pick([2000, 5000, 10000, 20000, 30000, 50000]) : 0;
  r.fineAmount = fine;
  r.penaltyContent = fine ? `${act.penalty}人民币${fine}元` : act.penalty;
  // the body that penalises this violation, and its abbreviation in the decision number
  const body = pickIssuer(issuerKinds(c.short, "authority", r), (list) => c.rng.pick(list));
  r.authority = body.name;
  r.penaltyDocNo = `陕${body.abbr}罚〔${year(r.decisionDate) ?? 2025}〕${c.rng.int(1, 999)}号`;
  syncFields(r, c);
}

function syncFields(r: Record<string, unknown>, c: BuildContext) {
  r.sourceRecordId = c.rng.digits(12);
  r.naturalKey = Array.from({ length: 64 }, () => "0123456789abcdef"[c.rng.int(0, 15)]).join("");
  r.sourceRemoved = c.rng.chance(0.03);
}

/** The master record follows the enterprise's profile. */
function masterValues(record: Record<string, unknown>, ctx: BuildContext) {
  const ent = ctx.ent!;
  const set = (key: string, value: unknown) => {
    const field = ctx.family.fields[key];
    if (field && !field.managed && field.schema.safeParse(value).success) record[key] = value;
  };
  set("legalPerson", ent.legalPerson);
  set("estDate", ent.estDate);
  set("regCapital", ent.regCapital);
  set("regAddress", ent.address);
  set("areaCode", ent.district.code);
  set("businessScope", ent.businessScope);
  set("regAuthority", ent.regAuthority);
  set("industryCode", ent.industryCode);
  set("phone", ent.phone);
  set("email", ent.email);
  set("website", ent.website);
  set("employeeCount", ent.employees);
  set("insuredCount", Math.round(ent.employees * 0.9));
  const regStatus = ctx.dictionaries.get("regStatus") ?? [];
  const usual = ctx.rng.weighted([["existing", 80], ["inBusiness", 12], ["movedIn", 3], ["suspended", 2], ["cancelled", 3]] as const);
  if (regStatus.includes(usual)) set("regStatus", usual);
  // most enterprises have a service officer; about half an assigned manager; some are left for allocation
  if (!ctx.rng.chance(0.85)) delete record.serviceUserId;
  if (!ctx.rng.chance(0.5)) delete record.bmjlUserId;
}
