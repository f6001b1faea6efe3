/** Curated values of the key text fields of the important families, and long texts by key. */
import { personName } from "./enterprises.ts";
import { daysBefore } from "./enterprises.ts";
import { firmOf, pad, product, year, type BuildContext } from "./context.ts";
import {
  activityTitles, authorities, banks, courts, demandTitles, honourNames, industries, lawFirms, licenceNames, projectNames, serviceFirms, tradeNames, trainingTopics,
} from "./words.ts";

type Gen = (ctx: BuildContext) => unknown;

/** Key text fields of the important families (family short name → key → value). */
export const curated: Record<string, Record<string, Gen>> = {
  enpatentinfo: {
    title: (c) =>
      ["I", "J", "L", "R"].includes(c.ent?.industry ?? "")
        ? `一种基于${c.rng.pick(["深度学习", "物联网", "区块链", "边缘计算", "知识图谱"])}的${product(c)}${c.rng.pick(["数据处理方法", "监测方法及系统", "任务调度方法", "身份认证方法"])}`
        : `一种${product(c)}的${c.rng.pick(["制备方法", "控制系统", "检测装置", "安装结构", "智能调节方法", "散热组件", "自动化生产线"])}`,
    appNo: (c) => `CN${year(c.at) - c.rng.int(1, 8)}${c.rng.pick(["1", "2", "3"])}${c.rng.digits(7)}.${c.rng.int(0, 9)}`,
    pubNo: (c) => `CN${c.rng.digits(9)}${c.rng.pick(["A", "B", "U", "S"])}`,
    mainIpc: (c) => `${c.rng.pick(["G06F", "B23K", "H01M", "C22C", "G01N", "F16H", "A01G"])} ${c.rng.int(1, 40)}/${pad(c.rng.int(0, 99), 2)}`,
    agency: (c) => c.rng.pick(["西安通大专利代理有限责任公司", "西安智邦专利商标代理有限公司", "陕西增瑞律师事务所", "西安创知专利事务所"]),
  },
  ensoftwarecopyright: {
    softwareName: (c) => `${c.ent?.shortName.replace(/^(陕西|西安|宝鸡|咸阳)/, "") ?? "华信"}${c.rng.pick(["智慧园区管理平台", "企业资源计划系统", "设备远程运维系统", "数据采集与分析软件", "移动办公应用", "安全生产监测平台", "供应链协同系统"])}V${c.rng.int(1, 5)}.0`,
    shortName: (c) => c.rng.pick(["园区平台", "运维系统", "数据分析", "移动办公", "监测平台"]),
    regNo: (c) => `${year(c.at) - c.rng.int(0, 6)}SR${c.rng.digits(7)}`,
    softwareVersion: (c) => `V${c.rng.int(1, 5)}.${c.rng.int(0, 9)}`,
    categoryNo: (c) => c.rng.pick(["30200-0000", "30100-0000", "30000-0000"]),
  },
  entrademarkinfo: {
    tmName: (c) => c.rng.pick([c.ent ? tradeNames.find((t) => c.ent!.shortName.includes(t[0]))?.[0] ?? c.ent.shortName.slice(2, 4) : "华信", c.ent?.tradePinyin.toUpperCase() ?? "HUAXIN", `${c.ent?.shortName.slice(2, 4) ?? "秦川"}${c.rng.pick(["优品", "智造", "云", "之星"])}`]),
    regNo: (c) => c.rng.digits(8),
    intClass: (c) => c.rng.pick([7, 9, 35, 42, 1, 5, 29, 30, 37, 39, 41]),
  },
  enhonoraryqualifications: {
    honorName: (c) => c.rng.pick(honourNames),
    firstCategory: (c) => c.rng.pick(["科技创新", "中小企业", "质量品牌", "绿色制造"]),
    secondCategory: (c) => c.rng.pick(["企业认定", "平台认定", "示范试点"]),
    batch: (c) => `第${c.rng.pick(["一", "二", "三", "四", "五"])}批`,
    issuingAuthority: (c) => c.rng.pick(["工业和信息化部", "陕西省工业和信息化厅", "陕西省科学技术厅", "西安市工业和信息化局"]),
    certificateNo: (c) => `${c.rng.pick(["ZJTX", "CXZX", "GR"])}${year(c.at) - c.rng.int(0, 4)}${c.rng.digits(6)}`,
  },
  enshareholderinfo: {
    shareholderName: (c) => (c.index % 3 === 0 ? c.ent?.legalPerson ?? personName(c.rng) : c.rng.chance(0.5) ? personName(c.rng) : c.other().entName),
    shareholderIdType: (c) => c.rng.pick(["居民身份证", "统一社会信用代码"]),
    shareholderIdNo: (c) => `6101**********${c.rng.digits(4)}`,
  },
  enshareholdertransfersinfo: {
    shareholderName: (c) => personName(c.rng),
    transfereeName: (c) => (c.rng.chance(0.5) ? personName(c.rng) : c.other().entName),
  },
  enadministrativelicense: {
    decisionDocName: (c) => `关于核发${c.rng.pick(licenceNames)}的决定`,
    certName: (c) => c.rng.pick(licenceNames),
    decisionDocNo: (c) => `陕${c.rng.pick(["市监", "环", "建", "应急", "药监"])}许字〔${year(c.at) - c.rng.int(0, 5)}〕${c.rng.int(1, 999)}号`,
    certNo: (c) => `${c.rng.pick(["D", "JY", "SC", "91"])}${c.rng.digits(10)}`,
    authority: (c) => c.rng.pick(authorities),
  },
  enbondfinancing: {
    bondShortName: (c) => `${String(year(c.at) - c.rng.int(0, 5)).slice(2)}${c.ent?.shortName.slice(2, 4) ?? "秦川"}${c.rng.pick(["01", "02", "MTN001", "CP001"])}`,
    bondCode: (c) => c.rng.pick(["1", "0"]) + c.rng.digits(8).slice(0, c.rng.pick([5, 8])),
    bondName: (c) => `${c.ent?.entName ?? "陕西"}${year(c.at) - c.rng.int(0, 5)}年度第${c.rng.pick(["一", "二"])}期${c.rng.pick(["中期票据", "公司债券", "短期融资券"])}`,
    creditRating: (c) => c.rng.pick(["AAA", "AA+", "AA", "AA-"]),
    underwriter: (c) => c.rng.pick(["西部证券股份有限公司", "开源证券股份有限公司", "中信证券股份有限公司", "国泰君安证券股份有限公司"]),
  },
  enforeigninvestmentinfo: {
    investeeName: (c) => c.other().entName,
    investeeLegalPerson: (c) => personName(c.rng),
    investeeType: (c) => c.rng.pick(["有限责任公司(自然人投资或控股)", "有限责任公司(法人独资)", "股份有限公司(非上市)"]),
    investeeRegAuthority: (c) => c.other().regAuthority,
    investeeIndustry: (c) => c.rng.pick(["软件和信息技术服务业", "专用设备制造业", "批发业", "商务服务业"]),
  },
  enrestrictionhighconsumptioncase: {
    caseNo: (c) => `(${year(c.at) - c.rng.int(0, 4)})陕${pad(c.rng.int(100, 1100), 4)}执${c.rng.int(100, 9999)}号`,
    restrictedName: (c) => c.ent?.legalPerson ?? personName(c.rng),
    relatedEntName: (c) => c.ent?.entName ?? c.other().entName,
    applicant: (c) => c.other().entName,
    court: (c) => c.rng.pick(courts),
  },
  enenterprisegrade: {
    grade: (c) => c.rng.pick(["A", "A", "B", "M", "AAA", "AA"]),
    evaluator: (c) => c.rng.pick(["国家税务总局陕西省税务局", "西安海关", "陕西省生态环境厅", "陕西省企业服务平台"]),
  },
  enwaterandelectricity: {
    period: (c) => daysBefore(c.at, 30 * c.rng.int(1, 24)).slice(0, 7),
    accountNo: (c) => c.rng.digits(10),
    supplierName: (c) => c.rng.pick(["国网陕西省电力有限公司", "西安水务(集团)有限责任公司", "西安秦华燃气集团有限公司", "西安市热力集团有限责任公司"]),
    dataSource: () => "公共事业单位共享",
  },
  enfinancialinfo: { period: (c) => String(year(c.at) - 1 - (c.index % 4)) },
  enenterprisebasicinfoszt: { importBatchId: (c) => `IMP${year(c.at)}${pad(c.rng.int(1, 12), 2)}${c.rng.digits(4)}` },
  hitech: {
    certificateNo: (c) => `GR${year(c.at) - c.rng.int(0, 3)}61${c.rng.digits(6)}`,
    batch: (c) => `第${c.rng.pick(["一", "二"])}批`,
    authority: () => "陕西省科学技术厅 陕西省财政厅 国家税务总局陕西省税务局",
  },
  tbfinanc: {
    productName: (c) => c.rng.pick(["秦创贷", "科技信用贷", "知识产权质押贷", "专精特新贷", "税易贷", "订单融资", "设备按揭贷", "应收账款质押融资", "人才贷", "链e贷", "创业担保贷", "惠农e贷"]),
    institutionName: (c) => c.rng.pick(banks),
  },
  tblisting: {
    title: (c) => c.rng.pick(["陕西股权交易中心科技创新专板挂牌服务", "新三板挂牌辅导", "北交所上市培育计划", "科创板上市辅导", "专精特新专板挂牌服务", "区域股权市场展示板登记", "上市后备企业规范化改制服务", "创业板上市咨询"]),
    serviceInstitution: (c) => c.rng.pick(["西部证券股份有限公司", "开源证券股份有限公司", "陕西股权交易中心股份有限公司", "西安希格玛会计师事务所"]),
    fee: (c) => c.rng.pick(["免费", "面议", "政府补贴"]),
  },
  tbservicepass: {
    serviceName: (c) => c.rng.pick(["企业法律体检", "高新技术企业认定辅导", "知识产权贯标咨询", "财税合规诊断", "人才招聘对接", "检验检测认证服务", "数字化转型诊断", "技术成果转化对接", "出口合规咨询", "安全生产标准化评审"]),
    providerName: (c) => firmOf(c),
    fee: (c) => c.rng.pick(["免费", "面议", "5000元/次", "政府补贴"]),
  },
  tbjustice: {
    title: (c) => c.rng.pick(["中小企业法律体检", "合同审查公益服务", "商事纠纷调解", "知识产权维权援助", "企业合规指导", "劳动用工法律咨询", "清欠法律服务"]),
    serviceName: (c) => c.rng.pick(["中小企业法律体检", "合同审查公益服务", "商事纠纷调解", "知识产权维权援助", "企业合规指导"]),
    lawFirm: (c) => c.rng.pick(lawFirms),
    lawFirmName: (c) => c.rng.pick(lawFirms),
  },
  serviceactivity: { title: (c) => c.rng.pick(activityTitles), organizer: (c) => c.rng.pick(["陕西省工业和信息化厅", "西安市工业和信息化局", "陕西省中小企业服务中心", "西安高新区管委会"]) },
  encompanytraining: { title: (c) => c.rng.pick(trainingTopics), lecturer: (c) => personName(c.rng) },
  tbroadshowapplication: { projectName: (c) => c.rng.pick(projectNames) },
  tbroadshowpass: { title: (c) => `${c.ent?.shortName ?? "秦创原"}${c.rng.pick(["融资路演", "项目路演", "科技成果路演"])}` },
  portaldemand: { title: (c) => c.rng.pick(demandTitles) },
  portaldemandpage: { title: (c) => c.rng.pick(demandTitles) },
  projectshow: { projectName: (c) => c.rng.pick(projectNames) },
  suppliers: { supplierName: (c) => c.rng.pick([...banks, ...lawFirms, ...serviceFirms]) },
  paclist: {
    policyName: (c) => c.rng.pick(["陕西省促进中小企业发展条例实施细则", "关于支持专精特新企业高质量发展的若干措施", "西安市科技型中小企业培育办法", "陕西省企业上市挂牌奖补办法", "关于进一步降低企业融资成本的通知", "陕西省技术改造专项资金管理办法"]),
    policyNo: (c) => `陕政办发〔${year(c.at) - c.rng.int(0, 3)}〕${c.rng.int(1, 60)}号`,
  },
};

