/**
 * The generic value builder: a value for any declared field from its kind, dictionary and rules, shaped by
 * its key (amounts, years, phones, codes…) and, for the key text fields of the important families, by
 * curated lists (texts.ts), so any family declared later gets believable records without code here.
 */
import type { Field } from "../../../events/fields.ts";
import { daysBefore, landline, mobile, personName } from "./enterprises.ts";
import { dateAround, dateBefore, datetimeBefore, districts, entName, firmOf, fresh, pad, year, type BuildContext } from "./context.ts";
import { curated, longText } from "./texts.ts";
import { authorities, banks, courts, industries, roads } from "./words.ts";
import { orderDates } from "../../../events/coherence.ts";

const idCardWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
function idCard(ctx: BuildContext): string {
  const area = ctx.ent?.district.code ?? "610113";
  const birth = daysBefore(ctx.at, ctx.rng.int(25 * 365, 60 * 365)).replace(/-/g, "");
  const body = `${area}${birth}${ctx.rng.digits(3)}`;
  const sum = idCardWeights.reduce((acc, w, i) => acc + Number(body[i]) * w, 0);
  return body + "10X98765432"[sum % 11];
}

/** Keys that name a person (a demo name, not a user id). */
const personKeys = /^(legalPerson|contactName|lecturer|lawyerName|executedPerson|investeeLegalPerson|inventors|askerName|operator|companions|restrictedName|followName|examBy|participantNames|pledgorName|pledgeeName)$/;

