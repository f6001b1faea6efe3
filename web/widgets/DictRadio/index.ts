export { DictRadio } from "./DictRadio.tsx";
export type { DictRadioProps } from "./DictRadio.tsx";
