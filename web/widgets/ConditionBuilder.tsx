/**
 * The condition builder: edits a condition tree (events/conditions/tree.ts) as nested groups and rows, never
 * as text. A group is "all of" or "any of" and may be negated; a row picks a fact from the catalogue
 * (events/conditions/facts.ts, grouped, labelled in the reader's language, its source shown), one of the
 * operators its type takes (`operatorsFor`), and a value input of its type: a number with its unit, a date,
 * yes/no, the fact's dictionary (several values for "is one of"), or a range's two ends. What is wrong
 * (`checkCondition`, unfinished rows) shows at the node it concerns; `builderProblems` gives the same list
 * to the form that holds the builder so it can refuse to save.
 *
 * Load it lazily with the screen that uses it (it brings its own texts, web/core/locales/conditions.ts): it
 * never belongs to the first screen.
 *
 * Test ids: `<testId>-node` (with `data-path`, "root" for the root, and `data-kind`), `-fact`, `-op`,
 * `-value`, `-min`, `-max`, `-group`, `-add-condition`, `-add-group`, `-negate`, `-remove`, `-name`, `-problem`.
 *
 * @example
 * const [tree, setTree] = useState<Condition | null>(null);
 * <ConditionBuilder value={tree} onChange={setTree} testId="entry" />
 * const problems = builderProblems(tree); // empty when it can be saved
 */
import { ActionIcon, Badge, Box, Button, Group as Row, NumberInput, Paper, Popover, SegmentedControl, Select, Stack, TagsInput, Text, TextInput, Tooltip } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { IconArrowsExchange, IconPlus, IconSitemap, IconTag, IconTrash } from "@tabler/icons-react";
import "dayjs/locale/zh-cn";
import type { TFunction } from "i18next";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { factCatalogue, operatorsFor, type FactDef, type FactGroup } from "../../events/conditions/facts.ts";
import { isLeaf, type Condition, type Leaf, type LeafOp } from "../../events/conditions/tree.ts";
import type { Lang } from "../../events/i18n.ts";
import { addTexts } from "../core/i18n.ts";
import texts from "../core/locales/conditions.ts";
import { DictSelect } from "./DictSelect/index.ts";
import { addTo, blankLeaf, builderProblems, childrenOf, factDef, removeAt, setGroup, setLabel, toggleNot, updateAt, withFact, withOp, type BuilderProblem } from "./ConditionBuilderTree.ts";

addTexts(texts);

export { builderProblems } from "./ConditionBuilderTree.ts";
export type { BuilderProblem } from "./ConditionBuilderTree.ts";

export interface ConditionBuilderProps {
  /** the tree; null when there is no condition */
  value: Condition | null;
  onChange: (value: Condition | null) => void;
  /** facts beyond the catalogue, e.g. a paper's answers `q:<code>` (listed under "paper answers") */
  extra?: readonly FactDef[];
  /** problems found elsewhere (the server's), shown at their node by path */
  problems?: readonly { path: string; message: string }[];
  /** prefix of the test ids @default "condition" */
  testId?: string;
  /** read only: the tree shown, no edits @default false */
  disabled?: boolean;
}

const groupOrder: readonly (FactGroup | "extra")[] = ["master", "ip", "finance", "staff", "honour", "risk", "tax", "extra"];

interface Ctx {
  tree: Condition;
  set: (tree: Condition | null) => void;
  extra: readonly FactDef[];
  problems: Map<string, string[]>;
  testId: string;
  disabled: boolean;
  lang: Lang;
  t: TFunction;
}

/** A problem in words, naming the fact in the reader's language. */
export function problemText(p: BuilderProblem, t: TFunction, lang: Lang, extra: readonly FactDef[] = []): string {
  const fact = p.fact ? (factDef(p.fact, extra)?.label[lang] ?? p.fact) : "";
  return t(`conditions.problem.${p.key}`, { fact });
}

