/**
 * The demo region's enterprises: each placed in a real district of Shaanxi (events/seed/areas.ts), with a
 * valid credit code of that district, a name of place + 字号 + industry word + company form, a legal
 * person, an industry, a size and the figures that follow from it.
 */
import { areaSeed, type AreaSeed } from "../../../events/seed/areas.ts";
import { placesIn } from "../../../events/coherence.ts";
import { Rng } from "./random.ts";
import { creditCode } from "./uscc.ts";
import { buildings, cityAreaCodes, cityWeights, givenChars, industries, mobilePrefixes, roads, surnames, tradeNames } from "./words.ts";

export interface DemoEnterprise {
  index: number;
  creditCode: string;
  entName: string;
  /** the name without the company form, for brands and short names */
  shortName: string;
  tradePinyin: string;
  legalPerson: string;
  legalPersonMobile: string;
  contactName: string;
  contactPhone: string;
  phone: string;
  email: string;
  website: string;
  city: AreaSeed;
  district: AreaSeed;
  address: string;
  /** GB/T 4754 section letter */
  industry: string;
  industryCode: string;
  industryWord: string;
  /** enterpriseScale: 1 large … 4 micro */
  scale: "1" | "2" | "3" | "4";
  /** enterpriseType: 1 LLC, 2 joint-stock */
  entType: "1" | "2";
  jointStock: boolean;
  /** listingStatus: 1 not listed … 5 regional market */
  listingStatus: "1" | "2" | "3" | "4" | "5";
  /** 万元 */
  regCapital: number;
  estDate: string;
  employees: number;
  /** 万元, last year */
  revenue: number;
  businessScope: string;
  regAuthority: string;
  products: string[];
}

const districtsOf = (cityCode: string) => areaSeed.filter((a) => a.parentCode === cityCode && a.level === 3);
const cityName = (a: AreaSeed) => a.name.replace(/市$/, "");

export function personName(rng: Rng): string {
  return rng.pick(surnames) + (rng.chance(0.35) ? rng.pick(givenChars) : rng.pick(givenChars) + rng.pick(givenChars));
}

export const mobile = (rng: Rng) => rng.pick(mobilePrefixes) + rng.digits(8);

export function landline(rng: Rng, cityCode: string): string {
  const code = cityAreaCodes[cityCode] ?? "029";
  return `${code}-${code === "029" ? `8${rng.digits(7)}` : `${rng.int(2, 8)}${rng.digits(6)}`}`;
}