/** Key-shaped values shared by all families. */
function byKey(ctx: BuildContext, key: string, field: Field): unknown {
  const { rng, ent } = ctx;
  const zh = field.label["zh-CN"];
  if (field.kind === "text") {
    if (/^(entName|relatedEntName|applicants?|copyrightOwner|counterparty|partnerName|customerName)$/.test(key)) return key === "counterparty" || key === "partnerName" ? ctx.other().entName : entName(ctx);
    if (/CreditCode$/.test(key)) return fresh(ctx);
    if (personKeys.test(key) || /联系人|法定代表人|发明人|讲师|律师|经办人/.test(zh)) return key === "inventors" ? `${personName(rng)};${personName(rng)}` : key === "legalPerson" && ent ? ent.legalPerson : key === "contactName" && ent && rng.chance(0.7) ? ent.contactName : personName(rng);
    if (/areaCode$/.test(key)) return ent?.district.code ?? rng.pick(districts).code;
    if (/(Address|^address)$/.test(key) || /地址|住所/.test(zh)) return ent?.address ?? `陕西省西安市${rng.pick(districts.filter((d) => d.parentCode === "610100")).name}${rng.pick(roads)}${rng.int(1, 300)}号`;
    if (/^(location|venue)$/.test(key)) return rng.pick(["西安国际会展中心", "陕西宾馆会议中心", "西安高新区创业咖啡街区", "秦创原总窗口路演厅", `${ent?.city.name ?? "西安市"}企业服务中心会议室`, "线上直播"]);
    if (/court$/i.test(key)) return rng.pick(courts);
    if (/authority$|Authority$|evaluator/.test(key)) return rng.pick(authorities);
    if (/^(institutionName)$/.test(key)) return rng.pick(banks);
    if (/^(organizer|supplierName|providerName|sponsor|serviceInstitution|underwriter|agency|manufacturer)$/.test(key)) return firmOf(ctx);
    if (/^(industryCode|gbCode)$/.test(key)) return ent?.industryCode ?? rng.pick(industries.C!.classes);
    if (/(Url|url)$/.test(key)) return ent?.website ?? "https://www.shaanxi.gov.cn";
    if (/^(remark|checkOpinion|reviewOpinion|examOpinion)$/.test(key) || /备注/.test(zh)) return rng.pick(["资料齐全", "已电话核实", "按期跟进", "企业配合度高", "待补充材料", "无"]);
    if (/^(period)$/.test(key)) return String(year(ctx.at) - rng.int(0, 2)) + (rng.chance(0.5) ? `-${pad(rng.int(1, 12), 2)}` : "");
    if (key === "cooperationMode") return rng.pick(["股权合作", "债权融资", "技术合作", "合资建设", "产品代理"]);
    if (key === "sourceTable") return rng.pick(["en_financial_info", "en_social_security_info", "en_patent_info", "en_enterprise_basic_info"]);
    if (key === "sourceColumn") return rng.pick(["operating_income", "total_profit", "pension_count", "reg_capital"]);
    if (key === "defaultValue") return "0";
    if (key === "participantNames") return [personName(rng), personName(rng), personName(rng)].slice(0, rng.int(1, 3)).join("、");
    if (/^(manageState)$/.test(key)) return rng.pick(["开业", "开业", "开业", "歇业"]);
    if (/^(grade)$/.test(key)) return rng.pick(["A", "B", "AA", "AAA"]);
    if (/(Version|version)$/.test(key)) return `V${rng.int(1, 3)}.${rng.int(0, 9)}`;
    if (/^(unit)$/.test(key)) return rng.pick(["台", "套", "件"]);
    if (/^(model)$/.test(key)) return `${rng.pick(["XK", "HD", "QC", "SX"])}-${rng.int(100, 999)}`;
    if (/(Code|No|code)$/.test(key) || /编号|编码|号码|文号|案号|代码/.test(zh)) return `${rng.pick(["SX", "XA", "QC", "HT"])}${year(ctx.at) - rng.int(0, 3)}${rng.digits(5)}`;
    if (/(title|Title|Name|name)$/.test(key)) return `${ent?.shortName ?? rng.pick(["陕西", "西安"])}${zh.replace(/名称|标题|主题/g, "")}${ctx.index + 1}`;
    if (/^(content|description|summary|body|question|answer|demands|solution|conclusion|result|handleResult|progressNote|issues|coordinationNeeded|nextStep|nextPlan|purpose|useOfFunds|caseSummary|demandDescription|cooperationContent|scoreRule|formula|expression|serviceScope|cancelReason|targetCustomers|applyConditions|conditions|materials|process|benefits|qualification|blacklistReason|feedback|businessScope)$/.test(key))
      return longText(ctx, key);
    return undefined;
  }
  if (field.kind === "int") {
    if (/[Yy]ear$/.test(key)) return year(ctx.at) - rng.int(1, 4);
    if (/^employeeCount$/.test(key)) return ent ? Math.max(1, Math.round(ent.employees * rng.num(0.85, 1.1))) : rng.int(10, 500);
    if (/Count$|count$|Num$|quantity|capacity/.test(key)) return ent ? rng.int(1, Math.max(2, Math.min(ent.employees, 300))) : rng.int(1, 120);
    if (/^(sort|sortNo|rowNo|ranking|orderNum)$/.test(key)) return ctx.index + 1;
    if (/intClass/.test(key)) return rng.int(1, 45);
    if (/satisfaction|rating/.test(key)) return rng.int(3, 5);
    if (/Months$/.test(key)) return rng.pick([6, 12, 12, 24, 36]);
    if (/Days$|days$/.test(key)) return rng.int(5, 120);
    if (/^level$/.test(key)) return rng.int(1, 3);
    if (/[Vv]ersion$/.test(key)) return rng.int(1, 3);
    return rng.int(1, 100);
  }
  if (field.kind === "number") {
    const scale = ent ? Math.max(1, ent.revenue / 1000) : 1;
    if (/^regCapital$|RegCapital$/.test(key)) return ent && key === "regCapital" ? ent.regCapital : rng.int(1, 500) * 10;
    if (/rating|satisfaction/.test(key)) return rng.int(3, 5);
    if (/ratio|Ratio|rate|Rate|percent|Percent/.test(key)) return /coupon|rate|Rate/.test(key) && !/ratio|Ratio/.test(key) ? rng.num(2.5, 8.5, 2) : rng.num(1, 60, 2);
    if (/^(longitude)$/.test(key)) return rng.num(107.5, 109.5, 6);
    if (/^(latitude)$/.test(key)) return rng.num(33.5, 35.2, 6);
    if (/score|Score|weight|Weight/.test(key)) return rng.int(60, 100);
    if (/termYears/.test(key)) return rng.pick([3, 5, 7]);
    if (/issueSize/.test(key)) return rng.num(1, 20, 1);
    if (/usage/.test(key)) return rng.num(1000, 90000, 0);
    if (/progress/.test(key)) return rng.int(0, 100);
    if (/threshold/.test(key)) return rng.int(1, 100);
    if (/quantity/.test(key)) return rng.int(1, 20);
    if (/(Amount|amount|Assets|Income|Revenue|Sales|Tax|Investment|Expense|Value|Paid|Base|Arrears|Equity|Liabilit|Profit|Capital|Price|Need|Min|Max|Size)/.test(key)) {
      if (/Profit/.test(key)) return Math.round(rng.num(-0.05, 0.12, 3) * 1000 * scale * 10) / 10;
      return Math.round(rng.num(0.05, 1.5, 3) * 1000 * scale * 10) / 10;
    }
    return rng.num(1, 1000, 1);
  }
  if (field.kind === "bool") {
    if (/^(enabled|mandatory|declarable)$/.test(key)) return rng.chance(0.85);
    if (/blacklisted|isHistorical|isImported|isShared/.test(key)) return rng.chance(0.12);
    return rng.chance(0.5);
  }
  if (field.kind === "date") {
    if (/(validTo|validUntil|maturityDate|expiryDate|freezeTo|endDate)$/.test(key)) return dateAround(ctx, 365, 3 * 365);
    if (/(deadline|Deadline|plannedDate|expectedDate)$/.test(key)) return dateAround(ctx, 120, 240);
    return dateBefore(ctx);
  }
  if (field.kind === "datetime") return datetimeBefore(ctx);
  return undefined;
}