export function ConditionBuilder({ value, onChange, extra = [], problems = [], testId = "condition", disabled = false }: ConditionBuilderProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const byPath = useMemo(() => {
    const map = new Map<string, string[]>();
    const add = (path: string, message: string) => map.set(path, [...(map.get(path) ?? []), message]);
    for (const p of builderProblems(value, extra)) add(p.path, problemText(p, t, lang, extra));
    for (const p of problems) add(p.path, p.message);
    return map;
  }, [value, extra, problems, t, lang]);

  if (value === null) {
    return (
      <Paper withBorder p="sm" data-testid={`${testId}-node`} data-path="root" data-kind="none">
        <Row justify="space-between">
          <Text c="dimmed" size="sm">{t("conditions.none")}</Text>
          {!disabled && <AddButtons onAdd={(node) => onChange(addTo(null, "", node))} testId={testId} t={t} />}
        </Row>
      </Paper>
    );
  }
  const ctx: Ctx = { tree: value, set: onChange, extra, problems: byPath, testId, disabled, lang, t };
  return (
    <DatesProvider settings={{ locale: lang === "zh-CN" ? "zh-cn" : "en", firstDayOfWeek: 1 }}>
      <Stack gap="xs">
        <Node node={value} path="" ctx={ctx} />
        {isLeaf(value) && !disabled && (
          <Row justify="flex-end">
            <AddButtons onAdd={(node) => onChange(addTo(value, "", node))} testId={testId} t={t} />
          </Row>
        )}
      </Stack>
    </DatesProvider>
  );
}

export default ConditionBuilder;

function AddButtons({ onAdd, testId, t }: { onAdd: (node: Condition) => void; testId: string; t: TFunction }) {
  return (
    <Row gap="xs">
      <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onAdd(blankLeaf())} data-testid={`${testId}-add-condition`}>
        {t("conditions.addCondition")}
      </Button>
      <Button size="compact-sm" variant="subtle" leftSection={<IconSitemap size={14} />} onClick={() => onAdd({ all: [blankLeaf()] })} data-testid={`${testId}-add-group`}>
        {t("conditions.addGroup")}
      </Button>
    </Row>
  );
}

function Node({ node, path, ctx }: { node: Condition; path: string; ctx: Ctx }) {
  if (isLeaf(node)) return <LeafRow leaf={node} path={path} ctx={ctx} />;
  if ("not" in node) return <NotBox node={node} path={path} ctx={ctx} />;
  return <GroupBox node={node} path={path} ctx={ctx} />;
}

const child = (path: string, i: number) => (path ? `${path}.${i}` : String(i));

function Problems({ path, ctx }: { path: string; ctx: Ctx }) {
  const list = ctx.problems.get(path);
  if (!list?.length) return null;
  return (
    <Text size="xs" c="red" role="alert" data-testid={`${ctx.testId}-problem`} data-path={path || "root"}>
      {list.join("; ")}
    </Text>
  );
}

