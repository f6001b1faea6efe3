/**
 * Casework record families: evaluation models and what they are built from, visits and the tasks around
 * them, work reports, policies and declarations, the project-management lists, form materials, the app's
 * home configuration and images, and company-to-partner data. Declarations only: scoring, visit and
 * matching logic come in a later issue. Field lists follow FIELDS.md §2.4 and spec §3 where they exist.
 */
import * as z from "zod";
import { defineFamily, l, type RecordProblem } from "../family.ts";
import { field } from "../fields.ts";
import { definitionSchema, type Definition } from "../evaluation/definition.ts";
import { checkDefinition, problemMessage, problemParams } from "../evaluation/check.ts";
import { breakdownSchema } from "../evaluation/breakdown.ts";
import { declarationMaterials } from "../declare-materials.ts";
import { checkPolicyConditions, policyConditions } from "../policy/conditions.ts";
import { factByKey } from "../conditions/facts.ts";
import { lazySchema } from "../lazy.ts";

// the enterprise scope every helper uses (contract): the enterprise page shows a family as a tab by its creditCode eq filter
const creditCode = () => field.text(l("统一社会信用代码", "Unified social credit code"), { required: true, max: 18, rules: ["creditCode"] });
const entName = () => field.text(l("企业名称", "Enterprise name"), { required: true, max: 128 });

/** A period's end may not come before its start (ISO dates compare as text). */
const endNotBeforeStart = (r: Record<string, unknown>): RecordProblem[] =>
  typeof r.startDate === "string" && typeof r.endDate === "string" && r.endDate < r.startDate ? [{ field: "endDate", key: "valueNotAllowed" }] : [];

/** Uploaded files are referenced by their sys file ids (one upload per request, spec §5). */
const fileIds = lazySchema(() => z.array(z.string().min(1).max(64)).max(20));

// ---- Evaluation models (spec §7: tbevaluation*, result, enterprise/tbevaluationinformanion)

/** A model's definition is refused with its first problem (weights, bands, facts, keys: events/evaluation/check.ts), and its full score must be the model's. */
function definitionProblems(r: Record<string, unknown>): RecordProblem[] {
  const def = r.definition as Definition | null | undefined;
  if (!def) return [];
  const problems = checkDefinition(def).map((p) => {
    const { name: _, ...params } = problemParams(p, "");
    return { field: "definition", key: problemMessage[p.key], params };
  });
  if (typeof r.totalScore === "number" && r.totalScore !== def.totalScore) problems.push({ field: "totalScore", key: "valueNotAllowed", params: {} });
  return problems;
}

export const evaluationModel = defineFamily({
  path: "/common/tbevaluationmodel",
  perm: "common:tbevaluationmodel",
  table: "tb_evaluation_model",
  label: l("评价模型", "Evaluation model"),
  fields: {
    name: field.text(l("模型名称", "Model name"), { required: true, max: 64 }),
    code: field.text(l("模型编码", "Model code"), { required: true, max: 32, rules: ["noOuterSpaces"] }),
    modelType: field.dict(l("模型类型", "Model type"), "evaluationModelType", { required: true }),
    modelVersion: field.text(l("版本号", "Version"), { max: 16 }),
    totalScore: field.number(l("满分", "Full score"), { min: 0 }),
    description: field.longText(l("模型说明", "Description"), { max: 1000 }),
    status: field.dict(l("状态", "Status"), "enabled", { required: true }),
    sort: field.int(l("排序号", "Sort")),
    // what it scores with (events/evaluation/definition.ts); each change is a new version of the record, the version a result names
    definition: field.json(l("评分定义", "Scoring definition"), () => definitionSchema),
    // star enterprises: a latest result at or above the threshold lists the enterprise on the star list or the high-tech list
    starThreshold: field.number(l("明星企业分数线", "Star threshold"), { min: 0 }),
    starList: field.dict(l("入选名单", "Lists on"), "evaluationStarList"),
  },
  search: ["name", "code"],
  columns: ["name", "code", "modelType", "modelVersion", "totalScore", "status", "sort"],
  filters: { name: "like", code: "eq", modelType: "eq", status: "eq" },
  sorts: ["sort", "name", "code", "createTime"],
  defaultSort: ["sort", "asc"],
  counted: ["status"],
  unique: [["code"]],
  check: definitionProblems,
});

/** Metrics form a tree (a dimension and its sub-metrics); a metric may read a column of a read model (tableList, tableColumnList). */
export const evaluationMetric = defineFamily({
  path: "/common/tbevaluationmetric",
  perm: "common:tbevaluationmetric",
  table: "tb_evaluation_metric",
  label: l("评价指标", "Evaluation metric"),
  fields: {
    name: field.text(l("指标名称", "Metric name"), { required: true, max: 64 }),
    code: field.text(l("指标编码", "Metric code"), { required: true, max: 32, rules: ["noOuterSpaces"] }),
    parentId: field.ref(l("上级指标", "Parent metric")),
    level: field.int(l("层级", "Level"), { min: 1, max: 9 }),
    weight: field.number(l("权重(%)", "Weight (%)"), { min: 0, max: 100 }),
    maxScore: field.number(l("满分", "Full score"), { min: 0 }),
    dataSource: field.dict(l("数据来源", "Data source"), "metricDataSource", { required: true }),
    sourceTable: field.text(l("来源表", "Source table"), { max: 64 }),
    sourceColumn: field.text(l("来源字段", "Source column"), { max: 64 }),
    formula: field.longText(l("计算公式", "Formula"), { max: 1000 }),
    description: field.longText(l("指标说明", "Description"), { max: 1000 }),
    status: field.dict(l("状态", "Status"), "enabled", { required: true }),
    sort: field.int(l("排序号", "Sort")),
  },
  search: ["name", "code"],
  columns: ["name", "code", "parentId", "level", "weight", "maxScore", "dataSource", "status", "sort"],
  filters: { name: "like", code: "eq", parentId: "eq", dataSource: "eq", status: "eq" },
  sorts: ["sort", "name", "code", "weight"],
  defaultSort: ["sort", "asc"],
  parentKey: "parentId",
  unique: [["code"]],
});

