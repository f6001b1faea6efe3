export { DictCheckbox } from "./DictCheckbox.tsx";
export type { DictCheckboxProps } from "./DictCheckbox.tsx";
