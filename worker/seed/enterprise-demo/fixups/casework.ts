/** Names of the casework families' records (evaluation, visits, tasks, policies, projects, app settings). */
import { industries } from "../words.ts";
import { round1, year, type Fixup } from "./kit.ts";

export const caseworkFixups: Record<string, Fixup> = {
  enworkreport: (r, c) => {
    r.title = `${r.period ?? ""}${c.rng.pick(["企业服务工作报告", "走访工作月报", "包抓服务工作总结"])}`;
  },
  advice: (r, c) => {
    r.title = c.rng.pick(["研发费用加计扣除如何申报", "小微企业贷款贴息条件", "专精特新企业认定标准", "企业上市奖补如何申领", "稳岗补贴申领流程"]);
    r.askerUnit = c.other().entName;
  },
  policydeclare: (r, c) => {
    r.policyName = c.rng.pick(["专精特新中小企业奖励", "企业上市挂牌奖补", "技术改造专项资金", "研发投入补助", "首台（套）装备保险补偿"]);
  },
  tbevaluationmodel: (r, c) => {
    r.name = ["企业信用评价模型", "专精特新成长性评价模型", "上市后备企业评价模型", "企业风险预警模型", "科技型企业评价模型", "服务满意度评价模型"][c.index % 6]!;
  },
  tbevaluationmetric: (r, c) => {
    r.name = ["营业收入增长率", "研发投入强度", "资产负债率", "纳税信用等级", "发明专利数量", "社保参保人数"][c.index % 6]!;
  },
  tbevaluationquestion: (r, c) => {
    r.title = ["企业近三年营业收入年均增长率", "企业研发费用占营业收入比重", "企业是否拥有省级以上研发平台", "企业主导产品市场占有率", "企业是否存在失信记录", "企业员工中研发人员占比"][c.index % 6]!;
  },
  tbevaluationpaper: (r, c) => {
    r.name = `${year(r.startDate) ?? 2026}年度${["专精特新企业评价问卷", "企业成长性调查问卷", "企业服务满意度问卷"][c.index % 3]}`;
  },
  tbevaluationvariable: (r, c) => {
    r.name = ["营业收入", "净利润", "研发费用", "从业人数", "有效发明专利", "纳税总额"][c.index % 6]!;
    r.fact = ["revenue", "netProfit", "rdExpense", "employees", "inventionPatents", "taxPaid"][c.index % 6]!;
    r.questionCode = null;
  },
  dataindicatorsconf: (r, c) => {
    r.dataIndicatorName = ["规上工业企业数量", "专精特新企业数量", "上市企业数量", "高新技术企业数量", "企业融资总额", "企业走访次数"][c.index % 6]!;
  },
  projectorglevel: (r, c) => {
    r.name = ["集团", "公司", "项目部", "工区", "班组", "外协单位"][c.index % 6]!;
  },
  projectorgunit: (r, c) => {
    r.name = ["陕西建工第一建设集团有限公司", "第一项目部", "第二项目部", "钢结构工区", "机电安装工区", "质量安全部"][c.index % 6]!;
  },
  projectindustry: (r, c) => {
    const rows: [string, string][] = [["先进制造", "C"], ["电子信息", "C"], ["新材料", "C"], ["生物医药", "C"], ["现代服务", "L"], ["现代农业", "A"]];
    const [name, section] = rows[c.index % rows.length]!;
    r.industryName = name;
    r.gbCode = c.rng.pick(industries[section]!.classes);
    r.chainName = `${name}产业链`;
  },
  projecttrackmanagement: (r, c) => {
    r.projectName = c.rng.pick(["年产5000吨高性能钛合金材料项目", "工业互联网平台建设项目", "冷链物流园建设项目", "光伏组件智能制造项目"]);
  },
  projectappequipment: (r, c) => {
    r.equipmentName = ["五轴数控加工中心", "激光切割机", "工业机器人", "真空热处理炉", "三坐标测量机", "自动化装配线"][c.index % 6]!;
    r.manufacturer = c.rng.pick(["秦川机床工具集团股份公司", "沈阳机床股份有限公司", "大族激光科技产业集团股份有限公司", "埃斯顿自动化股份有限公司"]);
    if (typeof r.quantity === "number" && typeof r.unitPrice === "number") r.totalAmount = round1(r.quantity * r.unitPrice);
  },
  formmaterial: (r, c) => {
    r.name = ["营业执照副本", "近三年财务报表", "法定代表人身份证明", "项目可行性研究报告", "知识产权证明材料", "纳税证明"][c.index % 6]!;
    r.fileFormats = "pdf,jpg,png";
  },
  appinfo: (r, c) => {
    r.title = ["首页", "企业服务", "政策服务", "融资服务", "我的", "消息"][c.index % 6]!;
  },
  encheckinrecord: (r, c) => {
    if (c.ent) r.address = c.ent.address;
  },
};