const paragraphs: Record<string, string[]> = {
  content: ["走访了解企业生产经营情况，企业反映订单充足，但流动资金偏紧，希望对接低息信贷产品。", "宣讲了省市惠企政策及专精特新申报要求，企业表示将准备申报材料。", "企业新建生产线已投产，用工需求增加，希望协助对接职业院校。", "协调解决企业用电增容问题，供电公司已现场勘查。", "企业计划明年启动股改，希望了解区域股权市场挂牌流程。"],
  result: ["已办结，企业满意。", "已对接金融机构，等待授信审批。", "已转相关部门办理。", "问题已解决，持续跟踪。"],
  opinion: ["材料齐全，同意。", "符合条件，予以通过。", "请补充近三年财务报表后重新提交。", "不符合申报条件。"],
};

/** Long texts by key, where one generic paragraph would read wrong. */
const textsByKey: Record<string, string[]> = {
  materials: ["营业执照、公司章程、近两年审计报告、股东会决议、挂牌申请书。", "营业执照、近三年财务报表、知识产权证明、法定代表人身份证明。"],
  process: ["提交申请 → 材料初审 → 尽职调查 → 挂牌审核 → 公告挂牌。", "企业申请 → 机构对接 → 辅导备案 → 申报受理 → 审核注册。"],
  benefits: ["按省级奖补政策给予最高200万元奖励，市区两级另有配套。", "挂牌后可享受专项融资通道及贴息支持。"],
  formula: ["(本期值 - 上期值) / 上期值 × 100", "研发费用 / 营业收入 × 100", "负债总额 / 资产总额 × 100"],
  expression: ["operatingIncome - operatingCost", "rdExpense / operatingIncome", "totalLiabilities / totalAssets"],
  scoreRule: ["≥20% 得满分，10%–20% 得一半，低于10% 不得分。", "按区间线性计分。", "有则得分，无则不得分。"],
  serviceScope: ["流动资金贷款、科技信贷、供应链金融。", "法律咨询、合同审查、诉讼代理、合规体检。", "财务审计、税务咨询、上市辅导。", "知识产权代理、专利运营、高企认定辅导。"],
  qualification: ["具备相应执业资质，近三年无不良记录。", "省级中小企业公共服务示范平台。"],
  issues: ["项目用地手续尚在办理中。", "配套电力容量不足。", "资金到位进度偏慢。", "无"],
  coordinationNeeded: ["协调自然资源部门加快用地审批。", "协调供电公司增容。", "协调银行加快授信审批。"],
  nextStep: ["督促施工单位加快进度。", "下周再次现场核实。", "跟进设备到货情况。"],
  nextPlan: ["下周回访企业了解进展。", "对接合作银行，安排现场尽调。", "推送相关政策，协助准备申报材料。"],
  question: ["我公司去年研发投入较大，是否可以享受加计扣除？需要准备哪些材料？", "企业上市奖补需要满足哪些条件，何时申报？", "小微企业贷款贴息的申请流程是什么？"],
  answer: ["可以享受，需准备研发项目立项文件及费用辅助账，详见税务部门通知。", "企业在沪深北交易所上市的，按规定分阶段给予奖励，请关注年度申报通知。", "通过合作银行提交申请，经审核后按季度拨付贴息资金。"],
  demands: ["希望对接低息流动资金贷款。", "需要招聘数控操作技术工人。", "希望协调厂房扩建用地。", "希望了解专精特新申报条件。", "暂无需求。"],
  solution: ["已推荐合作银行产品，企业已提交申请。", "已对接职业院校开展订单式培养。", "已转自然资源部门研究办理。"],
  cancelReason: ["主债权已清偿", "质权人申请注销", "股权转让后注销"],
  blacklistReason: ["服务过程中存在虚假承诺，企业投诉属实。", "多次无故违约，未按约定提供服务。"],
};

