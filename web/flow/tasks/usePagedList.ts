/** A paged workflow list (`GET <path>?page&limit&…filter`) with a draft filter applied on search: the state every approval list shares. */
import type { Query } from "../../core/api/http.ts";
import { listQuery, type InstanceRow } from "./api.ts";
import { useFilteredList } from "./FlowTable.tsx";

export function usePagedList<T, F extends Query>(path: string, emptyFilter: F, options: { refetchInterval?: number } = {}) {
  return useFilteredList<T, F>(emptyFilter, (query) => listQuery<T>(path, query as Query), options);
}

const instanceFilter = { name: "", procDefKey: "", status: "" };

/** An instance list (instances, my initiations) searched by process name, process key and status (`instanceSearch`). */
export const useInstanceList = (path: string) => usePagedList<InstanceRow, typeof instanceFilter>(path, instanceFilter);
