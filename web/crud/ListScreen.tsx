/**
 * The list kit: one screen for any list, from one declaration. A record family's list is ./ListPage.tsx
 * (`<ListScreen family={family} />`); a list over its own endpoint declares, next to it, the endpoint, the
 * columns (title, render, width, sortable), the filters (text, select, dictionary, date range), the row key
 * and attributes, the row actions, the toolbar and the detail drawer (./DetailDrawer.tsx). It gets what a
 * family list has: filters, page, size and sort in the URL (reload, back/forward and a pasted link such as
 * `?jobId=…` show the same list; ./useListState.ts), the pager, selection when asked for, the column chooser
 * (kept per user under the endpoint's path), the empty row, the error line, and a page emptied by a command
 * falling back to the last page that has rows.
 *
 * A list embedded in another screen (`local`) keeps its state to itself, and the screen may set filters
 * (`preset`, e.g. the instance chosen above it): a change of them applies them and goes to page 1.
 *
 * With `export` declared, the toolbar offers what the list shows (its filters and sort, every page, its visible
 * columns) as xlsx or csv, written in the browser (./ListExport.tsx); a column whose cell is not plain text
 * declares `value`, the cell as the file holds it.
 *
 * Test ids follow the declaration's `name`: `<name>-screen`, `<name>-table`, `<name>-row`, `<name>-search`,
 * `<name>-export`, and `<name>-<filter key>` unless a filter names its own.
 *
 * @example
 * const logList: ListSpec<JobLog> = {
 *   name: "joblog",
 *   path: logPath,
 *   query: (params) => logQueries.list(params),
 *   rowKey: (r) => r.logId,
 *   rowAttrs: (r) => ({ "data-log-id": r.logId }),
 *   filters: [{ kind: "select", key: "status", testId: "joblog-status", label: (t) => t("jobLog.allStatus"), options: (t) => [...] }],
 *   columns: [{ key: "jobName", title: (t) => t("jobLog.job"), render: (r) => r.jobName ?? "—" }],
 *   actions: (r, list) => <Button onClick={() => list.open(r.logId)}>…</Button>,
 *   detail: logDetail,
 * };
 * export default () => <ListScreen list={logList} />;
 */
import { Box, Button, Card, Checkbox, Group, LoadingOverlay, Select, Stack, Table, Text, TextInput, Tooltip, UnstyledButton } from "@mantine/core";
import { DatePickerInput, DatesProvider, type DatesRangeValue } from "@mantine/dates";
import { keepPreviousData, useQuery, useQueryClient, type QueryClient, type UseQueryOptions } from "@tanstack/react-query";
import { IconArrowDown, IconArrowUp, IconCalendar, IconRefresh, IconSearch, IconSelector } from "@tabler/icons-react";
import "dayjs/locale/zh-cn";
import type { TFunction } from "i18next";
import { useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Query } from "../core/api/http.ts";
import { listPrefQueries, saveListPref, type ListAnswer } from "../core/api/records.ts";
import { notifyError, notifySuccess } from "../core/feedback.tsx";
import { currentLang } from "../core/i18n.ts";
import { EmptyRow } from "../core/ui/TableParts.tsx";
import { DictSelect } from "../widgets/DictSelect/index.ts";
import { PageBar } from "../widgets/PageBar/index.ts";
import { ColumnChooser } from "./ColumnChooser.tsx";
import { arrangeChosen, columnPrefs, type Column } from "./columns.ts";
import { DetailDrawer, type DetailSpec } from "./DetailDrawer.tsx";
import { ListExport } from "./ListExport.tsx";
import type { ExportCell } from "./listExport.ts";
import { ListPage, type ListPageProps } from "./ListPage.tsx";
import type { Filters, ListShape, Sort } from "./listSearch.ts";
import { useLastPageFallback, useListState } from "./useListState.ts";

export interface Option {
  value: string;
  label: string;
}

interface FilterBase {
  /** the query parameter (and URL key) */
  key: string;
  /** the input's placeholder */
  label: (t: TFunction) => string;
  /** px @default 180 */
  width?: number;
  /** @default `<name>-<key>` */
  testId?: string;
}

export type ListFilter =
  | (FilterBase & { kind: "text" })
  | (FilterBase & { kind: "select"; options?: (t: TFunction) => Option[]; /** options loaded by the screen (a hook, called once per render) */ useOptions?: () => Option[]; searchable?: boolean })
  | (FilterBase & { kind: "dict"; dictType: string })
  /** one day, YYYY-MM-DD, under `key` */
  | (FilterBase & { kind: "date" })
  /** two query parameters, `from` and `to` (YYYY-MM-DD) */
  | (FilterBase & { kind: "dateRange"; from: string; to: string });

