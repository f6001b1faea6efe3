/**
 * The definition of a view model: its base (a data model or a declared family), an optional second source
 * joined on a key pair, literal filters and the chosen columns — only fields the sources declare can be
 * picked, as the server accepts only those (events/datamodel/view.ts).
 */
import { ActionIcon, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { viewFilterOps, type ViewDefinition, type ViewSource } from "../../events/datamodel/view.ts";
import { families } from "../../events/families/index.ts";
import type { Lang } from "../../events/i18n.ts";
import { datamodelQueries, type ModelRow } from "./api.ts";

export interface ViewEditorProps {
  value: ViewDefinition | null;
  onChange: (next: ViewDefinition) => void;
  /** the model being edited (a view cannot read itself) */
  selfId?: string | null;
  /** messages by key (`view.base`, `view.columns`, …) */
  errors?: Record<string, string>;
}

type Side = "base" | "join";
interface Option {
  value: string;
  label: string;
  /** a field compared as a number: its filter values are sent as numbers */
  numeric?: boolean;
}

/** The families a view may read: every declared family but the engine's own bookkeeping. */
const readable = families.filter((f) => !["/sys/listview", "/sys/listpref"].includes(f.path));

/** The fields a source offers, as select options. */
function fieldOptions(source: ViewSource | undefined, models: ModelRow[], lang: Lang): Option[] {
  if (!source?.id) return [];
  if (source.kind === "model") {
    const model = models.find((m) => m.id === source.id);
    return [{ value: "id", label: "id" }, ...(model?.fields ?? []).filter((f) => !f.hidden).map((f) => ({ value: f.name, label: `${lang === "en-US" && f.titleEn ? f.titleEn : f.title} (${f.name})`, numeric: f.type === "int" || f.type === "decimal" }))];
  }
  const family = readable.find((f) => f.name === source.id);
  if (!family) return [];
  // the kinds a view can carry (events/datamodel/view.ts modelFieldOfDeclared): no secrets, lists or JSON
  const usable = Object.entries(family.fields).filter(([, f]) => !f.secret && f.kind !== "json" && f.kind !== "refs");
  return [{ value: "id", label: "id" }, ...usable.map(([key, f]) => ({ value: key, label: `${f.label[lang]} (${key})`, numeric: f.kind === "int" || f.kind === "number" }))];
}

export const emptyView = (): ViewDefinition => ({ base: { kind: "model", id: "" }, filters: [], columns: [] });

export function ViewEditor({ value, onChange, selfId, errors = {} }: ViewEditorProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const view = value ?? emptyView();
  const models = useQuery(datamodelQueries.all());
  const modelRows = useMemo(() => (models.data ?? []).filter((m) => m.id !== selfId && m.type !== "view"), [models.data, selfId]);
  const sourceOptions = (kind: "model" | "family"): Option[] =>
    kind === "model" ? modelRows.map((m) => ({ value: m.id, label: `${m.name} (${m.code})` })) : readable.map((f) => ({ value: f.name, label: `${f.label[lang]} (${f.path})` }));
  const fieldsOf = (side: Side) => fieldOptions(side === "base" ? view.base : view.join, models.data ?? [], lang);
  const sides: Option[] = [{ value: "base", label: t("datamodel.view.base") }, ...(view.join ? [{ value: "join", label: t("datamodel.view.join") }] : [])];
  const update = (change: Partial<ViewDefinition>) => onChange({ ...view, ...change });

  const sourcePicker = (source: ViewSource | undefined, set: (s: ViewSource) => void, testId: string, error?: string) => (
    <Group grow align="flex-start">
      <Select
        label={t("datamodel.view.sourceKind")}
        data={[{ value: "model", label: t("datamodel.view.kindModel") }, { value: "family", label: t("datamodel.view.kindFamily") }]}
        value={source?.kind ?? "model"}
        allowDeselect={false}
        onChange={(kind) => set({ kind: (kind ?? "model") as "model" | "family", id: "" })}
        data-testid={`${testId}-kind`}
      />
      <Select
        label={t("datamodel.view.source")}
        data={sourceOptions(source?.kind ?? "model")}
        value={source?.id || null}
        searchable
        onChange={(id) => set({ kind: source?.kind ?? "model", id: id ?? "" })}
        error={error}
        data-testid={`${testId}-source`}
      />
    </Group>
  );

  // every refusal of the server, also those about a part without an input of its own (a join key, a source)
  const messages = [...new Set(Object.values(errors))];

  return (
    <Stack gap="md" data-testid="view-editor">
      {messages.length > 0 && (
        <Stack gap={2} data-testid="view-errors">
          {messages.map((m) => <Text key={m} size="sm" c="red">{m}</Text>)}
        </Stack>
      )}
      <Paper withBorder p="sm">
        <Text fw={600} size="sm" mb="xs">{t("datamodel.view.base")}</Text>
        {sourcePicker(view.base, (base) => update({ base, columns: view.columns.filter((c) => c.from !== "base"), filters: view.filters.filter((f) => f.from !== "base") }), "view-base", errors["view.base"] ?? errors["view.base.id"])}
      </Paper>

      <Paper withBorder p="sm">
        <Checkbox
          label={t("datamodel.view.withJoin")}
          checked={!!view.join}
          onChange={(e) => update(e.currentTarget.checked ? { join: { kind: "model", id: "", on: ["id", "id"] } } : { join: undefined, columns: view.columns.filter((c) => c.from !== "join"), filters: view.filters.filter((f) => f.from !== "join") })}
          mb={view.join ? "xs" : 0}
          data-testid="view-with-join"
        />
        {view.join && (
          <Stack gap="xs">
            {sourcePicker(view.join, (s) => update({ join: { ...s, on: view.join!.on } }), "view-join", errors["view.join"] ?? errors["view.join.id"])}
            <SimpleGrid cols={2}>
              <Select label={t("datamodel.view.baseKey")} data={fieldsOf("base")} value={view.join.on[0]} searchable allowDeselect={false} onChange={(k) => update({ join: { ...view.join!, on: [k ?? "id", view.join!.on[1]] } })} error={errors["view.join.on"]} />
              <Select label={t("datamodel.view.joinKey")} data={fieldsOf("join")} value={view.join.on[1]} searchable allowDeselect={false} onChange={(k) => update({ join: { ...view.join!, on: [view.join!.on[0], k ?? "id"] } })} />
            </SimpleGrid>
          </Stack>
        )}
      </Paper>

      <Paper withBorder p="sm">
        <Group justify="space-between" mb="xs">
          <Text fw={600} size="sm">{t("datamodel.view.filters")}</Text>
          <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => update({ filters: [...view.filters, { from: "base", field: fieldsOf("base")[0]?.value ?? "id", op: "eq", value: "" }] })} data-testid="view-filter-add">
            {t("datamodel.view.addFilter")}
          </Button>
        </Group>
        <Stack gap={6}>
          {view.filters.map((filter, i) => {
            const set = (change: Partial<typeof filter>) => update({ filters: view.filters.map((f, j) => (j === i ? { ...f, ...change } : f)) });
            return (
              <Group key={i} gap="xs" wrap="nowrap" align="flex-end" data-testid="view-filter">
                {view.join && <Select w={110} data={sides} value={filter.from} allowDeselect={false} onChange={(s) => set({ from: (s ?? "base") as Side })} aria-label={t("datamodel.view.side")} />}
                <Select style={{ flex: 2 }} data={fieldsOf(filter.from)} value={filter.field} searchable allowDeselect={false} onChange={(k) => set({ field: k ?? "id" })} aria-label={t("datamodel.view.field")} error={errors[`view.filters.${i}.field`]} data-testid="view-filter-field" />
                <Select w={110} data={viewFilterOps.map((op) => ({ value: op, label: t(`datamodel.view.ops.${op}`) }))} value={filter.op} allowDeselect={false} onChange={(op) => set({ op: (op ?? "eq") as typeof filter.op })} aria-label={t("datamodel.view.op")} data-testid="view-filter-op" />
                <TextInput
                  style={{ flex: 2 }}
                  value={String(filter.value)}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    const numeric = fieldsOf(filter.from).find((o) => o.value === filter.field)?.numeric;
                    set({ value: numeric && text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text });
                  }}
                  aria-label={t("datamodel.view.value")}
                  error={errors[`view.filters.${i}.value`]}
                  data-testid="view-filter-value"
                />
                <ActionIcon variant="subtle" color="red" onClick={() => update({ filters: view.filters.filter((_, j) => j !== i) })} aria-label={t("datamodel.view.removeFilter")} mb={4}>
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      </Paper>

      <Paper withBorder p="sm">
        <Group justify="space-between" mb="xs">
          <Text fw={600} size="sm">{t("datamodel.view.columns")}</Text>
          <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => update({ columns: [...view.columns, { from: "base", field: fieldsOf("base")[0]?.value ?? "id" }] })} data-testid="view-column-add">
            {t("datamodel.view.addColumn")}
          </Button>
        </Group>
        <Stack gap={6}>
          {view.columns.map((column, i) => {
            const set = (change: Partial<typeof column>) => update({ columns: view.columns.map((c, j) => (j === i ? { ...c, ...change } : c)) });
            const move = (by: -1 | 1) => {
              const next = [...view.columns];
              [next[i], next[i + by]] = [next[i + by]!, next[i]!];
              update({ columns: next });
            };
            return (
              <Group key={i} gap="xs" wrap="nowrap" align="flex-end" data-testid="view-column">
                {view.join && <Select w={110} data={sides} value={column.from} allowDeselect={false} onChange={(s) => set({ from: (s ?? "base") as Side })} aria-label={t("datamodel.view.side")} />}
                <Select style={{ flex: 2 }} data={fieldsOf(column.from)} value={column.field} searchable allowDeselect={false} onChange={(k) => set({ field: k ?? "id" })} aria-label={t("datamodel.view.field")} error={errors[`view.columns.${i}.field`]} data-testid="view-column-field" />
                <TextInput style={{ flex: 1 }} placeholder={t("datamodel.view.alias")} value={column.as ?? ""} onChange={(e) => set({ as: e.currentTarget.value || undefined })} aria-label={t("datamodel.view.alias")} error={errors[`view.columns.${i}.as`]} />
                <ActionIcon variant="subtle" disabled={i === 0} onClick={() => move(-1)} aria-label={t("datamodel.field.moveUp", { name: column.field })} mb={4}><IconArrowUp size={16} /></ActionIcon>
                <ActionIcon variant="subtle" disabled={i === view.columns.length - 1} onClick={() => move(1)} aria-label={t("datamodel.field.moveDown", { name: column.field })} mb={4}><IconArrowDown size={16} /></ActionIcon>
                <ActionIcon variant="subtle" color="red" onClick={() => update({ columns: view.columns.filter((_, j) => j !== i) })} aria-label={t("datamodel.view.removeColumn")} mb={4}><IconX size={16} /></ActionIcon>
              </Group>
            );
          })}
        </Stack>
      </Paper>
    </Stack>
  );
}
