/**
 * The form designer: a model's fields in a palette are dragged (mouse, touch or keyboard: Space to lift,
 * arrows to move, Space to drop) into sections, rows and columns, or added with their + button; a placed
 * column is selected to pick its widget, width (1–24 of a row), label, help, placeholder and its hidden /
 * read-only / required rules, each "never", "always" or "when another field …". Beside it, a live preview
 * at desktop width and at phone width (375 px), filled with sample values so the rules can be tried.
 */
import { ActionIcon, Alert, Badge, Box, Button, Card, Group, NumberInput, Paper, ScrollArea, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, closestCenter, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from "@dnd-kit/core";
import { SortableContext, horizontalListSortingStrategy, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { IconGripVertical, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import type { ModelField } from "../../events/datamodel/definition.ts";
import { layoutColumns, layoutProblems, ruleOps, widgetsByType, type FormLayout, type LayoutColumn, type Rule } from "../../events/forms/layout.ts";
import { FormRenderer } from "./FormRenderer.tsx";
import { addSection, appendField, moveField, placeField, removeField, removeSection, setSectionTitle, targetOf, updateColumn } from "./layoutOps.ts";

export interface FormDesignerProps {
  layout: FormLayout;
  onChange: (layout: FormLayout) => void;
  family: Family;
  fields: ModelField[];
}

const titleOf = (f: ModelField, lang: Lang) => (lang === "en-US" && f.titleEn ? f.titleEn : f.title);

export function FormDesigner({ layout, onChange, family, fields }: FormDesignerProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const visible = useMemo(() => fields.filter((f) => !f.hidden), [fields]);
  const byName = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const placed = new Set(layoutColumns(layout).map((c) => c.field));
  const [selected, setSelected] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [sample, setSample] = useState<Record<string, unknown>>({});
  const [preview, setPreview] = useState<"both" | "desktop" | "phone">("both");
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const problems = layoutProblems(layout, fields);
  const selectedCol = selected ? layoutColumns(layout).find((c) => c.field === selected) : undefined;

  const fieldOfId = (id: string) => id.replace(/^(palette|col):/, "");
  const onDragStart = (e: DragStartEvent) => setDragging(fieldOfId(String(e.active.id)));
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    if (!e.over) return;
    const target = targetOf(String(e.over.id));
    if (!target) return;
    const id = String(e.active.id);
    const field = fieldOfId(id);
    if (id.startsWith("palette:")) {
      onChange(placeField(layout, field, byName.get(field)?.type ?? "text", target));
      setSelected(field);
    } else onChange(moveField(layout, field, target));
  };

  const label = (field: string) => {
    const f = byName.get(field);
    return f ? titleOf(f, lang) : field;
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
      <Group align="flex-start" gap="md" wrap="nowrap" data-testid="form-designer">
        <Card withBorder w={220} style={{ flexShrink: 0 }} data-testid="designer-palette">
          <Stack gap="xs">
            <Title order={6}>{t("forms.designer.palette")}</Title>
            <Text size="xs" c="dimmed">{t("forms.designer.paletteHint")}</Text>
            {visible.map((f) => (
              <PaletteItem key={f.name} field={f} label={titleOf(f, lang)} placed={placed.has(f.name)} onAdd={() => (onChange(appendField(layout, f.name, f.type)), setSelected(f.name))} />
            ))}
          </Stack>
        </Card>

        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }} data-testid="designer-canvas">
          {layout.sections.map((section, s) => (
            <Card key={s} withBorder padding="sm" data-testid={`designer-section-${s}`}>
              <Stack gap="xs">
                <Group gap="xs" wrap="nowrap">
                  <TextInput size="xs" placeholder={t("forms.designer.sectionTitleZh")} aria-label={t("forms.designer.sectionTitleZh")} value={section.title?.zh ?? ""} onChange={(e) => onChange(setSectionTitle(layout, s, { ...section.title, zh: e.currentTarget.value }))} style={{ flex: 1 }} data-testid={`section-title-zh-${s}`} />
                  <TextInput size="xs" placeholder={t("forms.designer.sectionTitleEn")} aria-label={t("forms.designer.sectionTitleEn")} value={section.title?.en ?? ""} onChange={(e) => onChange(setSectionTitle(layout, s, { ...section.title, en: e.currentTarget.value }))} style={{ flex: 1 }} />
                  <Tooltip label={t("forms.designer.removeSection")}>
                    <ActionIcon variant="subtle" color="red" aria-label={t("forms.designer.removeSection")} onClick={() => onChange(removeSection(layout, s))}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                {section.rows.map((row, r) => (
                  <RowDrop key={r} id={`row:${s}:${r}`} testId={`designer-row-${s}-${r}`}>
                    <SortableContext items={row.cols.map((c) => `col:${c.field}`)} strategy={horizontalListSortingStrategy}>
                      {row.cols.map((col) => (
                        <ColumnChip key={col.field} col={col} label={label(col.field)} selected={selected === col.field} onSelect={() => setSelected(col.field)} onRemove={() => (onChange(removeField(layout, col.field)), setSelected(null))} widgetName={t(`forms.widgets.${col.widget}`)} />
                      ))}
                    </SortableContext>
                  </RowDrop>
                ))}
                <NewRowDrop id={`newrow:${s}`} text={t("forms.designer.dropNewRow")} testId={`designer-newrow-${s}`} />
              </Stack>
            </Card>
          ))}
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onChange(addSection(layout))} w="fit-content" data-testid="add-section">
            {t("forms.designer.addSection")}
          </Button>
          {problems.length > 0 && (
            <Alert color="orange" data-testid="layout-problems">
              {problems.map((p) => (
                <Text key={`${p.path}:${p.problem}`} size="sm">{t(`forms.problems.${p.problem}`, { field: label(p.field) })}</Text>
              ))}
            </Alert>
          )}
        </Stack>

        <Card withBorder w={300} style={{ flexShrink: 0 }} data-testid="designer-inspector">
          {selectedCol ? (
            <Inspector key={selectedCol.field} col={selectedCol} field={byName.get(selectedCol.field)} fields={visible} lang={lang} onChange={(change) => onChange(updateColumn(layout, selectedCol.field, change))} />
          ) : (
            <Text size="sm" c="dimmed">{t("forms.designer.selectHint")}</Text>
          )}
        </Card>
      </Group>

      <Card withBorder mt="md" data-testid="designer-preview">
        <Stack>
          <Group justify="space-between">
            <Title order={6}>{t("forms.designer.preview")}</Title>
            <SegmentedControl
              size="xs"
              value={preview}
              onChange={(v) => setPreview(v as typeof preview)}
              data={[
                { value: "both", label: t("forms.designer.previewBoth") },
                { value: "desktop", label: t("forms.designer.previewDesktop") },
                { value: "phone", label: t("forms.designer.previewPhone") },
              ]}
              data-testid="preview-mode"
            />
          </Group>
          <Group align="flex-start" gap="md" wrap="nowrap">
            {preview !== "phone" && (
              <Paper withBorder p="md" style={{ flex: 1, minWidth: 0 }} data-testid="preview-desktop">
                <FormRenderer layout={layout} family={family} fields={fields} values={sample} onChange={(k, v) => setSample((x) => ({ ...x, [k]: v }))} />
              </Paper>
            )}
            {preview !== "desktop" && (
              <Paper withBorder p="sm" w={375} style={{ flexShrink: 0 }} data-testid="preview-phone">
                <ScrollArea.Autosize mah={640}>
                  <FormRenderer layout={layout} family={family} fields={fields} values={sample} onChange={(k, v) => setSample((x) => ({ ...x, [k]: v }))} narrow />
                </ScrollArea.Autosize>
              </Paper>
            )}
          </Group>
        </Stack>
      </Card>

      <DragOverlay>{dragging ? <Badge size="lg" variant="filled" tt="none">{label(dragging)}</Badge> : null}</DragOverlay>
    </DndContext>
  );
}