export interface ListColumn<R> {
  key: string;
  title: (t: TFunction) => string;
  /** the cell; default: the row's value under `key`, or — */
  render?: (row: R, t: TFunction, list: ListContext<R>) => ReactNode;
  /** px */
  width?: number;
  /** a header click orders the list by it (`orderField`/`order`, see `sortQuery`) @default false */
  sortable?: boolean;
  /** hidden until the user shows it in the column chooser @default false */
  hidden?: boolean;
  /** the cell's data-testid */
  testId?: string;
  /** the cell in an export (a dictionary's name may be looked up) @default what `render` shows when that is text or a number, else the row's value under `key` */
  value?: (row: R, t: TFunction) => ExportCell | undefined | Promise<ExportCell | undefined>;
}

/** What a row action, the toolbar and the drawer's footer can do to the list. */
export interface ListContext<R> {
  t: TFunction;
  rows: R[];
  /** the filters in force, as query parameters */
  query: Query;
  /** opens the detail drawer on a row */
  open: (id: string) => void;
  refresh: () => void;
  isFetching: boolean;
  /** the key of the command running (`run`), for its button's loader */
  busy: string | null;
  /** runs a command on a row: its key is busy meanwhile, errors are shown, and the list reloads after */
  run: (key: string, work: () => Promise<unknown>) => Promise<void>;
  /** `run` for a command's answer: its message (else `done`, else "done") shown as the success */
  command: (key: string, work: () => Promise<{ msg?: string }>, done?: string) => Promise<void>;
  selected: string[];
  setSelected: (ids: string[]) => void;
  /** opens the declared `form` dialog: null adds a record, an id edits it */
  edit: (id: string | null) => void;
  queryClient: QueryClient;
}


export interface ListSpec<R> {
  /** the prefix of the screen's test ids */
  name: string;
  /** the endpoint's path: the key its queries start with (reloaded after a command) and of the user's columns */
  path: string;
  /** the list's query for a page, size, order and filters */
  query: (params: Query) => UseQueryOptions<ListAnswer<R>, Error, ListAnswer<R>, any>;
  rowKey: (row: R) => string;
  /** further attributes of a row (data-*) */
  rowAttrs?: (row: R) => Record<string, string | undefined>;
  columns: ListColumn<R>[];
  filters?: ListFilter[];
  /** the order as query parameters @default { orderField, order } */
  sortQuery?: (sort: Sort) => Query;
  /** a checkbox per row (or on the rows this admits); the toolbar reads the selection from the context @default false */
  selectable?: boolean | ((row: R) => boolean);
  /** the tooltip of a row that cannot be chosen */
  selectHint?: (t: TFunction) => string;
  /** the state stays in the screen, not the URL (a list below another one) @default false */
  local?: boolean;
  /** the column chooser @default true */
  columnChooser?: boolean;
  /** the row's buttons */
  actions?: (row: R, list: ListContext<R>) => ReactNode;
  /** buttons after search and reset, at the bar's end */
  toolbar?: (list: ListContext<R>) => ReactNode;
  /** the drawer a row opens (`list.open(id)`), and commands at its end */
  detail?: DetailSpec<any>;
  detailFooter?: (record: any, list: ListContext<R>) => ReactNode;
  /** above the filter bar (counts, a summary) */
  header?: (list: ListContext<R>) => ReactNode;
  /** the add/edit dialog `list.edit(id)` opens (id null: a new record); `close` after saving or cancelling */
  form?: (id: string | null, close: () => void) => ReactNode;
  /** reload while the rows are still changing (a running job) */
  refetchInterval?: (rows: R[]) => number | false;
  /** the page size when the URL names none (10, 20, 50 or 100) @default 10 */
  pageSize?: 10 | 20 | 50 | 100;
  /** the table's minimum width before it scrolls sideways @default 1000 */
  minWidth?: number;
  /** the toolbar's Export menu, the file named `<fileName>-YYYYMMDD.xlsx|csv` */
  export?: { fileName: (t: TFunction) => string };
}

const dateText = /^\d{4}-\d{2}-\d{2}$/;

