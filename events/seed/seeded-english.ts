/**
 * The English of the names the product seeds into kinds that have no English column of their own: divisions,
 * organisation units, departments, posts, people, roles, the seeded process models (their names, nodes,
 * branches and form fields) and the names the BPMN conversion gives to the nodes it adds. Menus and
 * dictionaries carry their English in their records (`enName`); these names are copied around as they are (a
 * task's name into its instance, a role's name into a model, a division's name into a label), so a screen looks
 * the name up when it shows it in en-US. A name someone typed in is shown as typed.
 */
import type { Lang, Text } from "../i18n.ts";
import { defaultNames } from "../flow/default-names.ts";
import { areaSeed } from "./areas.ts";
import { areaEnglish } from "./areas-en.ts";
import type { Family } from "../family.ts";
import { families } from "../families/index.ts";
import { applicationDescription, applicationFlowName, applicationSteps, expenseTexts } from "./flows.ts";
import { adminUserSeed, departmentSeed, memberSeed, orgUnitSeed, postSeed, roleSeed, userSeed } from "./organisation.ts";

const pairs: [string, string][] = [
  ...areaSeed.map((a): [string, string] => [a.name, areaEnglish[a.code] ?? a.name]),
  ...[...orgUnitSeed, ...departmentSeed, ...postSeed, ...memberSeed, ...userSeed, ...Object.values(roleSeed), adminUserSeed].map((s): [string, string] => [s.name, s.en]),
];
const texts: Text[] = [
  expenseTexts.name, expenseTexts.description, ...Object.values(expenseTexts.nodes), ...Object.values(expenseTexts.fields),
  applicationSteps.root, applicationSteps.staff, applicationSteps.admin,
];
// the application flows: their names, descriptions and start-form labels (the application families' own fields)
for (const family of families as Family[]) {
  const flowKey = family.lifecycle?.apply?.flowKey;
  if (!flowKey) continue;
  const name = applicationFlowName(flowKey, family.label);
  texts.push(name, applicationDescription(name), ...Object.values(family.fields).filter((f) => !f.managed).map((f) => f.label));
}
for (const t of texts) pairs.push([t["zh-CN"], t["en-US"]]);
for (const key of ["start", "end", "approval", "cc"] as const) pairs.push([defaultNames["zh-CN"][key], defaultNames["en-US"][key]]);

/** Seeded Chinese name → its English. */
export const seededEnglish: ReadonlyMap<string, string> = new Map(pairs);

const escalated = defaultNames["zh-CN"].escalated("");

/** A seeded name in the language (as given when it is not one the product seeded, or in Chinese). */
export function seededName(name: string, lang: Lang): string {
  if (lang === "zh-CN" || !name) return name;
  const own = seededEnglish.get(name);
  if (own !== undefined) return own;
  // an escalated copy of a seeded task: 财务复核（超时上报） → Finance review (escalated)
  if (name.endsWith(escalated)) {
    const task = seededEnglish.get(name.slice(0, -escalated.length));
    if (task !== undefined) return defaultNames["en-US"].escalated(task);
  }
  return name;
}
