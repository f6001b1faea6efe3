/**
 * How one scored metric scores, edited: by bands of a measure, by the best of alternative measures (each
 * with its bands), by items that each add points when their condition holds (the condition builder), or by
 * a paper question's answer (points per option). A measure is a fact of the catalogue or the ratio of two.
 * Bands are [min, max): an empty end is open; a band giving more than the metric's full points is marked.
 */
import { ActionIcon, Button, Checkbox, Group, NumberInput, SegmentedControl, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { factCatalogue } from "../../events/conditions/facts.ts";
import type { Band, Measure, Scoring } from "../../events/evaluation/definition.ts";
import type { Lang } from "../../events/i18n.ts";
import { ConditionBuilder } from "../widgets/ConditionBuilder.tsx";
import { blankLeaf } from "../widgets/ConditionBuilderTree.ts";
import { useAnswerFacts } from "./answerFacts.ts";
import { defaultBands, nextBand, patchAt, without } from "./designRules.ts";

type Text2 = { "zh-CN": string; "en-US": string };
const label2 = (zh: string, en: string): Text2 => ({ "zh-CN": zh, "en-US": en });

const numericFacts = factCatalogue.filter((d) => d.type === "number" || d.type === "count" || d.type === "percent" || d.type === "bool");

function useMeasureOptions() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  return useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const d of numericFacts) groups.set(d.group, [...(groups.get(d.group) ?? []), { value: d.key, label: d.label[lang] }]);
    return [...groups].map(([g, items]) => ({ group: t(`conditions.groups.${g}`), items }));
  }, [lang, t]);
}

/** Both languages of a name, side by side. */
export function BilingualInput({ value, onChange, testId, label }: { value: Text2; onChange: (v: Text2) => void; testId: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" grow wrap="nowrap">
      <TextInput size="xs" label={label ? t("evaluation.design.labelIn", { label, lang: t("evaluation.design.zh") }) : undefined} aria-label={t("evaluation.design.zh")} placeholder={t("evaluation.design.zh")} value={value["zh-CN"]} maxLength={200} onChange={(e) => onChange({ ...value, "zh-CN": e.currentTarget.value })} data-testid={`${testId}-zh`} />
      <TextInput size="xs" label={label ? t("evaluation.design.labelIn", { label, lang: t("evaluation.design.en") }) : undefined} aria-label={t("evaluation.design.en")} placeholder={t("evaluation.design.en")} value={value["en-US"]} maxLength={200} onChange={(e) => onChange({ ...value, "en-US": e.currentTarget.value })} data-testid={`${testId}-en`} />
    </Group>
  );
}

function MeasureEditor({ value, onChange, testId }: { value: Measure; onChange: (m: Measure) => void; testId: string }) {
  const { t } = useTranslation();
  const options = useMeasureOptions();
  const isRatio = "ratio" in value;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <SegmentedControl
        size="xs"
        value={isRatio ? "ratio" : "fact"}
        onChange={(v) => onChange(v === "ratio" ? { ratio: ["fact" in value ? value.fact : "rdExpense", "revenue"], percent: true } : { fact: isRatio ? value.ratio[0] : value.fact })}
        data={[{ value: "fact", label: t("evaluation.design.measureFact") }, { value: "ratio", label: t("evaluation.design.measureRatio") }]}
        data-testid={`${testId}-measure-kind`}
      />
      {isRatio ? (
        <>
          <Select size="xs" w={220} searchable label={t("evaluation.design.numerator")} data={options} value={value.ratio[0]} allowDeselect={false} onChange={(v) => v && onChange({ ...value, ratio: [v, value.ratio[1]] })} data-testid={`${testId}-numerator`} />
          <Text pb={4}>÷</Text>
          <Select size="xs" w={220} searchable label={t("evaluation.design.denominator")} data={options} value={value.ratio[1]} allowDeselect={false} onChange={(v) => v && onChange({ ...value, ratio: [value.ratio[0], v] })} data-testid={`${testId}-denominator`} />
          <Checkbox size="xs" pb={6} label={t("evaluation.design.percent")} checked={value.percent === true} onChange={(e) => onChange({ ...value, percent: e.currentTarget.checked })} />
        </>
      ) : (
        <Select size="xs" w={260} searchable label={t("evaluation.design.fact")} data={options} value={value.fact} allowDeselect={false} onChange={(v) => v && onChange({ fact: v })} data-testid={`${testId}-fact`} />
      )}
    </Group>
  );
}

/** The frame around one entry of a list (an alternative, an item, a direct-pass route). */
export const dashed = { border: "1px dashed var(--mantine-color-gray-4)", borderRadius: 4 } as const;