/** The URL shape of a declaration (one per declaration, so the list state's hooks may depend on it). */
const shapes = new WeakMap<ListSpec<any>, ListShape>();
function shapeOfSpec(spec: ListSpec<any>): ListShape {
  let shape = shapes.get(spec);
  if (!shape) {
    const dates = new Set((spec.filters ?? []).flatMap((f) => (f.kind === "dateRange" ? [f.from, f.to] : f.kind === "date" ? [f.key] : [])));
    shape = {
      filterKeys: (spec.filters ?? []).flatMap((f) => (f.kind === "dateRange" ? [f.from, f.to] : [f.key])),
      filterValue: (key, value) => {
        if (value === undefined || value === null) return undefined;
        const raw = String(value).trim();
        if (raw === "" || raw.length > 200) return undefined;
        return dates.has(key) && !dateText.test(raw) ? undefined : raw;
      },
      sorts: spec.columns.filter((c) => c.sortable).map((c) => c.key),
      pageSize: spec.pageSize,
      searchable: false,
    };
    shapes.set(spec, shape);
  }
  return shape;
}

/** Filters with a value, as query parameters. */
const queryOf = (filters: Filters): Query =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== "").map(([k, v]) => [k, String(v)]));

export type ListScreenProps<R> = { list: ListSpec<R>; preset?: Filters } | ({ list?: undefined } & ListPageProps);

/** A list over its own endpoint (`list`), or a record family's list (`family`, ./ListPage.tsx). */
export function ListScreen<R>(props: ListScreenProps<R>) {
  return props.list ? <SpecList spec={props.list} preset={props.preset} /> : <ListPage {...props} />;
}

