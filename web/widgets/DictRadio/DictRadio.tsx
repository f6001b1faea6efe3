/** Radio buttons, one per entry of a dictionary type (spec section 2 widgets). */
import { Group, Radio, useProps, type RadioGroupProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { entryName, useDictionary } from "../../core/api/dictionaries.ts";

export interface DictRadioProps extends Omit<RadioGroupProps, "children" | "value" | "defaultValue" | "onChange"> {
  /** dictionary type whose entries are the choices */
  type: string;
  /** chosen value @default null */
  value?: string | null;
  /** called with the chosen value */
  onChange?: (value: string) => void;
  /** gap between the buttons @default "md" */
  gap?: string;
}

const defaultProps = { value: null, gap: "md" } satisfies Partial<DictRadioProps>;

/**
 * @example
 * <DictRadio type="gender" label="性别" value={gender} onChange={setGender} />
 */
export function DictRadio(props: DictRadioProps) {
  const { type, value, onChange, gap, name, ...others } = useProps("DictRadio", defaultProps, props);
  const { i18n } = useTranslation();
  const { entries } = useDictionary(type);
  return (
    <Radio.Group {...others} name={name} value={value ?? null} onChange={(v) => onChange?.(v)}>
      <Group gap={gap} mt={4}>
        {entries.map((e) => (
          <Radio key={e.value} value={String(e.value)} label={entryName(e, i18n.language)} name={name} />
        ))}
      </Group>
    </Radio.Group>
  );
}

DictRadio.displayName = "DictRadio";
