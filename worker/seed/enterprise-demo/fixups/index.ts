/**
 * Coherence of the important families after the generic values: figures that add up (equity = assets −
 * liabilities), numbers that follow their dates and kinds (a patent's application number carries its year
 * and type), states that agree with their details (only a granted patent has a grant date), and the
 * curated texts of the families people look at first. One file per declaring area.
 */
import type { BuildContext } from "../context.ts";
import { caseworkFixups } from "./casework.ts";
import { enterpriseFixups } from "./enterprise.ts";
import { serviceFixups } from "./services.ts";
import { visitFixups } from "./visits.ts";
import type { Fixup } from "./kit.ts";

const fixups: Record<string, Fixup> = { ...enterpriseFixups, ...serviceFixups, ...caseworkFixups, ...visitFixups };

/** Applies the family's fixup (by its short name), if it has one. */
export function fixup(record: Record<string, unknown>, ctx: BuildContext): void {
  fixups[ctx.short]?.(record, ctx);
}
