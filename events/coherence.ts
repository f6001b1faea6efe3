/**
 * What a domain reader checks at a glance in any record, declared once: dates in their order, a status that
 * agrees with its date, the issuing body matching its list, places matching names. The demo generators (the
 * built-in sync source's sample items, the demo region, the data-model demo) follow these declarations, and
 * tests/demo-coherence.test.ts holds every synchronised list and every demo family to them.
 */
import { areaSeed, type AreaSeed } from "./seed/areas.ts";

type Rec = Record<string, unknown>;

/**
 * Date chains by field family: wherever a record carries two fields of one chain, the earlier one comes first
 * (the same day allowed; datetimes compare by their day).
 */
export const dateChains: readonly (readonly string[])[] = [
  // lists one enters and leaves, cases from filing to their end
  ["inclusionDate", "removalDate"],
  // a visit's next follow-up comes after it
  ["visitDate", "nextFollowDate"],
  ["filingDate", "issueDate", "publishDate", "exitDate"],
  ["filingDate", "closeDate"],
  ["filingDate", "finalDate"],
  ["judgeDate", "publishDate"],
  ["publishDate", "hearingDate"],
  // decisions, their publicity and validity
  ["decisionDate", "publishDate"],
  ["decisionDate", "publicityDeadline"],
  ["decisionDate", "validFrom", "validTo"],
  ["pubDate", "revokeDate"],
  ["publicityDate", "issueDate", "validUntil"],
  ["issueDate", "maturityDate"],
  ["publishDate", "effectiveDate", "expiryDate"],
  // registrations
  ["investeeEstDate", "cancelDate"],
  ["investeeEstDate", "revokeDate"],
  ["appDate", "pubDate", "grantDate"],
  ["appDate", "prelimPubDate", "regPubDate"],
  ["completeDate", "firstPubDate"],
  ["completeDate", "regDate", "announceDate"],
  ["changeDate", "publicDate"],
  ["regDate", "publicDate"],
  ["regDate", "cancelDate"],
  ["freezeFrom", "freezeTo"],
  ["freezeFrom", "unfreezeDate"],
  // announcements, land, periods
  ["announceDate", "startTime", "endTime"],
  ["signupDeadline", "startTime"],
  ["regStartDate", "regEndDate"],
  ["publicityFrom", "publicityTo"],
  ["contractDate", "agreedStartDate", "agreedCompletionDate"],
  ["startDate", "endDate"],
  ["messageTime", "replyTime"],
  ["allocateDate", "deadline"],
];

const day = (v: unknown) => (typeof v === "string" && v.length >= 10 ? v.slice(0, 10) : undefined);

/** The declared pairs a record breaks, as "earlier > later" texts (empty when its dates are in order). */
export function dateOrderProblems(record: Rec): string[] {
  const problems: string[] = [];
  for (const chain of dateChains) {
    const present = chain.filter((k) => day(record[k]) !== undefined);
    for (let i = 0; i < present.length; i++)
      for (let j = i + 1; j < present.length; j++) {
        const [a, b] = [present[i]!, present[j]!];
        if (day(record[a])! > day(record[b])!) problems.push(`${a} ${day(record[a])} > ${b} ${day(record[b])}`);
      }
  }
  return problems;
}

/**
 * Puts a record's dates in the declared order, each field keeping its own time part (the generators call it
 * after drawing dates independently): the days of each chain are sorted, repeatedly, until every chain holds.
 */
export function orderDates(record: Rec): void {
  for (let pass = 0; pass < 8; pass++) {
    let changed = false;
    for (const chain of dateChains) {
      const present = chain.filter((k) => day(record[k]) !== undefined);
      const days = present.map((k) => day(record[k])!);
      const sorted = [...days].sort();
      present.forEach((k, i) => {
        if (days[i] !== sorted[i]) {
          record[k] = sorted[i]! + (record[k] as string).slice(10);
          changed = true;
        }
      });
    }
    if (!changed) return;
  }
}

/** A date set exactly when its status says so: a row still 在列 has no removal date, one 已移出 has it. */
export interface StatusDate {
  status: string;
  dict: string;
  date: string;
  /** the status values (codes) that go with the date; any other status goes without it */
  with: readonly string[];
}

