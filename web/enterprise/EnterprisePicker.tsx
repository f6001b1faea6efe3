/**
 * Finds an enterprise by name, code or legal representative (the master list's keyword search) and opens its
 * profile. Typing waits 300 ms before asking; at most 20 matches are offered.
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

export function EnterprisePicker({ master, w = 320 }: { master: Family; w?: number | string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({ ...recordQueries(master.path).list({ page: 1, limit: 20, keyword }), enabled: keyword.length >= 2, placeholderData: keepPreviousData });
  const data = keyword.length >= 2
    ? (found.data?.rows ?? []).map((row) => ({ value: String(row.creditCode), label: `${String(row.entName)} (${String(row.creditCode)})` }))
    : [];
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
        void navigate({ to: profilePath, search: { creditCode } as never });
      }}
      placeholder={t("enterprise.picker.placeholder")}
      aria-label={t("enterprise.picker.label")}
      nothingFoundMessage={keyword.length >= 2 && !found.isFetching ? t("enterprise.picker.nothing") : undefined}
      leftSection={<IconSearch size={14} />}
      data-testid="enterprise-picker"
    />
  );
}
