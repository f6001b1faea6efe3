/** A bar that stays at the top of the page while the content scrolls (spec section 2: sticky header, top offset 80). */
import { Box, useProps, type BoxProps } from "@mantine/core";
import type { ReactNode } from "react";

export interface StickyBarProps extends BoxProps {
  /** distance from the top of the viewport while stuck, in px @default 80 */
  offset?: number;
  /** stacking order while stuck (below the header and content tabs) @default 4 */
  zIndex?: number;
  /** the bar's contents */
  children?: ReactNode;
}

const defaultProps = { offset: 80, zIndex: 4 } satisfies Partial<StickyBarProps>;

/**
 * @example
 * <StickyBar><SearchForm /><Toolbar /></StickyBar>
 * <StickyBar offset={56}>…</StickyBar>
 */
export function StickyBar(props: StickyBarProps & { "data-testid"?: string }) {
  const { offset, zIndex, children, style, ...others } = useProps("StickyBar", defaultProps, props);
  return (
    <Box
      {...others}
      data-sticky-offset={offset}
      style={[{ position: "sticky", top: offset, zIndex, background: "var(--mantine-color-body)" }, style]}
    >
      {children}
    </Box>
  );
}

StickyBar.displayName = "StickyBar";
