/**
 * One node's card: a coloured head with its name (and, for a branch, its priority and left/right moves), a
 * body with its summary or what it still needs. Click, Enter or Space opens its drawer; Delete removes it.
 */
import { ActionIcon, Text, Tooltip } from "@mantine/core";
import { IconAlertCircle, IconChevronLeft, IconChevronRight, IconChevronRight as IconOpen, IconX } from "@tabler/icons-react";
import type { KeyboardEvent, MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ProcessNode } from "../../../events/flow/tree.ts";
import { confirmDelete } from "../../core/ui/confirmDelete.tsx";
import { useDesigner } from "./context.ts";
import { missingText, nodeSummary } from "./summaries.ts";
import { blockOf, moveBranch, removeBranch, removeNode } from "./treeOps.ts";

export const nodeColors: Record<ProcessNode["type"], string> = {
  ROOT: "#576a95",
  APPROVAL: "#ff943e",
  CC: "#3296fa",
  CONDITIONS: "#15bc83",
  CONDITION: "#15bc83",
  CONCURRENTS: "#718dff",
  CONCURRENT: "#718dff",
  EMPTY: "#909399",
};

export interface BranchPlace {
  index: number;
  count: number;
}

export function NodeCard({ node, branch }: { node: ProcessNode; branch?: BranchPlace }) {
  const { t } = useTranslation();
  const { tree, change, selected, select, problems, readOnly } = useDesigner();
  const summary = nodeSummary(node, tree.props.formFields, t);
  const nodeProblems = problems.get(node.id);
  const isBranch = Boolean(branch);
  const light = node.type === "CONDITION" || node.type === "CONCURRENT";
  const removable = !readOnly && node.type !== "ROOT";
  // in a condition block the default branch is last: the one before it cannot move right
  const block = branch ? blockOf(tree, node.id) : null;
  const hasDefault = block?.type === "CONDITIONS" && block.branches.some((b) => b.props.isDefault);

  const remove = async () => {
    if (isBranch) {
      const hasNodes = Boolean(node.children);
      if (hasNodes && !(await confirmDelete([], { text: t("flowDesign.card.removeBranchConfirm", { name: node.name }) }))) return;
      change(removeBranch(tree, node.id));
    } else change(removeNode(tree, node.id));
    if (selected === node.id) select(null);
  };
  const stop = (fn: () => void) => (e: MouseEvent) => (e.stopPropagation(), fn());
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === "Enter" || e.key === " ") (e.preventDefault(), select(node.id));
    else if (e.key === "Delete" && removable) (e.preventDefault(), void remove());
  };

  return (
    <div
      className="qd-card"
      role="button"
      tabIndex={0}
      aria-label={t("flowDesign.card.open", { name: node.name || t(`flowDesign.types.${node.type}`) })}
      data-selected={selected === node.id || undefined}
      data-problem={nodeProblems ? true : undefined}
      data-testid={`node-${node.type}`}
      data-node-id={node.id}
      aria-keyshortcuts={removable ? "Enter Delete" : "Enter"}
      onClick={() => select(node.id)}
      onKeyDown={onKeyDown}
    >
      <div className="qd-card-head" data-light={light || undefined} style={light ? { color: nodeColors[node.type] } : { background: nodeColors[node.type] }}>
        <span className="qd-card-title">
          {node.name || t(`flowDesign.types.${node.type}`)}
          {node.type === "CONDITION" && branch && (
            <Text span size="xs" c="dimmed" ml={6}>{node.props.isDefault ? t("flowDesign.card.default") : t("flowDesign.card.priority", { n: branch.index + 1 })}</Text>
          )}
        </span>
        {!readOnly && (
          <span className="qd-card-tools">
            {branch && branch.index > 0 && !(node.type === "CONDITION" && node.props.isDefault) && (
              <Tooltip label={t("flowDesign.card.moveLeft")}>
                <ActionIcon size="xs" variant="subtle" color={light ? "gray" : "white"} aria-label={t("flowDesign.card.moveLeft")} onClick={stop(() => change(moveBranch(tree, node.id, -1)))}><IconChevronLeft size={12} /></ActionIcon>
              </Tooltip>
            )}
            {branch && branch.index < branch.count - (hasDefault ? 2 : 1) && !(node.type === "CONDITION" && node.props.isDefault) && (
              <Tooltip label={t("flowDesign.card.moveRight")}>
                <ActionIcon size="xs" variant="subtle" color={light ? "gray" : "white"} aria-label={t("flowDesign.card.moveRight")} onClick={stop(() => change(moveBranch(tree, node.id, 1)))}><IconChevronRight size={12} /></ActionIcon>
              </Tooltip>
            )}
            {removable && (
              <Tooltip label={t("actions.delete")}>
                <ActionIcon size="xs" variant="subtle" color={light ? "gray" : "white"} aria-label={t("flowDesign.card.remove", { name: node.name })} onClick={stop(() => void remove())} data-testid="node-remove"><IconX size={12} /></ActionIcon>
              </Tooltip>
            )}
          </span>
        )}
      </div>
      <div className="qd-card-body">
        {summary ? <Text size="sm" lineClamp={3}>{summary}</Text> : <Text size="sm" c="red">{missingText(node, t)}</Text>}
        {nodeProblems ? (
          <Tooltip label={nodeProblems.join("\n")} multiline w={260}>
            <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-label={nodeProblems.join("; ")} />
          </Tooltip>
        ) : (
          <IconOpen size={14} color="var(--mantine-color-dimmed)" aria-hidden />
        )}
      </div>
    </div>
  );
}
NodeCard.displayName = "NodeCard";
