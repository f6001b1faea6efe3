/**
 * A dialog that can be dragged by its title bar, resized from its lower-right corner and maximised (spec
 * section 2 widgets: minimum 400×300). Escape closes it, as every Mantine modal.
 */
import { ActionIcon, Group, Modal, useProps, type ModalRootProps } from "@mantine/core";
import { IconMaximize, IconMinimize } from "@tabler/icons-react";
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface DraggableModalProps extends Omit<ModalRootProps, "children" | "title" | "size"> {
  /** title bar text; the bar is the drag handle */
  title?: ReactNode;
  /** dialog contents */
  children?: ReactNode;
  /** starting width in px @default 640 */
  width?: number;
  /** smallest width while resizing, in px @default 400 */
  minWidth?: number;
  /** smallest height, in px @default 300 */
  minHeight?: number;
  /** the title bar moves the dialog @default true */
  draggable?: boolean;
  /** the corner handle resizes the dialog @default true */
  resizable?: boolean;
  /** a maximise/restore toggle in the title bar @default true */
  withMaximize?: boolean;
  /** test id of the dialog element @default undefined */
  "data-testid"?: string;
}

const defaultProps = {
  width: 640,
  minWidth: 400,
  minHeight: 300,
  draggable: true,
  resizable: true,
  withMaximize: true,
  closeOnEscape: true,
  trapFocus: true,
} satisfies Partial<DraggableModalProps>;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number | null;
}

/** Follows the pointer until it is released; `move` gets the distance from where it went down. */
function track(event: ReactPointerEvent, move: (dx: number, dy: number) => void) {
  event.preventDefault();
  const startX = event.clientX;
  const startY = event.clientY;
  const onMove = (e: PointerEvent) => move(e.clientX - startX, e.clientY - startY);
  const onUp = () => {
    window.removeEventListener("pointermove", onMove);
    window.removeEventListener("pointerup", onUp);
    document.body.style.userSelect = "";
  };
  document.body.style.userSelect = "none";
  window.addEventListener("pointermove", onMove);
  window.addEventListener("pointerup", onUp);
}

/**
 * @example
 * <DraggableModal opened={opened} onClose={close} title="编辑字典" data-testid="record-dialog">
 *   <RecordFields /></DraggableModal>
 */
export function DraggableModal(props: DraggableModalProps) {
  const { title, children, width, minWidth, minHeight, draggable, resizable, withMaximize, opened, "data-testid": testId, ...others } = useProps(
    "DraggableModal",
    defaultProps,
    props,
  );
  const { t } = useTranslation();
  const content = useRef<HTMLElement>(null);
  const [box, setBox] = useState<Box>({ x: 0, y: 0, w: width, h: null });
  const [maximised, setMaximised] = useState(false);

  // each opening starts where and how big a fresh dialog is
  useEffect(() => {
    if (opened) {
      setBox({ x: 0, y: 0, w: width, h: null });
      setMaximised(false);
    }
  }, [opened, width]);

  const startDrag = (event: ReactPointerEvent) => {
    if (!draggable || maximised || event.button !== 0 || (event.target as HTMLElement).closest("button, input, a")) return;
    const start = box;
    // the title bar never leaves the top of the window
    const lowest = start.y - (content.current?.getBoundingClientRect().top ?? 0);
    track(event, (dx, dy) => setBox({ ...start, x: start.x + dx, y: Math.max(start.y + dy, lowest) }));
  };

  const startResize = (event: ReactPointerEvent) => {
    if (!resizable || maximised || event.button !== 0) return;
    const rect = content.current!.getBoundingClientRect();
    const start = { ...box, w: rect.width, h: rect.height };
    track(event, (dx, dy) => {
      const w = Math.max(minWidth, start.w + dx);
      // the dialog is centred: growing by d moves its left edge by d/2, so shift it back to keep the corner under the pointer
      setBox({ x: start.x + (w - start.w) / 2, y: start.y, w, h: Math.max(minHeight, start.h + dy) });
    });
  };

  return (
    <Modal.Root
      {...others}
      opened={opened}
      size={box.w}
      fullScreen={maximised}
      // `styles.content` reaches the dialog only (a Content `style` would also land on its centring wrapper);
      // the offset is left/top because the open transition owns `transform`
      styles={{
        content: {
          display: "flex",
          flexDirection: "column",
          overflow: "hidden",
          position: "relative",
          ...(maximised
            ? {}
            : { left: box.x, top: box.y, minWidth: Math.min(minWidth, window.innerWidth), minHeight, height: box.h ?? undefined, maxHeight: box.h ? "none" : undefined }),
        },
      }}
    >
      <Modal.Overlay />
      <Modal.Content ref={content as never} data-testid={testId} data-maximised={maximised || undefined}>
        <Modal.Header onPointerDown={startDrag} style={{ flex: "none", cursor: draggable && !maximised ? "move" : undefined, touchAction: "none" }} data-drag-handle>
          <Modal.Title fw={600}>{title}</Modal.Title>
          <Group gap={4} wrap="nowrap">
            {withMaximize && (
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => setMaximised((m) => !m)}
                aria-label={maximised ? t("actions.restore") : t("actions.maximize")}
                title={maximised ? t("actions.restore") : t("actions.maximize")}
                data-testid="dialog-maximize"
              >
                {maximised ? <IconMinimize size={16} /> : <IconMaximize size={16} />}
              </ActionIcon>
            )}
            <Modal.CloseButton aria-label={t("actions.close")} data-testid="dialog-close" />
          </Group>
        </Modal.Header>
        <Modal.Body style={{ flex: 1, minHeight: 0, overflowY: "auto" }}>{children}</Modal.Body>
        {resizable && !maximised && (
          <div
            onPointerDown={startResize}
            data-testid="dialog-resize"
            aria-hidden
            style={{ position: "absolute", right: 0, bottom: 0, width: 16, height: 16, cursor: "nwse-resize", touchAction: "none", background: "linear-gradient(135deg, transparent 50%, var(--mantine-color-gray-4) 50%)" }}
          />
        )}
      </Modal.Content>
    </Modal.Root>
  );
}

DraggableModal.displayName = "DraggableModal";
