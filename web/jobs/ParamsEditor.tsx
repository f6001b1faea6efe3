/**
 * A job's parameters: when the handler's schema is an object of simple properties (text, number, boolean,
 * enumerations) each becomes a field; otherwise the JSON itself is edited. Server errors named `params.x`
 * land on field x; the whole value is always a JSON object.
 */
import { NumberInput, Select, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ParamsSchema } from "./api.ts";

/** `null` while the JSON text does not parse to an object (the form refuses to save then). */
type Props = { schema?: ParamsSchema; value: Record<string, unknown> | null; onChange: (value: Record<string, unknown> | null) => void; errors: Record<string, string> };

const kindOf = (p: NonNullable<ParamsSchema["properties"]>[string]): "enum" | "string" | "number" | "boolean" | null => {
  if (p.enum?.every((v) => typeof v === "string")) return "enum";
  const type = Array.isArray(p.type) ? p.type.find((x) => x !== "null") : p.type;
  if (type === "string") return "string";
  if (type === "number" || type === "integer") return "number";
  if (type === "boolean") return "boolean";
  return null;
};

/** Whether every property of the schema can be a plain field. */
export const simpleSchema = (schema?: ParamsSchema) =>
  !!schema?.properties && Object.keys(schema.properties).length > 0 && Object.values(schema.properties).every((p) => kindOf(p) !== null);

export function ParamsEditor({ schema, value: given, onChange, errors }: Props) {
  const { t } = useTranslation();
  const value = given ?? {};
  const fieldError = (key: string) => errors[`params.${key}`];
  if (simpleSchema(schema)) {
    const required = new Set(schema!.required ?? []);
    return (
      <Stack gap="xs" data-testid="job-params-fields">
        <Text size="sm" fw={500}>{t("jobs.params")}</Text>
        {Object.entries(schema!.properties!).map(([key, p]) => {
          const label = p.title ?? p.description ?? key;
          const common = { key, label, required: required.has(key), error: fieldError(key), "data-testid": `job-param-${key}` };
          const set = (v: unknown) => onChange({ ...value, [key]: v === "" || v === null ? undefined : v });
          switch (kindOf(p)) {
            case "enum":
              return <Select {...common} data={(p.enum as string[]).map((v) => ({ value: v, label: v }))} value={(value[key] as string) ?? null} onChange={set} clearable />;
            case "number":
              return <NumberInput {...common} value={(value[key] as number) ?? ""} onChange={(v) => set(typeof v === "number" ? v : undefined)} />;
            case "boolean":
              return <Switch {...common} checked={value[key] === true} onChange={(e) => set(e.currentTarget.checked)} />;
            default:
              return <TextInput {...common} value={(value[key] as string) ?? ""} onChange={(e) => set(e.currentTarget.value)} />;
          }
        })}
        {errors.params && <Text size="xs" c="red">{errors.params}</Text>}
      </Stack>
    );
  }
  return <JsonParams value={given} onChange={onChange} errors={errors} />;
}

/** The raw JSON object, kept as typed text until it parses. */
function JsonParams({ value, onChange, errors }: Omit<Props, "schema">) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (value && Object.keys(value).length ? JSON.stringify(value, null, 2) : ""));
  const nested = Object.entries(errors).filter(([k]) => k.startsWith("params")).map(([k, m]) => (k === "params" ? m : `${k.slice(7)}: ${m}`));
  return (
    <Textarea
      label={t("jobs.paramsJson")}
      value={text}
      autosize
      minRows={3}
      maxRows={10}
      styles={{ input: { fontFamily: "monospace" } }}
      error={value === null ? t("jobs.paramsInvalid") : nested.join("; ") || undefined}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        setText(raw);
        onChange(parseObject(raw));
      }}
      data-testid="job-params-json"
    />
  );
}

/** The object a JSON text holds ("" is the empty object), or null when it is not one. */
export function parseObject(raw: string): Record<string, unknown> | null {
  if (raw.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
