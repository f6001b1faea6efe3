export { DictSelect } from "./DictSelect.tsx";
export type { DictSelectProps } from "./DictSelect.tsx";