/** yyyy-MM-dd of `at` minus `days`. */
export function daysBefore(at: string, days: number): string {
  return new Date(Date.parse(at) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Scale by industry: manufacturing and construction have the large ones, services are mostly small. */
function scaleFor(rng: Rng, industry: string): DemoEnterprise["scale"] {
  const heavy = ["B", "C", "D", "E"].includes(industry);
  return rng.weighted<DemoEnterprise["scale"]>(heavy ? [["1", 8], ["2", 22], ["3", 45], ["4", 25]] : [["1", 3], ["2", 12], ["3", 45], ["4", 40]]);
}

const capitalRange: Record<DemoEnterprise["scale"], [number, number]> = { "1": [20000, 200000], "2": [3000, 20000], "3": [500, 5000], "4": [10, 500] };
const employeeRange: Record<DemoEnterprise["scale"], [number, number]> = { "1": [1000, 8000], "2": [300, 999], "3": [20, 299], "4": [3, 19] };

export function demoEnterprises(rng: Rng, count: number, at: string): DemoEnterprise[] {
  const used = new Set<string>();
  const names = new Set<string>();
  const cities = areaSeed.filter((a) => a.level === 2);
  const out: DemoEnterprise[] = [];
  const sections = Object.entries(industries).map(([k, p]) => [k, p.weight] as const);
  for (let index = 0; index < count; index++) {
    let city = rng.weighted(cities.map((c) => [c, cityWeights[c.code] ?? 2] as const));
    let district = rng.pick(districtsOf(city.code));
    const drawn = { city, district };
    const industry = rng.weighted(sections);
    const profile = industries[industry]!;
    const scale = scaleFor(rng, industry);
    const jointStock = scale === "1" ? rng.chance(0.6) : scale === "2" ? rng.chance(0.25) : rng.chance(0.04);
    const form = jointStock ? "股份有限公司" : "有限公司";
    let entName = "";
    let shortName = "";
    let trade: [string, string] = tradeNames[0]!;
    let industryWord = "";
    for (let attempt = 0; ; attempt++) {
      trade = rng.pick(tradeNames);
      industryWord = rng.pick(profile.words);
      // a 字号 naming a district (雁塔, 太白) puts the enterprise in it, so its name and its place agree
      const named = placesIn(trade[0]).districts[0];
      ({ city, district } = named ? { city: cities.find((c) => c.code === named.parentCode)!, district: named } : drawn);
      const kind = rng.weighted([["province", 20], ["city", 70], ["district", 10]] as const);
      const place = kind === "province" ? "陕西" : kind === "city" || named ? cityName(city) : district.name.length > 2 ? district.name.replace(/[区县市]$/, "") : district.name;
      shortName = `${place}${trade[0]}${industryWord}`;
      entName = `${shortName}${form}`;
      if (!names.has(entName)) break;
      if (attempt > 20) {
        shortName = `${place}${trade[0]}${rng.pick(["达", "盛", "信", "远"])}${industryWord}`;
        entName = `${shortName}${form}`;
        if (!names.has(entName)) break;
      }
    }
    names.add(entName);
    const ageDays = rng.weighted([[rng.int(200, 1800), 35], [rng.int(1800, 5400), 45], [rng.int(5400, 10500), 20]] as const);
    const estDate = daysBefore(at, ageDays);
    const [cMin, cMax] = capitalRange[scale];
    const [eMin, eMax] = employeeRange[scale];
    const regCapital = Math.round(rng.num(cMin, cMax, 0) / 10) * 10 || 10;
    const employees = rng.int(eMin, eMax);
    const listingStatus: DemoEnterprise["listingStatus"] =
      scale === "1" ? rng.weighted([["3", 40], ["2", 25], ["4", 15], ["1", 20]] as const) : scale === "2" ? rng.weighted([["1", 55], ["2", 15], ["4", 15], ["5", 15]] as const) : rng.weighted([["1", 88], ["5", 10], ["4", 2]] as const);
    // drawn whatever the dates, so the same enterprises (names, codes) come out for any `at`
    const modernDraw = rng.chance(0.3);
    const legalPerson = personName(rng);
    const contactName = rng.chance(0.4) ? legalPerson : personName(rng);
    const building = rng.chance(0.5) ? `${rng.pick(buildings)}${rng.int(2, 28)}层${rng.int(1, 28).toString().padStart(2, "0")}室` : "";
    out.push({
      index,
      // codes assigned since the 2015 reform are "MA…"; older enterprises mostly kept their number
      creditCode: creditCode(rng, district.code, { modern: Date.parse(estDate) > Date.parse("2015-10-01") || modernDraw }, used),
      entName,
      shortName,
      tradePinyin: trade[1],
      legalPerson,
      legalPersonMobile: mobile(rng),
      contactName,
      contactPhone: mobile(rng),
      phone: landline(rng, city.code),
      email: `${rng.pick(["info", "contact", "hr", "service", "office"])}@${trade[1]}${rng.int(1, 99)}.com.cn`,
      website: `https://www.${trade[1]}${rng.int(1, 99)}.com.cn`,
      city,
      district,
      address: `陕西省${city.name}${district.name}${rng.pick(roads)}${rng.int(1, 399)}号${building}`,
      industry,
      industryCode: rng.pick(profile.classes),
      industryWord,
      scale,
      entType: jointStock ? "2" : "1",
      jointStock,
      listingStatus,
      regCapital,
      estDate,
      employees,
      revenue: Math.round(employees * rng.num(20, 160, 0)),
      businessScope: `一般项目：${profile.scope}（除依法须经批准的项目外，凭营业执照依法自主开展经营活动）`,
      regAuthority: `${city.name}${district.name}市场监督管理局`,
      products: profile.products,
    });
  }
  return out;
}
