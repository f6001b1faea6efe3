/**
 * The generic list page of a record family (spec section 2): a keyword box (families that declare `search`)
 * and a search form from the declared filters, a table of the user's columns with paging (10/20/50/100, from
 * page 1) and sorting on declared keys, and add / edit / delete / bulk delete / export / history / recycle
 * bin — each button only with its permission tag. Filters, keyword, page, size, sort and the chosen saved
 * view live in the URL (reload, back/forward and a pasted link show the same list); `?new=1` opens the add
 * dialog. Deleting asks with the serial number of the row (1-based across pages). A family's lifecycle commands
 * (publish, revoke, examine, portal display, submit for approval) are row buttons too (./lifecycle.tsx).
 * `embedded` (a tab of another screen, e.g. the enterprise profile) keeps the list's state to itself and always
 * applies `fixedFilters` (their inputs hidden); `preset` values start each new record.
 */
import { Box, Button, Group, LoadingOverlay, Stack, Text } from "@mantine/core";
import { PageBar } from "../widgets/PageBar/index.ts";
import { notifications } from "@mantine/notifications";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { ApiError } from "../core/api/http.ts";
import { deleteRecords, listPrefQueries, recordQueries, saveListPref, type ColumnPref, type Row, type SavedView } from "../core/api/records.ts";
import { rememberRecent } from "../core/recent.ts";
import { hasPermission } from "../core/session.ts";
import { StickyBar } from "../widgets/StickyBar/index.ts";
import { ColumnChooser } from "./ColumnChooser.tsx";
import { arrangeColumns, columnLabel, columnPrefs, defaultColumns, type Column } from "./columns.ts";
import type { FieldInputs } from "./FieldInput.tsx";
import { HistoryDrawer } from "./HistoryDrawer.tsx";
import { RecordForm } from "./RecordForm.tsx";
import { RecordTable } from "./RecordTable.tsx";
import { RecycleBin } from "./RecycleBin.tsx";
import { SavedViews } from "./SavedViews.tsx";
import { filterQuery, SearchForm, type Filters } from "./SearchForm.tsx";
import { filtersOf } from "./listSearch.ts";
import { useLastPageFallback, useListState } from "./useListState.ts";
import { confirmDelete as confirmDeleteDialog } from "../core/ui/confirmDelete.tsx";
import { ExportButton, ImportButton } from "./spreadsheet/index.ts";
import { useLifecycle } from "./lifecycle.tsx";
import { forgetRecordCaches, rowActionsFor } from "../registry/index.ts";


export interface ListPageProps {
  family: Family;
  /** filter values the screen always starts from (a menu URL's query) @default {} */
  fixedFilters?: Filters;
  /** form inputs replaced by a bespoke screen, by field key */
  inputs?: FieldInputs;
  /** an extra warning shown in the delete confirmation (e.g. users holding a role) */
  deleteWarning?: (ids: string[]) => Promise<string | undefined>;
  /** extra toolbar buttons */
  toolbar?: ReactNode;
  /** a tab inside another screen: state kept here, not in the URL; `fixedFilters` always apply @default false */
  embedded?: boolean;
  /** values every new record starts with, shown read-only (the enterprise of a profile tab) */
  preset?: Row;
}

/** What the command palette calls a record: its name or title, else its first declared column. */
const recordLabel = (family: Family, row: Row, id: string) => {
  const value = [row.name, row.title, row.label, ...family.search.map((k) => row[k]), row[family.columns[0] as string]].find((v) => typeof v === "string" && v.trim() !== "");
  return typeof value === "string" ? value : id;
};

