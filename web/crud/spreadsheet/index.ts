export { ImportButton } from "./ImportButton.tsx";
export type { ImportButtonProps } from "./ImportButton.tsx";
export { ExportButton } from "./ExportButton.tsx";
export type { ExportButtonProps, ExportFormat, ExportQuery } from "./ExportButton.tsx";
