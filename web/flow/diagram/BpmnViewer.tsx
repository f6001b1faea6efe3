/**
 * A read-only BPMN diagram (bpmn-js NavigatedViewer: drag to pan, wheel to zoom), fitted to its box, with the
 * nodes and flows an instance has passed marked done and the nodes it waits in highlighted. bpmn-js and its
 * CSS are loaded on mount from ./bpmnRuntime.ts, so importing this file costs the first screen nothing;
 * callers still load it lazily (`lazy(() => import("…/BpmnViewer.tsx"))`) to keep their own chunk small.
 */
import { ActionIcon, Alert, Box, Group, Loader, Text, Tooltip } from "@mantine/core";
import { IconFocusCentered, IconZoomIn, IconZoomOut } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { El, Moddle } from "./autoLayout.ts";
import { useSeededName } from "../../core/seeded.ts";

export interface BpmnViewerProps {
  xml: string;
  /** node ids the instance has passed (drawn green) */
  doneNodes?: string[];
  /** node ids the instance waits in now (highlighted) */
  activeNodes?: string[];
  /** sequence-flow ids the instance has taken (drawn green) */
  doneFlows?: string[];
  /** box height in px @default 480 */
  height?: number;
}

/** The few diagram-js services used here, typed by hand (bpmn-js types its services loosely). */
interface Canvas {
  zoom(level?: number | "fit-viewport", center?: "auto" | { x: number; y: number }): number;
  addMarker(element: string, marker: string): void;
  removeMarker(element: string, marker: string): void;
  resized(): void;
}
interface ElementRegistry {
  get(id: string): unknown;
}
interface Viewer {
  importDefinitions(definitions: El): Promise<{ warnings: unknown[] }>;
  get<T>(name: string): T;
  destroy(): void;
}

const doneMarker = "flow-done";
const activeMarker = "flow-active";

