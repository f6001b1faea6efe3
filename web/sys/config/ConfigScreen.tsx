/**
 * Config parameters (/sys/config) on the list kit: name and value-type filters and the page in the URL,
 * add, edit, delete and bulk delete of the selected; values shown by type.
 */
import { Badge, Button, Group, Text, Tooltip } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { deleteRecords, type Row } from "../../core/api/records.ts";
import { currentLang } from "../../core/i18n.ts";
import { hasPermission } from "../../core/session.ts";
import type { ScreenProps } from "../../registry/index.ts";
import { config } from "../../../events/families/sys.ts";
import { useDict } from "../../core/ui/dict.ts";
import { confirmDelete, notifyError, notifySuccess } from "../../core/feedback.tsx";
import { fieldLabel } from "../../../events/validation.ts";
import { ListScreen, type ListContext, type ListSpec } from "../../crud/ListScreen.tsx";
import { ConfigForm, configQueries } from "./ConfigForm.tsx";
import type { ConfigTable } from "./ValueEditors.tsx";

const label = (key: string) => fieldLabel(config, key, currentLang());

/** A short text for a value of any type (the whole value in a tooltip). */
function ValuePreview({ type, value }: { type: unknown; value: unknown }) {
  const { t } = useTranslation();
  if (type === "array" && Array.isArray(value)) {
    return (
      <Group gap={4}>
        {value.slice(0, 4).map((item, i) => <Badge key={i} variant="outline" color="gray" tt="none" maw={220}>{String(item)}</Badge>)}
        {value.length > 4 && <Text size="xs" c="dimmed">{t("sys.config.items", { n: value.length })}</Text>}
      </Group>
    );
  }
  if (type === "table" && value && typeof value === "object") {
    const table = value as ConfigTable;
    return (
      <Tooltip label={[table.columns.join(" | "), ...table.rows.slice(0, 8).map((r) => r.join(" | "))].join("\n")} style={{ whiteSpace: "pre" }}>
        <Text size="sm">{table.columns.join("、")} <Text span size="xs" c="dimmed">({t("sys.config.tableSize", { columns: table.columns.length, rows: table.rows.length })})</Text></Text>
      </Tooltip>
    );
  }
  return <Text size="sm" lineClamp={2}>{value === null || value === undefined ? "" : String(value)}</Text>;
}

function ValueType({ type }: { type: unknown }) {
  return <Badge variant="light" tt="none">{useDict("configValueType").labelOf(type)}</Badge>;
}

/** Deletes the given parameters after a confirmation naming them. */
async function remove(rows: Row[], list: ListContext<Row>) {
  if (!rows.length) return notifyError(list.t("notice.pleaseSelectDelete"));
  if (!(await confirmDelete([], { text: list.t("sys.common.deleteNamed", { name: rows.map((r) => String(r.name ?? "")).join(", ") }) }))) return;
  await list.run(rows.length === 1 ? String(rows[0]!.id) : "bulk", async () => {
    notifySuccess((await deleteRecords(config.path, rows.map((r) => String(r.id)))).msg);
    list.setSelected([]);
  });
}

const canDelete = () => hasPermission(config.tags.delete);

const configList: ListSpec<Row> = {
  name: "config",
  path: config.path,
  query: (params) => configQueries.list(params) as never,
  rowKey: (r) => String(r.id),
  rowAttrs: (r) => ({ "data-config-name": String(r.name ?? "") }),
  minWidth: 800,
  // read at each render: the permissions arrive after sign-in
  get selectable() {
    return canDelete();
  },
  filters: [
    { kind: "text", key: "name", label: () => label("name"), width: 200 },
    { kind: "dict", key: "valueType", dictType: "configValueType", label: () => label("valueType"), width: 160 },
  ],
  columns: [
    { key: "name", title: () => label("name"), width: 200, render: (r) => <Text size="sm" ff="monospace">{String(r.name ?? "")}</Text> },
    { key: "valueType", title: () => label("valueType"), width: 100, render: (r) => <ValueType type={r.valueType} /> },
    { key: "value", title: () => label("value"), render: (r) => <ValuePreview type={r.valueType} value={r.value} /> },
    { key: "remark", title: () => label("remark"), width: 180, render: (r) => String(r.remark ?? "") },
    { key: "updateTime", title: (t) => t("sys.common.updateTime"), width: 170, render: (r) => String(r.updateTime ?? "") },
  ],
  toolbar: (list) => (
    <>
      {hasPermission(config.tags.save) && <Button leftSection={<IconPlus size={16} />} onClick={() => list.edit(null)} data-testid="config-add">{list.t("actions.add")}</Button>}
      {canDelete() && (
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} loading={list.busy === "bulk"} onClick={() => void remove(list.rows.filter((r) => list.selected.includes(String(r.id))), list)} data-testid="config-bulk-delete">
          {list.t("actions.bulkDelete")}
        </Button>
      )}
    </>
  ),
  actions: (r, list) => (
    <>
      {hasPermission(config.tags.update) && <Button size="compact-sm" variant="subtle" onClick={() => list.edit(String(r.id))} data-testid="config-edit">{list.t("actions.edit")}</Button>}
      {canDelete() && <Button size="compact-sm" variant="subtle" color="red" loading={list.busy === String(r.id)} onClick={() => void remove([r], list)} data-testid="config-delete">{list.t("actions.delete")}</Button>}
    </>
  ),
  form: (id, close) => <ConfigForm opened id={id} onClose={close} />,
};

export default function ConfigScreen(_: ScreenProps) {
  return <ListScreen list={configList} />;
}
