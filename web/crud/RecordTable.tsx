/**
 * The rows of a list page: selection, serial numbers, the user's columns (order, widths), sortable headers and
 * row actions. The table fits its box: one-line cells longer than their column end in "…" (the whole text on
 * hover), and with the declared default columns (`fit`) the trailing ones that still do not fit are left to the
 * column chooser, so no list needs sideways scrolling and its actions stay in view. Columns a user arranged
 * are all shown; a table wider than its box then scrolls with the actions column kept at the right edge.
 */
import { Box, Button, Checkbox, Group, Table, Text, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconSelector } from "@tabler/icons-react";
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import type { Row } from "../core/api/records.ts";
import { columnLabel, type Column } from "./columns.ts";
import { FieldValue } from "./FieldValue.tsx";
import type { Sort } from "./listSearch.ts";

export type { Sort };

export interface RecordTableProps {
  family: Family;
  rows: Row[];
  /** the columns shown, in order (hidden ones left out) @default the declared columns */
  columns?: Column[];
  /** rows come best match first (a keyword without a chosen order): no header shows the declared order @default false */
  relevance?: boolean;
  /** serial number of the first row (1-based across pages) */
  firstSerial: number;
  selected: string[];
  onSelect: (ids: string[]) => void;
  sort: Sort | null;
  onSort: (sort: Sort | null) => void;
  /** row actions, each present only when permitted */
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row, serial: number) => void;
  onHistory?: (row: Row) => void;
  /** further row buttons after the standard ones (a family's lifecycle commands, a profile link) */
  extraActions?: (row: Row, serial: number) => ReactNode;
  /** the columns are the declared defaults: trailing ones that do not fit the box are left out @default false */
  fit?: boolean;
}

/** The actions column stays in view when a wide table scrolls sideways. */
const actionsCell = { whiteSpace: "nowrap", position: "sticky", right: 0, background: "var(--mantine-color-body)", boxShadow: "-1px 0 0 var(--mantine-color-default-border)" } as const;
/** A one-line cell's widest (px) when its column has no width of its own. */
const cellWidth = 220;
/** Columns a fitted table keeps however narrow its box. */
const keptColumns = 2;
/** How much wider (px) the box must grow before the left-out columns are tried again. */
const widthRetried = 40;
const oneLine = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;
/** The whole text as the tooltip of a cell cut short by "…". */
const titleWhenCut = (event: MouseEvent<HTMLElement>) => {
  const el = event.currentTarget;
  el.title = el.scrollWidth > el.clientWidth ? (el.textContent ?? "") : "";
};

/**
 * The first `count` columns a fitted table shows: trailing columns go to the chooser first, but never the record's
 * state (`status`), which a reader scans a list for; the first `keptColumns` stay.
 */
function fitted(wanted: Column[], count: number): Column[] {
  let drop = wanted.length - count;
  if (drop <= 0) return wanted;
  const kept: Column[] = [];
  for (let i = wanted.length - 1; i >= 0; i--) {
    const column = wanted[i]!;
    if (drop > 0 && i >= keptColumns && column.key !== "status") drop--;
    else kept.unshift(column);
  }
  return kept;
}