export function longText(ctx: BuildContext, key: string): string {
  const { rng, ent } = ctx;
  if (textsByKey[key]) return rng.pick(textsByKey[key]!);
  if (key === "businessScope") return ent?.businessScope ?? industries.C!.scope;
  if (/result|Result|solution|conclusion/.test(key)) return rng.pick(paragraphs.result!);
  if (/Opinion|answer/.test(key)) return rng.pick(paragraphs.opinion!);
  if (/purpose|useOfFunds/.test(key)) return rng.pick(["补充流动资金，采购原材料。", "购置生产设备，扩大产能。", "研发投入及市场推广。", "偿还到期借款，优化债务结构。"]);
  if (/conditions|applyConditions|targetCustomers/.test(key)) return rng.pick(["注册在陕西省内、依法经营满2年的中小微企业，无不良信用记录。", "科技型中小企业、高新技术企业优先，年营业收入500万元以上。", "拥有有效发明专利或软件著作权的科技企业。"]);
  if (/description|summary|body/.test(key)) return `${ent?.entName ?? "本项目"}${rng.pick(["专注于", "长期从事", "主营"])}${product(ctx)}${rng.pick(["的研发与生产", "相关业务", "的推广应用"])}，${rng.pick(["技术水平处于省内领先", "已形成稳定客户群", "产品远销海内外", "拥有多项核心专利"])}。`;
  return rng.pick(paragraphs.content!);
}
