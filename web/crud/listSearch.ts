/**
 * A list's state in the URL (filters, keyword, page, size, sort, the chosen saved view, `new=1`, `edit=<id>`), so reload,
 * back/forward and a pasted link show the same list. Two steps: the splat route's `validateSearch` parses the
 * generic part with zod (bad values fall back to defaults, unknown keys stay for other screens); the list page
 * reads the family's own filters and sort keys out of it. zod/mini keeps the router's share of the first screen small.
 *
 * @example
 * validateListSearch({ page: "2", size: "999", keyword: " 启用 " }) // { page: 2, size: undefined, keyword: "启用" }
 * listSearchOf(family, { ...state, page: 1 }) // { type: "dictStatus", keyword: "启用" }
 */
import * as z from "zod/mini";
import type { Family } from "../../events/family.ts";

export const pageSizes = [10, 20, 50, 100] as const;
export const defaultPageSize = pageSizes[0];
/** Longest keyword the search box sends. */
export const keywordMax = 100;

export interface Sort {
  field: string;
  order: "asc" | "desc";
}

export type Filters = Record<string, unknown>;

// ─── the generic part: the splat route's validateSearch ───

/** A URL value as text (URLs carry text; other callers may pass numbers or booleans). */
const text = (max: number) => z.catch(z.optional(z.pipe(z.union([z.string(), z.number(), z.boolean()]), z.transform((v) => String(v).trim()))).check(z.refine((v) => v === undefined || v.length <= max)), undefined);
const positive = z.catch(z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform(Number)).check(z.refine((n) => n === undefined || (Number.isInteger(n) && n >= 1 && n <= 1_000_000)))), undefined);

/** The list keys of any splat screen's search; every other key is kept as it came. Invalid values become absent. */
export const listSearchSchema = z.looseObject({
  page: positive,
  size: z.catch(z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform(Number)).check(z.refine((n) => n === undefined || (pageSizes as readonly number[]).includes(n)))), undefined),
  sort: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z_]\w{0,63}$/))), undefined),
  order: z.catch(z.optional(z.enum(["asc", "desc"])), undefined),
  keyword: text(keywordMax),
  view: z.catch(z.optional(z.string().check(z.regex(/^[\w-]{1,64}$/))), undefined),
  edit: z.catch(z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform(String)).check(z.regex(/^[\w-]{1,64}$/))), undefined),
  new: z.catch(z.optional(z.pipe(z.union([z.string(), z.number(), z.boolean()]), z.transform((v) => v === true || v === 1 || v === "1" || v === "true"))), undefined),
});

export type ListSearch = z.infer<typeof listSearchSchema>;

/** The splat route's validateSearch: never throws; what does not parse is dropped (the list shows its default). */
export function validateListSearch(raw: Record<string, unknown>): ListSearch {
  const parsed = listSearchSchema.parse(raw ?? {});
  // absent keys stay absent, so a navigation does not write `page=undefined`-style noise
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined && v !== "" && v !== false)) as ListSearch;
}

/** The app's search string ↔ object: plain text values (`?page=2&type=1`), no JSON quoting; empty values are left out. */
export function parseSearchParams(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search.startsWith("?") ? search.slice(1) : search));
}

export function stringifySearchParams(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === "" || value === false) continue;
    params.set(key, Array.isArray(value) ? value.join(",") : typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  const out = params.toString();
  return out ? `?${out}` : "";
}

// ─── the family's part: the list page's state ───

export interface ListState {
  page: number;
  size: number;
  /** the chosen order; null: the declared default, or best match first while a keyword is given */
  sort: Sort | null;
  keyword: string;
  /** declared filters with a value, as the search form holds them */
  filters: Filters;
  /** the saved view the list was picked from */
  view?: string;
  /** the add dialog is open (`new=1`, e.g. from the command palette) */
  adding: boolean;
  /** the record whose edit dialog is open (`edit=<id>`, the command palette's recent records) */
  editId?: string;
}

/**
 * What the URL state needs to know of a list: its filter keys and how each reads from the URL, its sortable
 * keys and whether it has a keyword box. A record family gives it from its declaration (`shapeOf`); a list
 * over its own endpoint (./ListScreen.tsx) declares it next to its columns.
 */