export default function BpmnViewer({ xml, doneNodes, activeNodes, doneFlows, height = 480 }: BpmnViewerProps) {
  const { t } = useTranslation();
  const named = useSeededName();
  const box = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<Viewer | null>(null);
  const [status, setStatus] = useState<{ state: "loading" | "ready" | "error"; message?: string }>({ state: "loading" });

  // one viewer per document: created on mount (or a new xml), destroyed on unmount
  useEffect(() => {
    let cancelled = false;
    let viewer: Viewer | null = null;
    setStatus({ state: "loading" });
    void (async () => {
      try {
        const { NavigatedViewer, addLayout, hasDiagram, mainProcess, nameFlows, renameElements } = await import("./bpmnRuntime.ts");
        if (cancelled || !box.current) return;
        viewer = new NavigatedViewer({ container: box.current }) as unknown as Viewer;
        viewerRef.current = viewer;
        // parsed by the viewer's own moddle; a document without a diagram gets one laid out here
        const moddle = viewer.get<Moddle & { fromXML(xml: string, type: string): Promise<{ rootElement: El }> }>("moddle");
        const { rootElement: definitions } = await moddle.fromXML(xml, "bpmn:Definitions");
        if (cancelled) return;
        const process = mainProcess(definitions);
        if (process) nameFlows(process);
        // labels shown in the screen's language (a seeded model's steps); the document itself is left as stored
        if (process) renameElements(process, named);
        if (!hasDiagram(definitions)) addLayout(moddle, definitions);
        await viewer.importDefinitions(definitions);
        if (cancelled) return;
        viewer.get<Canvas>("canvas").zoom("fit-viewport", "auto");
        setStatus({ state: "ready" });
      } catch (error) {
        if (!cancelled) setStatus({ state: "error", message: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      cancelled = true;
      viewer?.destroy();
      if (viewerRef.current === viewer) viewerRef.current = null;
    };
  }, [xml, named]);

  // markers follow the props without reimporting; ids the diagram lacks are skipped (addMarker would throw)
  const doneKey = [...(doneNodes ?? []), "|", ...(doneFlows ?? [])].join(",");
  const activeKey = (activeNodes ?? []).join(",");
  useEffect(() => {
    const viewer = viewerRef.current;
    if (status.state !== "ready" || !viewer) return;
    const canvas = viewer.get<Canvas>("canvas");
    const registry = viewer.get<ElementRegistry>("elementRegistry");
    const marked: [string, string][] = [];
    const mark = (ids: string[] | undefined, marker: string) => {
      for (const id of ids ?? []) {
        if (!registry.get(id)) continue;
        canvas.addMarker(id, marker);
        marked.push([id, marker]);
      }
    };
    mark(doneNodes, doneMarker);
    mark(doneFlows, doneMarker);
    mark(activeNodes, activeMarker);
    return () => {
      for (const [id, marker] of marked) if (registry.get(id)) canvas.removeMarker(id, marker);
    };
    // the keys stand for the arrays' contents
  }, [status.state, doneKey, activeKey]);

  // a box that changes size (a drawer opening, a window resize) refits the diagram
  useEffect(() => {
    const element = box.current;
    if (!element || status.state !== "ready") return;
    const observer = new ResizeObserver(() => {
      const canvas = viewerRef.current?.get<Canvas>("canvas");
      if (!canvas || !element.clientWidth || !element.clientHeight) return;
      canvas.resized();
      canvas.zoom("fit-viewport", "auto");
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [status.state]);

  const zoomBy = (factor: number) => {
    const canvas = viewerRef.current?.get<Canvas>("canvas");
    if (canvas) canvas.zoom(canvas.zoom() * factor);
  };
  const fit = () => viewerRef.current?.get<Canvas>("canvas").zoom("fit-viewport", "auto");
  const hasMarkers = Boolean(doneNodes?.length || activeNodes?.length);

  return (
    <Box pos="relative" data-testid="bpmn-viewer" data-state={status.state}>
      <Box ref={box} className="qifu-bpmn" h={height} style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-sm)", overflow: "hidden", background: "var(--mantine-color-body)" }} />
      {status.state === "loading" && (
        <Group pos="absolute" top={0} left={0} right={0} h={height} justify="center">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">{t("flowDesign.viewer.loading")}</Text>
        </Group>
      )}
      {status.state === "error" && (
        <Alert pos="absolute" top={8} left={8} right={8} color="red" title={t("flowDesign.viewer.failed")} data-testid="bpmn-viewer-error">
          {status.message}
        </Alert>
      )}
      {status.state === "ready" && (
        <Group pos="absolute" top={8} right={8} gap={4}>
          <Tooltip label={t("flowDesign.viewer.zoomIn")}>
            <ActionIcon variant="default" aria-label={t("flowDesign.viewer.zoomIn")} onClick={() => zoomBy(1.2)}><IconZoomIn size={16} /></ActionIcon>
          </Tooltip>
          <Tooltip label={t("flowDesign.viewer.zoomOut")}>
            <ActionIcon variant="default" aria-label={t("flowDesign.viewer.zoomOut")} onClick={() => zoomBy(1 / 1.2)}><IconZoomOut size={16} /></ActionIcon>
          </Tooltip>
          <Tooltip label={t("flowDesign.viewer.fit")}>
            <ActionIcon variant="default" aria-label={t("flowDesign.viewer.fit")} onClick={fit}><IconFocusCentered size={16} /></ActionIcon>
          </Tooltip>
        </Group>
      )}
      {status.state === "ready" && hasMarkers && (
        <Group pos="absolute" bottom={8} left={8} gap="md">
          <Group gap={4}>
            <Box w={12} h={12} style={{ background: "#ebfbee", border: "2px solid #2f9e44", borderRadius: 2 }} />
            <Text size="xs" c="dimmed">{t("flowDesign.viewer.done")}</Text>
          </Group>
          <Group gap={4}>
            <Box w={12} h={12} style={{ background: "#e7f5ff", border: "2px solid #1c7ed6", borderRadius: 2 }} />
            <Text size="xs" c="dimmed">{t("flowDesign.viewer.active")}</Text>
          </Group>
        </Group>
      )}
    </Box>
  );
}
