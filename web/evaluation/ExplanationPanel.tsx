/**
 * Why an enterprise got its score, from a breakdown alone (events/evaluation/breakdown.ts — a stored
 * result explains itself after its model changed): the total against the pass line, passed or not and by
 * which route, the grade; a bar of points per scored metric against its full points; every metric with its
 * value, band and points (a "best of" with each alternative, items with their conditions); the entry and
 * direct-pass traces; what would raise the score; and the facts as they were read.
 *
 * Test ids: `explain-total`, `explain-status`, `explain-chart`, `explain-metric` (data-key, data-points),
 * `explain-entry`, `explain-direct`, `explain-raise`, `explain-fact` (data-fact).
 */
import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Alert, Badge, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Breakdown, MetricScore, Raise } from "../../events/evaluation/breakdown.ts";
import type { FactDef } from "../../events/conditions/facts.ts";
import type { Lang } from "../../events/i18n.ts";
import { factDef } from "../widgets/ConditionBuilderTree.ts";
import { ConditionTrace, FactValueView } from "../widgets/ConditionTrace.tsx";

const round = (n: number) => Math.round(n * 100) / 100;

/** The scored metrics (leaves), depth first, for the chart. */
export const scoredLeaves = (metrics: readonly MetricScore[]): MetricScore[] => metrics.flatMap((m) => (m.children?.length ? scoredLeaves(m.children) : [m]));

/** A paper's answers as facts (`q:<code>`), named by their code, so traces and the fact table can label them. */
const answerDefs = (b: Breakdown): FactDef[] =>
  Object.keys(b.facts)
    .filter((k) => k.startsWith("q:"))
    .map((key) => ({ key, label: { "zh-CN": `题目 ${key.slice(2)}`, "en-US": `Question ${key.slice(2)}` }, type: "text", group: "master", source: { "zh-CN": "问卷答案", "en-US": "Paper answers" } }));

function bandText(band: MetricScore["band"], t: TFunction): string {
  if (!band) return t("evaluation.explain.noBand");
  if (band.label) return band.label;
  const lo = band.min === null ? "−∞" : String(band.min);
  const hi = band.max === null ? "+∞" : String(band.max);
  return `[${lo}, ${hi})`;
}