/** A value for a JSON field: the first candidate shape its schema accepts. */
function jsonValue(ctx: BuildContext, key: string, field: Field): unknown {
  const { rng } = ctx;
  const candidates: unknown[] = [];
  if (/tags|keywords/.test(key)) candidates.push(rng.sample(["重点企业", "专精特新", "高新技术", "上市后备", "规上企业", "外贸企业"], 2));
  if (/Area|areas/.test(key)) candidates.push(rng.sample(["610100", "610300", "610400", "610500"], 2));
  if (/participants|investors|Invited/.test(key)) candidates.push([{ name: personName(rng) }, { name: personName(rng) }]);
  candidates.push([], {}, [String(ctx.index + 1)], { value: ctx.index + 1 });
  return candidates.find((c) => field.schema.safeParse(c).success);
}

function dictValue(ctx: BuildContext, key: string, field: Field): unknown {
  const values = ctx.dictionaries.get(field.dict!);
  if (!values?.length) return undefined;
  const { rng, ent } = ctx;
  if (ent && !field.multiple) {
    const own: Record<string, string> = { industry: ent.industry, enterpriseScale: ent.scale, listingStatus: ent.listingStatus, enterpriseType: ent.entType };
    if (own[field.dict!] && values.includes(own[field.dict!]!) && /^(industry|scale|listingStatus|entType|enterpriseType|investeeIndustry)$/.test(key)) return own[field.dict!];
  }
  if (field.multiple) return rng.sample(values, rng.int(1, Math.min(3, values.length)));
  // the first values of a dictionary are mostly the usual ones (存续, 有效, 启用…), the rest the exceptions
  const r = rng.next();
  return r < 0.5 ? values[0] : r < 0.7 && values.length > 1 ? values[1] : rng.pick(values);
}

const userKey = /(UserId|userId|By|^applicantId|^examinerId|^assigneeId|^ownerId|^reporterId|^reviewerId|^receiverId|^visitorId|^evaluatorId|^answererId|^leaderId|^recorderId|^followerId)$/;

/** Whether a ref names a person or a department (always fillable from the seeded organisation). */
export const refToPeople = (key: string, field: Field) => key === "userId" || userKey.test(key) || /人$|专员|经理/.test(field.label["zh-CN"]) || /[Dd]eptId$/.test(key);

function refValue(ctx: BuildContext, key: string, field: Field): unknown {
  if (refToPeople(key, field) && !/[Dd]eptId$/.test(key)) return ctx.rng.pick(ctx.users).id;
  if (/[Dd]eptId$/.test(key)) return ctx.rng.pick(ctx.departments);
  return ctx.ref(key);
}

