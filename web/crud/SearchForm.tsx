/**
 * The search form of a list: a keyword box when the family declares searchable fields (best match first), then
 * one input per declared filter; Enter or the search button applies them.
 */
import { Box, Button, Group, TextInput } from "@mantine/core";
import { IconRefresh, IconSearch } from "@tabler/icons-react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import type { Query } from "../core/api/http.ts";
import { FieldInput } from "./FieldInput.tsx";
import { keywordMax, type Filters } from "./listSearch.ts";

export type { Filters };

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
  /** the keyword box's text (shown only when the family declares `search`) @default "" */
  keyword?: string;
  onKeywordChange?: (keyword: string) => void;
  onSearch: () => void;
  onReset: () => void;
  /** filters fixed by the screen (a scoped tab): applied, but not offered */
  hidden?: string[];
}

export function SearchForm({ family, values, onChange, keyword = "", onKeywordChange, onSearch, onReset, hidden = [] }: SearchFormProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const keys = Object.keys(family.filters).filter((key) => !hidden.includes(key));
  const searchable = family.search.length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  const over = (family.search as string[]).map((key) => family.fields[key]!.label[lang]).join(lang === "zh-CN" ? "、" : ", ");
  return (
    <form onSubmit={submit} data-testid="search-form" role="search">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {searchable && (
          <TextInput
            w={260}
            label={t("crud.keyword")}
            name="keyword"
            type="search"
            value={keyword}
            maxLength={keywordMax}
            onChange={(e) => onKeywordChange?.(e.currentTarget.value)}
            placeholder={t("crud.keywordPlaceholder", { fields: over })}
            leftSection={<IconSearch size={14} />}
            data-testid="keyword"
            enterKeyHint="search"
          />
        )}
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
