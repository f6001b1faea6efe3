/** A dictionary value (or several) shown as its name in a tag (spec section 2 widgets). */
import { Badge, Group, useProps, type BadgeProps, type MantineColor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { entryName, useDictionary } from "../../core/api/dictionaries.ts";

export interface DictTagProps extends Omit<BadgeProps, "children" | "color"> {
  /** dictionary type of the value */
  type: string;
  /** one value or several; empty shows nothing @default null */
  value?: string | number | (string | number)[] | null;
  /** tag colour, or a colour per value (the whole name always shows: tags never cut it short) @default "blue" */
  color?: MantineColor | Record<string, MantineColor>;
}

const defaultProps = { value: null, color: "blue", variant: "light", size: "md", radius: "sm" } satisfies Partial<DictTagProps>;

/**
 * @example
 * <DictTag type="dictStatus" value="1" color={{ "1": "green", "0": "gray" }} />
 */
export function DictTag(props: DictTagProps) {
  const { type, value, color, ...others } = useProps("DictTag", defaultProps, props);
  const { i18n } = useTranslation();
  const { entries, isLoading } = useDictionary(type);
  const values = (Array.isArray(value) ? value : value === null || value === undefined || value === "" ? [] : [value]).map(String);
  if (values.length === 0 || isLoading) return null;
  const tag = (v: string) => {
    const entry = entries.find((e) => String(e.value) === v);
    const tint = typeof color === "string" ? color : (color[v] ?? "blue");
    return (
      <Badge key={v} w="max-content" styles={{ label: { overflow: "visible" } }} {...others} color={tint} tt="none" data-dict-value={v}>
        {entry ? entryName(entry, i18n.language) : v}
      </Badge>
    );
  };
  return values.length === 1 ? tag(values[0]!) : <Group gap={4}>{values.map(tag)}</Group>;
}

DictTag.displayName = "DictTag";
