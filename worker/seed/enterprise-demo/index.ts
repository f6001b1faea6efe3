/**
 * The enterprise demo region for local databases and browser tests (never a deployment): about 300
 * enterprises across Shaanxi's real divisions with valid credit codes, records on every enterprise tab,
 * products in every publish state, applications in every approval state, demands in every examination
 * state, and a few records of the casework families.
 *
 * Deterministic: one fixed seed (random.ts), ids from `seedId`, times from `at` — the same writes on
 * every machine. Generic: it walks the declared families and fills each field from its kind, dictionary
 * and rules (values.ts), so a family declared later gets demo records without a change here.
 */
import type { Family } from "../../../events/family.ts";
import { families as declaredFamilies } from "../../../events/families/index.ts";
import { caseworkFamilies } from "../../../events/families/casework.ts";
import type { DictSeed } from "../../../events/seed/dictionaries.ts";
import { allDictionarySeeds } from "../../../events/seed/all-dictionaries.ts";
import { departmentSeed, userSeed } from "../../../events/seed/organisation.ts";
import { newCreate } from "../../resources/commands.ts";
import type { StreamWrite } from "../../store/types.ts";
import { demoEnterprises, type DemoEnterprise } from "./enterprises.ts";
import { fixup } from "./fixups/index.ts";
import { applyLifecycle } from "./lifecycle.ts";
import { rngFor, type Rng } from "./random.ts";
import type { BuildContext, Person } from "./context.ts";
import { fieldValue, orderPairs, refToPeople } from "./values.ts";
import { builtHere as workReportsBuiltHere, workReportDemo } from "./workreports.ts";
import { builtHere as tasksBuiltHere } from "./tasks.ts";
import { builtHere as schedulesBuiltHere } from "./schedules.ts";
import { applyFigures, evaluationDemoWrites, figuresCount } from "./evaluation.ts";
import { isEnterpriseScoped, masterName } from "../../../events/families/enterprise.ts";

export { isEnterpriseScoped, masterName };

export const demoEnterpriseCount = 300;

/**
 * Families the base seed fills (system, organisation, workflow, messages), and administrators' own designs
 * (data models, forms and reports, whose definitions name other families' fields): not part of this demo.
 */
const baseFamily = (f: Family) => /^(sys|flowable|msg|report|datamodel|form|job|syn):/.test(f.perm) || f.perm === "common:projectorgpost" || f.perm === "common:proorgmember";

const shortOf = (f: Family) => f.perm.slice(f.perm.indexOf(":") + 1);
/** Where a ref field points (family short name), by key; a family may override its own keys. */
const refTargets: Record<string, string> = {
  productId: "tbfinanc",
  financId: "tbfinanc",
  listingId: "tblisting",
  serviceId: "tbservicepass",
  justiceId: "tbjustice",
  activityId: "serviceactivity",
  providerId: "suppliers",
  lawFirmId: "suppliers",
  supplierId: "suppliers",
  demandId: "portaldemand",
  taskPlanId: "entaskplan",
  visitId: "encompanyvisit",
  taskId: "entaskmsg",
  modelId: "tbevaluationmodel",
  metricId: "tbevaluationmetric",
  paperId: "tbevaluationpaper",
  informationId: "tbevaluationinformanion",
  policyId: "paclist",
  declareId: "policydeclare",
  projectId: "projectshow",
  levelId: "projectorglevel",
  ownerUnitId: "projectorgunit",
};
const familyRefTargets: Record<string, Record<string, string>> = {
  tbroadshowpass: { applicationId: "tbroadshowapplication" },
};
const targetOf = (f: Family, key: string) => familyRefTargets[shortOf(f)]?.[key] ?? refTargets[key];

/** Families whose records read as risk or rare events: fewer enterprises have them. */
const sparse = /^(syn|enrestrictionhighconsumptioncase|portalfreezeinfo|portalpledgeinfo|enbondfinancing|enforeigninvestmentinfo|hitech|tbroadshow|tblistingapplication)/;

/** The first enterprises of the region: every tab of theirs has records. */
const showcase = 12;

/**
 * The region's first enterprise, the same for any seed time (a test asserts it): a browser test can open
 * it and find every tab populated.
 */
export const showcaseEnterprise = { creditCode: "91610114MAA459641T", entName: "西安天成网络科技有限公司" } as const;

export interface DemoResult {
  writes: StreamWrite[];
  /** records per family name */
  counts: Record<string, number>;
  /** families left out and why (a required field nothing can fill) */
  skipped: { family: string; reason: string }[];
  enterprises: DemoEnterprise[];
}

