/**
 * Process forms (menu flowable/form/index): which form code each model's instances use. The models list
 * (searched by name, paged) with the bound code editable in place; Enter or "bind" saves it through
 * POST /flowable/form/saveOrUpdate {modelKey, formCode}.
 */
import { Badge, Button, Card, Group, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { IconLink, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../app/screens.ts";
import { hasPermission } from "../../app/session.ts";
import { notifyError, notifySuccess } from "../../sys/shared/feedback.tsx";
import { FlowTable, serialOf, useFilteredList, type FlowColumn } from "../tasks/FlowTable.tsx";
import { bindForm, modelsKey, modelsQuery, type ModelRow } from "./api.ts";

export default function FormBindingScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const list = useFilteredList<ModelRow, { name: string }>({ name: "" }, modelsQuery);
  const mayBind = hasPermission("flowable:form:save,flowable:form:update");
  const columns: FlowColumn<ModelRow>[] = [
    { key: "serial", title: "sys.common.serial", width: 60, render: (_row, i) => serialOf(list.paging, i) },
    { key: "name", title: "flowDesign.model.name" },
    { key: "key", title: "flowDesign.model.key", render: (row) => <Text size="sm" ff="monospace">{row.key}</Text> },
    {
      key: "version",
      title: "flowDesign.models.version",
      width: 100,
      render: (row) => (row.version ? <Badge variant="light" color="green" tt="none">v{row.version}</Badge> : <Badge variant="light" color="gray" tt="none">{t("flowDesign.models.undeployed")}</Badge>),
    },
    { key: "formCode", title: "flowDesign.model.formCode", width: 340, render: (row) => <BindingCell key={`${row.id}:${row.formCode ?? ""}`} row={row} editable={mayBind} /> },
  ];

  return (
    <Card withBorder data-testid="form-binding-screen">
      <Stack>
        <Group gap="sm">
          <TextInput placeholder={t("flowDesign.models.searchName")} aria-label={t("flowDesign.models.searchName")} value={list.draft.name} onChange={(e) => list.setDraft({ name: e.currentTarget.value })} onKeyDown={(e) => e.key === "Enter" && list.search()} w={220} />
          <Button leftSection={<IconSearch size={16} />} onClick={list.search}>{t("actions.search")}</Button>
          <Button variant="default" onClick={list.reset}>{t("actions.reset")}</Button>
        </Group>
        <Text size="sm" c="dimmed">{t("flowDesign.binding.hint")}</Text>
        <FlowTable
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ "data-testid": `binding-row-${row.key}` })}
          minWidth={800}
          tableProps={{ style: { whiteSpace: "nowrap" } }}
          data-testid="form-binding-table"
        />
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