export const statusDates: readonly StatusDate[] = [
  { status: "status", dict: "creditListStatus", date: "removalDate", with: ["removed"] },
  { status: "caseStatus", dict: "judicialCaseStatus", date: "closeDate", with: ["closed"] },
  { status: "status", dict: "freezeStatus", date: "unfreezeDate", with: ["unfrozen"] },
];

/** The status rules a record breaks, given the dictionary of each of its fields. */
export function statusProblems(record: Rec, dictOf: (key: string) => string | undefined): string[] {
  const problems: string[] = [];
  for (const rule of statusDates) {
    if (dictOf(rule.status) !== rule.dict || record[rule.status] === null || record[rule.status] === undefined) continue;
    const dated = day(record[rule.date]) !== undefined;
    const expects = rule.with.includes(String(record[rule.status]));
    if (dated !== expects) problems.push(`${rule.status} ${String(record[rule.status])} ${dated ? "with" : "without"} ${rule.date}`);
  }
  return problems;
}

// ---------------------------------------------------------------- issuing bodies

/** Kinds of issuing body: how a reader recognises one by name, sample names, and its decision numbers' abbreviation. */
export const issuers = {
  court: { test: /法院$/, abbr: "", names: ["西安市中级人民法院", "西安市雁塔区人民法院", "西安市未央区人民法院", "西安市长安区人民法院", "咸阳市秦都区人民法院", "宝鸡市金台区人民法院", "渭南市临渭区人民法院", "陕西省高级人民法院"] },
  arbitration: { test: /仲裁委员会$/, abbr: "", names: ["西安仲裁委员会", "宝鸡仲裁委员会"] },
  tax: { test: /税务局/, abbr: "税", names: ["国家税务总局陕西省税务局", "国家税务总局西安市税务局", "国家税务总局陕西省税务局第一稽查局", "国家税务总局咸阳市税务局"] },
  environment: { test: /生态环境(局|厅)$/, abbr: "环", names: ["西安市生态环境局", "陕西省生态环境厅", "宝鸡市生态环境局", "咸阳市生态环境局"] },
  market: { test: /市场监督管理局$/, abbr: "市监", names: ["西安市市场监督管理局", "咸阳市市场监督管理局", "陕西省市场监督管理局", "西安市雁塔区市场监督管理局", "宝鸡市市场监督管理局"] },
  approval: { test: /行政审批服务局$/, abbr: "审批", names: ["西安市行政审批服务局", "宝鸡市行政审批服务局"] },
  emergency: { test: /应急管理(局|厅)$/, abbr: "应急", names: ["西安市应急管理局", "陕西省应急管理厅", "咸阳市应急管理局"] },
  fire: { test: /消防救援(支队|总队|大队)$/, abbr: "消", names: ["西安市消防救援支队", "陕西省消防救援总队"] },
  finance: { test: /财政(局|厅)$/, abbr: "财", names: ["陕西省财政厅", "西安市财政局"] },
  construction: { test: /住房和城乡建设(局|厅)$/, abbr: "建", names: ["陕西省住房和城乡建设厅", "西安市住房和城乡建设局"] },
  transport: { test: /交通运输(局|厅)$/, abbr: "交", names: ["西安市交通运输局", "陕西省交通运输厅"] },
  telecom: { test: /通信管理局$/, abbr: "通信", names: ["陕西省通信管理局"] },
  water: { test: /(水利|水务)(局|厅)$/, abbr: "水", names: ["陕西省水利厅", "西安市水务局"] },
  drug: { test: /药品监督管理局$/, abbr: "药监", names: ["陕西省药品监督管理局"] },
  science: { test: /科学技术(厅|局)/, abbr: "科", names: ["陕西省科学技术厅"] },
  industry: { test: /工业和信息化(部|厅|局)$/, abbr: "工信", names: ["工业和信息化部", "陕西省工业和信息化厅", "西安市工业和信息化局"] },
  land: { test: /自然资源(和规划)?(局|厅)$/, abbr: "自然资", names: ["西安市自然资源和规划局", "宝鸡市自然资源局", "咸阳市自然资源局"] },
  customs: { test: /海关$/, abbr: "关", names: ["中华人民共和国西安海关"] },
  rating: { test: /(资信|评估|评级)/, abbr: "", names: ["联合资信评估股份有限公司"] },
  platform: { test: /平台$/, abbr: "", names: ["陕西省企业综合服务平台"] },
} as const;

export type IssuerKind = keyof typeof issuers;