/** A metric inside one model, with the model's own weight and scoring conditions ("moedl" is the seed's spelling). */
export const evaluationModelMetric = defineFamily({
  path: "/common/tbevaluationmoedlmetric",
  perm: "common:tbevaluationmoedlmetric",
  table: "tb_evaluation_moedl_metric",
  label: l("模型指标", "Model metric"),
  fields: {
    modelId: field.ref(l("评价模型", "Evaluation model"), { required: true }),
    metricId: field.ref(l("评价指标", "Metric"), { required: true }),
    weight: field.number(l("权重(%)", "Weight (%)"), { min: 0, max: 100 }),
    maxScore: field.number(l("满分", "Full score"), { min: 0 }),
    scoreRule: field.longText(l("评分规则", "Scoring rule"), { max: 1000 }),
    conditions: field.json(
      l("评分条件", "Scoring conditions"),
      () => z.array(z.object({ operator: z.enum(["eq", "ne", "gt", "gte", "lt", "lte", "between", "in"]), value: z.union([z.string().max(200), z.number(), z.array(z.union([z.string().max(200), z.number()])).max(50)]), score: z.number() })).max(50),
    ),
    sort: field.int(l("排序号", "Sort")),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  columns: ["modelId", "metricId", "weight", "maxScore", "scoreRule", "sort"],
  filters: { modelId: "eq", metricId: "eq" },
  sorts: ["sort", "weight", "createTime"],
  defaultSort: ["sort", "asc"],
});

export const evaluationQuestion = defineFamily({
  path: "/common/tbevaluationquestion",
  perm: "common:tbevaluationquestion",
  table: "tb_evaluation_question",
  label: l("评价题目", "Evaluation question"),
  fields: {
    title: field.text(l("题目", "Question"), { required: true, max: 500 }),
    // the answer's fact name in conditions and scoring: q:<code>
    code: field.text(l("题目编码", "Question code"), { max: 32, rules: ["noOuterSpaces"] }),
    questionType: field.dict(l("题型", "Question type"), "questionType", { required: true }),
    metricId: field.ref(l("评价指标", "Metric")),
    options: field.json(l("选项", "Options"), () => z.array(z.object({ label: z.string().max(200), value: z.string().max(64), score: z.number().optional() })).max(30)),
    answer: field.text(l("参考答案", "Reference answer"), { max: 500 }),
    score: field.number(l("分值", "Score"), { min: 0 }),
    mandatory: field.bool(l("必答", "Mandatory")),
    status: field.dict(l("状态", "Status"), "enabled", { required: true }),
    sort: field.int(l("排序号", "Sort")),
  },
  search: ["title"],
  columns: ["title", "code", "questionType", "metricId", "score", "mandatory", "status", "sort"],
  filters: { title: "like", code: "eq", questionType: "eq", metricId: "eq", status: "eq" },
  sorts: ["sort", "score", "createTime"],
  defaultSort: ["sort", "asc"],
  counted: ["questionType"],
});

export const evaluationPaper = defineFamily({
  path: "/common/tbevaluationpaper",
  perm: "common:tbevaluationpaper",
  table: "tb_evaluation_paper",
  label: l("评价问卷", "Evaluation paper"),
  fields: {
    name: field.text(l("问卷名称", "Paper name"), { required: true, max: 100 }),
    code: field.text(l("问卷编码", "Paper code"), { max: 32, rules: ["noOuterSpaces"] }),
    modelId: field.ref(l("评价模型", "Evaluation model"), { required: true }),
    questionIds: field.json(l("题目", "Questions"), () => z.array(z.string().min(1).max(64)).max(500)),
    totalScore: field.number(l("总分", "Total score"), { min: 0 }),
    startDate: field.date(l("开始日期", "Start date")),
    endDate: field.date(l("结束日期", "End date")),
    description: field.longText(l("问卷说明", "Description"), { max: 1000 }),
    status: field.dict(l("状态", "Status"), "enabled", { required: true }),
  },
  search: ["name", "code"],
  columns: ["name", "code", "modelId", "totalScore", "startDate", "endDate", "status"],
  filters: { name: "like", code: "eq", modelId: "eq", status: "eq" },
  sorts: ["startDate", "name", "createTime"],
  defaultSort: ["createTime", "desc"],
  check: endNotBeforeStart,
});

export const evaluationVariable = defineFamily({
  path: "/common/tbevaluationvariable",
  perm: "common:tbevaluationvariable",
  table: "tb_evaluation_variable",
  label: l("评价变量", "Evaluation variable"),
  fields: {
    name: field.text(l("变量名称", "Variable name"), { required: true, max: 64 }),
    code: field.text(l("变量编码", "Variable code"), { required: true, max: 64, rules: ["noOuterSpaces"] }),
    variableType: field.dict(l("变量类型", "Variable type"), "variableType", { required: true }),
    dataSource: field.dict(l("数据来源", "Data source"), "metricDataSource"),
    sourceTable: field.text(l("来源表", "Source table"), { max: 64 }),
    sourceColumn: field.text(l("来源字段", "Source column"), { max: 64 }),
    // what the variable stands for: a fact of the catalogue (events/conditions/facts.ts) or a paper's question, read in conditions as `q:<code>`
    fact: field.dict(l("对应事实", "Fact"), "evaluationFact"),
    questionCode: field.text(l("对应题目编码", "Question code"), { max: 64, rules: ["noOuterSpaces"] }),
    expression: field.longText(l("取值表达式", "Expression"), { max: 1000 }),
    defaultValue: field.text(l("默认值", "Default value"), { max: 128 }),
    unit: field.text(l("单位", "Unit"), { max: 16 }),
    description: field.longText(l("说明", "Description"), { max: 500 }),
    status: field.dict(l("状态", "Status"), "enabled", { required: true }),
  },
  search: ["name", "code"],
  columns: ["name", "code", "variableType", "fact", "questionCode", "dataSource", "unit", "status"],
  filters: { name: "like", code: "eq", variableType: "eq", dataSource: "eq", fact: "eq", status: "eq" },
  sorts: ["name", "code", "createTime"],
  defaultSort: ["code", "asc"],
  unique: [["code"]],
  // a variable names one thing: a fact the platform knows, or one question of a paper
  check: (r) =>
    r.fact && !factByKey.has(String(r.fact))
      ? [{ field: "fact", key: "valueNotAllowed" }]
      : r.fact && r.questionCode
        ? [{ field: "questionCode", key: "valueNotAllowed" }]
        : [],
});

/** One enterprise's evaluation input: the paper it answered for a model ("informanion" is the seed's spelling). */
export const evaluationInformation = defineFamily({
  path: "/common/enterprise/tbevaluationinformanion",
  perm: "common:tbevaluationinformanion",
  table: "tb_evaluation_informanion",
  label: l("评价信息", "Evaluation information"),
  fields: {
    creditCode: creditCode(),
    entName: entName(),
    modelId: field.ref(l("评价模型", "Evaluation model"), { required: true }),
    paperId: field.ref(l("评价问卷", "Evaluation paper")),
    evaluationDate: field.date(l("评价日期", "Evaluation date"), { required: true }),
    evaluatorId: field.ref(l("评价人", "Evaluator")),
    answers: field.json(l("答卷", "Answers"), () => z.array(z.object({ questionId: z.string().max(64), value: z.union([z.string().max(2000), z.number(), z.array(z.string().max(64)).max(30)]) })).max(500)),
    status: field.dict(l("状态", "Status"), "evaluationStatus", { required: true }),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["entName", "creditCode"],
  columns: ["entName", "creditCode", "modelId", "paperId", "evaluationDate", "evaluatorId", "status"],
  filters: { creditCode: "eq", entName: "like", modelId: "eq", paperId: "eq", evaluatorId: "eq", status: "eq" },
  sorts: ["evaluationDate", "entName", "createTime"],
  defaultSort: ["evaluationDate", "desc"],
  counted: ["status"],
});

export const evaluationResult = defineFamily({
  path: "/common/result",
  perm: "common:result",
  table: "tb_evaluation_result",
  label: l("评价结果", "Evaluation result"),
  fields: {
    creditCode: creditCode(),
    entName: entName(),
    modelId: field.ref(l("评价模型", "Evaluation model"), { required: true }),
    informationId: field.ref(l("评价信息", "Evaluation information")),
    evaluationDate: field.date(l("评价日期", "Evaluation date"), { required: true }),
    totalScore: field.number(l("总得分", "Total score"), { min: 0 }),
    grade: field.dict(l("评价等级", "Grade"), "evaluationGrade"),
    ranking: field.int(l("排名", "Rank"), { min: 1 }),
    metricScores: field.json(l("指标得分", "Metric scores"), () => z.array(z.object({ metricId: z.string().max(64), score: z.number() })).max(500)),
    conclusion: field.longText(l("评价结论", "Conclusion"), { max: 2000 }),
    // written by scoring (worker/evaluation/): the model's record version that scored, and the self-contained breakdown that explains it
    modelVersion: field.int(l("模型版本", "Model version"), { min: 1 }),
    eligible: field.bool(l("符合评价条件", "Eligible")),
    passed: field.bool(l("是否通过", "Passed")),
    breakdown: field.json(l("得分明细", "Breakdown"), () => breakdownSchema),
    runId: field.text(l("评价批次", "Run"), { max: 64 }),
  },
  search: ["entName", "creditCode"],
  columns: ["entName", "creditCode", "modelId", "evaluationDate", "totalScore", "grade", "passed", "ranking"],
  filters: { creditCode: "eq", entName: "like", modelId: "eq", grade: "eq", passed: "eq", runId: "eq" },
  sorts: ["evaluationDate", "totalScore", "ranking", "entName"],
  defaultSort: ["evaluationDate", "desc"],
  counted: ["grade"],
  indexes: [["modelId", "creditCode", "evaluationDate"]],
});

/** Spec §3 "Indicator": a named data condition; its keywords answer getKeyWord/{id}. */
export const dataIndicator = defineFamily({
  path: "/common/dataindicatorsconf",
  perm: "common:dataindicatorsconf",
  table: "data_indicators_conf",
  label: l("指标配置", "Indicator configuration"),
  fields: {
    dataIndicatorName: field.text(l("指标名称", "Indicator name"), { required: true, max: 100 }),
    indicatorCode: field.text(l("指标编码", "Indicator code"), { max: 64, rules: ["noOuterSpaces"] }),
    conditionData: field.json(
      l("条件数据", "Condition data"),
      () => z.union([z.array(z.record(z.string().max(64), z.unknown())).max(100), z.record(z.string().max(64), z.unknown())]),
    ),
    keywords: field.json(l("关键词", "Keywords"), () => z.array(z.string().min(1).max(64)).max(100)),
    description: field.longText(l("说明", "Description"), { max: 500 }),
    sort: field.int(l("排序号", "Sort")),
    status: field.dict(l("状态", "Status"), "enabled", { required: true }),
  },
  search: ["dataIndicatorName", "indicatorCode"],
  columns: ["dataIndicatorName", "indicatorCode", "keywords", "description", "sort", "status"],
  filters: { dataIndicatorName: "like", indicatorCode: "eq", status: "eq" },
  sorts: ["sort", "dataIndicatorName", "createTime"],
  defaultSort: ["sort", "asc"],
});

// ---- Visits, tasks and work reports (spec §7 Visits, Visit allocation, Task plans; enworkreport)

export const companyVisit = defineFamily({
  path: "/common/encompanyvisit",
  perm: "common:encompanyvisit",
  table: "en_company_visit",
  label: l("企业走访", "Enterprise visit"),
  fields: {
    creditCode: creditCode(),
    entName: entName(),
    visitDate: field.date(l("走访日期", "Visit date"), { required: true }),
    visitorId: field.ref(l("走访人", "Visitor"), { required: true }),
    companions: field.text(l("陪同人员", "Companions"), { max: 200 }),
    visitType: field.dict(l("走访方式", "Visit type"), "visitType", { required: true }),
    contactName: field.text(l("企业联系人", "Enterprise contact"), { max: 64 }),
    contactPhone: field.text(l("联系电话", "Contact phone"), { max: 20, rules: ["phone"] }),
    content: field.longText(l("走访内容", "Visit content"), { max: 5000 }),
    demandTypes: field.dict(l("诉求类型", "Demand types"), "visitDemandType", { multiple: true }),
    demands: field.longText(l("企业诉求", "Enterprise demands"), { max: 5000 }),
    taskPlanId: field.ref(l("任务计划", "Task plan")),
    taskId: field.ref(l("任务", "Task")),
    archiveType: field.dict(l("档案类型", "Archive type"), "visitArchiveType"),
    nextFollowDate: field.date(l("下次跟进日期", "Next follow-up")),
    status: field.dict(l("走访状态", "Visit status"), "visitStatus", { required: true }),
  },
  // the visit's own words are searchable: what was discussed and what the enterprise asked for
  search: ["entName", "creditCode", "content", "demands"],
  columns: ["entName", "creditCode", "visitDate", "visitorId", "visitType", "demandTypes", "nextFollowDate", "status"],
  filters: { creditCode: "eq", entName: "like", visitorId: "eq", visitType: "eq", status: "eq", taskPlanId: "eq", taskId: "eq", archiveType: "eq" },
  sorts: ["visitDate", "entName", "createTime"],
  defaultSort: ["visitDate", "desc"],
  counted: ["status", "visitType"],
  // the work-report statistics count a period's visits by month, type and enterprise off the first index, and
  // by visitor (one department's, one person's) off the second: both cover their reads, no row is looked up
  indexes: [
    ["visitDate", "visitorId", "visitType", "creditCode"],
    ["visitorId", "visitDate", "visitType", "creditCode"],
  ],
});

/** The archive of a visit: visit files (zfda), service files (fwda) and demand files (xqda). */
export const visitHistory = defineFamily({
  path: "/common/envisithistory",
  perm: "common:envisithistory",
  table: "en_visit_history",
  label: l("走访历史", "Visit history"),
  fields: {
    creditCode: creditCode(),
    entName: entName(),
    archiveType: field.dict(l("档案类型", "Archive type"), "visitArchiveType", { required: true }),
    visitId: field.ref(l("走访记录", "Visit")),
    taskId: field.ref(l("任务", "Task")),
    visitDate: field.date(l("走访日期", "Visit date"), { required: true }),
    visitorId: field.ref(l("走访人", "Visitor")),
    content: field.longText(l("走访内容", "Visit content"), { max: 5000 }),
    demands: field.longText(l("企业诉求", "Enterprise demands"), { max: 5000 }),
    solution: field.longText(l("办理情况", "Handling"), { max: 5000 }),
    satisfaction: field.dict(l("满意度", "Satisfaction"), "visitSatisfaction"),
    details: field.json(l("档案明细", "Archive details"), () => z.record(z.string().max(64), z.unknown()).refine((v) => Object.keys(v).length <= 100)),
    status: field.dict(l("办理状态", "Handling status"), "visitHandleStatus", { required: true }),
  },
  search: ["entName", "creditCode", "content", "demands"],
  columns: ["entName", "creditCode", "archiveType", "visitDate", "visitorId", "satisfaction", "status"],
  filters: { creditCode: "eq", entName: "like", archiveType: "eq", visitId: "eq", taskId: "eq", visitorId: "eq", status: "eq" },
  sorts: ["visitDate", "entName", "createTime"],
  defaultSort: ["visitDate", "desc"],
  counted: ["archiveType", "status"],
  // the work-report statistics count a period's service and demand archives by month and state off the first
  // index, and by visitor off the second
  indexes: [
    ["visitDate", "archiveType", "visitorId", "status", "satisfaction"],
    ["visitorId", "visitDate", "archiveType"],
  ],
});

/** Which staff member visits which enterprise; confirm and commit are later steps (spec §4). */
export const visitUserAllocation = defineFamily({
  path: "/common/envisituserallocation",
  perm: "common:envisituserallocation",
  table: "en_visit_user_allocation",
  label: l("走访人员分配", "Visit allocation"),
  fields: {
    creditCode: creditCode(),
    entName: entName(),
    userId: field.ref(l("走访人员", "Assigned staff"), { required: true }),
    deptId: field.ref(l("所属部门", "Department")),
    taskPlanId: field.ref(l("任务计划", "Task plan")),
    allocateDate: field.date(l("分配日期", "Allocated on"), { required: true }),
    deadline: field.date(l("完成期限", "Deadline")),
    status: field.dict(l("分配状态", "Allocation status"), "allocationStatus", { required: true }),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["entName", "creditCode"],
  columns: ["entName", "creditCode", "userId", "deptId", "allocateDate", "deadline", "status"],
  filters: { creditCode: "eq", entName: "like", userId: "eq", deptId: "eq", taskPlanId: "eq", status: "eq" },
  sorts: ["allocateDate", "deadline", "entName", "createTime"],
  defaultSort: ["allocateDate", "desc"],
  counted: ["status"],
});

export const checkInRecord = defineFamily({
  path: "/common/encheckinrecord",
  perm: "common:encheckinrecord",
  table: "en_check_in_record",
  label: l("签到记录", "Check-in record"),
  fields: {
    creditCode: creditCode(),
    entName: entName(),
    userId: field.ref(l("签到人", "Checked in by"), { required: true }),
    visitId: field.ref(l("走访记录", "Visit")),
    checkInType: field.dict(l("签到类型", "Check-in type"), "checkInType", { required: true }),
    checkInTime: field.datetime(l("签到时间", "Check-in time"), { required: true }),
    address: field.text(l("签到地点", "Location"), { max: 256 }),
    longitude: field.number(l("经度", "Longitude")),
    latitude: field.number(l("纬度", "Latitude")),
    /** metres from the enterprise's own coordinates, when both are known (worker/visits/geo.ts) */
    distanceMeters: field.number(l("距企业距离(米)", "Distance to enterprise (m)"), { managed: true }),
    photos: field.json(l("现场照片", "Photos"), fileIds),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["entName", "creditCode", "address"],
  columns: ["entName", "creditCode", "userId", "checkInType", "checkInTime", "address", "distanceMeters"],
  filters: { creditCode: "eq", entName: "like", userId: "eq", visitId: "eq", checkInType: "eq" },
  sorts: ["checkInTime", "entName"],
  defaultSort: ["checkInTime", "desc"],
});

/**
 * A plan covers several enterprises (`targets`), so it is not one enterprise's record; it is handed out as
 * visit allocations and task messages, which are.
 */
export const taskPlan = defineFamily({
  path: "/common/entaskplan",
  perm: "common:entaskplan",
  table: "en_task_plan",
  label: l("任务计划", "Task plan"),
  fields: {
    title: field.text(l("计划名称", "Plan title"), { required: true, max: 100 }),
    planType: field.dict(l("计划类型", "Plan type"), "taskPlanType", { required: true }),
    startDate: field.date(l("开始日期", "Start date"), { required: true }),
    endDate: field.date(l("结束日期", "End date"), { required: true }),
    ownerId: field.ref(l("负责人", "Owner"), { required: true }),
    deptId: field.ref(l("负责部门", "Department")),
    targets: field.json(l("目标企业", "Target enterprises"), () => z.array(z.object({ creditCode: z.string().max(18), entName: z.string().max(128) })).max(1000)),
    targetCount: field.int(l("目标数量", "Target count"), { min: 0 }),
    content: field.longText(l("计划内容", "Content"), { max: 5000 }),
    status: field.dict(l("状态", "Status"), "taskStatus", { required: true }),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
    /** the kind of visit every task of the plan asks for (zf, fw, xq) */
    visitKind: field.dict(l("走访类型", "Visit kind"), "taskVisitKind"),
    /** the staff who visit the targets: one task per target and assignee when the plan is distributed */
    assignees: field.json(l("执行人员", "Assignees"), () => z.array(z.string().min(1).max(64)).max(50)),
    /** set by distribution only: a distributed plan is not distributed again */
    distributedAt: field.datetime(l("分发时间", "Distributed at"), { managed: true }),
    taskCount: field.int(l("任务数", "Tasks"), { min: 0, managed: true }),
  },
  search: ["title"],
  columns: ["title", "planType", "startDate", "endDate", "ownerId", "deptId", "targetCount", "status"],
  filters: { title: "like", planType: "eq", ownerId: "eq", deptId: "eq", status: "eq" },
  sorts: ["startDate", "endDate", "title", "createTime"],
  defaultSort: ["startDate", "desc"],
  counted: ["status", "planType"],
  check: endNotBeforeStart,
});

/** A task message about one enterprise: a reminder, a warning or a notice to a staff member. */
export const taskMsg = defineFamily({
  path: "/common/entaskmsg",
  perm: "common:entaskmsg",
  table: "en_task_msg",
  label: l("任务消息", "Task message"),
  fields: {
    creditCode: creditCode(),
    entName: entName(),
    title: field.text(l("消息标题", "Title"), { required: true, max: 200 }),
    msgType: field.dict(l("消息类型", "Message type"), "taskMsgType", { required: true }),
    taskPlanId: field.ref(l("任务计划", "Task plan")),
    receiverId: field.ref(l("接收人", "Receiver"), { required: true }),
    content: field.longText(l("消息内容", "Content"), { max: 2000 }),
    deadline: field.date(l("办理期限", "Deadline")),
    readFlag: field.bool(l("已读", "Read")),
    status: field.dict(l("办理状态", "Status"), "taskStatus", { required: true }),
    handleResult: field.longText(l("办理结果", "Result"), { max: 2000 }),
    visitKind: field.dict(l("走访类型", "Visit kind"), "taskVisitKind"),
    /** the first day of the task's window (the deadline is its last) */
    startDate: field.date(l("开始日期", "Start date")),
    /** the last follow-up (a visit recorded, a note): a task with none for N days warns the plan's owner */
    followUpAt: field.datetime(l("最近跟进", "Last follow-up")),
    doneAt: field.datetime(l("完成时间", "Done at")),
  },
  search: ["title", "entName", "creditCode"],
  columns: ["title", "entName", "msgType", "receiverId", "deadline", "readFlag", "status"],
  filters: { creditCode: "eq", entName: "like", msgType: "eq", taskPlanId: "eq", receiverId: "eq", status: "eq", visitKind: "eq" },
  sorts: ["deadline", "createTime", "title"],
  defaultSort: ["createTime", "desc"],
  // per credit code: the enterprises the tasks cover, counted without a scan (the task board)
  counted: ["status", "msgType", "creditCode"],
  // the reminders walk open tasks in (receiver, id) order reading the state off the index; the board's finer
  // filters (a plan, a state) and the enterprises it covers read theirs without the rows
  indexes: [["receiverId", "id", "status", "deadline"], ["taskPlanId", "status", "deadline", "creditCode"], ["status", "creditCode"], ["status", "doneAt"]],
});

/**
 * A daily, weekly or monthly work report (worker/workreports): written by its reporter for one period (one
 * per reporter, kind and period), notifying colleagues who leave read receipts, reviewed by the leader of
 * the reporter's department. Who wrote it, its dates and its review are the commands' (managed).
 */
export const workReport = defineFamily({
  path: "/common/enworkreport",
  perm: "common:enworkreport",
  table: "en_work_report",
  label: l("工作报告", "Work report"),
  fields: {
    title: field.text(l("报告标题", "Title"), { required: true, max: 200 }),
    reportType: field.dict(l("报告类型", "Report type"), "workReportType", { required: true }),
    period: field.text(l("报告期", "Period"), { required: true, max: 32 }),
    periodStart: field.date(l("报告期开始", "Period start"), { managed: true }),
    periodEnd: field.date(l("报告期结束", "Period end"), { managed: true }),
    reporterId: field.ref(l("报告人", "Reporter"), { required: true, managed: true }),
    deptId: field.ref(l("所属部门", "Department"), { managed: true }),
    content: field.longText(l("报告内容", "Content"), { required: true, max: 20000 }),
    nextPlan: field.longText(l("下期计划", "Plan for the next period"), { max: 10000 }),
    problems: field.longText(l("存在问题", "Problems"), { max: 10000 }),
    notifyUserIds: field.json(l("知会人", "People notified"), () => z.array(z.string().min(1).max(64)).max(50)),
    visitCount: field.int(l("走访企业数", "Visits"), { min: 0 }),
    serviceCount: field.int(l("服务事项数", "Services"), { min: 0 }),
    attachments: field.json(l("附件", "Attachments"), fileIds),
    status: field.dict(l("状态", "Status"), "workReportStatus", { required: true, managed: true }),
    submitTime: field.datetime(l("提交时间", "Submitted at"), { managed: true }),
    reviewerId: field.ref(l("审阅人", "Reviewer"), { managed: true }),
    reviewOpinion: field.longText(l("审阅意见", "Review opinion"), { managed: true, max: 2000 }),
    reviewTime: field.datetime(l("审阅时间", "Reviewed at"), { managed: true }),
  },
  search: ["title", "period"],
  columns: ["title", "reportType", "period", "reporterId", "deptId", "status", "reviewerId", "reviewTime"],
  filters: { title: "like", reportType: "eq", period: "eq", reporterId: "eq", deptId: "eq", status: "eq", reviewerId: "eq" },
  sorts: ["period", "periodStart", "createTime", "reviewTime", "title"],
  defaultSort: ["createTime", "desc"],
  counted: ["status", "reportType"],
  unique: [["reporterId", "reportType", "period"]],
  // the statistics count reports by period, reporter and status off one index
  indexes: [["periodStart", "reporterId", "status"]],
});

// ---- Policies (spec §3 Policy, Policy follow-up; §7 policy paclist, policy/advice, policyDeclare, policyDeclareFollow)

export const policy = defineFamily({
  path: "/common/paclist",
  perm: "common:paclist",
  table: "policy_pac_list",
  label: l("政策", "Policy"),
  fields: {
    policyName: field.text(l("政策名称", "Policy name"), { required: true, max: 200 }),
    policyNo: field.text(l("政策文号", "Policy number"), { max: 100 }),
    issuingAuthority: field.text(l("发文机关", "Issuing authority"), { max: 128 }),
    policyLevel: field.dict(l("政策级别", "Policy level"), "policyLevel", { required: true }),
    policyType: field.dict(l("政策类别", "Policy type"), "policyType", { required: true }),
    industries: field.dict(l("适用行业", "Industries"), "industry", { multiple: true }),
    areaCode: field.text(l("适用区划", "Area"), { max: 6, rules: ["zoningCode"] }),
    publishDate: field.date(l("发布日期", "Published on")),
    effectiveDate: field.date(l("生效日期", "Effective from")),
    expiryDate: field.date(l("失效日期", "Expires on")),
    declarable: field.bool(l("可申报", "Open for declaration")),
    summary: field.longText(l("政策摘要", "Summary"), { max: 2000 }),
    content: field.longText(l("政策原文", "Full text"), { max: 50000 }),
    sourceUrl: field.text(l("原文链接", "Source link"), { max: 500, rules: ["url"] }),
    subsidy: field.text(l("扶持内容", "Support offered"), { max: 500 }),
    subsidyAmount: field.number(l("最高扶持金额(万元)", "Maximum support (10k CNY)"), { min: 0, unit: l("万元", "10k CNY") }),
    /** the named conditions split out of the text (政策颗粒化), checked against the facts catalogue */
    conditions: field.json(l("申报条件", "Eligibility conditions"), () => policyConditions),
    /** draft → published (matching, notifications) → expired; changed only by publish and expire (worker/policy) */
    status: field.dict(l("政策状态", "Policy status"), "policyStatus", { managed: true }),
    publishTime: field.datetime(l("发布时间", "Published at"), { managed: true }),
    /** when the service staff of every enterprise meeting it had been told (empty while the notices are under way) */
    noticedAt: field.datetime(l("推送完成时间", "Notices sent at"), { managed: true }),
    /** the platform module a policy belongs to (the gateway's moduleCode) */
    moduleCode: field.text(l("模块编码", "Module code"), { max: 32 }),
    /** where an imported policy came from and its id there (worker/policy/import.ts): importing again updates it */
    sourceCode: field.text(l("来源", "Source"), { max: 32 }),
    externalId: field.text(l("来源编号", "Id at the source"), { max: 64 }),
  },
  search: ["policyName", "policyNo", "issuingAuthority"],
  columns: ["policyName", "policyNo", "issuingAuthority", "policyLevel", "policyType", "publishDate", "expiryDate", "status", "declarable"],
  filters: { policyName: "like", policyNo: "eq", policyLevel: "eq", policyType: "eq", areaCode: "eq", declarable: "eq", status: "eq", moduleCode: "eq", sourceCode: "eq" },
  sorts: ["publishDate", "effectiveDate", "expiryDate", "policyName", "publishTime"],
  defaultSort: ["publishDate", "desc"],
  counted: ["policyType", "policyLevel", "status"],
  unique: [["sourceCode", "externalId"]],
  check: (r) => [
    ...checkPolicyConditions(r.conditions),
    ...(typeof r.effectiveDate === "string" && typeof r.expiryDate === "string" && r.expiryDate < r.effectiveDate ? [{ field: "expiryDate", key: "valueNotAllowed" as const }] : []),
  ],
});

/** A policy question from an enterprise or a citizen and the platform's answer. */
export const policyAdvice = defineFamily({
  path: "/common/policy/advice",
  perm: "common:advice",
  table: "policy_advice",
  label: l("政策咨询", "Policy advice"),
  fields: {
    title: field.text(l("咨询标题", "Subject"), { required: true, max: 200 }),
    policyId: field.ref(l("相关政策", "Policy")),
    question: field.longText(l("咨询内容", "Question"), { required: true, max: 5000 }),
    askerName: field.text(l("咨询人", "Asked by"), { max: 64 }),
    askerUnit: field.text(l("咨询单位", "Organisation"), { max: 128 }),
    contactPhone: field.text(l("联系电话", "Contact phone"), { max: 20, rules: ["phone"] }),
    answer: field.longText(l("答复内容", "Answer"), { max: 5000 }),
    answererId: field.ref(l("答复人", "Answered by")),
    answerTime: field.datetime(l("答复时间", "Answered at")),
    status: field.dict(l("状态", "Status"), "adviceStatus", { required: true }),
  },
  search: ["title", "askerName", "askerUnit"],
  columns: ["title", "policyId", "askerName", "askerUnit", "contactPhone", "status", "answerTime"],
  filters: { title: "like", policyId: "eq", askerUnit: "like", status: "eq", answererId: "eq" },
  sorts: ["createTime", "answerTime", "title"],
  defaultSort: ["createTime", "desc"],
  counted: ["status"],
});

export const policyDeclare = defineFamily({
  path: "/common/policyDeclare",
  perm: "common:policydeclare",
  table: "policy_declare",
  label: l("政策申报", "Policy declaration"),
  fields: {
    creditCode: creditCode(),
    entName: entName(),
    policyId: field.ref(l("政策", "Policy"), { refers: "common:paclist" }),
    policyName: field.text(l("政策名称", "Policy name"), { required: true, max: 200 }),
    policyNo: field.text(l("政策文号", "Policy number"), { max: 100 }),
    declareNo: field.text(l("申报编号", "Declaration number"), { max: 64 }),
    declareTime: field.datetime(l("申报时间", "Declared at")),
    declareAmount: field.number(l("申报金额(万元)", "Amount declared (10k CNY)"), { min: 0 }),
    approvedAmount: field.number(l("核定金额(万元)", "Amount approved (10k CNY)"), { min: 0 }),
    contactName: field.text(l("联系人", "Contact"), { max: 64 }),
    contactPhone: field.text(l("联系电话", "Contact phone"), { max: 20, rules: ["phone"] }),
    materials: field.json(l("申报材料", "Materials"), fileIds, { files: true }),
    remark: field.longText(l("备注", "Remark"), { max: 1000 }),
    // an application's managed fields (worker/services/applications.ts writes them by key): the status follows its approval flow
    status: field.dict(l("申报状态", "Declaration status"), "applyStatus", { managed: true }),
    procInsId: field.text(l("流程实例", "Process instance"), { managed: true, max: 64 }),
    applyTime: field.datetime(l("提交时间", "Submitted at"), { managed: true }),
    applicantId: field.ref(l("申报人", "Declared by"), { managed: true, refers: "sys:user" }),
  },
  search: ["entName", "creditCode", "policyName", "declareNo"],
  columns: ["entName", "creditCode", "policyName", "declareNo", "declareTime", "declareAmount", "approvedAmount", "applyTime", "status"],
  filters: { creditCode: "eq", entName: "like", policyId: "eq", policyName: "like", declareNo: "eq", status: "eq" },
  sorts: ["declareTime", "applyTime", "declareAmount", "entName", "createTime"],
  defaultSort: ["createTime", "desc"],
  counted: ["status"],
  lifecycle: { apply: { flowKey: "policyDeclare", materials: { field: "materials", rule: declarationMaterials } } },
});

/** Spec §3 "Policy follow-up" (createTime is the record's own bookkeeping). */
export const policyDeclareFollow = defineFamily({
  path: "/common/policyDeclareFollow",
  perm: "common:policydeclarefollow",
  table: "policy_declare_follow",
  label: l("申报跟进", "Declaration follow-up"),
  fields: {
    declareId: field.ref(l("政策申报", "Declaration"), { refers: "common:policydeclare" }),
    policyType: field.dict(l("政策类别", "Policy type"), "policyType", { required: true }),
    followType: field.dict(l("跟进类型", "Follow-up type"), "declareFollowType"),
    followName: field.text(l("跟进事项", "Follow-up"), { required: true, max: 200 }),
    operator: field.text(l("操作人", "Operator"), { max: 64 }),
    moduleCode: field.text(l("模块编码", "Module code"), { max: 32 }),
    remark: field.longText(l("备注", "Remark"), { max: 2000 }),
  },
  search: ["followName", "operator"],
  columns: ["followName", "followType", "policyType", "declareId", "operator", "moduleCode", "remark"],
  filters: { declareId: "eq", followType: "eq", policyType: "eq", followName: "like", moduleCode: "eq" },
  sorts: ["createTime", "followName"],
  defaultSort: ["createTime", "desc"],
});

// ---- Project management (FIELDS.md §2.4; spec §3 "Organisation node" is the tree answer built from org units)

export const projectOrgUnit = defineFamily({
  path: "/common/projectorgunit",
  perm: "common:projectorgunit",
  table: "project_org_unit",
  label: l("组织单元", "Organisation unit"),
  fields: {
    name: field.text(l("单元名称", "Unit name"), { required: true, max: 100 }),
    code: field.text(l("单元编码", "Unit code"), { required: true, max: 32, rules: ["noOuterSpaces"] }),
    parentId: field.ref(l("上级单元", "Parent unit")),
    levelId: field.ref(l("机构层级", "Level")),
    unitType: field.dict(l("单元类型", "Unit type"), "orgUnitType", { required: true }),
    leaderId: field.ref(l("负责人", "Leader")),
    phone: field.text(l("联系电话", "Phone"), { max: 20, rules: ["phone"] }),
    areaCode: field.text(l("行政区划", "Area"), { max: 6, rules: ["zoningCode"] }),
    sort: field.int(l("排序号", "Sort")),
    enabled: field.bool(l("启用", "Enabled")),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["name", "code"],
  columns: ["name", "code", "parentId", "levelId", "unitType", "leaderId", "phone", "sort", "enabled"],
  filters: { name: "like", code: "eq", parentId: "eq", levelId: "eq", unitType: "eq", enabled: "eq" },
  sorts: ["sort", "name", "code"],
  defaultSort: ["sort", "asc"],
  parentKey: "parentId",
  unique: [["code"]],
});

export const projectOrgLevel = defineFamily({
  path: "/common/projectorglevel",
  perm: "common:projectorglevel",
  table: "project_org_level",
  label: l("机构层级", "Organisation level"),
  fields: {
    name: field.text(l("层级名称", "Level name"), { required: true, max: 64 }),
    code: field.text(l("层级编码", "Level code"), { required: true, max: 32, rules: ["noOuterSpaces"] }),
    level: field.int(l("层级序号", "Level number"), { required: true, min: 1, max: 20 }),
    description: field.longText(l("说明", "Description"), { max: 500 }),
    sort: field.int(l("排序号", "Sort")),
    enabled: field.bool(l("启用", "Enabled")),
  },
  search: ["name", "code"],
  columns: ["name", "code", "level", "description", "sort", "enabled"],
  filters: { name: "like", code: "eq", enabled: "eq" },
  sorts: ["level", "sort", "name"],
  defaultSort: ["level", "asc"],
  unique: [["code"]],
});

/** FIELDS.md's parentCode becomes parentId so the engine keeps the tree (no orphans, live parents). */
export const projectIndustry = defineFamily({
  path: "/common/projectindustry",
  perm: "common:projectindustry",
  table: "project_industry",
  label: l("项目行业分类", "Project industry"),
  fields: {
    industryCode: field.text(l("行业编码", "Industry code"), { required: true, max: 32, rules: ["noOuterSpaces"] }),
    industryName: field.text(l("行业名称", "Industry name"), { required: true, max: 100 }),
    parentId: field.ref(l("上级行业", "Parent industry")),
    level: field.int(l("层级", "Level"), { min: 1, max: 9 }),
    gbCode: field.text(l("国标行业代码", "GB/T 4754 code"), { max: 8 }),
    chainName: field.text(l("所属产业链", "Industry chain"), { max: 64 }),
    sortNo: field.int(l("排序号", "Sort")),
    enabled: field.bool(l("启用", "Enabled")),
  },
  search: ["industryName", "industryCode", "chainName"],
  columns: ["industryCode", "industryName", "parentId", "level", "gbCode", "chainName", "sortNo", "enabled"],
  filters: { industryCode: "eq", industryName: "like", parentId: "eq", chainName: "like", enabled: "eq" },
  sorts: ["sortNo", "industryCode", "industryName"],
  defaultSort: ["sortNo", "asc"],
  parentKey: "parentId",
  unique: [["industryCode"]],
});

export const projectTrack = defineFamily({
  path: "/common/projecttrackmanagement",
  perm: "common:projecttrackmanagement",
  table: "project_track_management",
  label: l("项目跟踪", "Project tracking"),
  fields: {
    projectId: field.ref(l("项目", "Project")),
    projectName: field.text(l("项目名称", "Project name"), { required: true, max: 200 }),
    trackDate: field.date(l("跟踪日期", "Tracked on"), { required: true }),
    stage: field.dict(l("阶段", "Stage"), "trackStage", { required: true }),
    progressNote: field.longText(l("进展情况", "Progress"), { max: 5000 }),
    completedInvestment: field.number(l("累计完成投资(万元)", "Investment to date (10k CNY)"), { min: 0 }),
    periodInvestment: field.number(l("本期完成投资(万元)", "Investment this period (10k CNY)"), { min: 0 }),
    issues: field.longText(l("存在问题", "Issues"), { max: 2000 }),
    coordinationNeeded: field.longText(l("需协调事项", "Coordination needed"), { max: 2000 }),
    trackerUserId: field.ref(l("跟踪人", "Tracked by")),
    nextStep: field.longText(l("下一步", "Next step"), { max: 2000 }),
    status: field.dict(l("状态", "Status"), "trackStatus", { required: true }),
    attachments: field.json(l("附件", "Attachments"), fileIds),
  },
  search: ["projectName"],
  columns: ["projectName", "trackDate", "stage", "completedInvestment", "periodInvestment", "trackerUserId", "status"],
  filters: { projectId: "eq", projectName: "like", stage: "eq", status: "eq", trackerUserId: "eq" },
  sorts: ["trackDate", "completedInvestment", "projectName"],
  defaultSort: ["trackDate", "desc"],
  counted: ["stage", "status"],
});

/** Gantt rows of a project (/gantt import/export); tasks nest under a parent task. */
export const projectSchedulePlan = defineFamily({
  path: "/common/projectprodscheduleplan",
  perm: "common:projectprodscheduleplan",
  table: "project_prod_schedule_plan",
  label: l("生产排期计划", "Production schedule plan"),
  fields: {
    projectId: field.ref(l("项目", "Project"), { required: true }),
    wbsCode: field.text(l("WBS编码", "WBS code"), { max: 32 }),
    taskName: field.text(l("任务名称", "Task name"), { required: true, max: 200 }),
    parentId: field.ref(l("上级任务", "Parent task")),
    startDate: field.date(l("计划开始", "Planned start"), { required: true }),
    endDate: field.date(l("计划结束", "Planned end"), { required: true }),
    durationDays: field.int(l("工期(天)", "Duration (days)"), { min: 0 }),
    progress: field.number(l("进度(%)", "Progress (%)"), { min: 0, max: 100 }),
    ownerUserId: field.ref(l("负责人", "Owner")),
    ownerUnitId: field.ref(l("责任单位", "Responsible unit")),
    predecessors: field.json(
      l("前置任务", "Predecessors"),
      () => z.array(z.object({ taskId: z.string().max(64), type: z.enum(["FS", "SS", "FF", "SF"]), lagDays: z.number().int().optional() })).max(50),
    ),
    isMilestone: field.bool(l("里程碑", "Milestone")),
    status: field.dict(l("状态", "Status"), "scheduleStatus", { required: true }),
    sortNo: field.int(l("排序号", "Sort")),
  },
  search: ["taskName", "wbsCode"],
  columns: ["wbsCode", "taskName", "startDate", "endDate", "durationDays", "progress", "ownerUserId", "isMilestone", "status"],
  filters: { projectId: "eq", parentId: "eq", taskName: "like", ownerUserId: "eq", ownerUnitId: "eq", status: "eq" },
  sorts: ["sortNo", "startDate", "endDate", "wbsCode"],
  defaultSort: ["sortNo", "asc"],
  parentKey: "parentId",
  counted: ["status"],
  check: endNotBeforeStart,
});

export const projectEquipment = defineFamily({
  path: "/common/projectappequipment",
  perm: "common:projectappequipment",
  table: "project_app_equipment",
  label: l("项目设备", "Project equipment"),
  fields: {
    projectId: field.ref(l("项目", "Project"), { required: true }),
    equipmentName: field.text(l("设备名称", "Equipment name"), { required: true, max: 128 }),
    model: field.text(l("型号规格", "Model"), { max: 128 }),
    quantity: field.number(l("数量", "Quantity"), { min: 0 }),
    unit: field.text(l("单位", "Unit"), { max: 16 }),
    unitPrice: field.number(l("单价(万元)", "Unit price (10k CNY)"), { min: 0 }),
    totalAmount: field.number(l("金额(万元)", "Amount (10k CNY)"), { min: 0 }),
    manufacturer: field.text(l("生产厂家", "Manufacturer"), { max: 128 }),
    supplierName: field.text(l("供应商", "Supplier"), { max: 128 }),
    purchaseDate: field.date(l("购置日期", "Purchased on")),
    isImported: field.bool(l("进口设备", "Imported")),
    status: field.dict(l("状态", "Status"), "equipmentStatus", { required: true }),
  },
  search: ["equipmentName", "model", "manufacturer", "supplierName"],
  columns: ["equipmentName", "model", "quantity", "unit", "totalAmount", "manufacturer", "purchaseDate", "isImported", "status"],
  filters: { projectId: "eq", equipmentName: "like", status: "eq", isImported: "eq" },
  sorts: ["purchaseDate", "totalAmount", "equipmentName"],
  defaultSort: ["purchaseDate", "desc"],
  counted: ["status"],
});

// ---- Form materials, app home configuration and images, company-to-partner data

/** Templates of the materials an application or declaration asks for. */
export const formMaterial = defineFamily({
  path: "/common/formmaterial",
  perm: "common:formmaterial",
  table: "form_material",
  label: l("材料模板", "Form material"),
  fields: {
    name: field.text(l("材料名称", "Material name"), { required: true, max: 128 }),
    code: field.text(l("材料编码", "Material code"), { max: 32, rules: ["noOuterSpaces"] }),
    materialType: field.dict(l("材料类型", "Material type"), "materialType", { required: true }),
    businessType: field.dict(l("适用业务", "Used for"), "materialBusinessType", { required: true }),
    mandatory: field.bool(l("必须提交", "Mandatory")),
    templateFiles: field.json(l("模板文件", "Template files"), fileIds),
    fileFormats: field.text(l("允许格式", "Allowed formats"), { max: 100 }),
    description: field.longText(l("填写说明", "Instructions"), { max: 1000 }),
    sort: field.int(l("排序号", "Sort")),
    enabled: field.bool(l("启用", "Enabled")),
  },
  search: ["name", "code"],
  columns: ["name", "code", "materialType", "businessType", "mandatory", "fileFormats", "sort", "enabled"],
  filters: { name: "like", code: "eq", materialType: "eq", businessType: "eq", enabled: "eq" },
  sorts: ["sort", "name", "createTime"],
  defaultSort: ["sort", "asc"],
  counted: ["businessType"],
});

export const appImage = defineFamily({
  path: "/common/image",
  perm: "common:image",
  table: "app_image",
  label: l("图片", "Image"),
  fields: {
    title: field.text(l("图片标题", "Title"), { required: true, max: 100 }),
    fileId: field.ref(l("图片文件", "Image file"), { required: true }),
    category: field.dict(l("图片分类", "Category"), "imageCategory", { required: true }),
    linkUrl: field.text(l("跳转链接", "Link"), { max: 500, rules: ["url"] }),
    startTime: field.datetime(l("展示开始", "Shown from")),
    endTime: field.datetime(l("展示结束", "Shown until")),
    sort: field.int(l("排序号", "Sort")),
    enabled: field.bool(l("启用", "Enabled")),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["title"],
  columns: ["title", "fileId", "category", "linkUrl", "startTime", "endTime", "sort", "enabled"],
  filters: { title: "like", category: "eq", enabled: "eq" },
  sorts: ["sort", "startTime", "createTime"],
  defaultSort: ["sort", "asc"],
  counted: ["category"],
});

/** The app's home configuration, read by GET /common/app/homeConfigInfoList/{code}. */
export const appInfo = defineFamily({
  path: "/common/appInfo",
  perm: "common:appinfo",
  table: "app_info",
  label: l("首页配置", "Home configuration"),
  fields: {
    code: field.text(l("配置编码", "Config code"), { required: true, max: 64, rules: ["noOuterSpaces"] }),
    title: field.text(l("标题", "Title"), { required: true, max: 100 }),
    items: field.json(
      l("配置项", "Items"),
      () => z.array(z.object({ title: z.string().max(100), icon: z.string().max(64).optional(), imageId: z.string().max(64).optional(), link: z.string().max(500).optional(), sort: z.number().int().optional() })).max(100),
    ),
    sort: field.int(l("排序号", "Sort")),
    enabled: field.bool(l("启用", "Enabled")),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["title", "code"],
  columns: ["code", "title", "sort", "enabled", "remark"],
  filters: { code: "eq", title: "like", enabled: "eq" },
  sorts: ["sort", "code", "createTime"],
  defaultSort: ["sort", "asc"],
});

/** An enterprise's partner institutions (banks, law firms, investors…). */
export const companyPartner = defineFamily({
  path: "/common/companypartner",
  perm: "common:companypartner",
  table: "company_partner",
  label: l("企业合作机构", "Company partner"),
  fields: {
    creditCode: creditCode(),
    entName: entName(),
    partnerName: field.text(l("合作机构名称", "Partner name"), { required: true, max: 128 }),
    partnerCreditCode: field.text(l("合作机构信用代码", "Partner credit code"), { max: 18, rules: ["creditCode"] }),
    partnerType: field.dict(l("机构类型", "Partner type"), "partnerType", { required: true }),
    cooperationContent: field.longText(l("合作内容", "Cooperation"), { max: 2000 }),
    startDate: field.date(l("合作开始", "Since")),
    endDate: field.date(l("合作结束", "Until")),
    contactName: field.text(l("联系人", "Contact"), { max: 64 }),
    contactPhone: field.text(l("联系电话", "Contact phone"), { max: 20, rules: ["phone"] }),
    status: field.dict(l("合作状态", "Cooperation status"), "cooperationStatus", { required: true }),
  },
  search: ["entName", "creditCode", "partnerName"],
  columns: ["entName", "creditCode", "partnerName", "partnerType", "startDate", "endDate", "contactName", "status"],
  filters: { creditCode: "eq", entName: "like", partnerName: "like", partnerType: "eq", status: "eq" },
  sorts: ["startDate", "entName", "partnerName", "createTime"],
  defaultSort: ["createTime", "desc"],
  counted: ["partnerType", "status"],
  check: endNotBeforeStart,
});

export const caseworkFamilies = [
  evaluationModel,
  evaluationMetric,
  evaluationModelMetric,
  evaluationQuestion,
  evaluationPaper,
  evaluationVariable,
  evaluationInformation,
  evaluationResult,
  dataIndicator,
  companyVisit,
  visitHistory,
  visitUserAllocation,
  checkInRecord,
  taskPlan,
  taskMsg,
  workReport,
  policy,
  policyAdvice,
  policyDeclare,
  policyDeclareFollow,
  projectOrgUnit,
  projectOrgLevel,
  projectIndustry,
  projectTrack,
  projectSchedulePlan,
  projectEquipment,
  formMaterial,
  appImage,
  appInfo,
  companyPartner,
];
