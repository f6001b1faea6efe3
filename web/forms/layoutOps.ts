/**
 * The designer's edits of a layout, pure: placing a model field (from the palette) or moving a placed one to
 * a drop target, removing it, changing a column, and adding or removing sections. Each answers a new layout.
 */
import { defaultWidget, type FormLayout, type LayoutColumn } from "../../events/forms/layout.ts";

/** Where a dragged field lands: before a placed column, at the end of a row, or in a new row of a section. */
export type DropTarget = { kind: "before"; field: string } | { kind: "row"; section: number; row: number } | { kind: "newRow"; section: number };

const copy = (layout: FormLayout): FormLayout => structuredClone(layout);

/** Where a placed column is: section, row, column indexes. */
export function locate(layout: FormLayout, field: string): { s: number; r: number; c: number } | null {
  for (const [s, section] of layout.sections.entries()) for (const [r, row] of section.rows.entries()) for (const [c, col] of row.cols.entries()) if (col.field === field) return { s, r, c };
  return null;
}

/** Takes a column out (its row goes when empty). */
function take(layout: FormLayout, field: string): LayoutColumn | null {
  const at = locate(layout, field);
  if (!at) return null;
  const rows = layout.sections[at.s]!.rows;
  const [col] = rows[at.r]!.cols.splice(at.c, 1);
  if (rows[at.r]!.cols.length === 0) rows.splice(at.r, 1);
  return col ?? null;
}

/** A row's free width left for a column being added. */
const room = (cols: LayoutColumn[]) => 24 - cols.reduce((sum, c) => sum + c.span, 0);

function put(layout: FormLayout, col: LayoutColumn, target: DropTarget): FormLayout {
  if (target.kind === "before") {
    const at = locate(layout, target.field);
    if (!at) return layout;
    const cols = layout.sections[at.s]!.rows[at.r]!.cols;
    cols.splice(at.c, 0, { ...col, span: Math.max(1, Math.min(col.span, room(cols) || col.span)) });
    fit(cols);
    return layout;
  }
  const section = layout.sections[target.section];
  if (!section) return layout;
  if (target.kind === "row" && section.rows[target.row]) {
    const cols = section.rows[target.row]!.cols;
    cols.push({ ...col, span: room(cols) >= col.span ? col.span : Math.max(1, room(cols)) });
    fit(cols);
    return layout;
  }
  section.rows.push({ cols: [col] });
  return layout;
}

/** Narrows a row's columns evenly when they no longer fit in 24. */
function fit(cols: LayoutColumn[]) {
  if (room(cols) >= 0) return;
  const each = Math.max(1, Math.floor(24 / cols.length));
  for (const c of cols) c.span = each;
}

/** A new column for a model field of `type`, half a row wide. */
export const newColumn = (field: string, type: string): LayoutColumn => ({ field, span: 12, widget: defaultWidget(type) });

export function placeField(layout: FormLayout, field: string, type: string, target: DropTarget): FormLayout {
  const next = copy(layout);
  if (locate(next, field)) return moveField(layout, field, target);
  return put(next, newColumn(field, type), target);
}

export function moveField(layout: FormLayout, field: string, target: DropTarget): FormLayout {
  if (target.kind === "before" && target.field === field) return layout;
  const next = copy(layout);
  const col = take(next, field);
  if (!col) return layout;
  // a row emptied by the move shifts the rows after it
  const before = locate(layout, field)!;
  const emptied = layout.sections[before.s]!.rows[before.r]!.cols.length === 1;
  const adjusted: DropTarget = target.kind === "row" && emptied && target.section === before.s && target.row > before.r ? { ...target, row: target.row - 1 } : target;
  return put(next, col, adjusted);
}

/** Appends a field where a keyboard or click user expects it: the last row when it has room, else a new row. */
export function appendField(layout: FormLayout, field: string, type: string): FormLayout {
  const s = layout.sections.length - 1;
  const rows = layout.sections[s]?.rows ?? [];
  const last = rows.at(-1);
  if (last && room(last.cols) >= 12) return placeField(layout, field, type, { kind: "row", section: s, row: rows.length - 1 });
  return placeField(layout, field, type, { kind: "newRow", section: Math.max(0, s) });
}

export function removeField(layout: FormLayout, field: string): FormLayout {
  const next = copy(layout);
  take(next, field);
  // rules of other fields that named it would now be refused by the server: drop them
  for (const section of next.sections)
    for (const row of section.rows)
      for (const col of row.cols)
        for (const key of ["hidden", "readOnly", "required"] as const) {
          const rule = col[key];
          if (rule && rule !== true && rule.field === field) delete col[key];
        }
  return next;
}

export function updateColumn(layout: FormLayout, field: string, change: Partial<LayoutColumn>): FormLayout {
  const next = copy(layout);
  const at = locate(next, field);
  if (!at) return layout;
  const cols = next.sections[at.s]!.rows[at.r]!.cols;
  const merged = { ...cols[at.c]!, ...change };
  for (const key of ["hidden", "readOnly", "required", "label", "help", "placeholder"] as const) if (merged[key] === undefined) delete merged[key];
  cols[at.c] = merged;
  return next;
}

export const addSection = (layout: FormLayout): FormLayout => ({ sections: [...layout.sections, { rows: [] }] });

export function removeSection(layout: FormLayout, section: number): FormLayout {
  if (layout.sections.length <= 1) return { sections: [{ ...layout.sections[0]!, rows: [] }] };
  return { sections: layout.sections.filter((_, i) => i !== section) };
}

export function setSectionTitle(layout: FormLayout, section: number, title: { zh?: string; en?: string }): FormLayout {
  const next = copy(layout);
  const s = next.sections[section];
  if (!s) return layout;
  if (!title.zh && !title.en) delete s.title;
  else s.title = title;
  return next;
}

/** Parses a drop target id of the designer (`col:<field>`, `row:<s>:<r>`, `newrow:<s>`). */
export function targetOf(id: string): DropTarget | null {
  const [kind, a, b] = id.split(":");
  if (kind === "col" && a) return { kind: "before", field: a };
  if (kind === "row") return { kind: "row", section: Number(a), row: Number(b) };
  if (kind === "newrow") return { kind: "newRow", section: Number(a) };
  return null;
}
