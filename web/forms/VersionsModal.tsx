/** A form's released versions (newest first); picking one renders its layout as released. */
import { Badge, Center, Group, Loader, Modal, Paper, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useModelFamily } from "../datamodel/useModelFamily.ts";
import { formQueries, type FormRow, type ReleaseRow } from "./api.ts";
import { FormRenderer } from "./FormRenderer.tsx";

export function VersionsModal({ form, onClose }: { form: FormRow; onClose: () => void }) {
  const { t } = useTranslation();
  const releases = useQuery(formQueries.releases(form.id));
  const { family, model } = useModelFamily(form.dataModelId);
  const [shown, setShown] = useState<ReleaseRow | null>(null);
  return (
    <Modal opened onClose={onClose} size="xl" title={t("forms.versions.title", { name: form.name })} data-testid="versions-modal">
      <Stack>
        {releases.isLoading && <Center><Loader size="sm" /></Center>}
        <Table withTableBorder highlightOnHover data-testid="versions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("forms.form.version")}</Table.Th>
              <Table.Th>{t("forms.versions.modelVersion")}</Table.Th>
              <Table.Th>{t("forms.versions.releasedAt")}</Table.Th>
              <Table.Th>{t("forms.versions.fields")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(releases.data ?? []).map((r) => (
              <Table.Tr key={r.id} onClick={() => setShown(r)} style={{ cursor: "pointer" }} data-testid="version-row" data-version={r.version} bg={shown?.id === r.id ? "var(--mantine-color-blue-light)" : undefined}>
                <Table.Td>
                  <Group gap={4}>
                    v{r.version}
                    {r.version === form.version && form.status === "1" && <Badge size="xs" color="green" tt="none">{t("forms.versions.live")}</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>{r.modelVersion ?? ""}</Table.Td>
                <Table.Td>{r.createTime ?? ""}</Table.Td>
                <Table.Td>{r.layout.sections.reduce((n, s) => n + s.rows.reduce((m, row) => m + row.cols.length, 0), 0)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {shown && family && (
          <Paper withBorder p="md" data-testid="version-preview">
            <Text size="sm" fw={500} mb="sm">v{shown.version}</Text>
            <FormRenderer layout={shown.layout} family={family} fields={model?.fields ?? []} values={{}} readOnly />
          </Paper>
        )}
      </Stack>
    </Modal>
  );
}