function PaletteItem({ field, label, placed, onAdd }: { field: ModelField; label: string; placed: boolean; onAdd: () => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `palette:${field.name}`, disabled: placed });
  return (
    <Group gap={4} wrap="nowrap" data-testid={`palette-${field.name}`} data-placed={placed ? "1" : "0"}>
      <Paper
        ref={setNodeRef}
        withBorder
        px="xs"
        py={4}
        style={{ flex: 1, cursor: placed ? "default" : "grab", opacity: placed ? 0.45 : isDragging ? 0.6 : 1 }}
        {...listeners}
        {...attributes}
        aria-label={t("forms.designer.dragField", { name: label })}
      >
        <Group gap={4} wrap="nowrap">
          <IconGripVertical size={14} />
          <Text size="sm" truncate>{label}</Text>
        </Group>
      </Paper>
      <ActionIcon variant="subtle" disabled={placed} onClick={onAdd} aria-label={t("forms.designer.addField", { name: label })} data-testid={`palette-add-${field.name}`}>
        <IconPlus size={16} />
      </ActionIcon>
    </Group>
  );
}

function RowDrop({ id, testId, children }: { id: string; testId: string; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <Box ref={setNodeRef} data-testid={testId} p={6} style={{ display: "grid", gridTemplateColumns: "repeat(24, minmax(0, 1fr))", gap: 6, border: "1px dashed var(--mantine-color-gray-4)", borderRadius: 6, background: isOver ? "var(--mantine-color-blue-0)" : undefined, minHeight: 44 }}>
      {children}
    </Box>
  );
}