export interface ListShape {
  filterKeys: readonly string[];
  /** a filter's URL text as the list holds it, or undefined when it does not fit */
  filterValue: (key: string, value: unknown) => unknown;
  sorts: readonly string[];
  searchable: boolean;
  /** the page size when the URL names none (one of the pager's sizes) @default 10 */
  pageSize?: number;
}

const shapes = new WeakMap<Family, ListShape>();
/** A family's list shape (one per family, so hooks may depend on it). A shape passes through. */
export function shapeOf(source: Family | ListShape): ListShape {
  if (!("fields" in source)) return source;
  let shape = shapes.get(source);
  if (!shape) {
    const family = source;
    shape = { filterKeys: Object.keys(family.filters), filterValue: (key, value) => filterValue(family, key, value), sorts: family.sorts as string[], searchable: family.search.length > 0 };
    shapes.set(source, shape);
  }
  return shape;
}

/** A filter's URL text as the search form holds it (numbers as numbers, the rest as text), or undefined when it does not fit. */
function filterValue(family: Family, key: string, value: unknown): unknown {
  const field = family.fields[key];
  if (!field || value === undefined || value === null) return undefined;
  const raw = String(value).trim();
  if (raw === "" || raw.length > 500) return undefined;
  switch (field.kind) {
    case "int":
      return /^-?\d{1,10}$/.test(raw) ? Number(raw) : undefined;
    case "number":
      return raw.length <= 30 && Number.isFinite(Number(raw)) ? Number(raw) : undefined;
    case "bool":
      return raw === "true" || raw === "1" ? "true" : raw === "false" || raw === "0" ? "false" : undefined;
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined;
    case "datetime":
      return /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(raw) ? raw : undefined;
    case "dict":
    case "ref":
      return raw.length <= 64 ? raw : undefined;
    default:
      return raw;
  }
}

/** The declared filters found in a search, checked by their field's kind (what does not fit is left out). */
export function filtersOf(source: Family | ListShape, search: Record<string, unknown>): Filters {
  const shape = shapeOf(source);
  const out: Filters = {};
  for (const key of shape.filterKeys) {
    const value = shape.filterValue(key, search[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * The list's state from the route's (validated) search. `fixed` filters (a menu URL's query) apply when the URL
 * names none of the family's filters.
 */
export function listStateOf(source: Family | ListShape, search: Record<string, unknown>, fixed: Filters = {}): ListState {
  const shape = shapeOf(source);
  const s = validateListSearch(search);
  const fromUrl = filtersOf(shape, search);
  const sortable = shape.sorts.includes(s.sort ?? "");
  return {
    page: s.page ?? 1,
    size: s.size ?? shape.pageSize ?? defaultPageSize,
    sort: s.sort && sortable ? { field: s.sort, order: s.order ?? "asc" } : null,
    keyword: shape.searchable ? (s.keyword ?? "") : "",
    filters: Object.keys(fromUrl).length > 0 ? fromUrl : filtersOf(shape, fixed),
    view: s.view,
    adding: s.new === true,
    editId: s.edit,
  };
}

/**
 * The search to navigate to for a list state: defaults left out, the family's filters as text, and every key
 * that is not the list's (another screen's, or a menu's) kept from `previous`.
 */
export function listSearchOf(source: Family | ListShape, state: ListState, previous: Record<string, unknown> = {}): Record<string, string> {
  const shape = shapeOf(source);
  const own = new Set([...Object.keys(listSearchSchema.shape), ...shape.filterKeys]);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(previous)) if (!own.has(key) && value !== undefined && value !== null && value !== "") out[key] = String(value);
  for (const key of shape.filterKeys) {
    const value = state.filters[key];
    if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = Array.isArray(value) ? value.join(",") : String(value).trim();
  }
  if (state.keyword.trim()) out.keyword = state.keyword.trim().slice(0, keywordMax);
  if (state.sort) {
    out.sort = state.sort.field;
    out.order = state.sort.order;
  }
  if (state.page > 1) out.page = String(state.page);
  if (state.size !== (shape.pageSize ?? defaultPageSize)) out.size = String(state.size);
  if (state.view) out.view = state.view;
  if (state.adding) out.new = "1";
  if (state.editId) out.edit = state.editId;
  return out;
}
