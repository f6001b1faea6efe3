/** Checkboxes, one per entry of a dictionary type, holding several values (spec section 2 widgets). */
import { Checkbox, Group, useProps, type CheckboxGroupProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { entryName, useDictionary } from "../../core/api/dictionaries.ts";

export interface DictCheckboxProps extends Omit<CheckboxGroupProps, "children" | "value" | "defaultValue" | "onChange"> {
  /** dictionary type whose entries are the choices */
  type: string;
  /** checked values @default [] */
  value?: string[];
  /** called with the checked values */
  onChange?: (value: string[]) => void;
  /** most values that can be checked; 0 means no limit @default 0 */
  limit?: number;
  /** gap between the boxes @default "md" */
  gap?: string;
}

const defaultProps = { value: [], limit: 0, gap: "md" } satisfies Partial<DictCheckboxProps>;

/**
 * @example
 * <DictCheckbox type="fileType" label="文件类型" value={types} onChange={setTypes} limit={3} />
 */
export function DictCheckbox(props: DictCheckboxProps) {
  const { type, value, onChange, limit, gap, name, ...others } = useProps("DictCheckbox", defaultProps, props);
  const { i18n } = useTranslation();
  const { entries } = useDictionary(type);
  const full = limit > 0 && value.length >= limit;
  return (
    <Checkbox.Group {...others} value={value} onChange={(v) => onChange?.(v)}>
      <Group gap={gap} mt={4}>
        {entries.map((e) => (
          <Checkbox key={e.value} value={String(e.value)} name={name} label={entryName(e, i18n.language)} disabled={full && !value.includes(String(e.value))} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

DictCheckbox.displayName = "DictCheckbox";
