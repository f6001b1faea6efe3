/** A select over one dictionary type's entries (spec section 2 widgets); several values with `multiple`. */
import { MultiSelect, Select, useProps, type MultiSelectProps, type SelectProps } from "@mantine/core";
import { useMemo, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { entryName, useDictionary } from "../../core/api/dictionaries.ts";

type Shared = Omit<SelectProps, "data" | "value" | "defaultValue" | "onChange"> & Omit<MultiSelectProps, "data" | "value" | "defaultValue" | "onChange">;

export interface DictSelectProps extends Omit<Shared, "ref"> {
  /** dictionary type whose entries are the options */
  type: string;
  /** selected value (an array with `multiple`) @default null */
  value?: string | string[] | null;
  /** called with the new value (an array with `multiple`) */
  onChange?: (value: string | string[] | null) => void;
  /** several values (a multi-select) @default false */
  multiple?: boolean;
  /** most values a multi-select takes; 0 means no limit @default 0 */
  limit?: number;
  /** the form field's name, set on the visible input so it can be found and typed into @default undefined */
  name?: string;
  /** options can be searched by typing @default true */
  searchable?: boolean;
  /** a clear button when a value is chosen @default true */
  clearable?: boolean;
  /** ref of the visible input */
  ref?: Ref<HTMLInputElement>;
}

const defaultProps = { value: null, multiple: false, limit: 0, searchable: true, clearable: true } satisfies Partial<DictSelectProps>;

/**
 * @example
 * <DictSelect type="dictStatus" label="状态" value={status} onChange={setStatus} />
 * <DictSelect type="gender" multiple limit={2} value={[]} onChange={setMany} />
 */
export function DictSelect(props: DictSelectProps) {
  const { type, value, onChange, multiple, limit, name, ref, ...others } = useProps("DictSelect", defaultProps, props);
  const { i18n } = useTranslation();
  const { entries } = useDictionary(type);
  const data = useMemo(() => entries.map((e) => ({ value: String(e.value), label: entryName(e, i18n.language) })), [entries, i18n.language]);
  // the name goes on the visible input (Mantine puts it on a hidden one), so tests and autofill find the field
  const attributes = name ? { ...others.attributes, [multiple ? "inputField" : "input"]: { name } as Record<string, string> } : others.attributes;
  if (multiple) {
    const values = Array.isArray(value) ? value.map(String) : value ? [String(value)] : [];
    return (
      <MultiSelect
        {...(others as MultiSelectProps)}
        ref={ref}
        attributes={attributes}
        data={data}
        value={values}
        onChange={(v) => onChange?.(v)}
        maxValues={limit > 0 ? limit : undefined}
        hidePickedOptions={false}
      />
    );
  }
  const single = Array.isArray(value) ? (value[0] ?? null) : value === null || value === undefined ? null : String(value);
  return <Select {...(others as SelectProps)} ref={ref} attributes={attributes} data={data} value={single} onChange={(v) => onChange?.(v)} selectFirstOptionOnChange />;
}

DictSelect.displayName = "DictSelect";
