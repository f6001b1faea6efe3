export { useKitForm, ModalForm, FormDrawer, FormBody, confirmDiscard } from "./FormKit.tsx";
export type { KitForm, UseKitFormInput, ModalFormProps, FormDrawerProps, FormBodyProps } from "./FormKit.tsx";
