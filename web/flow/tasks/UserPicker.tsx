/**
 * Picks one or several users from the candidate tree (`GET /sys/candidate/userTree`: departments with their
 * enabled users), searchable by name or account, grouped by department. Used by delegate, transfer, add
 * signer, CC, the monitor's transfer and the start form's approver pickers.
 */
import { MultiSelect, Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { get } from "../../api/http.ts";

interface TreeNode {
  id: string;
  name: string;
  userNo?: string;
  type: "department" | "user";
  children?: TreeNode[];
}

/** The candidate tree, fetched once per session view (it changes rarely). */
export const userTreeQuery = {
  queryKey: ["/sys/candidate/userTree"] as const,
  queryFn: async () => (await get<TreeNode[]>("/sys/candidate/userTree")).data ?? [],
  staleTime: 5 * 60_000,
};

/** Grouped select data: one group per department; a user in two departments is offered once. */
function useUserOptions() {
  const tree = useQuery(userTreeQuery);
  const { t } = useTranslation();
  const data = useMemo(() => {
    const seen = new Set<string>();
    return (tree.data ?? [])
      .map((dept) => ({
        group: dept.name || t("flowTasks.picker.noDept"),
        items: (dept.children ?? [])
          .filter((u) => u.type === "user" && !seen.has(u.id) && seen.add(u.id))
          .map((u) => ({ value: u.id, label: u.userNo ? `${u.name} (${u.userNo})` : u.name })),
      }))
      .filter((g) => g.items.length);
  }, [tree.data, t]);
  return { data, loading: tree.isLoading };
}

interface PickerProps {
  label?: string;
  required?: boolean;
  error?: string | null;
  "data-testid"?: string;
  autoFocus?: boolean;
}

export function UserPicker({ value, onChange, ...props }: PickerProps & { value: string | null; onChange: (id: string | null) => void }) {
  const { t } = useTranslation();
  const { data, loading } = useUserOptions();
  return (
    <Select
      {...props}
      withAsterisk={props.required}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      placeholder={loading ? t("flowTasks.picker.loading") : t("flowTasks.picker.placeholder")}
      nothingFoundMessage={t("flowTasks.picker.none")}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function UsersPicker({ value, onChange, ...props }: PickerProps & { value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const { data, loading } = useUserOptions();
  return (
    <MultiSelect
      {...props}
      withAsterisk={props.required}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      placeholder={loading ? t("flowTasks.picker.loading") : t("flowTasks.picker.placeholder")}
      nothingFoundMessage={t("flowTasks.picker.none")}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
