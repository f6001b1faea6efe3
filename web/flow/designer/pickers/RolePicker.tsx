/** Picks roles (/sys/candidate/roleList) in a searchable multi-select; the value keeps each role's name. */
import { MultiSelect } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { roleListQuery, type Pick } from "./candidates.ts";

export interface RolePickerProps {
  value: Pick[];
  onChange: (value: Pick[]) => void;
  label?: string;
  error?: string;
  required?: boolean;
  "data-testid"?: string;
}

export function RolePicker({ value, onChange, label, error, required, "data-testid": testId }: RolePickerProps) {
  const { t } = useTranslation();
  const roles = useQuery(roleListQuery);
  const data = useMemo(() => {
    const known = (roles.data ?? []).map((r) => ({ value: r.roleId, label: r.name }));
    // a chosen role the list no longer has still shows (by the name kept in the tree)
    for (const r of value) if (!known.some((k) => k.value === r.id)) known.push({ value: r.id, label: r.name });
    return known;
  }, [roles.data, value]);
  const names = new Map(data.map((d) => [d.value, d.label]));
  return (
    <MultiSelect
      label={label ?? t("flowDesign.approval.roles")}
      placeholder={t("flowDesign.picker.chooseRoles")}
      data={data}
      searchable
      clearable
      required={required}
      error={error}
      value={value.map((r) => r.id)}
      onChange={(ids) => onChange(ids.map((id) => ({ id, name: names.get(id) ?? id })))}
      comboboxProps={{ zIndex: 400 }}
      data-testid={testId}
    />
  );
}
RolePicker.displayName = "RolePicker";
