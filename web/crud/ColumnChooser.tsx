/**
 * The column chooser of a list: show or hide each column, change the order (drag a row, or its up/down
 * buttons from the keyboard), set a width; saved per user and family on the server, or reset to the
 * declared columns.
 */
import { ActionIcon, Button, Checkbox, Group, Modal, NumberInput, ScrollArea, Stack, Text, Tooltip } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconColumns3, IconGripVertical } from "@tabler/icons-react";
import { useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { maxColumnWidth, minColumnWidth, moveColumn, type Column } from "./columns.ts";

export interface ColumnChooserProps {
  /** a column's title */
  label: (key: string) => string;
  /** what "reset" returns to */
  defaults: () => Column[];
  /** the columns in force */
  columns: Column[];
  /** stores the new arrangement; resolves when saved */
  onSave: (columns: Column[]) => Promise<void>;
}

export function ColumnChooser({ label, defaults, columns, onSave }: ColumnChooserProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Column[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);

  const close = () => setDraft(null);
  const save = async (next: Column[]) => {
    setSaving(true);
    try {
      await onSave(next);
      close();
    } finally {
      setSaving(false);
    }
  };
  const change = (index: number, patch: Partial<Column>) => setDraft((d) => d!.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const move = (index: number, by: number, direction: "up" | "down") => {
    const key = draft![index]!.key;
    setDraft((d) => moveColumn(d!, index, by));
    // the button keeps the focus as its row moves, so up/up/up works from the keyboard
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="column-move-${direction}"][data-column="${key}"]`)?.focus());
  };
  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging !== null && dragging !== index) setDraft((d) => moveColumn(d!, dragging, index - dragging));
    setDragging(null);
  };
  const shown = draft?.filter((c) => !c.hidden).length ?? 0;

  return (
    <>
      <Tooltip label={t("crud.columns.title")}>
        <Button variant="default" leftSection={<IconColumns3 size={16} />} onClick={() => setDraft(columns)} data-testid="column-chooser">
          {t("crud.columns.button")}
        </Button>
      </Tooltip>
      <Modal opened={draft !== null} onClose={close} title={t("crud.columns.title")} size="lg" attributes={{ content: { "data-testid": "column-dialog" } as Record<string, string> }}>
        <Text size="xs" c="dimmed" mb="xs">{t("crud.columns.hint")}</Text>
        <ScrollArea.Autosize mah="60vh">
          <Stack gap={4} role="list">
            {draft?.map((column, index) => (
              <Group
                key={column.key}
                role="listitem"
                gap="xs"
                wrap="nowrap"
                draggable
                onDragStart={() => setDragging(index)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => drop(e, index)}
                onDragEnd={() => setDragging(null)}
                data-testid="column-row"
                data-column={column.key}
                style={{ opacity: dragging === index ? 0.5 : 1, cursor: "grab" }}
              >
                <IconGripVertical size={16} color="var(--mantine-color-dimmed)" aria-hidden />
                <Checkbox
                  style={{ flex: 1 }}
                  label={label(column.key)}
                  checked={!column.hidden}
                  disabled={!column.hidden && shown <= 1}
                  onChange={(e) => change(index, { hidden: !e.currentTarget.checked })}
                  data-testid="column-toggle"
                  data-column={column.key}
                />
                <NumberInput
                  w={110}
                  size="xs"
                  min={minColumnWidth}
                  max={maxColumnWidth}
                  step={10}
                  allowDecimal={false}
                  placeholder={t("crud.columns.auto")}
                  aria-label={t("crud.columns.width", { name: label(column.key) })}
                  value={column.width ?? ""}
                  onChange={(v) => change(index, { width: typeof v === "number" && v > 0 ? v : undefined })}
                  rightSection={<Text size="xs" c="dimmed">px</Text>}
                  data-testid="column-width"
                  data-column={column.key}
                />
                <ActionIcon variant="subtle" disabled={index === 0} onClick={() => move(index, -1, "up")} aria-label={t("crud.columns.moveUp", { name: label(column.key) })} data-testid="column-move-up" data-column={column.key}>
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" disabled={index === draft.length - 1} onClick={() => move(index, 1, "down")} aria-label={t("crud.columns.moveDown", { name: label(column.key) })} data-testid="column-move-down" data-column={column.key}>
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="space-between" mt="md">
          <Button variant="subtle" onClick={() => void save(defaults())} loading={saving} data-testid="columns-reset">
            {t("crud.columns.reset")}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={close}>{t("actions.cancel")}</Button>
            <Button onClick={() => void save(draft!)} loading={saving} data-testid="columns-save">{t("actions.save")}</Button>
          </Group>
        </Group>
      </Modal>
    </>
  );
}