/** Records per enterprise of an enterprise-scoped tab. */
function perEnterprise(rng: Rng, f: Family, ent: DemoEnterprise, casework: boolean): number {
  const short = shortOf(f);
  const p = ent.index < showcase ? 1 : casework ? 0.3 : sparse.test(short) ? 0.45 : 0.85;
  if (!rng.chance(p)) return 0;
  if (casework) return rng.int(1, 2);
  return rng.weighted([[1, 35], [2, 30], [3, 20], [4, 15]] as const);
}

/** Records of a family that belongs to no enterprise. */
function standalone(f: Family, casework: boolean): number {
  if (f.lifecycle?.publish || f.lifecycle?.examine) return 25;
  if (shortOf(f) === "suppliers") return 24;
  return casework ? 6 : 12;
}

/** Referenced families first, so a ref can point at a record that exists. */
function ordered(list: Family[]): Family[] {
  const byShort = new Map(list.map((f) => [shortOf(f), f]));
  const out: Family[] = [];
  const state = new Map<Family, "visiting" | "done">();
  const visit = (f: Family) => {
    if (state.get(f)) return; // a cycle leaves the later one's refs empty
    state.set(f, "visiting");
    for (const [key, field] of Object.entries(f.fields)) {
      const target = field.kind === "ref" ? byShort.get(targetOf(f, key) ?? "") : undefined;
      if (target && target !== f) visit(target);
    }
    state.set(f, "done");
    out.push(f);
  };
  // the master first: the enterprise page reads it
  for (const f of [...list].sort((a, b) => Number(b.name === masterName) - Number(a.name === masterName))) visit(f);
  return out;
}

export function dictionaryValues(seeds: DictSeed[] = allDictionarySeeds): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const { type, entries } of seeds) map.set(type, [...(map.get(type) ?? []), ...entries.map(([v]) => v)]);
  return map;
}

export interface BuildOptions {
  families?: Family[];
  enterprises?: number;
  /**
   * Takes each family's writes as soon as the family is complete, instead of keeping them all: a seed
   * script streams them into the database with memory bounded by one family (`writes` stays empty).
   */
  onFamily?: (writes: StreamWrite[]) => Promise<void>;
}

/**
 * Families their own modules' demo seeds make after the region is stored (scripts/seed.ts): task plans and
 * their tasks by distribution (./tasks.ts), schedule plans by the gantt module's save (./schedules.ts). The
 * walk leaves them out, so the demo has one source of each.
 */
export const seededAfterRegion = (f: Family) => tasksBuiltHere(f) || schedulesBuiltHere(f);

