/**
 * What the Worker's global scope runs: imports the bundle `wrangler deploy` would upload in a fresh Node
 * process under V8's precise coverage, and reads back, through the bundle's source map, which source files
 * had module-level code executed (code outside functions that were never called). A library that is
 * bundled but only loaded by a dynamic `import()` sits inside a function the bundler wraps it in, so it
 * shows up here only if something called that function at import.
 *
 * `heavyAtImport` names the libraries and data tables that must not run at import (they load with the
 * first request that needs them); `npm run bench:startup` fails when one does (`.ci/run`).
 *
 *   node tests/bench/import-trace.ts [--bundle FILE]   lists the files whose module-level code ran, heaviest first
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { relative, resolve, dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { buildBundle } from "./worker-bundle.ts";
import { stubWorkerdModules } from "./workerd-stubs.ts";

/**
 * A source file of the bundle and what of it ran at import: `calls`, its functions that were called
 * (a module the bundler wraps for a dynamic import counts its wrapper); `chars`, the characters of its
 * code at the bundle's top level that ran, out of `of` characters in all.
 */
export interface RanAtImport {
  source: string;
  calls: number;
  chars: number;
  of: number;
}

/**
 * Whether a file's module-level code ran: one of its functions was called, or most of its code is top-level
 * code that ran (a table of data). The bundler leaves a few top-level characters of every module it wraps
 * (its export list, its variable names: all there is of a file that only re-exports), which is why a share
 * and a size decide, not any character.
 */
export const ran = (file: RanAtImport) => file.calls > 0 || (file.chars >= file.of / 2 && file.chars >= 200);

