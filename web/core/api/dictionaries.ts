/**
 * Dictionaries (spec section 7, /sys/sysdict): the types asked for in the same tick load in ONE getAll
 * call, entries are cached in session storage under `dict:<type>`, and lookups by type/value follow the
 * spec's rule: more than 50 repeats of one type/value while its load is in flight answer the pseudo code
 * -999, and a -999 answer is retried after 150 ms.
 *
 * @example
 * const status = useDictionary("dictStatus");            // { entries, isLoading }
 * const entry = await dictEntry("dictStatus", "1");      // { value: "1", name: "可用", … } | null
 */
import { queryOptions, useQueries, useQuery } from "@tanstack/react-query";
import type { dictionary } from "../../../events/api/dictionary.ts";
import type { Answer } from "../../../events/api/verb.ts";
import { get } from "./http.ts";

type Entry = Answer<typeof dictionary.all>[string][number];
/** A dictionary entry (events/api/dictionary.ts); the key columns always, the others where the source has them. */
export type DictEntry = Pick<Entry, "type" | "value" | "name"> & Partial<Entry>;

/** Session-storage key of one type's entries. */
export const dictStorageKey = (type: string) => `dict:${type}`;
/** Repeats of one type/value lookup allowed while its load is in flight. */
export const dictRepeatCap = 50;
/** Pseudo answer code of a short-circuited lookup. */
export const dictPseudoCode = -999;
/** Wait before retrying a -999 lookup. */
export const dictRetryMs = 150;

// ── Cache ─────────────────────────────────────────────────────────────────────
export function cachedDictionary(type: string): DictEntry[] | undefined {
  try {
    const text = sessionStorage.getItem(dictStorageKey(type));
    return text ? (JSON.parse(text) as DictEntry[]) : undefined;
  } catch {
    return undefined;
  }
}

function storeDictionary(type: string, entries: DictEntry[]) {
  try {
    sessionStorage.setItem(dictStorageKey(type), JSON.stringify(entries));
  } catch {
    // storage full or unavailable: the in-memory query cache still holds them
  }
}

/** Keeps entries handed over by another answer (a public page's form, which may not call getAll) as if loaded. */
export function primeDictionaries(entries: Record<string, DictEntry[]>) {
  for (const [type, list] of Object.entries(entries)) storeDictionary(type, list);
}

/** Forgets cached types (all when none given), e.g. after the dictionary itself was edited. */
export function forgetDictionaries(types?: string[]) {
  const keys = types?.map(dictStorageKey) ?? Object.keys(sessionStorage).filter((k) => k.startsWith("dict:"));
  for (const key of keys) sessionStorage.removeItem(key);
}

// ── Batched loading ───────────────────────────────────────────────────────────
interface Waiter {
  resolve: (entries: DictEntry[]) => void;
  reject: (error: unknown) => void;
}
let queued = new Map<string, Waiter>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;
const inFlight = new Map<string, Promise<DictEntry[]>>();
const repeats = new Map<string, number>();

function flush() {
  flushTimer = undefined;
  const batch = queued;
  queued = new Map();
  const types = [...batch.keys()];
  const settle = () => {
    for (const type of types) {
      inFlight.delete(type);
      for (const key of repeats.keys()) if (key.startsWith(`${type}\u0000`)) repeats.delete(key);
    }
  };
  get<Answer<typeof dictionary.all>>("/sys/sysdict/getAll", { types: types.join(",") }).then(
    (answer) => {
      settle();
      for (const type of types) {
        const entries = answer.data?.[type] ?? [];
        storeDictionary(type, entries);
        batch.get(type)!.resolve(entries);
      }
    },
    (error: unknown) => {
      settle();
      for (const waiter of batch.values()) waiter.reject(error);
    },
  );
}

/** One type's entries: from session storage, else from the load of every type asked for in this tick. */
export function loadDictionary(type: string): Promise<DictEntry[]> {
  const cached = cachedDictionary(type);
  if (cached) return Promise.resolve(cached);
  const running = inFlight.get(type);
  if (running) return running;
  const promise = new Promise<DictEntry[]>((resolve, reject) => queued.set(type, { resolve, reject }));
  inFlight.set(type, promise);
  flushTimer ??= setTimeout(flush, 0);
  return promise;
}

/** Several types at once (still one request for all the missing ones). */
export async function loadDictionaries(types: string[]): Promise<Record<string, DictEntry[]>> {
  const lists = await Promise.all(types.map(loadDictionary));
  return Object.fromEntries(types.map((type, i) => [type, lists[i]!]));
}

// ── Lookups by type and value ─────────────────────────────────────────────────
/**
 * One lookup as the spec's findByTypeValue answers it: code 0 with the entry (or null), or the pseudo code
 * -999 once the same type/value was asked more than 50 times while its type is still loading.
 */
export function findByTypeValue(type: string, value: unknown): Promise<{ code: number; data: DictEntry | null }> {
  const text = String(value);
  const pick = (entries: DictEntry[]) => ({ code: 0, data: entries.find((e) => e.value === text) ?? null });
  const cached = cachedDictionary(type);
  if (cached) return Promise.resolve(pick(cached));
  if (inFlight.has(type)) {
    const key = `${type}\u0000${text}`;
    const count = (repeats.get(key) ?? 0) + 1;
    repeats.set(key, count);
    if (count > dictRepeatCap) return Promise.resolve({ code: dictPseudoCode, data: null });
  }
  return loadDictionary(type).then(pick);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The entry of a type/value, retrying a -999 answer after 150 ms. */
export async function dictEntry(type: string, value: unknown): Promise<DictEntry | null> {
  for (;;) {
    const answer = await findByTypeValue(type, value);
    if (answer.code !== dictPseudoCode) return answer.data;
    await sleep(dictRetryMs);
  }
}

/** The entry's name in a language: the English tag for en-US when it has one. */
export const entryName = (entry: DictEntry, lang: string) => (lang === "en-US" && entry.enName ? entry.enName : entry.name);

/** The display name of a value (the value itself when the dictionary does not know it). */
export async function dictName(type: string, value: unknown, lang: string): Promise<string> {
  if (value === null || value === undefined || value === "") return "";
  const entry = await dictEntry(type, value);
  return entry ? entryName(entry, lang) : String(value);
}

// ── Hooks ─────────────────────────────────────────────────────────────────────
export const dictionaryQuery = (type: string) =>
  queryOptions({
    queryKey: ["dict", type] as const,
    queryFn: () => loadDictionary(type),
    initialData: () => cachedDictionary(type),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: type !== "",
  });

/** One type's entries; empty while loading. */
export function useDictionary(type: string): { entries: DictEntry[]; isLoading: boolean } {
  const query = useQuery(dictionaryQuery(type));
  return { entries: query.data ?? [], isLoading: query.isLoading };
}

/** Several types' entries by type, loaded in one request. */
export function useDictionaries(types: string[]): { byType: Record<string, DictEntry[]>; isLoading: boolean } {
  return useQueries({
    queries: types.map(dictionaryQuery),
    combine: (results) => ({
      byType: Object.fromEntries(types.map((type, i) => [type, results[i]?.data ?? []])),
      isLoading: results.some((r) => r.isLoading),
    }),
  });
}
