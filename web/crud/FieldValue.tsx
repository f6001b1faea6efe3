/** A record's value shown by its field kind: dictionary names, reference names, yes/no, JSON, text. */
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import { DictTag } from "../widgets/DictTag/index.ts";
import { RegionName } from "../widgets/RegionCascader/index.ts";
import { RefName } from "./refs.tsx";
import { useSeededName } from "../core/seeded.ts";

export interface FieldValueProps {
  family: Family;
  fieldKey: string;
  value: unknown;
  /** keep long texts on two lines (table cells) */
  clamp?: boolean;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

export function FieldValue({ family, fieldKey, value, clamp = false }: FieldValueProps) {
  const { t } = useTranslation();
  const named = useSeededName();
  const field = family.fields[fieldKey];
  if (isEmpty(value)) return null;
  switch (field?.kind) {
    case "dict":
      return <DictTag type={field.dict!} value={value as string | string[]} size="sm" />;
    case "bool":
      return <>{t(value === true || value === 1 || value === "1" || value === "true" ? "crud.yes" : "crud.no")}</>;
    case "ref":
      return <RefName family={family} fieldKey={fieldKey} id={String(value)} />;
    case "refs":
      return <>{(value as unknown[]).length}</>;
    case "json":
      return (
        <Text component="span" size="sm" ff="monospace" lineClamp={clamp ? 2 : undefined}>
          {typeof value === "string" ? value : JSON.stringify(value)}
        </Text>
      );
    default:
      // a division code (not a division's own): its name
      if (field?.rules.includes("zoningCode") && fieldKey !== "code") return <RegionName value={String(value)} />;
      if (!field && typeof value === "object") return <>{JSON.stringify(value)}</>;
      // a seeded name (a division's, a department's, a person's…) in the screen's language
      return clamp ? (
        <Text component="span" size="sm" lineClamp={2} title={named(String(value))} style={{ display: "-webkit-box" }}>
          {named(String(value))}
        </Text>
      ) : (
        <>{named(String(value))}</>
      );
  }
}
