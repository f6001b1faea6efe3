/**
 * The generic list page of a record family (spec section 2): a search form from the declared filters, a
 * table of the declared columns with paging (10/20/50/100, from page 1) and sorting on declared keys, and
 * add / edit / delete / bulk delete / export / history — each button only with its permission tag.
 * Deleting asks with the serial number of the row (1-based across pages).
 */
import { Box, Button, Group, LoadingOverlay, Stack, Text } from "@mantine/core";
import { PageBar, pageSizes } from "../widgets/PageBar/index.ts";
import { notifications } from "@mantine/notifications";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { IconDownload, IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { forgetDictionaries } from "../api/dictionaries.ts";
import { ApiError } from "../api/http.ts";
import { forgetName, type NameKind } from "../api/names.ts";
import { deleteRecords, recordQueries, type Row } from "../api/records.ts";
import { hasPermission } from "../app/session.ts";
import { StickyBar } from "../widgets/StickyBar/index.ts";
import { exportCsv } from "./exportCsv.ts";
import type { FieldInputs } from "./FieldInput.tsx";
import { HistoryDrawer } from "./HistoryDrawer.tsx";
import { RecordForm } from "./RecordForm.tsx";
import { RecordTable, type Sort } from "./RecordTable.tsx";
import { filterQuery, SearchForm, type Filters } from "./SearchForm.tsx";
import { confirmDelete as confirmDeleteDialog } from "./confirmDelete.tsx";


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
}

/** Families whose records other screens show by cached name. */
const namedKinds: Record<string, NameKind> = { "/sys/user": "user", "/sys/department": "department", "/sys/organization": "organisation" };

export function ListPage({ family, fixedFilters = {}, inputs, deleteWarning, toolbar }: ListPageProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Filters>(fixedFilters);
  const [applied, setApplied] = useState<Filters>(fixedFilters);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(pageSizes[0]);
  const [sort, setSort] = useState<Sort | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [form, setForm] = useState<{ id: string | null } | null>(null);
  const [historyId, setHistoryId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const can = {
    add: hasPermission(family.tags.save),
    edit: hasPermission(family.tags.update),
    remove: hasPermission(family.tags.delete),
    exportRows: hasPermission(family.tags.list),
    history: hasPermission(family.tags.info),
  };
  const filters = filterQuery(family, applied);
  const order = sort ? { orderField: sort.field, order: sort.order } : {};
  const list = useQuery({ ...recordQueries(family.path).list({ page, limit: size, ...order, ...filters }), placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / size));
  const idOf = (row: Row) => String(row[family.idKey]);

  // a page emptied by deletes falls back to the last page that has rows
  useEffect(() => {
    if (!list.isPlaceholderData && list.data && list.data.rows.length === 0 && page > 1) setPage(pages);
  }, [list.data, list.isPlaceholderData, page, pages]);

  const search = () => {
    setApplied(draft);
    setPage(1);
    setSelected([]);
  };
  const reset = () => {
    setDraft(fixedFilters);
    setApplied(fixedFilters);
    setPage(1);
    setSort(null);
    setSelected([]);
  };

  /** Caches other screens keep of this family's records. */
  const forgetCached = (ids: string[]) => {
    if (family.path === "/sys/sysdict") {
      forgetDictionaries();
      void queryClient.invalidateQueries({ queryKey: ["dict"] });
    }
    const kind = namedKinds[family.path];
    if (kind) {
      for (const id of ids) forgetName(kind, id);
      void queryClient.invalidateQueries({ queryKey: ["names", kind] });
    }
  };

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

  const goTo = (next: number) => {
    setPage(next);
    setSelected([]);
  };

  const runExport = async () => {
    setExporting(true);
    await exportCsv(family, { ...order, ...filters }, lang, [t("crud.yes"), t("crud.no")]);
    setExporting(false);
  };

  return (
    <Stack gap="sm" data-family={family.name}>
      <StickyBar py="sm" data-testid="list-toolbar">
        <Stack gap="sm">
          <SearchForm family={family} values={draft} onChange={setDraft} onSearch={search} onReset={reset} />
          <Group gap="xs">
            {can.add && <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ id: null })} data-testid="add-record">{t("actions.add")}</Button>}
            {can.remove && <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={bulkDelete} data-testid="bulk-delete">{t("actions.bulkDelete")}</Button>}
            {can.exportRows && <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={() => void runExport()} data-testid="export">{t("actions.export")}</Button>}
            {toolbar}
            {selected.length > 0 && <Text size="sm" c="dimmed">{t("crud.selected", { n: selected.length })}</Text>}
          </Group>
        </Stack>
      </StickyBar>
      <Box pos="relative">
        <LoadingOverlay visible={list.isFetching && !list.data} zIndex={3} />
        <RecordTable
          family={family}
          rows={rows}
          firstSerial={(page - 1) * size + 1}
          selected={selected}
          onSelect={setSelected}
          sort={sort}
          onSort={(s) => {
            setSort(s);
            goTo(1);
          }}
          onEdit={can.edit ? (row) => setForm({ id: idOf(row) }) : undefined}
          onDelete={can.remove ? (row, serial) => void confirmDelete([{ id: idOf(row), serial }]) : undefined}
          onHistory={can.history ? (row) => setHistoryId(idOf(row)) : undefined}
        />
      </Box>
      <PageBar
        page={page}
        limit={size}
        total={total}
        onChange={(next, limit) => {
          setSize(limit);
          goTo(next);
        }}
      />
      {form && (
        <RecordForm
          family={family}
          id={form.id}
          opened
          onClose={() => setForm(null)}
          onSaved={() => forgetCached(form.id ? [form.id] : [])}
          inputs={inputs}
        />
      )}
      <HistoryDrawer family={family} id={historyId} onClose={() => setHistoryId(null)} />
    </Stack>
  );
}