/** What must not run in the global scope, each with why. */
export const heavyAtImport: { pattern: RegExp; what: string }[] = [
  // worker/sync/source.ts loads the built-in source (and its sample data) by dynamic import, only where SYN_SOURCE=builtin
  {
    pattern: /^events\/syn\/sample\.ts$|^events\/coherence\.ts$|^events\/seed\/(all-dictionaries|dictionaries.*|areas)\.ts$/,
    what: "the offline sync source's sample data and the seed dictionaries and areas it draws on",
  },
  { pattern: /node_modules\/jose\//, what: "jose (signing and verifying tokens)" },
  { pattern: /node_modules\/@e965\/xlsx\//, what: "SheetJS (reading uploaded spreadsheets)" },
  { pattern: /node_modules\/fflate\//, what: "fflate (zipping written xlsx files, unzipping read ones)" },
  { pattern: /node_modules\/(bpmn-moddle|moddle|moddle-xml|saxen)\//, what: "bpmn-moddle (parsing a deployed process)" },
  { pattern: /node_modules\/(fast-xml-parser|fast-xml-builder)\//, what: "fast-xml-parser (MS Project files)" },
  { pattern: /node_modules\/pinyin-pro\//, what: "pinyin-pro" },
  { pattern: /node_modules\/cronstrue\//, what: "cronstrue and its locales (describing a cron expression)" },
  { pattern: /^(events|worker)\/seed\//, what: "seed data (dictionaries, areas, the demo region)" },
];

// ── Child: import the bundle under precise coverage, write the bundle's function ranges to a file ──
if (process.argv[2] === "--trace-child") {
  const [bundle, out] = [process.argv[3]!, process.argv[4]!];
  stubWorkerdModules(readFileSync(bundle, "utf8"));
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
  const url = pathToFileURL(bundle).href;
  await import(url);
  const { result } = await session.post("Profiler.takePreciseCoverage");
  const { writeFileSync } = await import("node:fs");
  writeFileSync(out, JSON.stringify(result.find((script) => script.url === url)?.functions ?? []));
  process.exit(0);
}

type Range = { startOffset: number; endOffset: number; count: number };

/** Which character of the bundle ran: every range painted outermost first, so the innermost range's count wins. */
function ranMask(length: number, ranges: Range[]): Uint8Array {
  const mask = new Uint8Array(length);
  for (const r of [...ranges].sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset)) mask.fill(r.count > 0 ? 1 : 0, r.startOffset, Math.min(r.endOffset, length));
  return mask;
}

const base64 = new Map([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((ch, i) => [ch, i]));

/** The source map's segments as [generated line, generated column, source index or -1], in order (Base64 VLQ). */
function* segments(mappings: string): Generator<[number, number, number]> {
  let line = 0, source = 0;
  for (const group of mappings.split(";")) {
    let column = 0;
    // a line's characters before its first segment come from no source
    yield [line, 0, -1];
    for (const segment of group.split(",")) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0, shift = 0;
      for (const ch of segment) {
        const digit = base64.get(ch)!;
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      yield [line, column, fields.length > 1 ? source : -1];
    }
    line++;
  }
}

/** Every source file of the bundle with what of it ran when the bundle was imported, the most top-level code first. */
export function traceImport(bundle: string): RanAtImport[] {
  const out = `${bundle}.coverage.json`;
  const child = spawnSync(process.execPath, [import.meta.filename, "--trace-child", bundle, out], { encoding: "utf8" });
  if (child.status !== 0) throw new Error(`import of the bundle failed:\n${child.stderr}`);
  const functions = JSON.parse(readFileSync(out, "utf8")) as { ranges: Range[] }[];
  rmSync(out, { force: true });
  const code = readFileSync(bundle, "utf8");
  const map = JSON.parse(readFileSync(`${bundle}.map`, "utf8")) as { sources: string[]; mappings: string };
  const root = resolve(import.meta.dirname, "..", "..");
  const names = map.sources.map((s) => relative(root, resolve(dirname(bundle), s)).replace(/^.*node_modules\//, "node_modules/"));
  // the bundle as runs of characters from one source: run i covers [starts[i], starts[i + 1])
  const lineStart = [0];
  for (let i = code.indexOf("\n"); i >= 0; i = code.indexOf("\n", i + 1)) lineStart.push(i + 1);
  const starts: number[] = [], sources: number[] = [];
  for (const [line, column, source] of segments(map.mappings)) {
    starts.push(lineStart[line]! + column);
    sources.push(source);
  }
  starts.push(code.length);
  const files = names.map((source): RanAtImport => ({ source, calls: 0, chars: 0, of: 0 }));
  const sourceAt = (offset: number) => {
    let lo = 0, hi = sources.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return sources[lo]!;
  };
  // the bundle's own top level is the one function spanning all of it; every other range is a function's body
  const script = functions.find((f) => f.ranges[0]!.startOffset === 0 && f.ranges[0]!.endOffset >= code.length - 1);
  for (const f of functions) if (f !== script && f.ranges[0]!.count > 0 && sourceAt(f.ranges[0]!.startOffset) >= 0) files[sourceAt(f.ranges[0]!.startOffset)]!.calls++;
  const topLevel = ranMask(code.length, functions.flatMap((f) => (f === script ? f.ranges : f.ranges.map((r) => ({ ...r, count: 0 })))));
  for (let i = 0; i < sources.length; i++) {
    const file = files[sources[i]!];
    if (!file) continue;
    for (let c = starts[i]!; c < starts[i + 1]!; c++) {
      if (code.charCodeAt(c) <= 32) continue;
      file.of++;
      if (topLevel[c]) file.chars++;
    }
  }
  return files.filter((f) => f.calls > 0 || f.chars > 0).sort((a, b) => b.chars - a.chars || b.calls - a.calls);
}

/** The heavy entries that ran, each with its files that did (a file counts for the first entry matching it). */
export function heavyThatRan(files: RanAtImport[]) {
  const entryOf = (file: RanAtImport) => heavyAtImport.find((heavy) => heavy.pattern.test(file.source));
  return heavyAtImport.map((heavy) => ({ ...heavy, files: files.filter((f) => ran(f) && entryOf(f) === heavy) })).filter((h) => h.files.length > 0);
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const given = args.includes("--bundle") ? args[args.indexOf("--bundle") + 1] : undefined;
  const built = given ? { bundle: resolve(given), dir: null } : buildBundle();
  try {
    const files = traceImport(built.bundle).filter(ran);
    console.log(`module-level code that ran at import: ${files.length} files (top-level characters that ran, functions called)`);
    for (const f of files) console.log(`${String(f.chars).padStart(8)} ${String(f.calls).padStart(6)}  ${f.source}`);
    const heavy = heavyThatRan(files);
    for (const h of heavy) console.log(`\nHEAVY: ${h.what} ran at import: ${h.files.map((f) => f.source).join(", ")}`);
    process.exit(heavy.length > 0 ? 1 : 0);
  } finally {
    if (built.dir) rmSync(built.dir, { recursive: true, force: true });
  }
}