/** The value of one unmanaged field, or undefined to leave it empty. */
export function fieldValue(ctx: BuildContext, key: string, field: Field): unknown {
  if (ctx.ent && key === "creditCode") return ctx.ent.creditCode;
  if (ctx.ent && key === "entName") return ctx.ent.entName;
  const candidates: unknown[] = [];
  const own = curated[ctx.short]?.[key];
  if (own) candidates.push(own(ctx));
  if (field.rules.includes("creditCode")) candidates.push(fresh(ctx));
  if (field.rules.includes("mobile") || (field.rules.includes("phone") && /[Mm]obile|contact/.test(key))) candidates.push(key === "contactPhone" && ctx.ent ? ctx.ent.contactPhone : mobile(ctx.rng));
  if (field.rules.includes("phone")) candidates.push(ctx.ent && ctx.rng.chance(0.5) ? ctx.ent.phone : landline(ctx.rng, ctx.ent?.city.code ?? "610100"));
  if (field.rules.includes("landline")) candidates.push(landline(ctx.rng, ctx.ent?.city.code ?? "610100"));
  if (field.rules.includes("email")) candidates.push(ctx.ent?.email ?? `service${ctx.index + 1}@example.cn`);
  if (field.rules.includes("zoningCode")) candidates.push(ctx.ent?.district.code ?? ctx.rng.pick(districts).code);
  if (field.rules.includes("url")) candidates.push(ctx.ent?.website ?? "https://www.shaanxi.gov.cn");
  if (field.rules.includes("idCard")) candidates.push(idCard(ctx));
  if (field.rules.includes("noOuterSpaces") && field.kind === "text") candidates.push(`${ctx.short.slice(0, 3).toUpperCase()}${pad(ctx.index + 1, 4)}`);
  switch (field.kind) {
    case "dict":
      candidates.push(dictValue(ctx, key, field));
      break;
    case "ref":
      candidates.push(refValue(ctx, key, field));
      break;
    case "refs":
      if (field.required) candidates.push([ctx.rng.pick(ctx.users).id]);
      break;
    case "json":
      candidates.push(jsonValue(ctx, key, field));
      break;
    default:
      candidates.push(byKey(ctx, key, field));
  }
  // a generic fallback per kind, for keys nobody foresaw
  if (field.kind === "text") candidates.push(`${field.label["zh-CN"]}${ctx.index + 1}`);
  if (field.kind === "int") candidates.push(1, 0);
  if (field.kind === "number") candidates.push(1);
  if (field.kind === "date") candidates.push(dateBefore(ctx));
  for (const value of candidates) {
    if (value === undefined || value === null) continue;
    if (field.schema.safeParse(value).success) return value;
    if (typeof value === "string") for (const n of [64, 32, 16, 8]) if (value.length > n && field.schema.safeParse(value.slice(0, n)).success) return value.slice(0, n);
  }
  return undefined;
}

/** Start/end pairs in order (validFrom ≤ validTo, startDate ≤ endDate, appDate ≤ pubDate ≤ grantDate…), the declared date chains last. */
export function orderPairs(record: Record<string, unknown>): void {
  const chains = [
    ["validFrom", "validTo"], ["startDate", "endDate"], ["startTime", "endTime"], ["freezeFrom", "freezeTo"], ["appDate", "pubDate", "grantDate"],
    ["appDate", "prelimPubDate", "regPubDate"], ["completeDate", "firstPubDate", "regDate"], ["issueDate", "maturityDate"], ["publicityDate", "issueDate", "validUntil"],
    ["subscribedDate", "paidDate"], ["signupDeadline", "startTime", "endTime"], ["amountMin", "amountMax"], ["rateMin", "rateMax"], ["allocateDate", "deadline"], ["filingDate", "publishDate"], ["decisionDate", "validFrom", "validTo"], ["pubDate", "validFrom", "validTo"], ["judgeDate", "publishDate", "syncedAt"], ["decisionDate", "publicityDeadline"], ["filingDate", "closeDate"], ["regDate", "publicDate", "cancelDate"], ["messageTime", "replyTime"], ["followTime"], ["declareTime"], ["decisionDate", "publishDate", "syncedAt"],
  ];
  for (const chain of chains) {
    const numbers = chain.filter((k) => typeof record[k] === "number");
    const sortedNumbers = numbers.map((k) => record[k] as number).sort((a, b) => a - b);
    numbers.forEach((k, i) => (record[k] = sortedNumbers[i]));
    // dates and datetimes may share a chain: the days are ordered, each field keeps its own time part
    const texts = chain.filter((k) => typeof record[k] === "string");
    const days = texts.map((k) => (record[k] as string).slice(0, 10)).sort();
    texts.forEach((k, i) => (record[k] = days[i] + (record[k] as string).slice(10)));
  }
  orderDates(record);
}