export async function buildEnterpriseDemo(seedId: (key: string) => Promise<string>, at: string, options: BuildOptions = {}): Promise<DemoResult> {
  const all = (options.families ?? declaredFamilies).filter((f) => !baseFamily(f) && !workReportsBuiltHere(f) && !seededAfterRegion(f));
  const casework = new Set<Family>(caseworkFamilies as unknown as Family[]);
  const enterprises = demoEnterprises(rngFor("enterprises"), options.enterprises ?? demoEnterpriseCount, at);
  const users: Person[] = await Promise.all(userSeed.map(async (u) => ({ id: await seedId(`user:${u.key}`), name: u.name })));
  // enterprise users apply; platform staff examine
  const people = { applicants: users.filter((_, i) => ["2", "3"].includes(userSeed[i]!.type)), examiners: users.filter((_, i) => userSeed[i]!.type === "1") };
  const departments = await Promise.all(departmentSeed.map((d) => seedId(`dept:${d.key}`)));
  const dictionaries = dictionaryValues();
  const usedCodes = new Set(enterprises.map((e) => e.creditCode));
  const idsByFamily = new Map<string, { all: string[]; byEnterprise: Map<string, string[]>; approved: Set<string> }>();
  const writes: StreamWrite[] = [];
  let familyWrites: StreamWrite[] = [];
  const counts: Record<string, number> = {};
  const skipped: DemoResult["skipped"] = [];

  for (const f of ordered(all)) {
    const short = shortOf(f);
    // a required link to something the demo does not make (an uploaded file…): the family is left out
    const unlinked = Object.entries(f.fields).find(([key, field]) => field.required && !field.managed && field.kind === "ref" && !refToPeople(key, field) && !all.some((t) => shortOf(t) === targetOf(f, key)));
    if (unlinked) {
      skipped.push({ family: f.name, reason: `needs ${unlinked[0]}, which the demo does not make` });
      continue;
    }
    const rng = rngFor(`family:${f.name}`);
    const isMaster = f.name === masterName;
    const scoped = isEnterpriseScoped(f);
    const plan: (DemoEnterprise | undefined)[] = [];
    if (isMaster) plan.push(...enterprises);
    else if (scoped) for (const ent of enterprises) for (let i = figuresCount(f, ent, perEnterprise(rng, f, ent, casework.has(f))); i > 0; i--) plan.push(ent);
    else for (let i = standalone(f, casework.has(f)); i > 0; i--) plan.push(undefined);

    const made: { id: string; creditCode?: string; status?: unknown }[] = [];
    const perEnt = new Map<string, number>();
    const uniques = f.unique.map(() => new Set<string>());
    let failure: string | undefined;
    for (const [n, ent] of plan.entries()) {
      const ctx: BuildContext = {
        rng,
        at,
        family: f,
        short,
        index: n,
        nth: ent ? (perEnt.get(ent.creditCode) ?? 0) : n,
        ent,
        other: () => enterprises[rng.int(0, enterprises.length - 1)]!,
        users,
        departments,
        dictionaries,
        usedCodes,
        ref: (key) => {
          const target = targetOf(f, key);
          const pool = target ? idsByFamily.get(target) : undefined;
          if (!pool?.all.length) return undefined;
          const same = ent ? pool.byEnterprise.get(ent.creditCode) : undefined;
          // a roadshow or service comes from an approved application where there is one
          const approved = key === "applicationId" ? same?.filter((id) => pool.approved.has(id)) : undefined;
          return rng.pick(approved?.length ? approved : same?.length ? same : pool.all);
        },
      };
      let record: Record<string, unknown> = {};
      let write: StreamWrite | undefined;
      let clash = false;
      const id = await seedId(`enterprise-demo:${f.name}:${n}`);
      failure = undefined;
      // a record a cross-field rule refuses is drawn again (a deadline after the end, min above max…)
      for (let attempt = 0; attempt < 8 && !write; attempt++) {
        record = {};
        for (const [key, field] of Object.entries(f.fields)) {
          if (field.managed || key === f.parentKey) continue;
          const value = fieldValue(ctx, key, field);
          if (value !== undefined) record[key] = value;
        }
        orderPairs(record);
        fixup(record, ctx);
        applyFigures(record, ctx);
        if (record.blacklisted === false) delete record.blacklistReason;
        orderPairs(record);
        clash = f.unique.some((group, i) => uniques[i]!.has(JSON.stringify(group.map((k) => record[k]))));
        if (clash) continue;
        applyLifecycle(f, record, n, ctx, people);
        try {
          write = newCreate(f, record, id);
        } catch (error) {
          failure = `${(error as Error).message}: ${JSON.stringify((error as { problems?: unknown }).problems ?? "")}`;
        }
      }
      if (clash) continue; // a natural key the region ran out of: one record fewer
      if (!write) break;
      failure = undefined;
      familyWrites.push(write);
      f.unique.forEach((group, i) => uniques[i]!.add(JSON.stringify(group.map((k) => record[k]))));
      made.push({ id, creditCode: ent?.creditCode, status: record.status });
      if (ent) perEnt.set(ent.creditCode, (perEnt.get(ent.creditCode) ?? 0) + 1);
    }
    if (failure) {
      // a family the builder cannot fill (a required field with no possible value) is left out whole
      skipped.push({ family: f.name, reason: failure });
      familyWrites = [];
      continue;
    }
    if (options.onFamily) await options.onFamily(familyWrites);
    else writes.push(...familyWrites);
    familyWrites = [];
    const byEnterprise = new Map<string, string[]>();
    for (const m of made) if (m.creditCode) byEnterprise.set(m.creditCode, [...(byEnterprise.get(m.creditCode) ?? []), m.id]);
    idsByFamily.set(short, { all: made.map((m) => m.id), byEnterprise, approved: new Set(made.filter((m) => m.status === "approved").map((m) => m.id)) });
    counts[f.name] = made.length;
  }
  // the seeded evaluation schemes with the showcase enterprises' answered papers (./evaluation.ts)
  if (!options.families) {
    const evaluation = await evaluationDemoWrites(seedId, at, enterprises);
    if (options.onFamily) await options.onFamily(evaluation.writes);
    else writes.push(...evaluation.writes);
    for (const [name, n] of Object.entries(evaluation.counts)) counts[name] = (counts[name] ?? 0) + n;
  }
  for (const own of (options.families ?? declaredFamilies).some(workReportsBuiltHere) ? [await workReportDemo(seedId, at)] : []) {
    if (options.onFamily) await options.onFamily(own.writes);
    else writes.push(...own.writes);
    counts[own.family] = own.count;
  }
  return { writes, counts, skipped, enterprises };
}

/** The demo's writes (see buildEnterpriseDemo); `at` is the seed's time, every date lies before it. */
export async function enterpriseDemoWrites(seedId: (key: string) => Promise<string>, at: string): Promise<StreamWrite[]> {
  const result = await buildEnterpriseDemo(seedId, at);
  return result.writes;
}
