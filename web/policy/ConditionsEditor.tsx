/**
 * A policy's conditions split out of its text (政策颗粒化): a list of named conditions, each a code, a name in
 * both languages and a condition tree edited with the condition builder (never as text). The record form keeps
 * JSON fields as text, so this input reads and writes the field's JSON; an unfinished tree or a bad or repeated
 * code is shown here, and the Worker checks the trees against the facts catalogue again on save.
 */
import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConditionBuilder } from "../widgets/ConditionBuilder.tsx";
import { conditionProblems, parseConditions, type Draft } from "./rules.ts";

export function ConditionsEditor({ value, onChange, error }: { value: unknown; onChange: (text: string) => void; error?: ReactNode }) {
  const { t } = useTranslation();
  const drafts = parseConditions(value);
  const set = (next: Draft[]) => onChange(next.length ? JSON.stringify(next, null, 2) : "");
  const edit = (i: number, patch: Partial<Draft>) => set(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const problems = conditionProblems(drafts);
  const nextCode = () => {
    for (let n = drafts.length + 1; ; n++) if (!drafts.some((d) => d.code === `c${n}`)) return `c${n}`;
  };

  return (
    <Stack gap="xs" data-testid="policy-conditions">
      <Text size="sm" fw={500}>{t("policy.editor.conditions")}</Text>
      {drafts.length === 0 && <Text size="sm" c="dimmed">{t("policy.editor.none")}</Text>}
      {drafts.map((d, i) => (
        <Card key={i} withBorder padding="sm" data-testid="policy-condition">
          <Stack gap="xs">
            <Group align="flex-end" gap="xs">
              <TextInput w={110} label={t("policy.editor.code")} value={d.code} onChange={(e) => edit(i, { code: e.currentTarget.value })} data-testid="policy-condition-code" />
              <TextInput flex={1} label={t("policy.editor.labelZh")} value={d.label["zh-CN"] ?? ""} onChange={(e) => edit(i, { label: { ...d.label, "zh-CN": e.currentTarget.value } })} data-testid="policy-condition-zh" />
              <TextInput flex={1} label={t("policy.editor.labelEn")} value={d.label["en-US"] ?? ""} onChange={(e) => edit(i, { label: { ...d.label, "en-US": e.currentTarget.value } })} data-testid="policy-condition-en" />
              <Tooltip label={t("policy.editor.remove")}>
                <ActionIcon variant="subtle" color="red" aria-label={t("policy.editor.remove")} onClick={() => set(drafts.filter((_, j) => j !== i))}><IconTrash size={16} /></ActionIcon>
              </Tooltip>
            </Group>
            <ConditionBuilder value={d.condition} onChange={(condition) => edit(i, { condition })} testId={`policy-condition-${i}`} />
            {problems[i] && <Text size="xs" c="red">{t(`policy.editor.${problems[i]}`, { code: d.code })}</Text>}
          </Stack>
        </Card>
      ))}
      <Button variant="light" size="xs" w="fit-content" leftSection={<IconPlus size={14} />} onClick={() => set([...drafts, { code: nextCode(), label: { "zh-CN": "", "en-US": "" }, condition: null }])} data-testid="policy-condition-add">
        {t("policy.editor.addCondition")}
      </Button>
      {error && <Text size="xs" c="red">{error}</Text>}
    </Stack>
  );
}
