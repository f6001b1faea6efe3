/**
 * Names of users, departments and organisation units by id (spec section 3: cached in session storage,
 * keys `names:<kind>:<id>`). Ids asked for in the same tick load together: users in one queryUserName
 * call, departments through one listAll, organisation units through info/{id}.
 *
 * @example
 * const name = useName("user", row.createBy);      // "张三" | null (unknown) | undefined (loading)
 * forgetName("department", id);                    // after renaming it
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Answer } from "../../../events/api/verb.ts";
import type { sys } from "../../../events/api/sys.ts";
import { get, post } from "./http.ts";

/** The signed-in user's own details (a type import: the first screen reads it without the contract's schemas). */
export const currentUserQuery = { queryKey: ["currentUser"], queryFn: async () => (await get<Answer<typeof sys.userInfo>>("/sys/user/info")).data };

export type NameKind = "user" | "department" | "organisation";

export const nameStorageKey = (kind: NameKind, id: string) => `names:${kind}:${id}`;

export function cachedName(kind: NameKind, id: string): string | undefined {
  try {
    return sessionStorage.getItem(nameStorageKey(kind, id)) ?? undefined;
  } catch {
    return undefined;
  }
}

function storeName(kind: NameKind, id: string, name: string) {
  try {
    sessionStorage.setItem(nameStorageKey(kind, id), name);
  } catch {
    // storage unavailable: the query cache still holds it
  }
}

/** Forgets one cached name (or every name of a kind). */
export function forgetName(kind: NameKind, id?: string) {
  const keys = id ? [nameStorageKey(kind, id)] : Object.keys(sessionStorage).filter((k) => k.startsWith(`names:${kind}:`));
  for (const key of keys) sessionStorage.removeItem(key);
}

// ── Batched loading ───────────────────────────────────────────────────────────
type Fetcher = (ids: string[]) => Promise<Record<string, string>>;

const fetchers: Record<NameKind, Fetcher> = {
  user: async (ids) => {
    const out: Record<string, string> = {};
    for (let i = 0; i < ids.length; i += 500) Object.assign(out, (await post<Record<string, string>>("/sys/user/queryUserName", { ids: ids.slice(i, i + 500) })).data);
    return out;
  },
  department: async () => {
    const rows = (await get<{ id: string; name: string }[]>("/sys/department/listAll")).data;
    return Object.fromEntries(rows.map((r) => [r.id, r.name]));
  },
  organisation: async (ids) => {
    const rows = await Promise.all(ids.map((id) => get<{ id: string; name: string } | null>(`/sys/organization/info/${encodeURIComponent(id)}`).then((a) => a.data, () => null)));
    return Object.fromEntries(rows.filter((r): r is { id: string; name: string } => !!r).map((r) => [r.id, r.name]));
  },
};

interface Waiter {
  resolve: (name: string | null) => void;
}
const queued: Record<NameKind, Map<string, Waiter[]>> = { user: new Map(), department: new Map(), organisation: new Map() };
const timers: Partial<Record<NameKind, ReturnType<typeof setTimeout>>> = {};

function flush(kind: NameKind) {
  delete timers[kind];
  const batch = queued[kind];
  queued[kind] = new Map();
  const ids = [...batch.keys()];
  fetchers[kind](ids).then(
    (names) => {
      // a department listAll answers every department: keep them all
      for (const [id, name] of Object.entries(names)) if (name) storeName(kind, id, name);
      for (const [id, waiters] of batch) for (const w of waiters) w.resolve(names[id] ?? null);
    },
    () => {
      for (const waiters of batch.values()) for (const w of waiters) w.resolve(null);
    },
  );
}

/** A name by id: from session storage, else loaded with the other ids asked for in this tick; null when unknown. */
export function loadName(kind: NameKind, id: string): Promise<string | null> {
  const cached = cachedName(kind, id);
  if (cached !== undefined) return Promise.resolve(cached);
  return new Promise((resolve) => {
    const waiters = queued[kind].get(id) ?? [];
    waiters.push({ resolve });
    queued[kind].set(id, waiters);
    timers[kind] ??= setTimeout(() => flush(kind), 0);
  });
}

/** Names of several ids, by id. */
export async function loadNames(kind: NameKind, ids: string[]): Promise<Record<string, string | null>> {
  const unique = [...new Set(ids.filter(Boolean))];
  const names = await Promise.all(unique.map((id) => loadName(kind, id)));
  return Object.fromEntries(unique.map((id, i) => [id, names[i]!]));
}

// ── Hooks ─────────────────────────────────────────────────────────────────────
export const nameQuery = (kind: NameKind, id: string) =>
  queryOptions({
    queryKey: ["names", kind, id] as const,
    queryFn: () => loadName(kind, id),
    initialData: () => cachedName(kind, id),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: id !== "",
  });

/** The name of an id: undefined while loading, null when unknown. */
export function useName(kind: NameKind, id: string | null | undefined): string | null | undefined {
  return useQuery(nameQuery(kind, id ?? "")).data;
}
