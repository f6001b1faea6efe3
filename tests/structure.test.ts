/**
 * The code's structure, checked on its text (handed over as the SOURCE_FILES binding): only the event store
 * names the log's table in SQL, and route files hold no SQL (their reads live in the module's queries.ts).
 * Comments may say anything; only string literals and code count.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

interface Literal {
  text: string;
  line: number;
}

/**
 * The string literals of a TypeScript source (a template's text with `${}` where its expressions were)
 * and its code with comments and literals blanked out. A small scanner, not a parser: it knows comments,
 * quotes, templates with nested expressions and regular-expression literals, which is all SQL can hide in.
 * `balanced` is false when it ended inside something, so a confused scan fails loudly instead of passing.
 */
function scanSource(source: string): { literals: Literal[]; code: string; balanced: boolean } {
  const literals: Literal[] = [];
  const open: { text: string; line: number; depth: number }[] = [];
  let code = "";
  let line = 1;
  let depth = 0;
  let i = 0;
  let balanced = true;
  // what code ends with when a slash starts a regular expression (a `!` after a value is TypeScript's non-null assertion)
  const beforeRegex = /^$|[(,=:[&|?{};+\-*%<>~^]$|(^|[^\w$)\]])!$|(^|[^\w$.])(return|typeof|case|of|in|void|delete|throw|yield|await)$/;

  const template = (t: { text: string; line: number }) => {
    while (i < source.length) {
      const ch = source[i]!;
      if (ch === "\\") {
        t.text += source.slice(i, i + 2);
        i += 2;
      } else if (ch === "`") {
        i++;
        literals.push({ text: t.text, line: t.line });
        code += "``";
        return;
      } else if (ch === "$" && source[i + 1] === "{") {
        i += 2;
        t.text += "${}";
        open.push({ ...t, depth });
        depth++;
        code += "${";
        return;
      } else {
        if (ch === "\n") {
          line++;
          code += "\n";
        }
        t.text += ch;
        i++;
      }
    }
    balanced = false;
  };

  while (i < source.length) {
    const ch = source[i]!;
    const next = source[i + 1];
    if (ch === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      i = end < 0 ? source.length : end;
    } else if (ch === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end + 2;
      const newlines = source.slice(i, stop).split("\n").length - 1;
      line += newlines;
      code += "\n".repeat(newlines);
      i = stop;
    } else if (ch === '"' || ch === "'") {
      let text = "";
      i++;
      while (i < source.length && source[i] !== ch && source[i] !== "\n") {
        text += source[i] === "\\" ? source.slice(i, i + 2) : source[i];
        i += source[i] === "\\" ? 2 : 1;
      }
      if (source[i] !== ch) balanced = false;
      i++;
      literals.push({ text, line });
      code += '""';
    } else if (ch === "`") {
      i++;
      template({ text: "", line });
    } else if (ch === "/" && beforeRegex.test(code.trimEnd())) {
      let inClass = false;
      i++;
      while (i < source.length && source[i] !== "\n" && (inClass || source[i] !== "/")) {
        if (source[i] === "\\") i++;
        else if (source[i] === "[") inClass = true;
        else if (source[i] === "]") inClass = false;
        i++;
      }
      if (source[i] !== "/") balanced = false;
      i++;
      code += "/re/";
    } else if (ch === "}" && open.length && open.at(-1)!.depth === depth - 1) {
      depth--;
      i++;
      code += "}";
      template(open.pop()!);
    } else {
      if (ch === "{") depth++;
      else if (ch === "}") depth--;
      else if (ch === "\n") line++;
      code += ch;
      i++;
    }
  }
  return { literals, code, balanced: balanced && depth === 0 && open.length === 0 };
}

/** SQL naming the log's table: a statement word, then `events` (quoted or not) as the table. */
const namesEventsTable = /\b(FROM|JOIN|INTO|UPDATE|TABLE)\s+["`[]?events\b(?![.\w-])/i;
/** A statement of SQL (keywords in capitals, as the code writes them). */
const sqlStatement = /\bSELECT\b[\s\S]*\bFROM\b|\bSELECT\s+(1|COUNT|MAX|MIN|EXISTS|COALESCE)\b|\bINSERT\s+(OR\s+\w+\s+)?INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE\s+FROM\b/;
/** Route files: routes.ts, routes/*.ts and *-routes.ts under worker/. */
const isRouteFile = (path: string) => path.startsWith("worker/") && /(^|\/|-)routes(\.ts|\/[^/]+\.ts)$/.test(path);

const sources = env.SOURCE_FILES;
/** .tsx files are left out: JSX text is not JavaScript (an apostrophe in it is not a quote), and the browser holds no SQL. */
const scanned = Object.entries(sources)
  .filter(([path]) => path.endsWith(".ts"))
  .map(([path, text]) => ({ path, ...scanSource(text) }));

describe("the scanner", () => {
  it("reads literals, not comments, and keeps going past regular expressions and nested templates", () => {
    const { literals, code, balanced } = scanSource(
      [
        "// SELECT * FROM events in a comment",
        "/* INSERT INTO events */ const q = t.replace(/'/g, \"''\") + `SELECT ${cols.map((c) => `x.${c}`).join(', ')} FROM t`;",
        "const r = a / b / c; db.prepare('x');",
      ].join("\n"),
    );
    expect(balanced).toBe(true);
    expect(literals.map((l) => l.text)).toEqual(["''", "x.${}", ", ", "SELECT ${} FROM t", "x"]);
    expect(literals.at(-1)!.line).toBe(3);
    expect(code).not.toContain("events");
    expect(code).toContain("prepare(");
  });

  it("scans every source file to its end (a confused scan would hide SQL)", () => {
    expect(scanned.length).toBeGreaterThan(100);
    expect(scanned.filter((f) => !f.balanced).map((f) => f.path)).toEqual([]);
  });

  it("sees the store's own SQL on the log (the check below is not vacuous)", () => {
    const read = scanned.find((f) => f.path === "worker/store/read.ts")!;
    expect(read.literals.some((l) => namesEventsTable.test(l.text))).toBe(true);
    expect(read.literals.some((l) => sqlStatement.test(l.text))).toBe(true);
  });
});

describe("structure", () => {
  it("only worker/store/ names the events table in SQL", () => {
    const offenders = scanned
      .filter((f) => !f.path.startsWith("worker/store/"))
      .flatMap((f) => f.literals.filter((l) => namesEventsTable.test(l.text)).map((l) => `${f.path}:${l.line}: ${l.text.slice(0, 100)}`));
    expect(offenders).toEqual([]);
  });

  it("route files hold no SQL: no prepare() and no statement strings (reads live in the module's queries.ts)", () => {
    const routeFiles = scanned.filter((f) => isRouteFile(f.path));
    expect(routeFiles.map((f) => f.path)).toContain("worker/msg/routes.ts");
    expect(routeFiles.map((f) => f.path)).toContain("worker/flow/routes/tasks.ts");
    const offenders = routeFiles.flatMap((f) => [
      ...f.code.split("\n").flatMap((text, n) => (/\.prepare\s*\(/.test(text) ? [`${f.path}:${n + 1}: prepare()`] : [])),
      ...f.literals.filter((l) => sqlStatement.test(l.text)).map((l) => `${f.path}:${l.line}: ${l.text.slice(0, 100)}`),
    ]);
    expect(offenders).toEqual([]);
  });
});