export function ExplanationPanel({ breakdown: b, testId = "explain" }: { breakdown: Breakdown; testId?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const extra = answerDefs(b);
  const leaves = scoredLeaves(b.metrics);
  const chart = leaves.map((m) => ({ metric: m.name[lang], [t("evaluation.explain.points")]: round(m.points), [t("evaluation.explain.full")]: round(m.fullPoints) }));
  const status = !b.eligible ? "notEligible" : b.directPassTaken !== null ? "directPass" : b.passed ? "passed" : "failed";
  const color = { notEligible: "gray", directPass: "teal", passed: "green", failed: "red" }[status];
  return (
    <Stack gap="md" data-testid={`${testId}-panel`}>
      <Card withBorder>
        <Group justify="space-between" align="flex-end">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">{t("evaluation.explain.total")}</Text>
            <Text fz={32} fw={700} data-testid={`${testId}-total`} data-total={b.total}>
              {round(b.total)} <Text span c="dimmed" fz="md">/ {b.totalScore}</Text>
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end">
            <Badge size="lg" color={color} data-testid={`${testId}-status`} data-status={status}>{t(`evaluation.status.${status}`)}</Badge>
            <Text size="sm">{t("evaluation.explain.passLine", { n: b.passLine })}{b.grade ? ` · ${t("evaluation.explain.grade")}: ${b.grade.label[lang]}` : ""}</Text>
            {b.directPassTaken !== null && <Text size="sm" c="teal.8">{t("evaluation.explain.viaDirect", { route: b.directPass[b.directPassTaken]?.label[lang] ?? "" })}</Text>}
          </Stack>
        </Group>
        {b.passRequires.length > 0 && (
          <List size="sm" mt="xs">
            {b.passRequires.map((r) => (
              <List.Item key={r.metric} c={r.met ? undefined : "red.7"}>
                {t("evaluation.explain.requires", { metric: metricName(b.metrics, r.metric, lang), above: r.above, points: r.points ?? "—" })}
              </List.Item>
            ))}
          </List>
        )}
      </Card>

      {!b.eligible && (
        <Alert color="orange" title={t("evaluation.explain.notEligible")} data-testid={`${testId}-entry-missing`}>
          <Stack gap={4}>{b.entryMissing.map((m) => <ConditionTrace key={m.path} trace={m} extra={extra} testId={`${testId}-missing`} />)}</Stack>
        </Alert>
      )}

      {leaves.length > 0 && (
        <Card withBorder>
          <Title order={5} mb="xs">{t("evaluation.explain.chart")}</Title>
          <BarChart
            h={Math.max(160, leaves.length * 36)}
            data={chart}
            dataKey="metric"
            orientation="vertical"
            yAxisProps={{ width: 160 }}
            series={[
              { name: t("evaluation.explain.points"), color: "blue.6" },
              { name: t("evaluation.explain.full"), color: "gray.3" },
            ]}
            withLegend
            data-testid={`${testId}-chart`}
          />
        </Card>
      )}

      <Card withBorder>
        <Title order={5} mb="xs">{t("evaluation.explain.metrics")}</Title>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("evaluation.explain.metric")}</Table.Th>
              <Table.Th>{t("evaluation.explain.value")}</Table.Th>
              <Table.Th>{t("evaluation.explain.band")}</Table.Th>
              <Table.Th ta="right">{t("evaluation.explain.points")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{b.metrics.map((m) => <MetricRows key={m.key} m={m} depth={0} extra={extra} testId={testId} />)}</Table.Tbody>
        </Table>
      </Card>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder data-testid={`${testId}-entry`}>
          <Title order={5} mb="xs">{t("evaluation.explain.entry")}</Title>
          {b.entry ? <ConditionTrace trace={b.entry} extra={extra} testId={`${testId}-entry`} /> : <Text size="sm" c="dimmed">{t("evaluation.explain.noEntry")}</Text>}
        </Card>
        <Card withBorder data-testid={`${testId}-direct`}>
          <Title order={5} mb="xs">{t("evaluation.explain.direct")}</Title>
          {b.directPass.length === 0 && <Text size="sm" c="dimmed">{t("evaluation.explain.noDirect")}</Text>}
          <Stack gap="sm">
            {b.directPass.map((d, i) => (
              <Stack key={i} gap={4}>
                <Group gap="xs">
                  <Text size="sm" fw={500}>{d.label[lang]}</Text>
                  <Badge size="sm" color={d.pass ? "green" : "gray"}>{d.pass ? t("conditions.trace.pass") : t("conditions.trace.fail")}</Badge>
                </Group>
                <ConditionTrace trace={d.trace} extra={extra} testId={`${testId}-direct`} />
              </Stack>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>

      <Card withBorder data-testid={`${testId}-raise`}>
        <Title order={5} mb="xs">{t("evaluation.explain.raise")}</Title>
        {b.raise.length === 0 ? <Text size="sm" c="dimmed">{t("evaluation.explain.noRaise")}</Text> : <RaiseList raise={b.raise} extra={extra} testId={testId} />}
      </Card>

      <Card withBorder>
        <Title order={5} mb="xs">{t("evaluation.explain.facts")}</Title>
        <Table>
          <Table.Tbody>
            {Object.entries(b.facts).map(([key, value]) => {
              const def = factDef(key, extra);
              return (
                <Table.Tr key={key} data-testid={`${testId}-fact`} data-fact={key}>
                  <Table.Td>{def?.label[lang] ?? key}</Table.Td>
                  <Table.Td c="dimmed">{def?.source[lang]}</Table.Td>
                  <Table.Td ta="right"><FactValueView value={value} def={def} /></Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}

function metricName(metrics: readonly MetricScore[], key: string, lang: Lang): string {
  for (const m of metrics) {
    if (m.key === key) return m.name[lang];
    const inner = m.children ? metricName(m.children, key, lang) : "";
    if (inner) return inner;
  }
  return key;
}

function MetricRows({ m, depth, extra, testId }: { m: MetricScore; depth: number; extra: readonly FactDef[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const facts = (m.facts ?? []).map((f) => factDef(f, extra)?.label[lang] ?? f).join(" / ");
  let detail: ReactNode = null;
  if (m.kind === "best" && m.alternatives) {
    detail = (
      <List size="xs">
        {m.alternatives.map((a, i) => (
          <List.Item key={i} fw={a.taken ? 600 : undefined}>
            {a.label[lang]}: {a.value === null ? t("conditions.trace.missingValue") : round(a.value)} → {round(a.points)} {a.taken ? `(${t("evaluation.explain.taken")})` : ""}
          </List.Item>
        ))}
      </List>
    );
  } else if (m.kind === "items" && m.items) {
    detail = (
      <Stack gap={4}>
        {m.items.map((it, i) => (
          <Stack key={i} gap={0}>
            <Text size="xs" fw={500} c={it.pass ? "green.8" : "dimmed"}>{it.label[lang]}: +{round(it.pass ? it.points : 0)}</Text>
            <ConditionTrace trace={it.trace} extra={extra} testId={`${testId}-item`} />
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <>
      <Table.Tr data-testid={`${testId}-metric`} data-key={m.key} data-points={m.points} data-kind={m.kind}>
        <Table.Td style={{ paddingLeft: 8 + depth * 20 }}>
          <Text size="sm" fw={m.kind === "group" ? 600 : 400}>{m.name[lang]} <Text span size="xs" c="dimmed">{m.weight}%</Text></Text>
          {facts && <Text size="xs" c="dimmed">{facts}</Text>}
          {detail}
        </Table.Td>
        <Table.Td>{m.kind === "answer" && m.answer ? String(m.answer.value ?? t("conditions.trace.missingValue")) : m.value === undefined ? "" : m.value === null ? t("conditions.trace.missingValue") : round(m.value)}</Table.Td>
        <Table.Td>{m.kind === "bands" || m.kind === "best" ? bandText(m.band, t) : ""}</Table.Td>
        <Table.Td ta="right">
          <Text size="sm" fw={500}>{round(m.points)} <Text span c="dimmed" size="xs">/ {round(m.fullPoints)}</Text></Text>
        </Table.Td>
      </Table.Tr>
      {m.children?.map((c) => <MetricRows key={c.key} m={c} depth={depth + 1} extra={extra} testId={testId} />)}
    </>
  );
}

function RaiseList({ raise, extra, testId }: { raise: readonly Raise[]; extra: readonly FactDef[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  return (
    <Stack gap="xs">
      {raise.map((r, i) => {
        const def = r.facts.length === 1 ? factDef(r.facts[0]!, extra) : undefined;
        const more = def?.more && r.gap !== null && r.gap > 0 && r.needs?.op === "gte" ? def.more[lang].replace("{n}", String(round(r.gap))) : null;
        return (
          <Card key={i} withBorder p="xs" data-testid={`${testId}-raise-item`} data-metric={r.metric}>
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={2}>
                <Text size="sm" fw={500}>{r.name[lang]}{r.via ? ` · ${r.via[lang]}` : ""}</Text>
                {r.needs && (
                  <Text size="xs" c="dimmed">
                    {t("evaluation.explain.needs", { value: r.value === null ? t("conditions.trace.missingValue") : round(r.value), op: r.needs.op === "gte" ? "≥" : "<", target: round(r.needs.value) })}
                  </Text>
                )}
                {more && <Text size="xs" c="orange.8">{more}</Text>}
                {r.missing?.map((m) => <ConditionTrace key={m.path} trace={m} extra={extra} testId={`${testId}-raise`} />)}
              </Stack>
              <Badge color="green" variant="light">{t("evaluation.explain.adds", { n: round(r.adds) })}</Badge>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
