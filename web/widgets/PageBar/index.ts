export { PageBar, pageSizes } from "./PageBar.tsx";
export type { PageBarProps } from "./PageBar.tsx";
