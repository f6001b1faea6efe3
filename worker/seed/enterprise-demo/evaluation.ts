/**
 * The seeded evaluation schemes in the demo region (worker/seed/evaluation-demo/): the three showcase
 * enterprises' records carry the figures the schemes read, and the region holds the two models, their
 * questions and papers, and each showcase enterprise's answered papers.
 *
 * The generic walk still makes the showcase enterprises' records (so every text field reads like the
 * rest of the region): `figuresCount` sets how many of them a family gets, and `applyFigures` overwrites
 * the figures after the family's fixup — the records stay coherent (a granted patent has its grant date,
 * equity is assets less liabilities). `evaluationDemoWrites` makes the models and papers.
 */
import type { Family } from "../../../events/family.ts";
import { evaluationInformation, evaluationModel, evaluationPaper, evaluationQuestion } from "../../../events/families/casework.ts";
import { newCreate, updateOf } from "../../resources/commands.ts";
import type { StoredEvent, StreamWrite } from "../../store/types.ts";
import type { BuildContext } from "./context.ts";
import { daysBefore, type DemoEnterprise } from "./enterprises.ts";
import { addYears, round1 } from "./fixups/kit.ts";
import { showcaseFigures, type ShowcaseFigures } from "../evaluation-demo/showcase.ts";
import { evaluationSchemes } from "../evaluation-demo/index.ts";
import { techSmeCode } from "../evaluation-demo/tech-sme.ts";
import { questionByCode } from "../evaluation-demo/questions.ts";

const shortOf = (f: Family) => f.perm.slice(f.perm.indexOf(":") + 1);
const figuresOf = (ent: DemoEnterprise | undefined): ShowcaseFigures | undefined => (ent ? showcaseFigures.find((s) => s.index === ent.index) : undefined);
const pct = (a: number, b: number) => Math.round(((a * 100) / b) * 100) / 100;

/** How many records of a family a showcase enterprise gets (`drawn` for the families the schemes do not read). */
export function figuresCount(f: Family, ent: DemoEnterprise, drawn: number): number {
  const s = figuresOf(ent);
  if (!s) return drawn;
  switch (shortOf(f)) {
    case "enfinancialinfo":
      return 2;
    case "enpatentinfo":
      return s.patents.invention + s.patents.utilityModel + s.patents.design;
    case "ensoftwarecopyright":
      return s.softwareCopyrights;
    case "ensocialsecurityinfo":
    case "enenterprisetycannualreport":
      return 1;
    case "hitech":
      return s.hitechValid ? 1 : 0;
    case "tbevaluationinformanion":
      return 0; // their answered papers come from evaluationDemoWrites
    default:
      return drawn;
  }
}

/** Overwrites a showcase enterprise's record with its figures (after the family's own fixup). */
export function applyFigures(r: Record<string, unknown>, c: BuildContext): void {
  const s = figuresOf(c.ent);
  if (!s) return;
  const y = c.nth === 0 ? s.latest : s.previous;
  switch (c.short) {
    case "enenterprisebasicinfo":
      Object.assign(r, { regStatus: "existing", scale: s.scale });
      return;
    case "enfinancialinfo":
      Object.assign(r, {
        periodType: "annual",
        operatingIncome: y.revenue,
        netProfit: y.netProfit,
        totalProfit: round1(y.netProfit / 0.85),
        totalAssets: y.totalAssets,
        totalLiabilities: y.totalLiabilities,
        ownersEquity: y.totalAssets - y.totalLiabilities,
        rdExpense: y.rdExpense,
        employeeCount: y.employees,
        debtRatio: pct(y.totalLiabilities, y.totalAssets),
      });
      return;
    case "enenterprisetycannualreport":
      Object.assign(r, { employeeCount: y.employees, totalSales: y.revenue, totalAssets: y.totalAssets, totalLiability: y.totalLiabilities, totalEquity: y.totalAssets - y.totalLiabilities, netProfit: y.netProfit, totalProfit: round1(y.netProfit / 0.85) });
      return;
    case "ensocialsecurityinfo":
      Object.assign(r, { pensionCount: y.employees, unemploymentCount: y.employees, medicalCount: y.employees, injuryCount: y.employees, maternityCount: y.employees });
      return;
    case "ensoftwarecopyright":
      r.status = "registered";
      return;
    case "enpatentinfo": {
      const { invention, utilityModel } = s.patents;
      const type = c.nth < invention ? "invention" : c.nth < invention + utilityModel ? "utilityModel" : "design";
      const digit = type === "design" ? "3" : type === "utilityModel" ? "2" : "1";
      r.patentType = type;
      r.legalStatus = "granted";
      r.appNo = String(r.appNo).replace(/^(CN\d{4})\d/, `$1${digit}`);
      r.pubNo = String(r.pubNo ?? `CN1${String(c.index).padStart(8, "0")}B`).replace(/.$/, type === "design" ? "S" : type === "utilityModel" ? "U" : "B");
      // granted: the grant follows the publication (or the filing) and precedes the seed
      r.grantDate = r.grantDate ?? r.pubDate ?? r.appDate ?? daysBefore(c.at, 400);
      return;
    }
    case "hitech": {
      const issued = daysBefore(c.at, 400);
      Object.assign(r, { issueDate: issued, recognitionYear: Number(issued.slice(0, 4)), validUntil: addYears(issued, 3), publicityDate: daysBefore(`${issued}T00:00:00Z`, 30), status: "valid" });
      return;
    }
  }
}

