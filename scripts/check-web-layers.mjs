#!/usr/bin/env node
/**
 * The web app's layers, checked from its import statements (static `import … from`, `export … from` and
 * dynamic `import("…")`, type-only ones included: a circle of types is still a circle to read).
 *
 *   web/core      the base: session, i18n, HTTP client, notifications, shared table and form parts
 *   web/registry  the screens, routes, list toolbars and row actions modules register
 *   features      crud, sys, flow, enterprise, reports, forms, jobs, datamodel, msg, sync, widgets
 *   web/app       the shell on top: layout, router, palette, pages
 *
 * Fails when a lower layer imports a higher one, when a feature imports web/app, when web/crud (the generic
 * list every area uses) imports an area — areas register their extras instead — or on any import circle among
 * web/ modules. Run by `npm run typecheck`.
 */
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const web = join(root, "web");
/** What web/crud may import besides itself: the layers below and the generic widgets. */
const CRUD_MAY_IMPORT = ["core", "registry", "widgets"];
const FEATURES = ["crud", "sys", "flow", "enterprise", "reports", "forms", "jobs", "datamodel", "msg", "sync", "widgets", "workreports", "tasks", "visits", "gantt", "evaluation", "policy", "credit", "did", "notary", "dashboard"];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "dist" || name === "node_modules") continue;
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

const rel = (path) => relative(web, path).split(sep).join("/");

/** The layer of a web/ file: its rank (higher may import lower) and name. */
function layerOf(file) {
  const top = file.split("/")[0];
  if (top === "core") return { rank: 0, name: "core" };
  if (top === "registry") return { rank: 1, name: "registry" };
  if (FEATURES.includes(top)) return { rank: 2, name: top };
  if (top === "app") return { rank: 3, name: "app" };
  if (!file.includes("/")) return { rank: 4, name: "entry" }; // main.tsx, vite.config.ts: may import anything
  return { rank: -1, name: top };
}

const IMPORT = /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function stripComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

function resolveImport(from, spec) {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const files = walk(web);
const graph = new Map();
const violations = [];
for (const file of files) {
  const from = rel(file);
  const edges = new Set();
  const source = stripComments(readFileSync(file, "utf8"));
  for (const match of source.matchAll(IMPORT)) {
    const target = resolveImport(file, match[1] ?? match[2]);
    if (!target || !target.startsWith(web + sep)) continue;
    const to = rel(target);
    edges.add(to);
    const a = layerOf(from);
    const b = layerOf(to);
    if (a.rank === -1) continue; // reported once below
    if (a.rank < b.rank) violations.push(`${from} (${a.name}) imports ${to} (${b.name}), a higher layer`);
    else if (a.name === "crud" && b.name !== "crud" && !CRUD_MAY_IMPORT.includes(b.name)) violations.push(`${from} imports ${to}: web/crud knowing an area`);
  }
  graph.set(from, [...edges]);
  if (layerOf(from).rank === -1) violations.push(`${from} is in no layer (web/core, web/registry, a feature folder or web/app)`);
}

// Import circles: strongly connected components of more than one module (Tarjan), or a module importing itself.
const index = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const circles = [];
let counter = 0;
function connect(v) {
  index.set(v, counter);
  low.set(v, counter);
  counter++;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!index.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
  }
}
for (const v of graph.keys()) if (!index.has(v)) connect(v);

for (const circle of circles) violations.push(`import circle: ${circle.join(" ↔ ")}`);

if (violations.length) {
  console.error(`check-web-layers: ${violations.length} problem(s) in web/\n  ${violations.join("\n  ")}`);
  process.exit(1);
}
console.log(`check-web-layers: ${files.length} modules, layers core → registry → features → app, no import circle`);