export function RecordTable({ family, rows, columns: chosen, relevance = false, firstSerial, selected, onSelect, sort, onSort, onEdit, onDelete, onHistory, extraActions, fit = false }: RecordTableProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const idOf = (row: Row) => String(row[family.idKey]);
  const ids = rows.map(idOf);
  const all = ids.length > 0 && ids.every((id) => selected.includes(id));
  const some = ids.some((id) => selected.includes(id));
  const hasActions = !!(onEdit || onDelete || onHistory || extraActions);
  // only free text wraps; tags, numbers, dates and names keep to one line
  const wraps = (key: string) => ["text", "json"].includes(family.fields[key]?.kind ?? "");
  const wanted = (chosen ?? (family.columns as string[]).map((key): Column => ({ key, hidden: false }))).filter((c) => !c.hidden);

  // fitting: how many of the wanted columns are shown (null: all, before measuring); a column is dropped while
  // the table is wider than its box, and all are tried again when the columns change or the box grows. The table is
  // watched as well as the box: its cells grow after the rows arrive (a dictionary's labels, a linked record's
  // name drawn by the cell itself), which no render of this table announces.
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<number | null>(null);
  const columns = fit && shown !== null ? fitted(wanted, Math.max(keptColumns, shown)) : wanted;
  const shownCount = useRef(columns.length);
  shownCount.current = columns.length;
  const wantedKey = wanted.map((c) => `${c.key}:${c.width ?? ""}`).join(",");
  useEffect(() => setShown(null), [wantedKey, fit]);
  const dropOneIfWide = () => {
    const el = box.current;
    if (el && el.scrollWidth > el.clientWidth + 1 && shownCount.current > keptColumns) setShown(shownCount.current - 1);
  };
  useLayoutEffect(() => {
    if (fit) dropOneIfWide();
  });
  useEffect(() => {
    const el = box.current;
    const table = el?.firstElementChild;
    if (!fit || !el || !table) return;
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      // a hidden tab's box measures 0: nothing to fit until it is shown again at the width it had
      if (el.clientWidth === 0) return;
      // all columns are tried again only when the box grew by more than a scrollbar: a page scrollbar that comes
      // and goes with the rows' height would otherwise swing the table between all columns and fewer
      if (el.clientWidth > width + widthRetried) setShown(null);
      else dropOneIfWide();
      width = el.clientWidth;
    });
    observer.observe(el);
    observer.observe(table);
    return () => observer.disconnect();
  }, [fit]);

  // the order in force: the chosen one, else the declared default; a click turns a column ascending, then flips it
  // (best match first when searching by keyword: no column is the order)
  const current: Sort | null = sort ?? (relevance ? null : { field: family.defaultSort[0] as string, order: family.defaultSort[1] });
  const cycle = (field: string) => onSort({ field, order: current?.field === field && current.order === "asc" ? "desc" : "asc" });

  const header = (key: string) => {
    const label = columnLabel(family, key, lang, t);
    if (!(family.sorts as string[]).includes(key)) return label;
    const active = current?.field === key;
    const Icon = active ? (current.order === "asc" ? IconArrowUp : IconArrowDown) : IconSelector;
    return (
      <UnstyledButton onClick={() => cycle(key)} data-sort-key={key} data-sort-order={active ? current.order : undefined} fw={600} fz="sm" c={active ? undefined : "inherit"}>
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} />
        </Group>
      </UnstyledButton>
    );
  };

  return (
    <Box ref={box} style={{ overflowX: "auto" }} data-testid="record-table-box" data-columns-left-out={wanted.length - columns.length || undefined}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs" data-testid="record-table" miw={Math.max(600, columns.reduce((sum, c) => sum + (c.width ?? 0), 0))}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t("crud.selectAll")}
                checked={all}
                indeterminate={some && !all}
                onChange={() => onSelect(all ? selected.filter((id) => !ids.includes(id)) : [...new Set([...selected, ...ids])])}
              />
            </Table.Th>
            <Table.Th w={60} style={{ whiteSpace: "nowrap" }}>{t("crud.serial")}</Table.Th>
            {columns.map(({ key, width }) => (
              <Table.Th key={key} data-column={key} w={width} miw={width} style={{ whiteSpace: "nowrap" }}>{header(key)}</Table.Th>
            ))}
            {hasActions && <Table.Th style={actionsCell}>{t("crud.actions")}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 2 + (hasActions ? 1 : 0)}>
                <Text c="dimmed" ta="center" py="lg" size="sm">{t("crud.noData")}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row, index) => {
            const id = idOf(row);
            const serial = firstSerial + index;
            return (
              <Table.Tr key={id} data-testid="record-row" data-id={id} data-serial={serial} bg={selected.includes(id) ? "var(--mantine-primary-color-light)" : undefined}>
                <Table.Td>
                  <Checkbox aria-label={String(serial)} checked={selected.includes(id)} onChange={() => onSelect(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id])} />
                </Table.Td>
                <Table.Td>{serial}</Table.Td>
                {columns.map(({ key, width }) => (
                  <Table.Td key={key} data-column={key}>
                    {wraps(key) ? (
                      <FieldValue family={family} fieldKey={key} value={row[key]} clamp />
                    ) : (
                      <Box maw={width ?? cellWidth} style={oneLine} onMouseEnter={titleWhenCut}>
                        <FieldValue family={family} fieldKey={key} value={row[key]} clamp />
                      </Box>
                    )}
                  </Table.Td>
                ))}
                {hasActions && (
                  <Table.Td style={actionsCell}>
                    <Group gap={0} wrap="nowrap">
                      {onEdit && <Button size="compact-sm" variant="subtle" onClick={() => onEdit(row)} data-testid="edit-record">{t("actions.edit")}</Button>}
                      {onDelete && <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(row, serial)} data-testid="delete-record">{t("actions.delete")}</Button>}
                      {onHistory && <Button size="compact-sm" variant="subtle" color="gray" onClick={() => onHistory(row)} data-testid="history-record">{t("actions.history")}</Button>}
                      {extraActions?.(row, serial)}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
