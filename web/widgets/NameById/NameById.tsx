/** The name of a user, department or organisation unit by its id (spec section 2 widgets; names cached in session storage). */
import { Text, useProps, type TextProps } from "@mantine/core";
import { useName, type NameKind } from "../../core/api/names.ts";
import { useSeededName } from "../../core/seeded.ts";

export interface NameByIdProps extends Omit<TextProps, "children"> {
  /** what the id names */
  kind: NameKind;
  /** the id; empty shows nothing @default null */
  id?: string | null;
  /** shown when the id names nothing known; the id itself when undefined @default undefined */
  fallback?: string;
  /** element to render @default "span" */
  component?: "span" | "div" | "p";
  /** font size @default "inherit" */
  size?: TextProps["size"];
}

const defaultProps = { id: null, component: "span", size: "inherit" } satisfies Partial<NameByIdProps>;

/**
 * @example
 * <NameById kind="user" id={row.createBy} />
 * <NameById kind="department" id={row.deptId} fallback="-" />
 */
export function NameById(props: NameByIdProps) {
  const { kind, id, fallback, component, ...others } = useProps("NameById", defaultProps, props);
  const name = useName(kind, id);
  const named = useSeededName();
  if (!id) return null;
  return (
    <Text component={component} {...others} data-name-kind={kind} data-name-id={id}>
      {name ? named(name) : name === null ? (fallback ?? id) : ""}
    </Text>
  );
}

NameById.displayName = "NameById";