/** A government body of any kind (honours, labels, policies are published by many). */
const government: IssuerKind[] = (Object.keys(issuers) as IssuerKind[]).filter((k) => !["court", "arbitration", "rating", "platform"].includes(k));
const registration: IssuerKind[] = ["market", "approval"];

/**
 * Violations by the words of their description, and the body that penalises them (the first match; anything
 * else — false advertising, unlicensed trading, quality, annual reports — is market regulation's).
 */
export const penaltyActs: { act: string; facts: string; penalty: string; issuer: IssuerKind }[] = [
  { act: "未按规定公示年度报告", facts: "企业未在规定期限内公示上一年度年度报告。", penalty: "警告", issuer: "market" },
  { act: "虚假宣传", facts: "在产品宣传中使用未经证实的功效表述，构成虚假宣传。", penalty: "罚款", issuer: "market" },
  { act: "违反安全生产规定", facts: "未按规定对从业人员进行安全生产教育和培训。", penalty: "罚款", issuer: "emergency" },
  { act: "超标排放大气污染物", facts: "在线监测数据显示颗粒物排放浓度超过排放标准。", penalty: "罚款", issuer: "environment" },
  { act: "未取得许可从事经营", facts: "未取得相应许可证即开展相关经营活动。", penalty: "没收违法所得、罚款", issuer: "market" },
  { act: "产品质量不合格", facts: "抽检产品的标注项目与实际不符，判定为不合格。", penalty: "罚款", issuer: "market" },
  { act: "违反消防安全规定", facts: "疏散通道堆放杂物，影响安全疏散。", penalty: "责令改正、罚款", issuer: "fire" },
  { act: "未按期办理纳税申报", facts: "未按照规定期限办理纳税申报和报送纳税资料。", penalty: "罚款", issuer: "tax" },
];

const actIssuer: [RegExp, IssuerKind][] = [
  [/排放|污染|环境|危险废物/, "environment"],
  [/安全生产/, "emergency"],
  [/消防/, "fire"],
  [/纳税|税款|发票|税/, "tax"],
];
const penaltyIssuer = (r: Rec): IssuerKind[] => {
  const act = `${String(r.illegalActType ?? "")}${String(r.illegalFacts ?? "")}`;
  return [actIssuer.find(([re]) => re.test(act))?.[1] ?? "market"];
};

/** Licences by the words of their name, and the body that grants them. */
const licenceIssuer: [RegExp, IssuerKind[]][] = [
  [/排污|辐射/, ["environment", "approval"]],
  [/建筑/, ["construction", "approval"]],
  [/安全生产|危险化学品/, ["emergency", "approval"]],
  [/食品/, ["market", "approval"]],
  [/医疗器械|药品/, ["drug", "market", "approval"]],
  [/道路运输/, ["transport", "approval"]],
  [/电信/, ["telecom"]],
  [/取水/, ["water", "approval"]],
];
const licenceAuthority = (name: unknown): IssuerKind[] => licenceIssuer.find(([re]) => re.test(String(name ?? "")))?.[1] ?? [...registration, "market"];

/** 失信名单 by list: the courts list judgment defaulters, tax bureaus tax violators, and so on. */
const creditListIssuer: Record<string, IssuerKind[]> = {
  judgmentDefaulter: ["court"],
  taxViolation: ["tax"],
  procurement: ["finance"],
  marketRegulation: ["market"],
  other: government,
};

const gradeIssuer: Record<string, IssuerKind[]> = { taxCredit: ["tax"], customsCredit: ["customs"], bankRating: ["rating"], envCredit: ["environment"], platformGrade: ["platform"] };

type Rule = (record: Rec) => IssuerKind[];

/** The issuing body a field may name, by family short name (its perm after the colon) and field. */
const familyIssuers: Record<string, Record<string, Rule>> = {
  synlosspromiselist: { decisionAuthority: (r) => creditListIssuer[String(r.listType)] ?? government },
  syncaseinfodjgs: { authority: penaltyIssuer },
  syndetaillistpenalty: { authority: penaltyIssuer },
  syndetaillistlicense: { authority: (r) => licenceAuthority(r.licenceName) },
  enadministrativelicense: { authority: (r) => licenceAuthority(r.certName) },
  synfiliationlist: { branchRegAuthority: () => registration },
  synentinvitemlist: { investeeRegAuthority: () => registration },
  enforeigninvestmentinfo: { investeeRegAuthority: () => registration },
  synitemnamelist: { issuingGovernment: () => government },
  synentlabelinfo: { source: () => government },
  syndkgsresults: { issuer: () => ["land"] },
  enenterprisegrade: { evaluator: (r) => gradeIssuer[String(r.gradeType)] ?? ["tax"] },
  enhonoraryqualifications: { issuingAuthority: () => government },
  hitech: { authority: () => ["science"] },
  paclist: { issuingAuthority: () => government },
};

