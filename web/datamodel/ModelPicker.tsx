/** Picks one data model (every model the server lists, by name and code); the fields and data screens start from it. */
import { Select, type SelectProps } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { datamodelQueries } from "./api.ts";

export interface ModelPickerProps extends Omit<SelectProps, "data" | "value" | "onChange"> {
  value: string | null;
  onChange: (id: string | null) => void;
  /** only entity tables (their fields can be edited) @default false */
  tablesOnly?: boolean;
}

export function ModelPicker({ value, onChange, tablesOnly = false, ...others }: ModelPickerProps) {
  const { t } = useTranslation();
  const models = useQuery(datamodelQueries.all());
  const data = (models.data ?? []).filter((m) => !tablesOnly || m.type !== "view").map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }));
  return (
    <Select
      label={t("datamodel.pickModel")}
      placeholder={t("datamodel.pickModelHint")}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      nothingFoundMessage={t("datamodel.noModels")}
      w={320}
      attributes={{ input: { name: "dataModelId", "data-testid": "model-picker" } as Record<string, string> }}
      {...others}
    />
  );
}
