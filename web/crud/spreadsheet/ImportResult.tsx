/** The import's outcome: counts (read, stored, refused, skipped), why it stopped if it did, and the refused rows explained. */
import { Alert, Box, Button, Group, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { RunResult } from "./plan.ts";

/** Refused rows listed in the dialog (the download holds all of them). */
const shownErrors = 200;

export interface ImportResultProps {
  result: RunResult;
  /** a field's label in the current language */
  labelOf: (field: string) => string;
  /** downloads the refused rows as an xlsx */
  onDownload: () => void;
  onAnother: () => void;
  onClose: () => void;
}

export function ImportResult({ result, labelOf, onDownload, onAnother, onClose }: ImportResultProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="import-result">
      {result.error !== undefined && <Alert color="red">{t("io.failed", { message: result.error instanceof Error ? result.error.message : String(result.error) })}</Alert>}
      {result.cancelled && <Alert color="orange" data-testid="import-cancelled">{t("io.cancelled")}</Alert>}
      {result.checkedOnly && !result.cancelled && result.error === undefined && <Alert color="orange" data-testid="import-all-refused">{t("io.allRefused", { n: result.refused })}</Alert>}
      <SimpleGrid cols={4}>
        {(["read", "stored", "refused", "skipped"] as const).map((key) => (
          <Box key={key} p="sm" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 8 }} data-testid={`import-count-${key}`} data-value={result[key]}>
            <Text size="xs" c="dimmed">{t(`io.${key}`)}</Text>
            <Text size="xl" fw={700} c={key === "refused" && result[key] > 0 ? "red" : key === "stored" && result[key] > 0 ? "green" : undefined}>{result[key]}</Text>
          </Box>
        ))}
      </SimpleGrid>
      {result.errors.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={500} mah={320}>
            <Table withTableBorder striped verticalSpacing={4} data-testid="import-errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>{t("io.errorRow")}</Table.Th>
                  <Table.Th w={180}>{t("io.errorField")}</Table.Th>
                  <Table.Th>{t("io.errorMessage")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.errors.slice(0, shownErrors).map((e, i) => (
                  <Table.Tr key={i} data-testid="import-error" data-row={e.row} data-field={e.field}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>{e.label || (e.field ? labelOf(e.field) : "")}</Table.Td>
                    <Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {result.errors.length > shownErrors && <Text size="xs" c="dimmed">{t("io.moreErrors", { shown: shownErrors, total: result.errors.length })}</Text>}
        </>
      )}
      <Group justify="flex-end" gap="xs">
        {result.errors.length > 0 && (
          <Button variant="light" leftSection={<IconDownload size={16} />} onClick={onDownload} data-testid="import-download-refused">
            {t("io.downloadRefused")}
          </Button>
        )}
        <Button variant="default" onClick={onAnother} data-testid="import-another">{t("io.another")}</Button>
        <Button onClick={onClose} data-testid="import-close">{t("actions.close")}</Button>
      </Group>
    </Stack>
  );
}
