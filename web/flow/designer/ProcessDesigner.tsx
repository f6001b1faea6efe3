/**
 * The DingTalk-style process designer: the tree drawn top to bottom from the initiator's card to the end,
 * a "+" after every node, branch blocks as side-by-side columns that rejoin, and a drawer with the
 * selected node's settings. Controlled: `value` is the tree, every edit answers a new one through
 * `onChange`; the selection is the parent's too, so a problem listed outside can open its node.
 */
import { ActionIcon, Button, Group, Text, Tooltip } from "@mantine/core";
import { IconZoomIn, IconZoomOut } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProcessNode, ProcessTree } from "../../../events/flow/tree.ts";
import { AddNodeButton } from "./AddNodeButton.tsx";
import { DesignerContext, useDesigner, type DesignerContextValue } from "./context.ts";
import "./designer.css";
import { NodeCard } from "./NodeCard.tsx";
import { NodeDrawer } from "./NodeDrawer.tsx";
import { addBranch, type NodeNames } from "./treeOps.ts";

export interface ProcessDesignerProps {
  value: ProcessTree;
  onChange: (tree: ProcessTree) => void;
  selected: string | null;
  onSelect: (id: string | null) => void;
  /** problem texts by node id: their cards are outlined red */
  problems?: Map<string, string[]>;
  readOnly?: boolean;
  /** canvas height @default "calc(100vh - 220px)" */
  height?: number | string;
}

/** Default node names in the current language. */
export function useNodeNames(): NodeNames {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      approval: t("flowDesign.types.APPROVAL"),
      cc: t("flowDesign.types.CC"),
      condition: (n: number) => t("flowDesign.names.condition", { n }),
      otherwise: t("flowDesign.names.otherwise"),
      concurrent: (n: number) => t("flowDesign.names.concurrent", { n }),
      conditions: t("flowDesign.types.CONDITIONS"),
      concurrents: t("flowDesign.types.CONCURRENTS"),
    }),
    [t],
  );
}

const zoomSteps = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.5];

export function ProcessDesigner({ value, onChange, selected, onSelect, problems, readOnly = false, height = "calc(100vh - 220px)" }: ProcessDesignerProps) {
  const { t } = useTranslation();
  const names = useNodeNames();
  const [zoom, setZoom] = useState(5);
  const context = useMemo<DesignerContextValue>(
    () => ({ tree: value, change: onChange, selected, select: onSelect, problems: problems ?? new Map(), names, readOnly }),
    [value, onChange, selected, onSelect, problems, names, readOnly],
  );
  return (
    <DesignerContext.Provider value={context}>
      <div style={{ position: "relative" }}>
        <div className="qd-canvas" style={{ height }} data-testid="process-designer">
          <div className="qd-zoom" style={{ transform: zoomSteps[zoom] === 1 ? undefined : `scale(${zoomSteps[zoom]})` }}>
            <Chain first={value} />
            <div className="qd-end">{t("flowDesign.card.end")}</div>
          </div>
        </div>
        {/* the zoom bar floats over the canvas, outside its scrolling */}
        <Group gap={4} pos="absolute" top={8} right={20} bg="var(--mantine-color-body)" p={2} style={{ zIndex: 5, borderRadius: 6, border: "1px solid var(--mantine-color-default-border)" }}>
          <Tooltip label={t("flowDesign.viewer.zoomOut")}>
            <ActionIcon variant="subtle" disabled={zoom === 0} aria-label={t("flowDesign.viewer.zoomOut")} onClick={() => setZoom((z) => Math.max(0, z - 1))}><IconZoomOut size={16} /></ActionIcon>
          </Tooltip>
          <Text size="xs" w={40} ta="center">{Math.round(zoomSteps[zoom]! * 100)}%</Text>
          <Tooltip label={t("flowDesign.viewer.zoomIn")}>
            <ActionIcon variant="subtle" disabled={zoom === zoomSteps.length - 1} aria-label={t("flowDesign.viewer.zoomIn")} onClick={() => setZoom((z) => Math.min(zoomSteps.length - 1, z + 1))}><IconZoomIn size={16} /></ActionIcon>
          </Tooltip>
        </Group>
      </div>
      <NodeDrawer />
    </DesignerContext.Provider>
  );
}

/** A chain of nodes, each followed by its "+". */
function Chain({ first, branchHead }: { first: ProcessNode | null | undefined; branchHead?: { index: number; count: number } }) {
  const nodes: ProcessNode[] = [];
  for (let n = first; n; n = n.children ?? null) nodes.push(n);
  return (
    <div className="qd-chain">
      {nodes.map((node, i) => (
        <div className="qd-chain" key={node.id}>
          {node.type === "CONDITIONS" || node.type === "CONCURRENTS" ? <Block node={node} /> : <NodeCard node={node} branch={i === 0 ? branchHead : undefined} />}
          <AddNodeButton afterId={node.id} />
        </div>
      ))}
    </div>
  );
}

/** A branch block: the "add branch" button on its top rule, one column per branch, the rejoin at the bottom rule. */
function Block({ node }: { node: Extract<ProcessNode, { branches: unknown }> }) {
  const { t } = useTranslation();
  const { tree, change, names, readOnly } = useDesigner();
  const branches = node.branches as ProcessNode[];
  return (
    <div className="qd-block" data-testid={`block-${node.type}`} data-node-id={node.id}>
      <div className="qd-branches">
        {!readOnly && (
          <span className="qd-add-branch">
            <Button size="compact-xs" radius="xl" variant="default" c={node.type === "CONDITIONS" ? "#15bc83" : "#718dff"} onClick={() => change(addBranch(tree, node.id, names))} data-testid="add-branch">
              {node.type === "CONDITIONS" ? t("flowDesign.card.addCondition") : t("flowDesign.card.addConcurrent")}
            </Button>
          </span>
        )}
        {branches.map((branch, i) => (
          <div className="qd-branch" key={branch.id}>
            {i === 0 && <span className="qd-cover" data-side="left" data-edge="top" />}
            {i === 0 && <span className="qd-cover" data-side="left" data-edge="bottom" />}
            {i === branches.length - 1 && <span className="qd-cover" data-side="right" data-edge="top" />}
            {i === branches.length - 1 && <span className="qd-cover" data-side="right" data-edge="bottom" />}
            <Chain first={branch} branchHead={{ index: i, count: branches.length }} />
            <div className="qd-fill" />
          </div>
        ))}
      </div>
    </div>
  );
}

