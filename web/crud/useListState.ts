/**
 * A list page's state, owned by the URL: read from the screen's own route match (its search, validated by the
 * splat route) and changed by navigating — a new search, page or order pushes a history entry (back/forward
 * walk through them); closing `new=1` or correcting a page replaces it.
 *
 * The list is a record family, or any list that declares its shape (filter keys, sorts: ./ListScreen.tsx).
 *
 * A list embedded in another screen (`local`: one tab of the enterprise profile) keeps its state to itself
 * instead: the screen's URL is the screen's, and two lists would otherwise share one `page` and `sort`.
 *
 * @example
 * const { state, update } = useListState(family, fixedFilters);
 * update({ page: 2 });
 */
import { useMatch, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { Family } from "../../events/family.ts";
import { listSearchOf, listStateOf, shapeOf, type Filters, type ListShape, type ListState } from "./listSearch.ts";

export function useListState(source: Family | ListShape, fixedFilters: Filters, { local = false }: { local?: boolean } = {}) {
  // the screen's own match: while leaving, the router's location already points elsewhere
  const search = useMatch({ strict: false, select: (m) => m.search as Record<string, unknown> });
  const pathname = useMatch({ strict: false, select: (m) => m.pathname });
  const navigate = useNavigate();
  const shape = shapeOf(source);
  const fixedKey = JSON.stringify(fixedFilters);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fromUrl = useMemo(() => listStateOf(shape, search, fixedFilters), [shape, search, fixedKey]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const [own, setOwn] = useState<ListState>(() => listStateOf(shape, {}, fixedFilters));
  const state = local ? own : fromUrl;

  const update = useCallback(
    (change: Partial<ListState>, { replace = false }: { replace?: boolean } = {}) => {
      if (local) {
        setOwn((current) => ({ ...current, ...change }));
        return;
      }
      const next = listSearchOf(shape, { ...state, ...change }, search);
      void navigate({ to: pathname, search: next as never, replace, resetScroll: false });
    },
    [local, shape, state, search, navigate, pathname],
  );

  return { state, update, pathname };
}

/** A page emptied by deletes (or a pasted page past the end) falls back to the last page that has rows. */
export function useLastPageFallback(
  list: { data?: { rows: unknown[]; total: number }; isPlaceholderData: boolean },
  { page, size }: Pick<ListState, "page" | "size">,
  update: (change: Partial<ListState>, options?: { replace?: boolean }) => void,
) {
  const total = list.data?.total ?? 0;
  useEffect(() => {
    if (!list.isPlaceholderData && list.data && list.data.rows.length === 0 && page > 1 && total > 0) update({ page: Math.ceil(total / size) }, { replace: true });
  }, [list.data, list.isPlaceholderData, page, size, total, update]);
}