/** Fields that name a court wherever they are, and the issuer of an enforcement basis (a court or an arbitration). */
const keyIssuers: Record<string, Rule> = { court: () => ["court"], basisIssuer: () => ["court", "arbitration"] };

/** Whether a field names an issuing body (authority, court, issuer, evaluator…): each such field needs a rule. */
export const namesIssuer = (key: string) => /(authority|Authority|court|Court|issuer|Issuer|evaluator|publisher|issuingGovernment|^source)$/.test(key) && !/CreditCode$/.test(key);

/** The kinds of body a field of a family may name in this record, or undefined when nothing is declared. */
export function issuerRule(familyShort: string, key: string): Rule | undefined {
  return familyIssuers[familyShort]?.[key] ?? keyIssuers[key];
}

export const isIssuerOf = (name: string, kinds: readonly IssuerKind[]) => kinds.some((k) => issuers[k].test.test(name));

/** The kinds of body a field may name in this record (none when nothing is declared). */
export const issuerKinds = (familyShort: string, key: string, record: Rec): IssuerKind[] => issuerRule(familyShort, key)?.(record) ?? [];

/** A body of one of the kinds, drawn by the caller's random pick; and the abbreviation its decision numbers carry. */
export function pickIssuer(kinds: readonly IssuerKind[], pick: <T>(list: readonly T[]) => T): { name: string; abbr: string } {
  const kind = pick(kinds);
  return { name: pick(issuers[kind].names), abbr: issuers[kind].abbr };
}

/** Decision numbers carry their body's abbreviation (陕环罚〔2024〕12号 is an environment bureau's). */
export function docNoIssuer(docNo: string): IssuerKind | undefined {
  const m = /^[陕西咸宝渭铜延汉榆安商]{0,2}(市监|环|税稽?|应急|消|审批|财|建|交|药监)/.exec(docNo);
  if (!m) return undefined;
  const abbr = m[1]!.replace("税稽", "税");
  return (Object.keys(issuers) as IssuerKind[]).find((k) => issuers[k].abbr === abbr);
}

// ---------------------------------------------------------------- places

const shortName = (a: AreaSeed) => (a.name.length > 2 ? a.name.replace(/(市|区|县)$/, "") : a.name);
const cities = areaSeed.filter((a) => a.level === 2);
const counties = areaSeed.filter((a) => a.level === 3);

/** The cities and districts a name speaks of (by their short names: 西安, 雁塔, 太白…). */
export function placesIn(name: string): { cities: AreaSeed[]; districts: AreaSeed[] } {
  // the province's own name first, so 陕西安泰 is not read as 西安
  const text = name.replace(/陕西省?/g, "|");
  return { cities: cities.filter((c) => text.includes(shortName(c))), districts: counties.filter((d) => text.includes(shortName(d))) };
}

/** Whether a district (its code) lies where a name says: in every district the name names, and in every city. */
export function placeProblems(name: string, districtCode: string): string[] {
  const district = counties.find((d) => d.code === districtCode);
  const city = district ? cities.find((c) => c.code === district.parentCode) : cities.find((c) => c.code === districtCode);
  const named = placesIn(name);
  const problems: string[] = [];
  for (const c of named.cities) if (c.code !== city?.code) problems.push(`${name} names ${c.name} but lies in ${city?.name ?? districtCode}`);
  for (const d of named.districts) if (d.code !== district?.code) problems.push(`${name} names ${d.name} but lies in ${district?.name ?? districtCode}`);
  return problems;
}

/** The district an address names after its city (陕西省西安市雁塔区… → 雁塔区), if any. */
export function districtOfAddress(address: string): AreaSeed | undefined {
  const city = cities.find((c) => address.includes(c.name));
  const rest = city ? address.slice(address.indexOf(city.name) + city.name.length) : address;
  return counties.filter((d) => rest.startsWith(d.name) && (!city || d.parentCode === city.code))[0];
}