/** A record's stream as its events would be read back, for deciding a later version on top of the first. */
const asStored = (w: StreamWrite, at: string): StoredEvent[] =>
  w.events.map((e, i) => ({ ...e, stream: w.stream, version: w.head.version + i + 1, meta: { actorId: null, actorName: null, actorKind: "seed", requestId: "seed", ip: null, at }, at, hash: "" }));

/**
 * The seeded models (each version a new version of the same record, so a result names the version that
 * scored it), their questions and papers, and the showcase enterprises' answered papers.
 */
export async function evaluationDemoWrites(seedId: (key: string) => Promise<string>, at: string, enterprises: DemoEnterprise[]): Promise<{ writes: StreamWrite[]; counts: Record<string, number> }> {
  const writes: StreamWrite[] = [];
  const counts: Record<string, number> = {};
  const add = (f: Family, w: StreamWrite) => {
    writes.push(w);
    counts[f.name] = (counts[f.name] ?? 0) + 1;
  };
  const hasField = (f: Family, key: string) => key in f.fields;
  const questionIds = new Map<string, string>();
  for (const [code, q] of questionByCode) {
    const id = await seedId(`evaluation-demo:question:${code}`);
    questionIds.set(code, id);
    add(evaluationQuestion, newCreate(evaluationQuestion, {
      title: q.title["zh-CN"],
      questionType: q.type,
      ...(q.options ? { options: q.options.map((o) => ({ label: o.label["zh-CN"], value: o.value, ...(o.score === undefined ? {} : { score: o.score }) })) } : {}),
      ...(q.score === undefined ? {} : { score: q.score }),
      mandatory: true,
      status: "1",
      ...(hasField(evaluationQuestion, "code") ? { code } : {}),
    }, id));
  }
  for (const [sort, scheme] of evaluationSchemes.entries()) {
    const modelId = await seedId(`evaluation-demo:model:${scheme.code}`);
    const [first, ...later] = scheme.versions;
    // an enterprise passing a scheme is listed: the tech-SME scheme's on the high-tech list, the others' on the star list
    const base = { name: scheme.name["zh-CN"], code: scheme.code, modelType: scheme.modelType, totalScore: 100, status: "1", sort: sort + 1, starList: scheme.code === techSmeCode ? "hitech" : "star" };
    const withDefinition = (v: (typeof scheme.versions)[number]) => ({ modelVersion: v.label, description: v.description["zh-CN"], starThreshold: v.definition.passLine, ...(hasField(evaluationModel, "definition") ? { definition: v.definition } : {}) });
    const model = newCreate(evaluationModel, { ...base, ...withDefinition(first!) }, modelId);
    // a later version is an update of the same record, decided on the stream as the create left it
    for (const v of later) model.events.push(...updateOf(evaluationModel, modelId, withDefinition(v), asStored(model, at)).events);
    add(evaluationModel, model);
    for (const [n, v] of scheme.versions.entries()) {
      // an older version's paper was answered the year before: the latest answers are the current version's
      const evaluationDate = daysBefore(at, 365 * (scheme.versions.length - 1 - n));
      const paperId = await seedId(`evaluation-demo:paper:${scheme.code}:${v.label}`);
      add(evaluationPaper, newCreate(evaluationPaper, { name: v.paperName["zh-CN"], code: `${scheme.code}-${v.label}`, modelId, questionIds: v.questions.map((c) => questionIds.get(c)!), totalScore: 100, status: "1" }, paperId));
      for (const s of showcaseFigures) {
        const ent = enterprises[s.index];
        if (!ent) continue;
        const answers = v.questions.filter((c) => c in s.answers).map((c) => ({ questionId: questionIds.get(c)!, value: s.answers[c]! }));
        const id = await seedId(`evaluation-demo:information:${scheme.code}:${v.label}:${s.key}`);
        add(evaluationInformation, newCreate(evaluationInformation, { creditCode: ent.creditCode, entName: ent.entName, modelId, paperId, evaluationDate, answers, status: "submitted" }, id));
      }
    }
  }
  return { writes, counts };
}
