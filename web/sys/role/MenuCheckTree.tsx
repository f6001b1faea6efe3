/**
 * The role form's menu assignment: the whole menu with its buttons as a checkbox tree. Checking a node
 * checks what is below it; `value` holds checked and half-checked ids (the saved menuIdList).
 */
import { Badge, Box, Button, Checkbox, Group, ScrollArea, Text, Tree, useTree, type RenderTreeNodePayload, type TreeNodeData } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { allValues, checkStates, checkedLeaves, selection, toggleNode, type CheckNode } from "../../core/ui/tree.ts";

export interface MenuCheckTreeProps {
  /** the menu as tree data (nodeProps.type: 0 directory, 1 menu, 2 button) */
  data: TreeNodeData[];
  /** checked and half-checked menu ids */
  value: string[];
  onChange: (value: string[]) => void;
  /** message under the tree (validation) */
  error?: string;
}

export function MenuCheckTree({ data, value, onChange, error }: MenuCheckTreeProps) {
  const { t } = useTranslation();
  const tree = useTree();
  const nodes = data as CheckNode[];
  const leaves = useMemo(() => checkedLeaves(nodes, value), [nodes, value]);
  const states = useMemo(() => checkStates(nodes, leaves), [nodes, leaves]);
  const byValue = useMemo(() => {
    const map = new Map<string, CheckNode>();
    const walk = (n: CheckNode) => (map.set(n.value, n), (n.children ?? []).forEach(walk));
    nodes.forEach(walk);
    return map;
  }, [nodes]);
  const set = (next: Set<string>) => onChange(selection(nodes, next));

  const renderNode = ({ node, expanded, hasChildren, elementProps }: RenderTreeNodePayload) => {
    const state = states.get(node.value) ?? "none";
    const type = (node.nodeProps?.type as number) ?? 1;
    return (
      <Group gap={6} wrap="nowrap" {...elementProps} data-menu-node={node.value} data-state={state}>
        <Box w={18} onClick={(e) => (e.stopPropagation(), hasChildren && tree.toggleExpanded(node.value))} style={{ cursor: hasChildren ? "pointer" : undefined, display: "flex" }}>
          {hasChildren && <IconChevronRight size={14} style={{ transform: expanded ? "rotate(90deg)" : undefined, transition: "transform 120ms" }} />}
        </Box>
        <Checkbox.Indicator
          size="xs"
          checked={state === "checked"}
          indeterminate={state === "half"}
          onClick={(e) => (e.stopPropagation(), set(toggleNode(byValue.get(node.value)!, leaves, states)))}
          style={{ cursor: "pointer" }}
        />
        <Text size="sm" onClick={() => set(toggleNode(byValue.get(node.value)!, leaves, states))} style={{ cursor: "pointer" }}>
          {node.label}
        </Text>
        {type === 2 && (
          <Badge size="xs" variant="light" color="gray" tt="none">
            {t("sys.menu.types.2")}
          </Badge>
        )}
      </Group>
    );
  };

  return (
    <Box>
      <Group gap="xs" mb={6}>
        <Text size="sm" fw={500}>{t("sys.role.menus")}</Text>
        <Button size="compact-xs" variant="subtle" onClick={() => tree.expandAllNodes()}>{t("sys.common.expandAll")}</Button>
        <Button size="compact-xs" variant="subtle" onClick={() => tree.collapseAllNodes()}>{t("sys.common.collapseAll")}</Button>
        <Button size="compact-xs" variant="subtle" onClick={() => onChange(allValues(nodes))} data-testid="check-all">{t("sys.common.checkAll")}</Button>
        <Button size="compact-xs" variant="subtle" onClick={() => onChange([])}>{t("sys.common.uncheckAll")}</Button>
        <Text size="xs" c="dimmed" ml="auto">{t("sys.role.checkedCount", { n: value.length })}</Text>
      </Group>
      <ScrollArea.Autosize mah={360} type="auto" style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 4 }} p={4}>
        <Tree data={data} tree={tree} levelOffset={22} expandOnClick={false} renderNode={renderNode} data-testid="menu-check-tree" />
      </ScrollArea.Autosize>
      {error && <Text size="xs" c="red" mt={4}>{error}</Text>}
    </Box>
  );
}
MenuCheckTree.displayName = "MenuCheckTree";
