/** A paged server list with a draft filter applied on search: the state every approval list shares. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Query } from "../../api/http.ts";
import { listQuery } from "./api.ts";

export function usePagedList<T, F extends Query>(path: string, emptyFilter: F, options: { refetchInterval?: number } = {}) {
  const [draft, setDraft] = useState<F>(emptyFilter);
  const [filter, setFilter] = useState<F>(emptyFilter);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const cleaned = Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, typeof v === "string" ? v.trim() || undefined : v]));
  const list = useQuery({ ...listQuery<T>(path, { ...paging, ...cleaned }), placeholderData: keepPreviousData, refetchInterval: options.refetchInterval });
  return {
    draft,
    setDraft,
    paging,
    setPaging,
    rows: list.data?.rows ?? [],
    total: list.data?.total ?? 0,
    loading: list.isLoading,
    error: list.error,
    refetch: list.refetch,
    search: () => (setFilter(draft), setPaging((p) => ({ ...p, page: 1 }))),
    reset: () => (setDraft(emptyFilter), setFilter(emptyFilter), setPaging((p) => ({ ...p, page: 1 }))),
  };
}