function NewRowDrop({ id, text, testId }: { id: string; text: string; testId: string }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <Box ref={setNodeRef} data-testid={testId} p="xs" style={{ border: "1px dashed var(--mantine-color-gray-4)", borderRadius: 6, textAlign: "center", background: isOver ? "var(--mantine-color-blue-0)" : undefined }}>
      <Text size="xs" c="dimmed">{text}</Text>
    </Box>
  );
}

function ColumnChip({ col, label, widgetName, selected, onSelect, onRemove }: { col: LayoutColumn; label: string; widgetName: string; selected: boolean; onSelect: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: `col:${col.field}` });
  const rules = (["hidden", "readOnly", "required"] as const).filter((k) => col[k]);
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p={6}
      onClick={onSelect}
      data-testid={`designer-col-${col.field}`}
      data-span={col.span}
      style={{ gridColumn: `span ${col.span}`, transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1, borderColor: selected ? "var(--mantine-color-blue-6)" : undefined, cursor: "pointer", minWidth: 0 }}
    >
      <Group gap={4} wrap="nowrap" justify="space-between">
        <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon variant="transparent" size="sm" {...listeners} {...attributes} aria-label={t("forms.designer.dragColumn", { name: label })} style={{ cursor: "grab" }}>
            <IconGripVertical size={14} />
          </ActionIcon>
          <Text size="sm" truncate>{label}</Text>
        </Group>
        <ActionIcon variant="subtle" color="red" size="sm" onClick={(e) => (e.stopPropagation(), onRemove())} aria-label={t("forms.designer.removeField", { name: label })}>
          <IconTrash size={14} />
        </ActionIcon>
      </Group>
      <Group gap={4} mt={2}>
        <Badge size="xs" variant="light" tt="none">{widgetName}</Badge>
        <Badge size="xs" variant="outline" tt="none">{col.span}/24</Badge>
        {rules.map((k) => (
          <Badge key={k} size="xs" color="orange" variant="light" tt="none">{t(`forms.rules.${k}`)}</Badge>
        ))}
      </Group>
    </Paper>
  );
}

