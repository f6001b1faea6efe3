/** The search form of a list: one input per declared filter; Enter or the search button applies it. */
import { Box, Button, Group } from "@mantine/core";
import { IconRefresh, IconSearch } from "@tabler/icons-react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Query } from "../api/http.ts";
import { FieldInput } from "./FieldInput.tsx";

export type Filters = Record<string, unknown>;

/** The declared filters that have a value, as query parameters. */
export function filterQuery(family: Family, filters: Filters): Query {
  const query: Query = {};
  for (const key of Object.keys(family.filters)) {
    const value = filters[key];
    if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    query[key] = Array.isArray(value) ? value.join(",") : typeof value === "string" ? value.trim() : String(value);
  }
  return query;
}

export interface SearchFormProps {
  family: Family;
  values: Filters;
  onChange: (values: Filters) => void;
  onSearch: () => void;
  onReset: () => void;
}

export function SearchForm({ family, values, onChange, onSearch, onReset }: SearchFormProps) {
  const { t } = useTranslation();
  const keys = Object.keys(family.filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form onSubmit={submit} data-testid="search-form" role="search">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {keys.map((key) => (
          <Box key={key} w={200}>
            <FieldInput family={family} fieldKey={key} value={values[key] ?? null} onChange={(v) => onChange({ ...values, [key]: v })} compact />
          </Box>
        ))}
        <Group gap="xs">
          <Button type="submit" leftSection={<IconSearch size={16} />} data-testid="search">
            {t("actions.search")}
          </Button>
          <Button type="button" variant="default" leftSection={<IconRefresh size={16} />} onClick={onReset} data-testid="reset">
            {t("actions.reset")}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
