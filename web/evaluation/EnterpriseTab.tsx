/**
 * The enterprise page's evaluation tab: its latest result under each model (score, pass, grade, date) with
 * the explanation one click away, and "score now" under a chosen model, which opens the new result's
 * explanation.
 */
import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconCalculator, IconReportSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "../../events/i18n.ts";
import { ApiError } from "../core/api/http.ts";
import { addTexts } from "../core/i18n.ts";
import texts from "../core/locales/evaluation.ts";
import { hasPermission } from "../core/session.ts";
import { EmptyRow } from "../core/ui/TableParts.tsx";
import { evaluationQueries, scoreEnterprise, type ResultSummary } from "./api.ts";
import { evaluateTag } from "./paths.ts";
import { ResultDrawer } from "./ResultDrawer.tsx";

addTexts(texts);

export const resultStatus = (r: Pick<ResultSummary, "eligible" | "passed" | "directPass">) => (!r.eligible ? "notEligible" : r.directPass ? "directPass" : r.passed ? "passed" : "failed");
export const statusColor = { notEligible: "gray", directPass: "teal", passed: "green", failed: "red" } as const;

export default function EnterpriseTab({ creditCode }: { creditCode: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const results = useQuery(evaluationQueries.ofEnterprise(creditCode));
  const models = useQuery(evaluationQueries.models());
  const [modelId, setModelId] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canScore = hasPermission(evaluateTag);
  const modelName = (id: string) => String(models.data?.find((m) => m.id === id)?.name ?? id);

  const score = async () => {
    if (!modelId) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await scoreEnterprise(queryClient, modelId, creditCode);
      const first = answer.results[0];
      if (first) setOpen(first.id);
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" p="sm" data-testid="evaluation-tab">
      {canScore && (
        <Card withBorder p="sm">
          <Group align="flex-end">
            <Select
              w={320}
              label={t("evaluation.tab.model")}
              placeholder={t("evaluation.tab.pickModel")}
              searchable
              data={(models.data ?? []).map((m) => ({ value: String(m.id), label: `${String(m.name)}${m.modelVersion ? ` (${String(m.modelVersion)})` : ""}` }))}
              value={modelId}
              onChange={setModelId}
              data-testid="evaluation-model"
            />
            <Button leftSection={<IconCalculator size={16} />} disabled={!modelId} loading={busy} onClick={() => void score()} data-testid="evaluation-score">
              {t("evaluation.tab.scoreNow")}
            </Button>
          </Group>
          {error && <Alert mt="xs" color="red" data-testid="evaluation-error">{error}</Alert>}
        </Card>
      )}
      <Table striped highlightOnHover data-testid="evaluation-results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("evaluation.tab.model")}</Table.Th>
            <Table.Th>{t("evaluation.tab.version")}</Table.Th>
            <Table.Th>{t("evaluation.tab.date")}</Table.Th>
            <Table.Th ta="right">{t("evaluation.tab.score")}</Table.Th>
            <Table.Th>{t("evaluation.tab.status")}</Table.Th>
            <Table.Th>{t("evaluation.explain.grade")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(results.data ?? []).map((r) => {
            const status = resultStatus(r);
            return (
              <Table.Tr key={r.id} data-testid="evaluation-result" data-model={r.modelId} data-score={r.totalScore}>
                <Table.Td>{modelName(r.modelId)}</Table.Td>
                <Table.Td>v{r.modelVersion}</Table.Td>
                <Table.Td>{r.evaluationDate}</Table.Td>
                <Table.Td ta="right" fw={600}>{Math.round(r.totalScore * 100) / 100}</Table.Td>
                <Table.Td>
                  <Badge color={statusColor[status]} variant="light">{t(`evaluation.status.${status}`)}</Badge>
                  {r.directPass && <Text size="xs" c="dimmed">{r.directPass[lang]}</Text>}
                </Table.Td>
                <Table.Td>{r.grade ?? "—"}</Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="subtle" leftSection={<IconReportSearch size={14} />} onClick={() => setOpen(r.id)} data-testid="evaluation-explain">
                    {t("evaluation.explain.open")}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {(results.data ?? []).length === 0 && <EmptyRow colSpan={7} loading={results.isLoading} />}
        </Table.Tbody>
      </Table>
      {results.error && <Alert color="red">{results.error.message}</Alert>}
      <ResultDrawer id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
