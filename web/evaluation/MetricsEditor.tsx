/**
 * The metrics tree, edited: each level shows its weights' sum and what remains to 100 %, each metric its
 * weight and the full points that weight gives it down the tree; a metric either groups sub-metrics or
 * scores (./ScoringEditor.tsx).
 */
import { ActionIcon, Badge, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconPlus, IconSubtask, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { MetricNode } from "../../events/evaluation/definition.ts";
import { addChild, defaultScoring, editMetric, levelWeights, newMetric } from "./designRules.ts";
import { BilingualInput, ScoringEditor } from "./ScoringEditor.tsx";

interface Props {
  metrics: MetricNode[];
  onChange: (metrics: MetricNode[]) => void;
  totalScore: number;
}

export function MetricsEditor({ metrics, onChange, totalScore }: Props) {
  return <Level all={metrics} siblings={metrics} at={[]} full={totalScore} onChange={onChange} keyPath="" />;
}

/** The remainder of a level's weights, in words and colour. */
export function LevelSum({ siblings, testId }: { siblings: readonly MetricNode[]; testId: string }) {
  const { t } = useTranslation();
  const { sum, remainder } = levelWeights(siblings);
  const ok = Math.abs(remainder) < 1e-9;
  return (
    <Badge color={ok ? "green" : "red"} variant="light" data-testid={testId} data-remainder={remainder}>
      {ok ? t("evaluation.design.weightsOk", { sum }) : remainder > 0 ? t("evaluation.design.weightsShort", { sum, n: remainder }) : t("evaluation.design.weightsOver", { sum, n: -remainder })}
    </Badge>
  );
}

function Level({ all, siblings, at, full, onChange, keyPath }: { all: MetricNode[]; siblings: MetricNode[]; at: number[]; full: number; onChange: (m: MetricNode[]) => void; keyPath: string }) {
  const { t } = useTranslation();
  const add = () => {
    const m = newMetric(all, siblings);
    onChange(at.length === 0 ? [...all, m] : editMetric(all, at, (p) => ({ ...p, children: [...(p.children ?? []), m] })));
  };
  return (
    <Stack gap="xs" data-testid="metrics-level" data-path={keyPath || "root"}>
      <Group justify="space-between">
        <LevelSum siblings={siblings} testId="metrics-level-sum" />
        <Button size="compact-xs" variant="light" leftSection={<IconPlus size={12} />} onClick={add} data-testid="metrics-add">
          {at.length === 0 ? t("evaluation.design.addMetric") : t("evaluation.design.addSubMetric")}
        </Button>
      </Group>
      {siblings.map((m, i) => (
        <Metric key={i} all={all} m={m} at={[...at, i]} parentFull={full} onChange={onChange} keyPath={keyPath ? `${keyPath}.${m.key}` : m.key} />
      ))}
    </Stack>
  );
}

function Metric({ all, m, at, parentFull, onChange, keyPath }: { all: MetricNode[]; m: MetricNode; at: number[]; parentFull: number; onChange: (m: MetricNode[]) => void; keyPath: string }) {
  const { t } = useTranslation();
  const full = Math.round(((parentFull * m.weight) / 100) * 100) / 100;
  const set = (patch: Partial<MetricNode>) => onChange(editMetric(all, at, (x) => ({ ...x, ...patch })));
  return (
    <Paper withBorder p="xs" radius="sm" ml={at.length > 1 ? "md" : 0} data-testid="metric" data-key={m.key} data-path={keyPath}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput size="xs" w={90} label={t("evaluation.design.key")} value={m.key} maxLength={32} onChange={(e) => set({ key: e.currentTarget.value })} data-testid="metric-key" />
          <div style={{ flex: 1 }}>
            <BilingualInput value={m.name} onChange={(name) => set({ name })} testId="metric-name" label={t("evaluation.design.name")} />
          </div>
          <NumberInput size="xs" w={100} min={0} max={100} label={t("evaluation.design.weight")} rightSection={<Text size="xs">%</Text>} value={m.weight} onChange={(v) => set({ weight: typeof v === "number" ? v : 0 })} data-testid="metric-weight" />
          <Stack gap={0} w={80} align="flex-end">
            <Text size="xs" c="dimmed">{t("evaluation.design.full")}</Text>
            <Text size="sm" fw={600} data-testid="metric-full">{full}</Text>
          </Stack>
          <Tooltip label={t("evaluation.design.addSubMetric")}>
            <ActionIcon variant="subtle" mb={4} aria-label={t("evaluation.design.addSubMetric")} onClick={() => onChange(addChild(all, at))} data-testid="metric-add-child">
              <IconSubtask size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("evaluation.design.remove")}>
            <ActionIcon variant="subtle" color="red" mb={4} aria-label={t("evaluation.design.remove")} disabled={at.length === 1 && all.length <= 1} onClick={() => onChange(editMetric(all, at, () => null))} data-testid="metric-remove">
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {m.children ? (
          <Level all={all} siblings={m.children} at={at} full={full} onChange={onChange} keyPath={keyPath} />
        ) : (
          <ScoringEditor value={m.scoring ?? defaultScoring()} onChange={(scoring) => set({ scoring })} full={full} testId={`metric-${m.key}`} />
        )}
      </Stack>
    </Paper>
  );
}
