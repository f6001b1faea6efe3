/**
 * The table of the process models and the message centre's lists (the approval lists are on the list kit,
 * web/crud/ListScreen.tsx), declared once: the screen names its columns (title as
 * an i18n key, width, how a cell shows its row), the rows with their loading and error state, and
 * optionally a selection and the pager; this draws the error, the header, the rows, the empty row and the
 * paging bar. Also the paged-query state those lists share (`usePagedQuery`, `useFilteredList`).
 * Kept free of the workflow API so the home page's message centre can use it without loading it.
 */
import { Alert, Checkbox, Table, Tooltip, type TableProps, type TableTdProps, type TableTrProps } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyRow } from "../../core/ui/TableParts.tsx";
import { useSeededName } from "../../core/seeded.ts";
import { PageBar } from "../../widgets/PageBar/index.ts";

export interface Paging {
  page: number;
  limit: number;
}

export interface FlowColumn<T> {
  key: string;
  /** i18n key of the header */
  title: string;
  width?: number;
  /** the cell; without it the row's field named `key`, as is */
  render?: (row: T, index: number) => ReactNode;
  /** props of every cell of the column */
  td?: TableTdProps;
}

/** What the table shows: rows, their state and, for a pager, the paging. */
export interface FlowRows<T> {
  rows: T[];
  loading: boolean;
  error?: unknown;
  total?: number;
  paging?: Paging;
  setPaging?: (paging: Paging) => void;
}

/** Rows that can be chosen, by their row key: a checkbox column with "choose all on this page". */
export interface FlowSelection<T> {
  selected: readonly string[];
  onChange: (keys: string[]) => void;
  /** whether this row can be chosen */
  can: (row: T) => boolean;
  /** the row checkbox's accessible name */
  label: (row: T) => string;
  /** i18n key of the header checkbox's accessible name */
  allLabel: string;
  /** i18n key of the tooltip on a row that cannot be chosen */
  hint?: string;
  /** the header checkbox shows "some chosen" */
  indeterminate?: boolean;
}

export type FlowRowProps = TableTrProps & { [data: `data-${string}`]: string | number | boolean | undefined };

export interface FlowTableProps<T> {
  columns: FlowColumn<T>[];
  list: FlowRows<T>;
  rowKey: (row: T) => string;
  rowProps?: (row: T, index: number) => FlowRowProps;
  selection?: FlowSelection<T>;
  /** scrolls sideways below this width; without it, no scroll container */
  minWidth?: number;
  /** on the table */
  "data-testid"?: string;
  /** overrides of the table's look (striped, hover and border by default) */
  tableProps?: TableProps;
}

const stop = (e: React.MouseEvent) => e.stopPropagation();

export function FlowTable<T>({ columns, list, rowKey, rowProps, selection, minWidth, tableProps, "data-testid": testId }: FlowTableProps<T>) {
  const { t } = useTranslation();
  const named = useSeededName();
  // a text cell shows seeded names (a model's, a step's, a person's; joined ones one by one) in the screen's language
  const shown = (cell: ReactNode) => (typeof cell === "string" ? cell.split(", ").map(named).join(", ") : cell);
  const choosable = selection ? list.rows.filter(selection.can).map(rowKey) : [];
  const everyChosen = choosable.every((key) => selection!.selected.includes(key));
  const allChosen = choosable.length > 0 && everyChosen;
  const toggle = (key: string) => selection!.onChange(selection!.selected.includes(key) ? selection!.selected.filter((k) => k !== key) : [...selection!.selected, key]);
  const table = (
    <Table striped highlightOnHover withTableBorder {...tableProps} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {selection && (
            <Table.Th w={40}>
              <Checkbox
                aria-label={t(selection.allLabel)}
                checked={allChosen}
                indeterminate={selection.indeterminate ? selection.selected.length > 0 && !everyChosen : undefined}
                disabled={!choosable.length}
                onChange={() => selection.onChange(allChosen ? [] : choosable)}
              />
            </Table.Th>
          )}
          {columns.map((c) => <Table.Th key={c.key} w={c.width}>{t(c.title)}</Table.Th>)}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.rows.map((row, i) => {
          const key = rowKey(row);
          const can = !!selection?.can(row);
          const box = selection && <Checkbox aria-label={selection.label(row)} checked={selection.selected.includes(key)} disabled={!can} onChange={() => toggle(key)} />;
          return (
            <Table.Tr key={key} {...rowProps?.(row, i)}>
              {selection && <Table.Td onClick={stop}>{selection.hint ? <Tooltip label={t(selection.hint)} disabled={can}><span>{box}</span></Tooltip> : box}</Table.Td>}
              {columns.map((c) => <Table.Td key={c.key} {...c.td}>{shown(c.render ? c.render(row, i) : ((row as Record<string, ReactNode>)[c.key] ?? ""))}</Table.Td>)}
            </Table.Tr>
          );
        })}
        {!list.rows.length && <EmptyRow colSpan={columns.length + (selection ? 1 : 0)} loading={list.loading} />}
      </Table.Tbody>
    </Table>
  );
  const { paging, setPaging } = list;
  return (
    <>
      {!!list.error && <Alert color="red">{(list.error as Error).message}</Alert>}
      {minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table}
      {paging && setPaging && <PageBar page={paging.page} limit={paging.limit} total={list.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />}
    </>
  );
}

/** The serial number of a row on its page (1-based across pages). */
export const serialOf = (paging: Paging, index: number) => (paging.page - 1) * paging.limit + index + 1;

interface PagedOptions<T> {
  queryKey: readonly unknown[];
  queryFn: () => Promise<{ rows: T[]; total: number }>;
}

/** One paged server list: its paging (10 a page to start) and the query, keeping the last page while the next loads. */
export function usePagedQuery<T>(options: (paging: Paging) => PagedOptions<T>, { refetchInterval }: { refetchInterval?: number } = {}) {
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: 10 });
  const query = useQuery({ ...options(paging), placeholderData: keepPreviousData, refetchInterval });
  return {
    paging,
    setPaging,
    rows: query.data?.rows ?? [],
    total: query.data?.total ?? 0,
    loading: query.isLoading,
    error: query.error,
    refetch: query.refetch,
  };
}

/** A paged list with a draft filter applied on search (text trimmed, blank left out); search and reset go to page 1. */
export function useFilteredList<T, F extends Record<string, unknown>>(emptyFilter: F, options: (query: Paging & Partial<F>) => PagedOptions<T>, extra: { refetchInterval?: number } = {}) {
  const [draft, setDraft] = useState<F>(emptyFilter);
  const [filter, setFilter] = useState<F>(emptyFilter);
  const cleaned = Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, typeof v === "string" ? v.trim() || undefined : v])) as Partial<F>;
  const list = usePagedQuery<T>((paging) => options({ ...paging, ...cleaned }), extra);
  const firstPage = () => list.setPaging((p) => ({ ...p, page: 1 }));
  return {
    ...list,
    draft,
    setDraft,
    search: () => (setFilter(draft), firstPage()),
    reset: () => (setDraft(emptyFilter), setFilter(emptyFilter), firstPage()),
  };
}
