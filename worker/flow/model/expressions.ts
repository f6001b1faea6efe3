/**
 * The expressions of a BPMN model (`${input == 1}`, `${not approved}`, `kermit_${loopCounter}`), evaluated
 * with jexl — a sandboxed expression language with its own parser and evaluator, so no text a modeller writes
 * ever reaches `eval` or `new Function`. Models drawn for Flowable or Camunda use JUEL (EL) spelling, so the
 * EL keyword operators are translated to jexl's before parsing, outside string literals only.
 *
 * Before evaluation the parsed tree is walked: a name that is not a process variable is refused by name (as
 * Camunda's "Unknown property used in expression"), instead of silently reading as undefined and taking some
 * other branch; prototype members are refused so an expression reads data and nothing else.
 */
import jexlModule from "jexl";
import type { Text } from "../../../events/i18n.ts";
import { FlowRefused } from "../engine/refusal.ts";

/** A model expression that cannot be parsed or evaluated; the text names the expression and the cause. */
export class ExpressionError extends FlowRefused {
  constructor(text: Text) {
    super(422, text);
  }
}

type Ast = ReturnType<ReturnType<typeof jexlModule.compile>["_getAst"]>;
type Compiled = ReturnType<typeof jexlModule.compile>;

/** One jexl of our own: the only function is `empty(x)` (EL's `empty`), nothing else is callable. */
const jexl = new jexlModule.Jexl();
jexl.addFunction("empty", (x: unknown) =>
  x == null || x === "" || (Array.isArray(x) && x.length === 0) || (typeof x === "object" && Object.keys(x as object).length === 0),
);
const functions = new Set(["empty"]);

/** Member names that would reach into the prototype chain of a value. */
const forbiddenMembers = new Set(["constructor", "__proto__", "prototype", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__"]);

/** Names that are values, not variables (jexl has true/false literals but no null). */
const constants: Record<string, unknown> = { null: null };

// ---------------------------------------------------------------- EL → jexl

const elWords: Record<string, string> = {
  not: "!",
  and: "&&",
  or: "||",
  eq: "==",
  ne: "!=",
  lt: "<",
  gt: ">",
  le: "<=",
  ge: ">=",
  div: "/",
  mod: "%",
};

/**
 * Rewrites EL keyword operators to jexl's, leaving string literals and member names (`a.not`) alone.
 * `empty x.y` becomes `empty(x.y)`; `===`/`!==` (a JavaScript habit) read as `==`/`!=`.
 */
export function translateEl(source: string): string {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== ch) j += source[j] === "\\" ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_$]/.test(ch)) {
      let j = i + 1;
      while (j < source.length && /[\w$]/.test(source[j])) j++;
      const word = source.slice(i, j);
      const member = /\.\s*$/.test(out) && !/\.\.\s*$/.test(out);
      if (!member && word === "empty") {
        // the operand: an identifier path (a.b.c, a[0])
        const m = /^\s*([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*|\[\s*(?:\d+|'[^']*'|"[^"]*")\s*\])*)/.exec(source.slice(j));
        if (m) {
          out += `empty(${m[1].trim()})`;
          i = j + m[0].length;
          continue;
        }
      }
      out += !member && Object.hasOwn(elWords, word) ? ` ${elWords[word]} ` : word;
      i = j;
      continue;
    }
    if (source.startsWith("===", i) || source.startsWith("!==", i)) {
      out += source.slice(i, i + 2);
      i += 3;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

// ---------------------------------------------------------------- templates

/** A parsed text: literal pieces and expressions. `whole` when the text is exactly one expression. */
interface Template {
  parts: (string | { source: string; compiled: Compiled })[];
  whole: boolean;
}

const cache = new Map<string, Template>();
const cacheLimit = 1000;

const shown = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);

function syntaxError(text: string, cause: string): ExpressionError {
  return new ExpressionError({
    "zh-CN": `表达式 ${shown(text)} 无法解析：${cause}`,
    "en-US": `Expression ${shown(text)} cannot be parsed: ${cause}`,
  });
}

/** The source with string literals blanked, for scanning words. */
function withoutStrings(source: string): string {
  return source.replace(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"/g, "''");
}

/** Finds the `}` closing an expression opened at `start` (just after `${`), skipping strings and nested braces. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== ch) j += text[j] === "\\" ? 2 : 1;
      i = j;
    } else if (ch === "{") depth++;
    else if (ch === "}") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

function compileTemplate(text: string): Template {
  const cached = cache.get(text);
  if (cached) return cached;
  const parts: Template["parts"] = [];
  let literal = "";
  let i = 0;
  while (i < text.length) {
    if ((text[i] === "$" || text[i] === "#") && text[i + 1] === "{") {
      const end = closingBrace(text, i + 2);
      if (end < 0) throw syntaxError(text, "missing }");
      const source = text.slice(i + 2, end);
      if (!source.trim()) throw syntaxError(text, "empty expression");
      if (literal) parts.push(literal);
      literal = "";
      // jexl's lexer looks words up in a plain object, so `constructor`, `toString`… would reach
      // Object.prototype there: refuse them by name before jexl sees them
      const prototypeWord = withoutStrings(source).match(/[A-Za-z_$][\w$]*/g)?.find((w) => forbiddenMembers.has(w) || w in Object.prototype);
      if (prototypeWord) throw forbidden(prototypeWord, text);
      let compiled: Compiled;
      try {
        compiled = jexl.compile(translateEl(source));
      } catch (e) {
        throw syntaxError(text, e instanceof Error ? e.message : String(e));
      }
      check(compiled._getAst(), text);
      parts.push({ source, compiled });
      i = end + 1;
    } else {
      literal += text[i++];
    }
  }
  if (literal) parts.push(literal);
  const whole = parts.length === 1 && typeof parts[0] !== "string";
  const template = { parts, whole };
  if (cache.size >= cacheLimit) cache.clear();
  cache.set(text, template);
  return template;
}

