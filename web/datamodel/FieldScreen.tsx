/**
 * Model fields (/datamodel/field): pick a model, list its fields (GET /datamodel/field/list?dataModelId&fieldTitle),
 * add or change one with the same field editor the model form uses — saved at once through the field verbs, a change of the model, so
 * the server's rules apply (a type change that would not fit existing records is refused with their count, a
 * new required field needs a default) and the refusal shows on the input it concerns — and, in a tab, the
 * table's metadata: its columns and indexes (getTableMetadata).
 */
import { Badge, Button, Card, Group, Stack, Table, Tabs, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMatch, useNavigate } from "@tanstack/react-router";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { modelFieldSchema, type ModelField } from "../../events/datamodel/definition.ts";
import { ApiError, post } from "../core/api/http.ts";
import type { ScreenProps } from "../registry/index.ts";
import { hasPermission } from "../core/session.ts";
import { EmptyRow } from "../core/ui/TableParts.tsx";
import { datamodelQueries, modelPath, modelQueries, type MetadataRow } from "./api.ts";
import { causeOf, FieldDialog, type FieldDraft } from "./FieldEditor.tsx";
import { ModelPicker } from "./ModelPicker.tsx";

/** A cell of the metadata tables: whatever the server names, as text. */
const cell = (v: unknown) => (v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v));

