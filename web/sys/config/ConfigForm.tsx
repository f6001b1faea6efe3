/** Add or edit a config parameter; the value editor follows the value type (string, array, table). */
import { Group, Input, Loader, SegmentedControl, Stack, TextInput, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { post } from "../../core/api/http.ts";
import { recordQueries } from "../../core/api/records.ts";
import { currentLang } from "../../core/i18n.ts";
import { config } from "../../../events/families/sys.ts";
import type { Family } from "../../../events/family.ts";
import { useDict } from "../../core/ui/dict.ts";
import { DraggableModal } from "../../widgets/DraggableModal/index.ts";
import { runCommand } from "../../core/feedback.tsx";
import { fieldLabel, validateRecord } from "../../../events/validation.ts";
import { ArrayEditor, TableEditor, type ConfigTable } from "./ValueEditors.tsx";
import { FormActions } from "../../core/ui/TableParts.tsx";

const configs = config as unknown as Family;
export const configQueries = recordQueries(config.path);

type ValueType = "string" | "array" | "table";

/** Each type keeps its own draft, so switching type and back loses nothing. */
interface ConfigValues {
  name: string;
  valueType: ValueType;
  text: string;
  items: string[];
  table: ConfigTable;
  remark: string;
}

const blank: ConfigValues = { name: "", valueType: "string", text: "", items: [""], table: { columns: [], rows: [] }, remark: "" };

/** The value sent for the chosen type: blank items and blank rows left out; nothing at all becomes empty. */
export function configValue(values: Pick<ConfigValues, "valueType" | "text" | "items" | "table">): unknown {
  if (values.valueType === "string") return values.text;
  if (values.valueType === "array") return values.items.filter((item) => item.trim() !== "");
  const rows = values.table.rows.filter((row) => row.some((cell) => cell.trim() !== ""));
  return values.table.columns.length ? { columns: values.table.columns, rows } : null;
}

function draftsOf(valueType: ValueType, value: unknown): Pick<ConfigValues, "text" | "items" | "table"> {
  return {
    text: valueType === "string" && typeof value === "string" ? value : "",
    items: valueType === "array" && Array.isArray(value) ? value.map(String) : [""],
    table: valueType === "table" && value && typeof value === "object" && !Array.isArray(value) ? (value as ConfigTable) : { columns: [], rows: [] },
  };
}

export function ConfigForm({ id, opened, onClose }: { id: string | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const { options: valueTypes } = useDict("configValueType");
  const detail = useQuery({ ...configQueries.detail(id ?? ""), enabled: opened && !!id, staleTime: 0 });
  const form = useForm<ConfigValues>({ initialValues: blank });

  useEffect(() => {
    if (!opened) return;
    if (!id) form.setValues(blank);
    else if (detail.data) {
      const r = detail.data;
      const valueType = (["string", "array", "table"].includes(String(r.valueType)) ? r.valueType : "string") as ValueType;
      form.setValues({ name: String(r.name ?? ""), valueType, remark: String(r.remark ?? ""), ...draftsOf(valueType, r.value) });
    }
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, id, detail.data]);

  const submit = form.onSubmit(async (values) => {
    const record: Record<string, unknown> = { name: values.name, valueType: values.valueType, value: configValue(values), remark: values.remark };
    if (id) Object.assign(record, { id, version: detail.data?.version });
    const errors = validateRecord(configs, record, lang);
    if (Object.keys(errors).length) return form.setErrors(errors);
    if (!(await runCommand(() => post("/sys/config/save", record), form.setErrors))) return;
    await queryClient.invalidateQueries({ queryKey: configQueries.all });
    onClose();
  });

  /** Edits one type's draft; the value's message goes once the user changes it. */
  const setDraft = <K extends "text" | "items" | "table">(key: K, value: ConfigValues[K]) => {
    form.setFieldValue(key, value as never);
    form.clearFieldError("value");
  };
  const label = (key: string) => fieldLabel(configs, key, lang);
  const valueError = form.errors.value as string | undefined;
  return (
    <DraggableModal opened={opened} onClose={onClose} width={820} closeOnClickOutside={false} title={t(id ? "sys.config.edit" : "sys.config.add")} data-testid="config-form">
      {id && detail.isLoading ? (
        <Group justify="center" p="xl"><Loader /></Group>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label={label("name")} withAsterisk {...form.getInputProps("name")} data-testid="config-name" />
            <Input.Wrapper label={label("valueType")} withAsterisk error={form.errors.valueType}>
              <div>
                <SegmentedControl
                  data={valueTypes.length ? valueTypes : ["string", "array", "table"]}
                  value={form.values.valueType}
                  onChange={(v) => (form.setFieldValue("valueType", v as ValueType), form.clearFieldError("value"))}
                  data-testid="config-value-type"
                />
              </div>
            </Input.Wrapper>
            <Input.Wrapper label={label("value")} withAsterisk>
              <div style={{ marginTop: 4 }}>
                {form.values.valueType === "string" && (
                  <Textarea autosize minRows={3} maxRows={10} value={form.values.text} onChange={(e) => setDraft("text", e.currentTarget.value)} error={valueError} data-testid="config-text" />
                )}
                {form.values.valueType === "array" && <ArrayEditor value={form.values.items} onChange={(v) => setDraft("items", v)} error={valueError} />}
                {form.values.valueType === "table" && <TableEditor value={form.values.table} onChange={(v) => setDraft("table", v)} error={valueError} />}
              </div>
            </Input.Wrapper>
            <Textarea label={label("remark")} autosize minRows={2} maxRows={4} {...form.getInputProps("remark")} />
            <FormActions onCancel={onClose} saveTestId="config-save" />
          </Stack>
        </form>
      )}
    </DraggableModal>
  );
}
