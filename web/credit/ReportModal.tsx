/**
 * Reading an enterprise's credit: the report page (/api/wutong/v1/creditreprot/{code}, the session cookie
 * carries the sign-in) framed in a dialog with a link to open it alone and print it, or one relevance
 * table under the reader's authorisation. Each opening is a read the server checks and logs.
 */
import { Alert, Anchor, Group, Loader, Modal, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { relevanceTypes } from "../../events/api/credit.ts";
import { EmptyRow } from "../core/ui/TableParts.tsx";
import { creditQueries, creditReportUrl, type EnterpriseRow, type RelevanceType } from "./api.ts";

export function ReportModal({ enterprise, onClose }: { enterprise: EnterpriseRow; onClose: () => void }) {
  const { t } = useTranslation();
  // one read per opening: the frame's address is fixed for the dialog's life
  const [src] = useState(() => creditReportUrl(enterprise.creditCode));
  return (
    <Modal opened onClose={onClose} size="80rem" title={t("credit.report.title", { name: enterprise.entName })} data-testid="credit-report-modal">
      <Stack gap="xs">
        <Group justify="flex-end">
          <Anchor href={src} target="_blank" rel="noopener" size="sm" data-testid="credit-report-open">{t("credit.report.openNew")}</Anchor>
        </Group>
        <iframe src={src} title={enterprise.entName} style={{ width: "100%", height: "70vh", border: "1px solid var(--mantine-color-gray-3)" }} data-testid="credit-report-frame" />
      </Stack>
    </Modal>
  );
}

export function RelevanceModal({ enterprise, authId, onClose }: { enterprise: EnterpriseRow; authId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<RelevanceType>("shareholders");
  const table = useQuery({ ...creditQueries.relevance(authId, type), staleTime: Infinity, retry: false });
  return (
    <Modal opened onClose={onClose} size="70rem" title={`${t("credit.relevance")}：${enterprise.entName}`} data-testid="credit-relevance-modal">
      <Stack gap="sm">
        <SegmentedControl data={relevanceTypes.map((r) => ({ value: r, label: t(`credit.relevanceTypes.${r}`) }))} value={type} onChange={(v) => setType(v as RelevanceType)} data-testid="credit-relevance-type" />
        {table.isLoading ? <Loader size="sm" /> : null}
        {table.error ? <Alert color="red" data-testid="credit-relevance-error">{table.error.message}</Alert> : null}
        {table.data ? (
          <>
            <Table striped withTableBorder data-testid="credit-relevance-table">
              <Table.Thead><Table.Tr>{table.data.columns.map((c) => <Table.Th key={c}>{c}</Table.Th>)}</Table.Tr></Table.Thead>
              <Table.Tbody>
                {table.data.rows.length === 0 ? <EmptyRow colSpan={Math.max(1, table.data.columns.length)} loading={false} /> : table.data.rows.map((r, i) => <Table.Tr key={i}>{r.map((v, j) => <Table.Td key={j}>{v}</Table.Td>)}</Table.Tr>)}
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed">{t("credit.relevanceTotal", { total: table.data.total })} · <span data-testid="credit-relevance-hash">{t("credit.relevanceHash", { hash: table.data.hash })}</span></Text>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