function SpecList<R>({ spec, preset }: { spec: ListSpec<R>; preset?: Filters }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const shape = shapeOfSpec(spec);
  const { state, update } = useListState(shape, {}, { local: spec.local });
  const { page, size, sort, filters } = state;
  const [draft, setDraft] = useState<Filters>(filters);
  const [selected, setSelected] = useState<string[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);

  const query = queryOf(filters);
  const order = sort ? (spec.sortQuery ?? ((s: Sort) => ({ orderField: s.field, order: s.order })))(sort) : {};
  const list = useQuery({
    ...spec.query({ page, limit: size, ...order, ...query }),
    placeholderData: keepPreviousData,
    refetchInterval: spec.refetchInterval ? (q) => spec.refetchInterval!(q.state.data?.rows ?? []) : undefined,
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  // the URL changed (search, back/forward, a link such as the job screen's Logs): the bar shows what the list shows
  const filtersKey = JSON.stringify(filters);
  useEffect(() => {
    setDraft(filters);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtersKey]);
  useEffect(() => setSelected([]), [filtersKey, page, size]);
  // the screen set filters (the instance chosen above): they replace those keys and the list starts over
  const presetKey = JSON.stringify(preset ?? null);
  useEffect(() => {
    if (preset) update({ filters: { ...filters, ...preset }, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [presetKey]);
  useLastPageFallback(list, state, update);

  // the user's columns, kept on the server under the endpoint's path
  const chooser = spec.columnChooser !== false;
  const defaults = useMemo<Column[]>(() => spec.columns.map((c) => ({ key: c.key, hidden: !!c.hidden, width: c.width })), [spec]);
  const prefs = useQuery({ ...listPrefQueries.info(spec.path), enabled: chooser });
  const columns = useMemo(() => {
    const byKey = new Map(spec.columns.map((c) => [c.key, c]));
    return arrangeChosen(defaults, chooser ? prefs.data?.columns : null).filter((c) => !c.hidden).map((c) => ({ ...byKey.get(c.key)!, width: c.width }));
  }, [spec, defaults, chooser, prefs.data]);
  const saveColumns = async (next: Column[]) => {
    const saved = columnPrefs(next);
    try {
      await saveListPref(spec.path, saved);
      queryClient.setQueryData(listPrefQueries.info(spec.path).queryKey, (old) => ({ version: 0, ...old, columns: saved }));
    } catch (error) {
      notifyError(error);
      throw error;
    }
  };

  const run = useCallback(
    async (key: string, work: () => Promise<unknown>) => {
      setBusy(key);
      try {
        await work();
        await queryClient.invalidateQueries({ queryKey: [spec.path] });
      } catch (error) {
        notifyError(error);
      } finally {
        setBusy(null);
      }
    },
    [queryClient, spec.path],
  );
  const command = (key: string, work: () => Promise<{ msg?: string }>, done?: string) => run(key, async () => notifySuccess((await work()).msg || done || t("http.ok")));
  const context: ListContext<R> = {
    t, rows, query, busy, run, command, selected, setSelected,
    open: setOpenId,
    edit: (id) => setEditing({ id }),
    queryClient,
    refresh: () => void list.refetch(),
    isFetching: list.isFetching,
  };

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    update({ filters: queryOf(draft), page: 1 });
  };
  // the screen's own filters (preset) stay: they are not the user's to clear
  const reset = () => {
    setDraft(preset ?? {});
    update({ filters: { ...preset }, page: 1, sort: null });
  };
  const filterable = (spec.filters?.length ?? 0) > 0;
  const cycle = (field: string) => update({ sort: { field, order: sort?.field === field && sort.order === "asc" ? "desc" : "asc" }, page: 1 });
  const label = (key: string) => spec.columns.find((c) => c.key === key)?.title(t) ?? key;
  const canSelect = typeof spec.selectable === "function" ? spec.selectable : () => true;
  const ids = rows.filter(canSelect).map(spec.rowKey);
  const all = ids.length > 0 && ids.every((id) => selected.includes(id));
  const span = columns.length + (spec.selectable ? 1 : 0) + (spec.actions ? 1 : 0);

  return (
    <Card withBorder data-testid={`${spec.name}-screen`}>
      <Stack>
        {spec.header?.(context)}
        <form onSubmit={search} role="search">
          <Group gap="sm">
            <FilterBar spec={spec} values={draft} onChange={setDraft} />
            {filterable && (
              <>
                <Button type="submit" leftSection={<IconSearch size={16} />} data-testid={`${spec.name}-search`}>{t("actions.search")}</Button>
                <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={reset}>{t("actions.reset")}</Button>
              </>
            )}
            {spec.selectable && selected.length > 0 && <Text size="sm" c="dimmed">{t("crud.selected", { n: selected.length })}</Text>}
            <Group gap="xs" ml="auto">
              {spec.toolbar?.(context)}
              {spec.export && <ListExport name={spec.name} fileName={spec.export.fileName} params={{ ...order, ...query }} query={spec.query} columns={columns.map((c) => ({ ...c, render: c.render && ((row: R) => c.render!(row, t, context)) }))} />}
              {chooser && <ColumnChooser label={label} defaults={() => defaults} columns={arrangeChosen(defaults, prefs.data?.columns)} onSave={saveColumns} />}
            </Group>
          </Group>
        </form>
        <Box pos="relative" aria-busy={list.isFetching}>
          <LoadingOverlay visible={list.isFetching && !list.data} zIndex={3} />
          <Table.ScrollContainer minWidth={spec.minWidth ?? 1000}>
            <Table striped highlightOnHover withTableBorder data-testid={`${spec.name}-table`}>
              <Table.Thead>
                <Table.Tr>
                  {spec.selectable && (
                    <Table.Th w={40}>
                      <Checkbox aria-label={t("crud.selectAll")} checked={all} disabled={!ids.length} indeterminate={!all && ids.some((id) => selected.includes(id))} onChange={() => setSelected(all ? [] : ids)} />
                    </Table.Th>
                  )}
                  {columns.map((c) => (
                    <Table.Th key={c.key} w={c.width} data-column={c.key} style={{ whiteSpace: "nowrap" }}>
                      {c.sortable ? <SortHeader label={c.title(t)} order={sort?.field === c.key ? sort.order : undefined} onClick={() => cycle(c.key)} sortKey={c.key} /> : c.title(t)}
                    </Table.Th>
                  ))}
                  {spec.actions && <Table.Th style={{ whiteSpace: "nowrap" }}>{t("crud.actions")}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const id = spec.rowKey(row);
                  return (
                    <Table.Tr key={id} data-testid={`${spec.name}-row`} {...spec.rowAttrs?.(row)}>
                      {spec.selectable && (
                        <Table.Td>
                          <RowBox id={id} can={canSelect(row)} hint={spec.selectHint?.(t)} checked={selected.includes(id)} onChange={() => setSelected(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id])} />
                        </Table.Td>
                      )}
                      {columns.map((c) => (
                        <Table.Td key={c.key} data-column={c.key} data-testid={c.testId}>
                          {c.render ? c.render(row, t, context) : String((row as Record<string, unknown>)[c.key] ?? "—")}
                        </Table.Td>
                      ))}
                      {spec.actions && (
                        <Table.Td>
                          {/* many buttons wrap onto a second line rather than push the table past its box */}
                          <Group gap={4} wrap="wrap">{spec.actions(row, context)}</Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
                {!rows.length && <EmptyRow colSpan={span} loading={list.isLoading} />}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
        {list.isError && <Text c="red" size="sm" data-testid={`${spec.name}-error`}>{list.error.message}</Text>}
        <PageBar page={page} limit={size} total={total} capped={list.data?.totalCapped} onChange={(next, limit) => update({ page: next, size: limit })} />
      </Stack>
      {spec.form && editing && spec.form(editing.id, () => setEditing(null))}
      {spec.detail && <DetailDrawer spec={spec.detail} id={openId} onClose={() => setOpenId(null)} footer={spec.detailFooter ? (d) => spec.detailFooter!(d, context) : undefined} />}
    </Card>
  );
}

/** A row's checkbox; one that cannot be chosen is disabled, with the declared hint as its tooltip. */
function RowBox({ id, can, hint, checked, onChange }: { id: string; can: boolean; hint?: string; checked: boolean; onChange: () => void }) {
  const box = <Checkbox aria-label={id} checked={can && checked} disabled={!can} onChange={onChange} />;
  return hint && !can ? <Tooltip label={hint}><span>{box}</span></Tooltip> : box;
}

function SortHeader({ label, order, onClick, sortKey }: { label: string; order?: "asc" | "desc"; onClick: () => void; sortKey: string }) {
  const Icon = order ? (order === "asc" ? IconArrowUp : IconArrowDown) : IconSelector;
  return (
    <UnstyledButton onClick={onClick} data-sort-key={sortKey} data-sort-order={order} fw={600} fz="sm">
      <Group gap={4} wrap="nowrap">
        {label}
        <Icon size={14} />
      </Group>
    </UnstyledButton>
  );
}

/** One input per declared filter, editing the draft the search button applies. */
function FilterBar<R>({ spec, values, onChange }: { spec: ListSpec<R>; values: Filters; onChange: (values: Filters) => void }) {
  const { t } = useTranslation();
  const filters = spec.filters ?? [];
  const text = (key: string) => (typeof values[key] === "string" && values[key] !== "" ? (values[key] as string) : null);
  const set = (patch: Filters) => onChange({ ...values, ...patch });
  const inputs = filters.map((f) => {
    const common = { placeholder: f.label(t), w: f.width ?? 180, "data-testid": f.testId ?? `${spec.name}-${f.key}` };
    switch (f.kind) {
      case "text":
        return <TextInput key={f.key} {...common} value={text(f.key) ?? ""} onChange={(e) => set({ [f.key]: e.currentTarget.value })} />;
      case "dict":
        return <DictSelect key={f.key} type={f.dictType} {...common} value={text(f.key)} onChange={(v) => set({ [f.key]: v as string | null })} />;
      case "select":
        return f.useOptions
          ? <LoadedSelect key={f.key} use={f.useOptions} {...common} searchable={f.searchable} value={text(f.key)} onChange={(v) => set({ [f.key]: v })} />
          : <Select key={f.key} {...common} data={f.options?.(t) ?? []} searchable={f.searchable} clearable value={text(f.key)} onChange={(v) => set({ [f.key]: v })} />;
      case "date":
        return <DatePickerInput key={f.key} clearable valueFormat="YYYY-MM-DD" leftSection={<IconCalendar size={16} />} {...common} value={text(f.key)} onChange={(day) => set({ [f.key]: (day as string | null) ?? undefined })} />;
      case "dateRange":
        return (
          <DatePickerInput
            key={f.key}
            type="range"
            allowSingleDateInRange
            clearable
            valueFormat="YYYY-MM-DD"
            leftSection={<IconCalendar size={16} />}
            {...common}
            w={f.width ?? 260}
            value={[text(f.from), text(f.to)]}
            onChange={(range) => {
              const [from, to] = range as DatesRangeValue<string>;
              set({ [f.from]: from ?? undefined, [f.to]: to ?? undefined });
            }}
          />
        );
    }
  });
  if (!filters.some((f) => f.kind === "dateRange" || f.kind === "date")) return <>{inputs}</>;
  const lang = currentLang();
  return <DatesProvider settings={{ locale: lang === "en-US" ? "en" : "zh-cn", firstDayOfWeek: lang === "en-US" ? 0 : 1 }}>{inputs}</DatesProvider>;
}

/** A select whose options the screen loads (the jobs of the log list's job filter). */
function LoadedSelect({ use, ...props }: { use: () => Option[]; placeholder: string; w: number; "data-testid": string; searchable?: boolean; value: string | null; onChange: (v: string | null) => void }) {
  return <Select {...props} data={use()} clearable />;
}
