/**
 * Process forms (menu flowable/form/index): which form code each model's instances use. The models list
 * (searched by name, paged) with the bound code editable in place; Enter or "bind" saves it through
 * POST /flowable/form/saveOrUpdate {modelKey, formCode}.
 */
import { Badge, Button, Card, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { IconLink, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../app/screens.ts";
import { hasPermission } from "../../app/session.ts";
import { EmptyRow } from "../../sys/shared/TableParts.tsx";
import { notifyError, notifySuccess } from "../../sys/shared/feedback.tsx";
import { PageBar } from "../../widgets/PageBar/index.ts";
import { bindForm, modelsKey, modelsQuery, type ModelRow } from "./api.ts";

export default function FormBindingScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const [name, setName] = useState("");
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const list = useQuery({ ...modelsQuery({ ...paging, name: name.trim() || undefined }), placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];
  const mayBind = hasPermission("flowable:form:save,flowable:form:update");
  const search = (text: string) => (setName(text), setPaging((p) => ({ ...p, page: 1 })));

  return (
    <Card withBorder data-testid="form-binding-screen">
      <Stack>
        <Group gap="sm">
          <TextInput placeholder={t("flowDesign.models.searchName")} aria-label={t("flowDesign.models.searchName")} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} onKeyDown={(e) => e.key === "Enter" && search(draft)} w={220} />
          <Button leftSection={<IconSearch size={16} />} onClick={() => search(draft)}>{t("actions.search")}</Button>
          <Button variant="default" onClick={() => (setDraft(""), search(""))}>{t("actions.reset")}</Button>
        </Group>
        <Text size="sm" c="dimmed">{t("flowDesign.binding.hint")}</Text>
        <Table.ScrollContainer minWidth={800}>
          <Table striped highlightOnHover withTableBorder data-testid="form-binding-table" style={{ whiteSpace: "nowrap" }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{t("sys.common.serial")}</Table.Th>
                <Table.Th>{t("flowDesign.model.name")}</Table.Th>
                <Table.Th>{t("flowDesign.model.key")}</Table.Th>
                <Table.Th w={100}>{t("flowDesign.models.version")}</Table.Th>
                <Table.Th w={340}>{t("flowDesign.model.formCode")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={row.id} data-testid={`binding-row-${row.key}`}>
                  <Table.Td>{(paging.page - 1) * paging.limit + i + 1}</Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td><Text size="sm" ff="monospace">{row.key}</Text></Table.Td>
                  <Table.Td>{row.version ? <Badge variant="light" color="green" tt="none">v{row.version}</Badge> : <Badge variant="light" color="gray" tt="none">{t("flowDesign.models.undeployed")}</Badge>}</Table.Td>
                  <Table.Td>
                    <BindingCell key={`${row.id}:${row.formCode ?? ""}`} row={row} editable={mayBind} />
                  </Table.Td>
                </Table.Tr>
              ))}
              {!rows.length && <EmptyRow colSpan={5} loading={list.isLoading} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageBar page={paging.page} limit={paging.limit} total={list.data?.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />
      </Stack>
    </Card>
  );
}

/** The form code of one model, saved on Enter or with the button when changed. */
function BindingCell({ row, editable }: { row: ModelRow; editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState(row.formCode ?? "");
  const [busy, setBusy] = useState(false);
  if (!editable) return <Text size="sm">{row.formCode ?? ""}</Text>;
  const changed = code.trim() !== (row.formCode ?? "");
  const save = async () => {
    if (!changed || busy) return;
    setBusy(true);
    try {
      notifySuccess((await bindForm(row.key, code.trim())).msg);
      await queryClient.invalidateQueries({ queryKey: modelsKey });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        size="xs"
        aria-label={t("flowDesign.binding.codeOf", { name: row.name })}
        placeholder={t("flowDesign.binding.unbound")}
        value={code}
        maxLength={64}
        onChange={(e) => setCode(e.currentTarget.value)}
        onKeyDown={(e) => e.key === "Enter" && void save()}
        style={{ flex: 1 }}
        data-testid="binding-code"
      />
      <Button size="xs" leftSection={<IconLink size={14} />} disabled={!changed} loading={busy} onClick={() => void save()} data-testid="binding-save">
        {t("flowDesign.binding.bind")}
      </Button>
    </Group>
  );
}
