/**
 * The bench's table: its row, how it prints, and a section's module run on its own
 * (`npm run bench:flow`, `npm run bench:flow -- --smoke`).
 */
import { cliOptions, type BenchOptions } from "./sizes.ts";

/** figure, value, floor, ratio, goal, met (the bench's table row; met null: no goal) */
export type Line = [string, string, string, string, string, boolean | null];

/** A bench section: its rows at the sizes `options` ask for (tests/bench/sizes.ts). */
export type Figures = (options: BenchOptions) => Promise<Line[]>;

export const tableHeader = ["figure", "worker (local D1)", "floor (node:sqlite)", "ratio", "goal", "met"];

export function printTable(title: string, lines: Line[]) {
  console.log(`\n${title}\n`);
  console.log(tableHeader.join(" | "));
  for (const [name, w, f, ratio, goal, met] of lines) console.log([name, w, f, ratio, goal, met === null ? "" : met ? "yes" : "NO"].join(" | "));
}

const endings: (() => Promise<unknown>)[] = [];
/** Work for the end of the run, once every section is done: stopping a server that sections share. */
export const atBenchEnd = (work: () => Promise<unknown>) => void endings.push(work);
export async function benchEnd() {
  for (const work of endings.splice(0)) await work();
}

/**
 * A section's module run as a script: its table (`--smoke` for the smoke sizes), or with `--json` its rows
 * as JSON on the last line of stdout (a section the bench runs in a child process).
 */
export async function runAlone(title: string, figures: Figures): Promise<never> {
  const options = cliOptions();
  const lines = await figures(options).finally(benchEnd);
  if (process.argv.includes("--json")) console.log(JSON.stringify(lines));
  else printTable(`${title}${options.smoke ? " (smoke)" : ""} — ${new Date().toISOString()}`, lines);
  process.exit(0);
}
