export { NameById } from "./NameById.tsx";
export type { NameByIdProps } from "./NameById.tsx";