export function ListPage({ family, fixedFilters = {}, inputs, deleteWarning, toolbar, embedded = false, preset }: ListPageProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { state, update, pathname } = useListState(family, fixedFilters, { local: embedded });
  const { page, size, sort, keyword } = state;
  const fixedKey = JSON.stringify(fixedFilters);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const applied = useMemo(() => (embedded ? { ...state.filters, ...fixedFilters } : state.filters), [embedded, state.filters, fixedKey]);
  const [draft, setDraft] = useState<Filters>(applied);
  const [draftKeyword, setDraftKeyword] = useState(keyword);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [historyId, setHistoryId] = useState<string | null>(null);

  const can = {
    add: hasPermission(family.tags.save),
    edit: hasPermission(family.tags.update),
    remove: hasPermission(family.tags.delete),
    history: hasPermission(family.tags.info),
  };
  const filters = filterQuery(family, applied);
  const order = sort ? { orderField: sort.field, order: sort.order } : {};
  const list = useQuery({ ...recordQueries(family.path).list({ page, limit: size, ...order, ...filters, ...(keyword ? { keyword } : {}) }), placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const idOf = (row: Row) => String(row[family.idKey]);

  // the user's columns (kept on the server per family); the declared ones until they load or when unavailable
  const prefs = useQuery(listPrefQueries.info(family.path));
  const columns = useMemo(() => arrangeColumns(family, prefs.data?.columns), [family, prefs.data]);
  const saveColumns = async (next: Column[]) => {
    const saved: ColumnPref[] = columnPrefs(next);
    try {
      await saveListPref(family.path, saved);
      queryClient.setQueryData(listPrefQueries.info(family.path).queryKey, (old) => ({ version: 0, ...old, columns: saved }));
    } catch (error) {
      notifications.show({ color: "red", message: error instanceof ApiError ? error.message : t("http.failed") });
      throw error;
    }
  };

  // the URL changed (search, back/forward, a pasted link): the form shows what the list shows, nothing stays selected
  const appliedKey = JSON.stringify([applied, keyword]);
  useEffect(() => {
    setDraft(applied);
    setDraftKeyword(keyword);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appliedKey]);
  useEffect(() => setSelected([]), [appliedKey, page, size]);

  useLastPageFallback(list, state, update);

  const search = () => update({ filters: draft, keyword: draftKeyword, page: 1, view: undefined });
  const reset = () => update({ filters: fixedFilters, keyword: "", page: 1, sort: null, view: undefined });
  const applyView = (view: SavedView) => {
    update({ filters: filtersOf(family, view.filters ?? {}), keyword: view.keyword ?? "", sort: view.sort, page: 1, view: view.id });
    if (view.columns?.length) void saveColumns(arrangeColumns(family, view.columns)).catch(() => {});
  };

  // the add and edit dialogs: the buttons, or `?new=1` / `?edit=<id>` in the URL (the command palette), taken out
  // of the URL again when the dialog closes; a user who may not edit sees the record's history instead
  const fromUrl = state.adding && can.add ? { id: null } : state.editId && can.edit ? { id: state.editId } : null;
  const form = fromUrl ?? editing;
  const shownHistory = historyId ?? (state.editId && !can.edit && can.history ? state.editId : null);
  const leaveUrlDialog = () => {
    if (state.adding || state.editId) update({ adding: false, editId: undefined }, { replace: true });
  };
  const closeForm = () => {
    setEditing(null);
    leaveUrlDialog();
  };
  const closeHistory = () => {
    setHistoryId(null);
    leaveUrlDialog();
  };
  // the palette reopens a recent record through the list's URL, which an embedded list does not read
  const remember = (row: Row, id: string) => {
    if (!embedded) rememberRecent({ path: pathname, familyPath: family.path, id, label: recordLabel(family, row, id) });
  };
  const openEdit = (row: Row) => {
    const id = idOf(row);
    remember(row, id);
    setEditing({ id });
  };
  const openHistory = (row: Row) => {
    const id = idOf(row);
    remember(row, id);
    setHistoryId(id);
  };

  /** Caches other screens keep of this family's records (their areas register them). */
  const forgetCached = (ids: string[]) => forgetRecordCaches(family.path, ids, queryClient);

  const lifecycle = useLifecycle(family, idOf, (id) => forgetCached([id]));
  // actions other areas add to this family's rows (e.g. the enterprise list's "profile")
  const rowActions = rowActionsFor(family);
  const extraActions = family.lifecycle || rowActions.length
    ? (row: Row, serial: number) => (
        <>
          {rowActions.length > 0 && <Suspense fallback={null}>{rowActions.map((Action, i) => <Action key={i} family={family} row={row} />)}</Suspense>}
          {lifecycle.buttons(row, serial)}
        </>
      )
    : undefined;

  const remove = async (ids: string[]) => {
    try {
      const answer = await deleteRecords(family.path, ids);
      notifications.show({ color: "green", message: answer.msg });
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      forgetCached(ids);
      await queryClient.invalidateQueries({ queryKey: [family.path] });
    } catch (error) {
      notifications.show({ color: "red", message: error instanceof ApiError ? error.message : t("http.failed") });
    }
  };

  const confirmDelete = async (targets: { id: string; serial: number }[]) => {
    if (targets.length === 0) {
      notifications.show({ color: "orange", message: t("notice.pleaseSelectDelete") });
      return;
    }
    const ids = targets.map((x) => x.id);
    const warning = deleteWarning ? await deleteWarning(ids).catch(() => undefined) : undefined;
    if (await confirmDeleteDialog(targets.map((x) => x.serial), { warning })) await remove(ids);
  };

  const bulkDelete = () => {
    // the selection lives on the current page (changing page clears it)
    const serialOf = new Map(rows.map((row, i) => [idOf(row), (page - 1) * size + i + 1]));
    const targets = selected.filter((id) => serialOf.has(id)).map((id) => ({ id, serial: serialOf.get(id)! }));
    void confirmDelete(targets.sort((a, b) => a.serial - b.serial));
  };

  return (
    <Stack gap="sm" data-family={family.name}>
      <StickyBar py="sm" data-testid="list-toolbar">
        <Stack gap="sm">
          <SearchForm family={family} hidden={embedded ? Object.keys(fixedFilters) : undefined} values={draft} onChange={setDraft} keyword={draftKeyword} onKeywordChange={setDraftKeyword} onSearch={search} onReset={reset} />
          <Group gap="xs">
            {can.add && <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ id: null })} data-testid="add-record">{t("actions.add")}</Button>}
            {can.remove && <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={bulkDelete} data-testid="bulk-delete">{t("actions.bulkDelete")}</Button>}
            <ImportButton family={family} onImported={() => forgetCached([])} />
            <ExportButton family={family} query={{ filters, keyword, sort, columns: columns.filter((c) => !c.hidden).map((c) => c.key) }} />
            {toolbar}
            {selected.length > 0 && <Text size="sm" c="dimmed">{t("crud.selected", { n: selected.length })}</Text>}
            <Group gap="xs" ml="auto">
              {!embedded && <SavedViews family={family} current={{ filters: applied, keyword, sort, columns }} activeId={state.view} onApply={applyView} onSaved={(id) => update({ view: id })} />}
              <ColumnChooser label={(key) => columnLabel(family, key, i18n.language as Lang, t)} defaults={() => defaultColumns(family)} columns={columns} onSave={saveColumns} />
              {can.remove && <RecycleBin family={family} onRestored={(id) => forgetCached([id])} />}
            </Group>
          </Group>
        </Stack>
      </StickyBar>
      <Box pos="relative" aria-busy={list.isFetching} data-testid="list-body">
        <LoadingOverlay visible={list.isFetching && !list.data} zIndex={3} />
        <RecordTable
          family={family}
          rows={rows}
          columns={columns}
          relevance={!!keyword}
          firstSerial={(page - 1) * size + 1}
          selected={selected}
          onSelect={setSelected}
          sort={sort}
          onSort={(s) => update({ sort: s, page: 1, view: undefined })}
          onEdit={can.edit ? openEdit : undefined}
          onDelete={can.remove ? (row, serial) => void confirmDelete([{ id: idOf(row), serial }]) : undefined}
          onHistory={can.history ? openHistory : undefined}
          extraActions={extraActions}
          fit={!prefs.data?.columns?.length}
        />
      </Box>
      <PageBar page={page} limit={size} total={total} capped={list.data?.totalCapped} onChange={(next, limit) => update({ page: next, size: limit })} />
      {form && (
        <RecordForm
          family={family}
          id={form.id}
          opened
          onClose={closeForm}
          onSaved={() => forgetCached(form.id ? [form.id] : [])}
          inputs={inputs}
          preset={preset}
        />
      )}
      {lifecycle.dialogs}
      <HistoryDrawer family={family} id={shownHistory} onClose={closeHistory} canRevert={can.edit} onReverted={(id) => forgetCached([id])} />
    </Stack>
  );
}
