/**
 * Finds an enterprise by name, code or legal representative (the master list's keyword search) and opens its
 * profile, or hands the pick to `onPick` (a dialog choosing an enterprise). Typing waits 300 ms before asking;
 * at most 20 matches are offered.
 */
import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import { recordQueries } from "../core/api/records.ts";
import { profilePath } from "./scope.ts";

export interface PickedEnterprise {
  creditCode: string;
  entName: string;
}

export interface EnterprisePickerProps {
  master: Family;
  w?: number | string;
  /** called with the picked enterprise instead of opening its profile @default undefined */
  onPick?: (enterprise: PickedEnterprise) => void;
  label?: string;
  error?: string;
}

export function EnterprisePicker({ master, w = 320, onPick, label, error }: EnterprisePickerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({ ...recordQueries(master.path).list({ page: 1, limit: 20, keyword }), enabled: keyword.length >= 2, placeholderData: keepPreviousData });
  const rows = keyword.length >= 2 ? (found.data?.rows ?? []) : [];
  const data = rows.map((row) => ({ value: String(row.creditCode), label: `${String(row.entName)} (${String(row.creditCode)})` }));
  return (
    <Select
      w={w}
      searchable
      clearable
      value={null}
      data={data}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onChange={(creditCode) => {
        if (!creditCode) return;
        setSearch("");
        const row = rows.find((r) => String(r.creditCode) === creditCode);
        if (onPick) onPick({ creditCode, entName: String(row?.entName ?? creditCode) });
        else void navigate({ to: profilePath, search: { creditCode } as never });
      }}
      placeholder={t("enterprise.picker.placeholder")}
      aria-label={label ?? t("enterprise.picker.label")}
      label={label}
      error={error}
      nothingFoundMessage={keyword.length >= 2 && !found.isFetching ? t("enterprise.picker.nothing") : undefined}
      leftSection={<IconSearch size={14} />}
      data-testid="enterprise-picker"
    />
  );
}
