export { DictTag } from "./DictTag.tsx";
export type { DictTagProps } from "./DictTag.tsx";