function NodeActions({ node, path, ctx }: { node: Condition; path: string; ctx: Ctx }) {
  const { t, testId } = ctx;
  if (ctx.disabled) return null;
  return (
    <Row gap={4} wrap="nowrap">
      <NameEditor node={node} path={path} ctx={ctx} />
      {!("not" in node) && (
        <Tooltip label={t("conditions.negate")}>
          <ActionIcon variant="subtle" color="gray" aria-label={t("conditions.negate")} onClick={() => ctx.set(toggleNot(ctx.tree, path))} data-testid={`${testId}-negate`}>
            <IconArrowsExchange size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t("conditions.remove")}>
        <ActionIcon variant="subtle" color="red" aria-label={t("conditions.remove")} onClick={() => ctx.set(removeAt(ctx.tree, path))} data-testid={`${testId}-remove`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Row>
  );
}

function GroupBox({ node, path, ctx }: { node: Condition & ({ all: Condition[] } | { any: Condition[] }); path: string; ctx: Ctx }) {
  const { t, testId } = ctx;
  const kind = "all" in node ? "all" : "any";
  const kids = childrenOf(node);
  return (
    <Paper withBorder p="xs" radius="sm" role="group" aria-label={t(`conditions.${kind}`)} data-testid={`${testId}-node`} data-path={path || "root"} data-kind={kind} style={{ borderLeft: `3px solid var(--mantine-color-${kind === "all" ? "blue" : "teal"}-5)` }}>
      <Stack gap="xs">
        <Row justify="space-between" wrap="nowrap">
          <Row gap="xs">
            <SegmentedControl
              size="xs"
              value={kind}
              disabled={ctx.disabled}
              onChange={(v) => ctx.set(setGroup(ctx.tree, path, v as "all" | "any"))}
              data={[{ value: "all", label: t("conditions.all") }, { value: "any", label: t("conditions.any") }]}
              data-testid={`${testId}-group`}
            />
            {node.label && <Badge variant="light">{node.label[ctx.lang] || node.label["zh-CN"]}</Badge>}
          </Row>
          <NodeActions node={node} path={path} ctx={ctx} />
        </Row>
        <Problems path={path} ctx={ctx} />
        <Stack gap={6} pl="sm">
          {kids.map((k, i) => (
            <Node key={i} node={k} path={child(path, i)} ctx={ctx} />
          ))}
        </Stack>
        {!ctx.disabled && <AddButtons onAdd={(n) => ctx.set(addTo(ctx.tree, path, n))} testId={testId} t={t} />}
      </Stack>
    </Paper>
  );
}

function NotBox({ node, path, ctx }: { node: Condition & { not: Condition }; path: string; ctx: Ctx }) {
  const { t, testId } = ctx;
  return (
    <Paper withBorder p="xs" radius="sm" role="group" aria-label={t("conditions.not")} data-testid={`${testId}-node`} data-path={path || "root"} data-kind="not" style={{ borderLeft: "3px solid var(--mantine-color-orange-5)" }}>
      <Stack gap="xs">
        <Row justify="space-between" wrap="nowrap">
          <Row gap="xs">
            <Text size="sm" fw={500} c="orange.8">{t("conditions.not")}</Text>
            {node.label && <Badge variant="light">{node.label[ctx.lang] || node.label["zh-CN"]}</Badge>}
          </Row>
          {!ctx.disabled && (
            <Row gap={4}>
              <NameEditor node={node} path={path} ctx={ctx} />
              <Button size="compact-xs" variant="subtle" color="orange" onClick={() => ctx.set(toggleNot(ctx.tree, path))} data-testid={`${testId}-unnegate`}>
                {t("conditions.unnegate")}
              </Button>
              <ActionIcon variant="subtle" color="red" aria-label={t("conditions.remove")} onClick={() => ctx.set(removeAt(ctx.tree, path))} data-testid={`${testId}-remove`}>
                <IconTrash size={16} />
              </ActionIcon>
            </Row>
          )}
        </Row>
        <Problems path={path} ctx={ctx} />
        <Box pl="sm">
          <Node node={node.not} path={child(path, 0)} ctx={ctx} />
        </Box>
      </Stack>
    </Paper>
  );
}

/** The name a person gives a node (both languages), shown in explanations instead of the generated text. */
function NameEditor({ node, path, ctx }: { node: Condition; path: string; ctx: Ctx }) {
  const { t, testId } = ctx;
  const label = node.label ?? { "zh-CN": "", "en-US": "" };
  const set = (lang: Lang, text: string) => ctx.set(setLabel(ctx.tree, path, { ...label, [lang]: text }));
  return (
    <Popover width={280} trapFocus position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant={node.label ? "light" : "subtle"} color="gray" aria-label={t("conditions.name")} data-testid={`${testId}-name`}>
          <IconTag size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="xs" c="dimmed">{t("conditions.nameHint")}</Text>
          <TextInput size="xs" label={t("conditions.nameZh")} value={label["zh-CN"]} maxLength={200} onChange={(e) => set("zh-CN", e.currentTarget.value)} data-testid={`${testId}-name-zh`} />
          <TextInput size="xs" label={t("conditions.nameEn")} value={label["en-US"]} maxLength={200} onChange={(e) => set("en-US", e.currentTarget.value)} data-testid={`${testId}-name-en`} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** An operator in words; dates read "before/after". */
export const opText = (op: LeafOp, def: FactDef | undefined, t: TFunction) =>
  def?.type === "date" && ["gt", "gte", "lt", "lte"].includes(op) ? t(`conditions.dateOp.${op}`) : t(`conditions.op.${op}`);

function useFactOptions(extra: readonly FactDef[], lang: Lang, t: TFunction, current: string) {
  return useMemo(() => {
    const groups = groupOrder.map((g) => ({
      group: t(`conditions.groups.${g}`),
      items: (g === "extra" ? extra : factCatalogue.filter((d) => d.group === g)).map((d) => ({ value: d.key, label: d.label[lang] })),
    }));
    const known = current === "" || groups.some((g) => g.items.some((i) => i.value === current));
    return [...groups.filter((g) => g.items.length > 0), ...(known ? [] : [{ group: "?", items: [{ value: current, label: current }] }])];
  }, [extra, lang, t, current]);
}

function LeafRow({ leaf, path, ctx }: { leaf: Leaf; path: string; ctx: Ctx }) {
  const { t, lang, testId, extra } = ctx;
  const def = leaf.fact ? factDef(leaf.fact, extra) : undefined;
  const options = useFactOptions(extra, lang, t, leaf.fact);
  const ops = def ? operatorsFor(def.type) : [];
  const edit = (next: Leaf) => ctx.set(updateAt(ctx.tree, path, () => next));
  const failing = ctx.problems.has(path);
  return (
    <Paper p={6} radius="sm" bg={failing ? "red.0" : "gray.0"} role="group" aria-label={def ? def.label[lang] : t("conditions.condition")} data-testid={`${testId}-node`} data-path={path || "root"} data-kind="leaf" data-fact={leaf.fact}>
      <Stack gap={4}>
        <Row gap="xs" wrap="nowrap" align="flex-start">
          <Select
            w={250}
            size="sm"
            searchable
            disabled={ctx.disabled}
            aria-label={t("conditions.fact")}
            placeholder={t("conditions.factPlaceholder")}
            data={options}
            value={leaf.fact || null}
            nothingFoundMessage={t("conditions.nothing")}
            renderOption={({ option }) => {
              const d = factDef(option.value, extra);
              return (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  {d && <Text size="xs" c="dimmed">{d.source[lang]}</Text>}
                </Stack>
              );
            }}
            onChange={(key) => {
              const next = key ? factDef(key, extra) : undefined;
              if (next) edit(withFact(leaf, next, def));
            }}
            description={def ? t("conditions.source", { source: def.source[lang] }) : undefined}
            inputWrapperOrder={["label", "input", "description", "error"]}
            data-testid={`${testId}-fact`}
          />
          <Select
            w={150}
            size="sm"
            disabled={ctx.disabled || !def}
            aria-label={t("conditions.operator")}
            data={ops.map((op) => ({ value: op, label: opText(op, def, t) }))}
            value={def ? leaf.op : null}
            allowDeselect={false}
            onChange={(op) => op && edit(withOp(leaf, op as LeafOp, def?.type))}
            data-testid={`${testId}-op`}
          />
          <Box style={{ flex: 1, minWidth: 180 }}>{def && <LeafValue leaf={leaf} def={def} onChange={edit} ctx={ctx} />}</Box>
          {leaf.label && <Badge variant="light" mt={6}>{leaf.label[lang] || leaf.label["zh-CN"]}</Badge>}
          <NodeActions node={leaf} path={path} ctx={ctx} />
        </Row>
        <Problems path={path} ctx={ctx} />
      </Stack>
    </Paper>
  );
}

/** The value input a fact's type and the operator call for. */
function LeafValue({ leaf, def, onChange, ctx }: { leaf: Leaf; def: FactDef; onChange: (leaf: Leaf) => void; ctx: Ctx }) {
  const { t, lang, testId, disabled } = ctx;
  if (leaf.op === "exists" || leaf.op === "missing") return null;
  if (leaf.op === "between") {
    const end = (which: "min" | "max"): ReactNode => (
      <Scalar def={def} value={leaf[which]} label={t(`conditions.${which}`)} testId={`${testId}-${which}`} disabled={disabled} lang={lang}
        onChange={(v) => onChange({ ...leaf, [which]: v === null || v === "" ? undefined : v })} />
    );
    return (
      <Stack gap={2}>
        <Row gap="xs" wrap="nowrap" grow>
          {end("min")}
          {end("max")}
        </Row>
        <Text size="xs" c="dimmed">{t("conditions.rangeHint")}</Text>
      </Stack>
    );
  }
  if (leaf.op === "in" || leaf.op === "notIn") {
    if (def.dict) {
      return <DictSelect type={def.dict} multiple size="sm" aria-label={t("conditions.values")} placeholder={t("conditions.values")} disabled={disabled} value={leaf.values.map(String)} onChange={(v) => onChange({ ...leaf, values: Array.isArray(v) ? v : v ? [v] : [] })} data-testid={`${testId}-value`} />;
    }
    return <TagsInput size="sm" aria-label={t("conditions.values")} placeholder={t("conditions.values")} disabled={disabled} value={leaf.values.map(String)} onChange={(v) => onChange({ ...leaf, values: v })} data-testid={`${testId}-value`} />;
  }
  const value = (leaf as { value: unknown }).value;
  if (def.type === "bool") {
    return (
      <SegmentedControl size="sm" disabled={disabled} aria-label={t("conditions.value")} value={value === false ? "no" : "yes"} onChange={(v) => onChange({ ...leaf, value: v === "yes" } as Leaf)}
        data={[{ value: "yes", label: t("conditions.yes") }, { value: "no", label: t("conditions.no") }]} data-testid={`${testId}-value`} />
    );
  }
  if (def.dict) {
    return <DictSelect type={def.dict} size="sm" aria-label={t("conditions.value")} placeholder={t("conditions.value")} disabled={disabled} value={value === "" || value === undefined ? null : String(value)} onChange={(v) => onChange({ ...leaf, value: (Array.isArray(v) ? v[0] : v) ?? "" } as Leaf)} data-testid={`${testId}-value`} />;
  }
  return <Scalar def={def} value={value} label={t("conditions.value")} testId={`${testId}-value`} disabled={disabled} lang={lang} onChange={(v) => onChange({ ...leaf, value: v ?? "" } as Leaf)} />;
}

/** One number (with its unit), date or text. */
function Scalar({ def, value, label, testId, disabled, lang, onChange }: { def: FactDef; value: unknown; label: string; testId: string; disabled: boolean; lang: Lang; onChange: (v: number | string | null) => void }) {
  if (def.type === "date") {
    return <DatePickerInput size="sm" aria-label={label} placeholder={label} disabled={disabled} valueFormat="YYYY-MM-DD" clearable value={typeof value === "string" && value ? value : null} onChange={(v) => onChange(v ?? null)} data-testid={testId} />;
  }
  if (def.type === "number" || def.type === "count" || def.type === "percent") {
    const unit = def.unit?.[lang];
    return (
      <NumberInput
        size="sm"
        aria-label={label}
        placeholder={label}
        disabled={disabled}
        allowDecimal={def.type !== "count"}
        min={def.type === "count" ? 0 : undefined}
        value={typeof value === "number" ? value : ""}
        onChange={(v) => onChange(typeof v === "number" ? v : null)}
        rightSection={unit ? <Text size="xs" c="dimmed">{unit}</Text> : undefined}
        rightSectionWidth={unit ? Math.max(32, unit.length * 8 + 12) : undefined}
        data-testid={testId}
      />
    );
  }
  return <TextInput size="sm" aria-label={label} placeholder={label} disabled={disabled} value={value === undefined || value === null ? "" : String(value)} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId} />;
}