function Inspector({ col, field, fields, lang, onChange }: { col: LayoutColumn; field: ModelField | undefined; fields: ModelField[]; lang: Lang; onChange: (change: Partial<LayoutColumn>) => void }) {
  const { t } = useTranslation();
  const widgets = widgetsByType[field?.type ?? "text"] ?? ["input"];
  const bilingual = (key: "label" | "help" | "placeholder") => (
    <SimpleGrid cols={2} spacing={6}>
      <TextInput size="xs" label={t(`forms.designer.${key}`) + " (中文)"} value={col[key]?.zh ?? ""} onChange={(e) => onChange({ [key]: clean({ ...col[key], zh: e.currentTarget.value }) })} data-testid={`inspect-${key}-zh`} />
      <TextInput size="xs" label={t(`forms.designer.${key}`) + " (EN)"} value={col[key]?.en ?? ""} onChange={(e) => onChange({ [key]: clean({ ...col[key], en: e.currentTarget.value }) })} />
    </SimpleGrid>
  );
  return (
    <Stack gap="xs" data-testid="inspector">
      <Title order={6}>{field ? titleOf(field, lang) : col.field}</Title>
      <Select size="xs" label={t("forms.designer.widget")} data={widgets.map((w) => ({ value: w, label: t(`forms.widgets.${w}`) }))} value={col.widget} onChange={(v) => v && onChange({ widget: v as LayoutColumn["widget"] })} allowDeselect={false} data-testid="inspect-widget" />
      <NumberInput size="xs" label={t("forms.designer.span")} min={1} max={24} value={col.span} onChange={(v) => typeof v === "number" && v >= 1 && v <= 24 && onChange({ span: v })} data-testid="inspect-span" />
      {bilingual("label")}
      {bilingual("help")}
      {bilingual("placeholder")}
      {(["hidden", "readOnly", "required"] as const).map((k) => (
        <RuleEditor key={k} kind={k} rule={col[k]} fields={fields.filter((f) => f.name !== col.field)} lang={lang} onChange={(rule) => onChange({ [k]: rule })} />
      ))}
    </Stack>
  );
}

const clean = (text: { zh?: string; en?: string }) => (text.zh || text.en ? { ...(text.zh ? { zh: text.zh } : {}), ...(text.en ? { en: text.en } : {}) } : undefined);

function RuleEditor({ kind, rule, fields, lang, onChange }: { kind: "hidden" | "readOnly" | "required"; rule: Rule | undefined; fields: ModelField[]; lang: Lang; onChange: (rule: Rule | undefined) => void }) {
  const { t } = useTranslation();
  const mode = rule === undefined ? "never" : rule === true ? "always" : "when";
  const cond = rule && rule !== true ? rule : null;
  const needsValue = cond && (cond.op === "eq" || cond.op === "ne" || cond.op === "in");
  const valueText = cond?.value === undefined ? "" : Array.isArray(cond.value) ? cond.value.join(",") : String(cond.value);
  return (
    <Stack gap={4} data-testid={`rule-${kind}`}>
      <Text size="xs" fw={500}>{t(`forms.rules.${kind}`)}</Text>
      <SegmentedControl
        size="xs"
        fullWidth
        value={mode}
        onChange={(m) => onChange(m === "never" ? undefined : m === "always" ? true : { field: fields[0]?.name ?? "", op: "notEmpty" })}
        data={[
          { value: "never", label: t("forms.rules.never") },
          { value: "always", label: t("forms.rules.always") },
          { value: "when", label: t("forms.rules.when") },
        ]}
        data-testid={`rule-${kind}-mode`}
      />
      {cond && (
        <Group gap={4} grow>
          <Select size="xs" aria-label={t("forms.rules.field")} data={fields.map((f) => ({ value: f.name, label: titleOf(f, lang) }))} value={cond.field} onChange={(v) => v && onChange({ ...cond, field: v })} allowDeselect={false} data-testid={`rule-${kind}-field`} />
          <Select size="xs" aria-label={t("forms.rules.op")} data={ruleOps.map((o) => ({ value: o, label: t(`forms.ops.${o}`) }))} value={cond.op} onChange={(v) => v && onChange({ ...cond, op: v as typeof cond.op })} allowDeselect={false} data-testid={`rule-${kind}-op`} />
        </Group>
      )}
      {needsValue && (
        <TextInput
          size="xs"
          aria-label={t("forms.rules.value")}
          placeholder={cond.op === "in" ? t("forms.rules.valuesHint") : t("forms.rules.value")}
          value={valueText}
          onChange={(e) => {
            const text = e.currentTarget.value;
            onChange({ ...cond, value: cond.op === "in" ? text.split(",").map((x) => x.trim()).filter(Boolean) : text });
          }}
          data-testid={`rule-${kind}-value`}
        />
      )}
    </Stack>
  );
}

