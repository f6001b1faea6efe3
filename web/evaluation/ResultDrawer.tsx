/**
 * One result explained, in a drawer: the result as scored (its model version, and whether the model has
 * moved on since) above its explanation panel. Opened from the results list and the enterprise's tab.
 */
import { Alert, Badge, Center, Drawer, Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { evaluationQueries } from "./api.ts";
import { ExplanationPanel } from "./ExplanationPanel.tsx";

export function ResultDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const explained = useQuery({ ...evaluationQueries.explain(id ?? ""), enabled: id !== null });
  const data = explained.data;
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="xl" title={t("evaluation.explain.title")} data-testid="result-drawer">
      {explained.isLoading && <Center p="xl"><Loader /></Center>}
      {explained.error && <Alert color="red">{explained.error.message}</Alert>}
      {data && (
        <Stack gap="sm">
          <Group gap="xs">
            <Text fw={600}>{data.result.entName}</Text>
            <Text size="sm" c="dimmed">{data.model.name ?? data.result.modelId} · v{data.result.modelVersion} · {data.result.evaluationDate}</Text>
            {!data.model.current && <Badge color="orange" variant="light">{t("evaluation.explain.olderVersion", { version: data.model.version ?? "—" })}</Badge>}
          </Group>
          <ExplanationPanel breakdown={data.breakdown} />
        </Stack>
      )}
    </Drawer>
  );
}