// ---------------------------------------------------------------- the walk

function forbidden(name: string, text: string): ExpressionError {
  return new ExpressionError({
    "zh-CN": `表达式 ${shown(text)} 不能访问成员 "${name}"`,
    "en-US": `Expression ${shown(text)} may not access the member "${name}"`,
  });
}

/** Static checks, once per compiled text: callable names, member names, bracket indexes. */
function check(ast: Ast | undefined, text: string): void {
  if (!ast) return;
  switch (ast.type) {
    case "Literal":
      return;
    case "Identifier":
      if (forbiddenMembers.has(ast.value)) throw forbidden(ast.value, text);
      if (ast.from) check(ast.from, text);
      return;
    case "UnaryExpression":
      return check(ast.right, text);
    case "BinaryExpression":
      check(ast.left, text);
      return check(ast.right, text);
    case "ConditionalExpression":
      check(ast.test, text);
      check(ast.consequent, text);
      return check(ast.alternate, text);
    case "FilterExpression":
      check(ast.subject, text);
      if (!ast.relative) {
        // a computed index could spell a prototype member at run time: only literal indexes are read
        if (ast.expr.type !== "Literal" || typeof ast.expr.value === "boolean") {
          throw new ExpressionError({
            "zh-CN": `表达式 ${shown(text)} 的下标只能是数字或字符串常量`,
            "en-US": `Expression ${shown(text)}: an index must be a number or string literal`,
          });
        }
        if (typeof ast.expr.value === "string" && forbiddenMembers.has(ast.expr.value)) throw forbidden(ast.expr.value, text);
        return;
      }
      return check(ast.expr, text);
    case "ArrayLiteral":
      for (const item of ast.value) check(item, text);
      return;
    case "ObjectLiteral":
      for (const [key, value] of Object.entries(ast.value)) {
        if (forbiddenMembers.has(key)) throw forbidden(key, text);
        check(value, text);
      }
      return;
    case "FunctionCall":
      if (ast.pool !== "functions" || !functions.has(ast.name)) {
        throw new ExpressionError({
          "zh-CN": `表达式 ${shown(text)} 调用了不支持的函数 "${ast.name}"`,
          "en-US": `Expression ${shown(text)} calls the unsupported function "${ast.name}"`,
        });
      }
      for (const arg of ast.args) check(arg, text);
      return;
  }
}

/** The first top-level name of the tree that is neither a variable nor a constant. */
function unknownName(ast: Ast | undefined, variables: Record<string, unknown>): string | null {
  if (!ast) return null;
  switch (ast.type) {
    case "Identifier":
      if (ast.from) return unknownName(ast.from, variables);
      if (ast.relative) return null;
      return Object.hasOwn(variables, ast.value) || Object.hasOwn(constants, ast.value) ? null : ast.value;
    case "UnaryExpression":
      return unknownName(ast.right, variables);
    case "BinaryExpression":
      return unknownName(ast.left, variables) ?? unknownName(ast.right, variables);
    case "ConditionalExpression":
      return unknownName(ast.test, variables) ?? unknownName(ast.consequent, variables) ?? unknownName(ast.alternate, variables);
    case "FilterExpression":
      return unknownName(ast.subject, variables) ?? (ast.relative ? null : unknownName(ast.expr, variables));
    case "ArrayLiteral":
      for (const item of ast.value) {
        const name = unknownName(item, variables);
        if (name) return name;
      }
      return null;
    case "ObjectLiteral":
      for (const value of Object.values(ast.value)) {
        const name = unknownName(value, variables);
        if (name) return name;
      }
      return null;
    case "FunctionCall":
      for (const arg of ast.args) {
        const name = unknownName(arg, variables);
        if (name) return name;
      }
      return null;
    default:
      return null;
  }
}

