/**
 * A condition's trace (events/conditions/evaluate.ts) in words: every node met or not, and for a leaf the
 * fact (by its catalogue label, or the name a person gave the condition), what it was, what was required,
 * and — when a number fell short — the gap in the fact's own phrase ("需再获得 1 项发明专利"). Dictionary
 * values show their names. Loaded with the screens that explain (it brings the builder's texts with it).
 *
 * Test ids: `<testId>-node` with `data-path`, `data-pass` and `data-fact`.
 */
import { Badge, Box, Group, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Trace } from "../../events/conditions/evaluate.ts";
import type { FactDef } from "../../events/conditions/facts.ts";
import type { FactValue } from "../../events/conditions/tree.ts";
import type { Lang } from "../../events/i18n.ts";
import { addTexts } from "../core/i18n.ts";
import texts from "../core/locales/conditions.ts";
import { factDef } from "./ConditionBuilderTree.ts";
import { opText } from "./ConditionBuilder.tsx";
import { DictTag } from "./DictTag/index.ts";

addTexts(texts);

const round = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100));

/** A fact's value as text with its unit ("2 项", "是", "无数据"); dictionary values stay codes here (FactValueView shows names). */
export function factValueText(value: FactValue | undefined, def: FactDef | undefined, lang: Lang, t: TFunction): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return t("conditions.trace.missingValue");
  if (typeof value === "boolean") return value ? t("conditions.yes") : t("conditions.no");
  if (typeof value === "number") return `${round(value)}${def?.unit ? ` ${def.unit[lang]}` : ""}`;
  return Array.isArray(value) ? value.join("、") : value;
}

/** A fact's value, dictionary values by their names. */
export function FactValueView({ value, def }: { value: FactValue | (string | number)[] | undefined; def: FactDef | undefined }) {
  const { t, i18n } = useTranslation();
  if (def?.dict && value !== null && value !== undefined && typeof value !== "boolean" && value !== "") return <DictTag type={def.dict} value={value as string | string[]} size="sm" />;
  return <>{factValueText(value as FactValue, def, i18n.language as Lang, t)}</>;
}

/** What a leaf required, in words ("≥ 2 项", "10 ≤ x < 20"). */
function Expected({ trace, def }: { trace: Trace; def: FactDef | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const e = trace.expected;
  const op = trace.op as Exclude<Trace["op"], "all" | "any" | "not">;
  if (op === "exists" || op === "missing") return <>{opText(op, def, t)}</>;
  if (e && typeof e === "object" && !Array.isArray(e)) {
    const v = (x: number | string) => factValueText(x, def, lang, t);
    const text = e.min !== undefined && e.max !== undefined ? t("conditions.trace.range", { min: v(e.min), max: v(e.max) }) : e.min !== undefined ? t("conditions.trace.from", { min: v(e.min) }) : t("conditions.trace.below", { max: v(e.max!) });
    return <>{text}</>;
  }
  return (
    <Group gap={4} component="span" display="inline-flex">
      {opText(op, def, t)} <FactValueView value={e as FactValue} def={def} />
    </Group>
  );
}

export interface ConditionTraceProps {
  trace: Trace;
  /** facts beyond the catalogue (a paper's answers) */
  extra?: readonly FactDef[];
  testId?: string;
}

export function ConditionTrace({ trace, extra = [], testId = "trace" }: ConditionTraceProps) {
  return <TraceNode trace={trace} extra={extra} testId={testId} />;
}

function TraceNode({ trace, extra, testId }: { trace: Trace; extra: readonly FactDef[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const mark = trace.pass ? <IconCircleCheck size={16} color="var(--mantine-color-green-7)" aria-label={t("conditions.trace.pass")} /> : <IconCircleX size={16} color="var(--mantine-color-red-7)" aria-label={t("conditions.trace.fail")} />;
  const attrs = { "data-testid": `${testId}-node`, "data-path": trace.path || "root", "data-pass": String(trace.pass) };
  if (trace.children) {
    return (
      <Stack gap={4} {...attrs}>
        <Group gap={6} wrap="nowrap">
          {mark}
          <Text size="sm" fw={500}>{trace.label?.[lang] || t(`conditions.trace.${trace.op}`)}</Text>
        </Group>
        <Stack gap={4} pl="md" style={{ borderLeft: "1px solid var(--mantine-color-gray-3)" }}>
          {trace.children.map((c) => (
            <TraceNode key={c.path} trace={c} extra={extra} testId={testId} />
          ))}
        </Stack>
      </Stack>
    );
  }
  const def = trace.fact ? factDef(trace.fact, extra) : undefined;
  const more = !trace.pass && trace.gap !== undefined && trace.gap > 0 && def?.more ? def.more[lang].replace("{n}", round(trace.gap)) : null;
  return (
    <Box {...attrs} data-fact={trace.fact}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        {mark}
        <Stack gap={0}>
          <Text size="sm">
            {trace.label?.[lang] || def?.label[lang] || trace.fact}
            {def && <Text span size="xs" c="dimmed"> · {def.source[lang]}</Text>}
          </Text>
          <Group gap="sm">
            <Text size="xs" c="dimmed" component="div">
              {t("conditions.trace.expected", { value: "" })}
              <Expected trace={trace} def={def} />
            </Text>
            <Text size="xs" c={trace.pass ? "dimmed" : "red.7"} component="div" data-testid={`${testId}-actual`}>
              {t("conditions.trace.actual", { value: "" })}
              <FactValueView value={trace.actual} def={def} />
            </Text>
            {more ? <Badge size="sm" color="orange" variant="light">{more}</Badge> : !trace.pass && trace.gap ? <Badge size="sm" color="orange" variant="light">{t("conditions.trace.gap", { n: round(trace.gap) })}</Badge> : null}
          </Group>
        </Stack>
      </Group>
    </Box>
  );
}