/** Removes one entry of a list. */
export function RemoveButton({ onClick, disabled, mb }: { onClick: () => void; disabled?: boolean; mb?: number }) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" color="red" mb={mb} aria-label={t("evaluation.design.remove")} disabled={disabled} onClick={onClick}>
      <IconTrash size={14} />
    </ActionIcon>
  );
}

const num = (v: string | number) => (typeof v === "number" && Number.isFinite(v) ? v : null);

export function BandsEditor({ bands, onChange, full, testId }: { bands: Band[]; onChange: (b: Band[]) => void; full: number; testId: string }) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<Band>) => onChange(bands.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  return (
    <Stack gap={4}>
      <Table withTableBorder verticalSpacing={2} data-testid={`${testId}-bands`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("evaluation.design.bandMin")}</Table.Th>
            <Table.Th>{t("evaluation.design.bandMax")}</Table.Th>
            <Table.Th>{t("evaluation.design.bandPoints")}</Table.Th>
            <Table.Th>{t("evaluation.design.bandLabel")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bands.map((b, i) => (
            <Table.Tr key={i} data-testid={`${testId}-band`}>
              <Table.Td><NumberInput size="xs" aria-label={t("evaluation.design.bandMin")} placeholder="−∞" value={b.min ?? ""} onChange={(v) => set(i, { min: num(v) })} /></Table.Td>
              <Table.Td><NumberInput size="xs" aria-label={t("evaluation.design.bandMax")} placeholder="+∞" value={b.max ?? ""} onChange={(v) => set(i, { max: num(v) })} error={b.min !== null && b.max !== null && b.min >= b.max ? t("evaluation.design.bandEmpty") : undefined} /></Table.Td>
              <Table.Td><NumberInput size="xs" min={0} aria-label={t("evaluation.design.bandPoints")} value={b.points} onChange={(v) => set(i, { points: num(v) ?? 0 })} error={b.points > full + 1e-9 ? t("evaluation.design.aboveFull", { full }) : undefined} data-testid={`${testId}-band-points`} /></Table.Td>
              <Table.Td><TextInput size="xs" aria-label={t("evaluation.design.bandLabel")} maxLength={32} value={b.label ?? ""} onChange={(e) => set(i, { label: e.currentTarget.value || undefined })} /></Table.Td>
              <Table.Td>
                <RemoveButton disabled={bands.length <= 1} onClick={() => onChange(without(bands, i))} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">{t("evaluation.design.bandHint", { full })}</Text>
        <Button size="compact-xs" variant="light" leftSection={<IconPlus size={12} />} disabled={bands.length >= 20} onClick={() => onChange([...bands, nextBand(bands)])} data-testid={`${testId}-add-band`}>
          {t("evaluation.design.addBand")}
        </Button>
      </Group>
    </Stack>
  );
}

/** A scoring of a kind, keeping nothing of the old one but a measure. */
function switchKind(kind: Scoring["kind"], old: Scoring): Scoring {
  const measure: Measure = old.kind === "bands" ? old.measure : old.kind === "best" ? old.alternatives[0]!.measure : { fact: "inventionPatents" };
  switch (kind) {
    case "bands":
      return { kind, measure, bands: old.kind === "best" ? old.alternatives[0]!.bands : defaultBands() };
    case "best":
      return { kind, alternatives: [0, 1].map((i) => ({ label: label2(`方案 ${i + 1}`, `Option ${i + 1}`), measure, bands: defaultBands() })) };
    case "items":
      return { kind, items: [{ label: label2("条件 1", "Item 1"), when: { all: [blankLeaf()] }, points: 0 }] };
    case "answer":
      return { kind, question: "" };
  }
}

export function ScoringEditor({ value, onChange, full, testId }: { value: Scoring; onChange: (s: Scoring) => void; full: number; testId: string }) {
  const { t } = useTranslation();
  const answers = useAnswerFacts();
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        value={value.kind}
        onChange={(k) => onChange(switchKind(k as Scoring["kind"], value))}
        data={(["bands", "best", "items", "answer"] as const).map((k) => ({ value: k, label: t(`evaluation.design.kind.${k}`) }))}
        data-testid={`${testId}-kind`}
      />
      {value.kind === "bands" && (
        <>
          <MeasureEditor value={value.measure} onChange={(measure) => onChange({ ...value, measure })} testId={testId} />
          <BandsEditor bands={value.bands} onChange={(bands) => onChange({ ...value, bands })} full={full} testId={testId} />
        </>
      )}
      {value.kind === "best" && (
        <Stack gap="sm">
          {value.alternatives.map((a, i) => {
            const set = (patch: Partial<typeof a>) => onChange({ ...value, alternatives: patchAt(value.alternatives, i, patch) });
            return (
              <Stack key={i} gap={4} p="xs" style={dashed} data-testid={`${testId}-alternative`}>
                <Group justify="space-between" wrap="nowrap">
                  <BilingualInput value={a.label} onChange={(label) => set({ label })} testId={`${testId}-alt-label`} />
                  <RemoveButton disabled={value.alternatives.length <= 2} onClick={() => onChange({ ...value, alternatives: without(value.alternatives, i) })} />
                </Group>
                <MeasureEditor value={a.measure} onChange={(measure) => set({ measure })} testId={`${testId}-alt`} />
                <BandsEditor bands={a.bands} onChange={(bands) => set({ bands })} full={full} testId={`${testId}-alt`} />
              </Stack>
            );
          })}
          <Button size="compact-xs" variant="light" w="fit-content" leftSection={<IconPlus size={12} />} disabled={value.alternatives.length >= 5}
            onClick={() => onChange({ ...value, alternatives: [...value.alternatives, { label: label2(`方案 ${value.alternatives.length + 1}`, `Option ${value.alternatives.length + 1}`), measure: value.alternatives[0]!.measure, bands: defaultBands() }] })}>
            {t("evaluation.design.addAlternative")}
          </Button>
        </Stack>
      )}
      {value.kind === "items" && (
        <Stack gap="sm">
          {value.items.map((it, i) => {
            const set = (patch: Partial<typeof it>) => onChange({ ...value, items: patchAt(value.items, i, patch) });
            return (
              <Stack key={i} gap={4} p="xs" style={dashed} data-testid={`${testId}-item`}>
                <Group wrap="nowrap" align="flex-end">
                  <BilingualInput value={it.label} onChange={(label) => set({ label })} testId={`${testId}-item-label`} />
                  <NumberInput size="xs" w={110} min={0} label={t("evaluation.design.bandPoints")} value={it.points} onChange={(v) => set({ points: num(v) ?? 0 })} error={it.points > full + 1e-9 ? t("evaluation.design.aboveFull", { full }) : undefined} />
                  <RemoveButton mb={4} disabled={value.items.length <= 1} onClick={() => onChange({ ...value, items: without(value.items, i) })} />
                </Group>
                <ConditionBuilder value={it.when} onChange={(when) => set({ when: when ?? { all: [blankLeaf()] } })} extra={answers} testId={`${testId}-item-when`} />
              </Stack>
            );
          })}
          <Button size="compact-xs" variant="light" w="fit-content" leftSection={<IconPlus size={12} />} disabled={value.items.length >= 20}
            onClick={() => onChange({ ...value, items: [...value.items, { label: label2(`条件 ${value.items.length + 1}`, `Item ${value.items.length + 1}`), when: { all: [blankLeaf()] }, points: 0 }] })}>
            {t("evaluation.design.addItem")}
          </Button>
          <Text size="xs" c="dimmed">{t("evaluation.design.itemsHint", { full })}</Text>
        </Stack>
      )}
      {value.kind === "answer" && <AnswerEditor value={value} onChange={onChange} testId={testId} />}
    </Stack>
  );
}

function AnswerEditor({ value, onChange, testId }: { value: Extract<Scoring, { kind: "answer" }>; onChange: (s: Scoring) => void; testId: string }) {
  const { t } = useTranslation();
  const options = value.options ?? [];
  const setOptions = (next: { value: string; points: number }[]) => onChange({ ...value, options: next });
  return (
    <Stack gap={4}>
      <TextInput size="xs" w={240} label={t("evaluation.design.question")} value={value.question} maxLength={64} onChange={(e) => onChange({ ...value, question: e.currentTarget.value })} data-testid={`${testId}-question`} />
      {options.map((o, i) => (
        <Group key={i} gap="xs" wrap="nowrap">
          <TextInput size="xs" aria-label={t("evaluation.design.option")} placeholder={t("evaluation.design.option")} value={o.value} maxLength={64} onChange={(e) => setOptions(patchAt(options, i, { value: e.currentTarget.value }))} />
          <NumberInput size="xs" w={110} min={0} aria-label={t("evaluation.design.bandPoints")} value={o.points} onChange={(v) => setOptions(patchAt(options, i, { points: num(v) ?? 0 }))} />
          <RemoveButton onClick={() => setOptions(without(options, i))} />
        </Group>
      ))}
      <Button size="compact-xs" variant="light" w="fit-content" leftSection={<IconPlus size={12} />} onClick={() => setOptions([...options, { value: "", points: 0 }])}>
        {t("evaluation.design.addOption")}
      </Button>
      <Text size="xs" c="dimmed">{t("evaluation.design.answerHint")}</Text>
    </Stack>
  );
}
