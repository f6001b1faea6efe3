/**
 * Picks one or several users from the candidate tree (`GET /sys/candidate/userTree`: departments with their
 * enabled users), searchable by name or account, grouped by department. Used by delegate, transfer, add
 * signer, CC, the monitor's transfer and the start form's approver pickers.
 */
import { MultiSelect, Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { userTreeQuery } from "../designer/pickers/candidates.ts";
import { useSeededName } from "../../core/seeded.ts";

interface PickerProps {
  label?: string;
  required?: boolean;
  error?: string | null;
  "data-testid"?: string;
  autoFocus?: boolean;
}

/**
 * What both pickers hand their select: the caller's props, search, clear, the texts and the users as
 * grouped data, one group per department (a user in two departments is offered once).
 */
function usePicker(props: PickerProps) {
  const tree = useQuery(userTreeQuery);
  const { t } = useTranslation();
  const named = useSeededName();
  const data = useMemo(() => {
    const seen = new Set<string>();
    return (tree.data ?? [])
      .map((dept) => ({
        group: dept.name ? named(dept.name) : t("flowTasks.picker.noDept"),
        items: (dept.children ?? [])
          .filter((u) => u.type === "user" && !seen.has(u.id) && seen.add(u.id))
          .map((u) => ({ value: u.id, label: u.userNo ? `${named(u.name)} (${u.userNo})` : named(u.name) })),
      }))
      .filter((g) => g.items.length);
  }, [tree.data, t, named]);
  return {
    ...props,
    withAsterisk: props.required,
    data,
    searchable: true,
    clearable: true,
    placeholder: tree.isLoading ? t("flowTasks.picker.loading") : t("flowTasks.picker.placeholder"),
    nothingFoundMessage: t("flowTasks.picker.none"),
    comboboxProps: { withinPortal: true },
  };
}

export function UserPicker({ value, onChange, ...props }: PickerProps & { value: string | null; onChange: (id: string | null) => void }) {
  return <Select {...usePicker(props)} value={value} onChange={onChange} />;
}

export function UsersPicker({ value, onChange, ...props }: PickerProps & { value: string[]; onChange: (ids: string[]) => void }) {
  return <MultiSelect {...usePicker(props)} value={value} onChange={onChange} />;
}
