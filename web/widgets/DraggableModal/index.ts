export { DraggableModal } from "./DraggableModal.tsx";
export type { DraggableModalProps } from "./DraggableModal.tsx";