function MetadataTable({ rows, testId }: { rows: MetadataRow[]; testId: string }) {
  const { t } = useTranslation();
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>{keys.map((k) => <Table.Th key={k}>{k}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => <Table.Tr key={i}>{keys.map((k) => <Table.Td key={k}>{cell(r[k])}</Table.Td>)}</Table.Tr>)}
          {rows.length === 0 && <Table.Tr><Table.Td colSpan={Math.max(1, keys.length)}><Text size="sm" c="dimmed" ta="center">{t("sys.common.noData")}</Text></Table.Td></Table.Tr>}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export default function FieldScreen({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = useMatch({ strict: false, select: (m) => m.search as Record<string, unknown> });
  const modelId = typeof search.dataModelId === "string" && search.dataModelId ? search.dataModelId : null;
  const [draftTitle, setDraftTitle] = useState("");
  const [title, setTitle] = useState("");
  const [editing, setEditing] = useState<{ field: ModelField | null } | null>(null);
  const [refusal, setRefusal] = useState<{ errors: Record<string, string>; message?: string }>({ errors: {} });
  const [busy, setBusy] = useState(false);

  const model = useQuery({ ...modelQueries.detail(modelId ?? ""), enabled: !!modelId, staleTime: 0 });
  const stored = model.data;
  const listed = useQuery(datamodelQueries.fields(modelId ?? "", title));
  const metadata = useQuery(datamodelQueries.metadata(modelId ?? ""));
  // the model's own definition when the list verb is unavailable
  const fields: ModelField[] = listed.data ?? (listed.isError ? (stored?.fields ?? []).filter((f) => !title || f.title.includes(title) || (f.titleEn ?? "").includes(title)) : []);
  const canEdit = hasPermission("datamodel:field:update");
  const canAdd = hasPermission("datamodel:field:save");

  const pick = (id: string | null) => void navigate({ to: route.path, search: (id ? { dataModelId: id } : {}) as never });
  const open = (field: ModelField | null) => {
    setRefusal({ errors: {} });
    setEditing({ field });
  };

  /**
   * Saves one field through the field verbs (/datamodel/field/save adds, update changes): a change of the whole
   * model on the server, named so in the model's history.
   */
  const save = async (field: ModelField): Promise<boolean> => {
    if (!stored) return false;
    setBusy(true);
    try {
      const answer = await post<unknown>(`/datamodel/field/${editing?.field ? "update" : "save"}`, { ...field, dataModelId: stored.id, version: stored.version });
      notifications.show({ color: "green", message: answer.msg });
      await Promise.all([queryClient.invalidateQueries({ queryKey: [modelPath] }), queryClient.invalidateQueries({ queryKey: ["/datamodel/field"] }), queryClient.invalidateQueries({ queryKey: ["/datamodel/data"] })]);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // the refusal about this field (`fields.<name>`, or one of its properties) goes on its input
      const mine: Record<string, string> = {};
      const other: string[] = [];
      for (const [key, message] of Object.entries(error.errors)) {
        const match = /^fields(?:\.|\[)(\w+)\]?(?:\.(\w+))?/.exec(key);
        if (match && match[1] === field.name) mine[match[2] ?? causeOf(editing?.field ?? undefined, field)] = message;
        else if (key in modelFieldSchema.shape) mine[key] = message;
        else other.push(message);
      }
      setRefusal({ errors: mine, message: Object.keys(mine).length ? other.join("; ") || undefined : error.message });
      if (error.code === 409) void model.refetch();
      return false;
    } finally {
      setBusy(false);
    }
  };

  const label = (f: ModelField) => (i18n.language === "en-US" && f.titleEn ? f.titleEn : f.title);

  return (
    <Card withBorder data-testid="field-screen">
      <Stack>
        <Group gap="sm" align="flex-end">
          <ModelPicker value={modelId} onChange={pick} tablesOnly />
          <TextInput label={t("datamodel.field.title")} placeholder={t("datamodel.field.searchTitle")} value={draftTitle} onChange={(e) => setDraftTitle(e.currentTarget.value)} onKeyDown={(e) => e.key === "Enter" && setTitle(draftTitle.trim())} name="fieldTitle" />
          <Button leftSection={<IconSearch size={16} />} onClick={() => setTitle(draftTitle.trim())}>{t("actions.search")}</Button>
          <Button variant="default" onClick={() => (setDraftTitle(""), setTitle(""))}>{t("actions.reset")}</Button>
          {modelId && canAdd && stored && (
            <Button ml="auto" leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="field-screen-add">{t("datamodel.field.add")}</Button>
          )}
        </Group>
        {!modelId ? (
          <Text c="dimmed" ta="center" py="xl">{t("datamodel.data.pickFirst")}</Text>
        ) : (
          <Tabs defaultValue="fields" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="fields" data-testid="tab-fields">{t("datamodel.field.tabFields")}</Tabs.Tab>
              <Tabs.Tab value="metadata" data-testid="tab-metadata">{t("datamodel.field.tabMetadata")}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="fields" pt="sm">
              <Table striped highlightOnHover withTableBorder fz="sm" data-testid="field-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={50}>#</Table.Th>
                    <Table.Th>{t("datamodel.field.title")}</Table.Th>
                    <Table.Th>{t("datamodel.field.name")}</Table.Th>
                    <Table.Th>{t("datamodel.field.type")}</Table.Th>
                    <Table.Th>{t("datamodel.field.required")}</Table.Th>
                    <Table.Th>{t("datamodel.field.unique")}</Table.Th>
                    <Table.Th>{t("datamodel.field.dictType")}</Table.Th>
                    <Table.Th w={100}>{t("sys.common.actions")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {fields.map((f, i) => (
                    <Table.Tr key={f.name} data-testid="field-list-row" data-field-name={f.name} style={f.hidden ? { opacity: 0.55 } : undefined}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td>
                        {label(f)} {f.hidden && <Badge size="xs" color="gray" variant="light">{t("datamodel.field.hiddenTag")}</Badge>}
                      </Table.Td>
                      <Table.Td><Text size="sm" ff="monospace">{f.name}</Text></Table.Td>
                      <Table.Td>{t(`datamodel.types.${f.type}`)}</Table.Td>
                      <Table.Td>{f.required ? t("crud.yes") : ""}</Table.Td>
                      <Table.Td>{f.unique ? t("crud.yes") : ""}</Table.Td>
                      <Table.Td>{f.dictType ?? ""}</Table.Td>
                      <Table.Td>
                        {canEdit && (
                          <Button size="compact-sm" variant="subtle" onClick={() => open(stored?.fields?.find((s) => s.name === f.name) ?? f)} disabled={!stored} data-testid="field-list-edit">
                            {t("actions.edit")}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {fields.length === 0 && <EmptyRow colSpan={8} loading={listed.isLoading} />}
                </Table.Tbody>
              </Table>
            </Tabs.Panel>
            <Tabs.Panel value="metadata" pt="sm">
              <Stack gap="sm">
                {metadata.data?.tableName && <Text size="sm">{t("datamodel.model.table")}: <Text span ff="monospace">{metadata.data.tableName}</Text></Text>}
                {metadata.isError && <Text c="red" size="sm">{metadata.error.message}</Text>}
                <Text fw={600} size="sm">{t("datamodel.field.columns")}</Text>
                <MetadataTable rows={metadata.data?.columns ?? []} testId="metadata-columns" />
                <Text fw={600} size="sm">{t("datamodel.field.indexes")}</Text>
                <MetadataTable rows={metadata.data?.indexes ?? []} testId="metadata-indexes" />
              </Stack>
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
      <FieldDialog
        opened={editing !== null}
        field={(editing?.field as FieldDraft | null) ?? null}
        stored={!!editing?.field}
        otherNames={(stored?.fields ?? []).filter((f) => f.name !== editing?.field?.name).map((f) => f.name)}
        serverErrors={refusal.errors}
        serverMessage={refusal.message}
        onSubmit={save}
        onClose={() => setEditing(null)}
        busy={busy}
      />
    </Card>
  );
}
