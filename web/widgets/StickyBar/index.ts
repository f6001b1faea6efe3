export { StickyBar } from "./StickyBar.tsx";
export type { StickyBarProps } from "./StickyBar.tsx";