function run(part: { source: string; compiled: Compiled }, text: string, variables: Record<string, unknown>): unknown {
  const name = unknownName(part.compiled._getAst(), variables);
  if (name) {
    throw new ExpressionError({
      "zh-CN": `表达式 ${shown(text)} 引用了未定义的变量 "${name}"`,
      "en-US": `Expression ${shown(text)} refers to the unknown variable "${name}"`,
    });
  }
  // a prototype-less context: a variable named like an Object member cannot reach Object.prototype
  const context = Object.assign(Object.create(null) as Record<string, unknown>, constants, variables);
  try {
    return part.compiled.evalSync(context);
  } catch (e) {
    throw new ExpressionError({
      "zh-CN": `表达式 ${shown(text)} 求值失败：${e instanceof Error ? e.message : String(e)}`,
      "en-US": `Expression ${shown(text)} failed: ${e instanceof Error ? e.message : String(e)}`,
    });
  }
}

// ---------------------------------------------------------------- the API

/** A plain literal: numbers read as numbers (`3` as a loop cardinality), anything else as the text itself. */
function literalValue(text: string): unknown {
  const trimmed = text.trim();
  // only a number that reads back the same: an account "007" stays text
  if (/^-?\d+(\.\d+)?$/.test(trimmed) && String(Number(trimmed)) === trimmed) return Number(trimmed);
  return text;
}

/**
 * The value of a model text: a whole `${…}`/`#{…}` answers the expression's value (any type); text with
 * embedded expressions answers a string (`kermit_${loopCounter}` → `kermit_0`, null pieces as empty); a
 * text without expressions is a literal (`3` → 3, `kermit` → "kermit").
 * Throws ExpressionError (422) for a syntax error, an unknown variable, a forbidden member.
 */
export function evaluate(text: string, variables: Record<string, unknown>): unknown {
  const trimmed = text.trim();
  const template = compileTemplate(trimmed);
  if (template.parts.length === 0) return text;
  if (template.whole) return run(template.parts[0] as { source: string; compiled: Compiled }, trimmed, variables);
  if (template.parts.every((p) => typeof p === "string")) return literalValue(text);
  return template.parts
    .map((p) => {
      if (typeof p === "string") return p;
      const value = run(p, trimmed, variables);
      return value == null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
    })
    .join("");
}

/** `evaluate` as text: names, assignees, user lists (null → ""). */
export function evaluateString(text: string, variables: Record<string, unknown>): string {
  const value = evaluate(text, variables);
  return value == null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
}

/**
 * A sequence-flow or completion condition: must come out true or false (the strings "true"/"false" count;
 * null counts as false, as an unset checkbox). Anything else is refused: a condition that answers a number
 * is a modelling mistake, not a truthiness question.
 */
export function evaluateCondition(text: string, variables: Record<string, unknown>): boolean {
  const value = evaluate(text, variables);
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "false") return value === "true";
  if (value == null) return false;
  throw new ExpressionError({
    "zh-CN": `条件 ${shown(text)} 的结果不是真或假（得到 ${JSON.stringify(value)}）`,
    "en-US": `Condition ${shown(text)} did not give true or false (got ${JSON.stringify(value)})`,
  });
}

/** Whether a text holds an expression at all (a literal assignee, cardinality or name needs no variables). */
export function isExpression(text: string): boolean {
  return /[$#]\{/.test(text);
}

/** The variables a text refers to, top-level names only, document order (designer hints, next-node prediction). */
export function referencedVariables(text: string): string[] {
  const names: string[] = [];
  const collect = (ast: Ast | undefined): void => {
    if (!ast) return;
    switch (ast.type) {
      case "Identifier":
        if (ast.from) collect(ast.from);
        else if (!ast.relative && !Object.hasOwn(constants, ast.value) && !names.includes(ast.value)) names.push(ast.value);
        return;
      case "UnaryExpression":
        return collect(ast.right);
      case "BinaryExpression":
        collect(ast.left);
        return collect(ast.right);
      case "ConditionalExpression":
        collect(ast.test);
        collect(ast.consequent);
        return collect(ast.alternate);
      case "FilterExpression":
        collect(ast.subject);
        if (!ast.relative) collect(ast.expr);
        return;
      case "ArrayLiteral":
        return ast.value.forEach(collect);
      case "ObjectLiteral":
        return Object.values(ast.value).forEach(collect);
      case "FunctionCall":
        return ast.args.forEach(collect);
    }
  };
  for (const part of compileTemplate(text.trim()).parts) if (typeof part !== "string") collect(part.compiled._getAst());
  return names;
}
