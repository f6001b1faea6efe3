/**
 * The selected node's drawer: its name, then the panel of its type. Edits apply to the tree as they are
 * made (the card changes behind the drawer); Escape or the close button closes it.
 */
import { Badge, Drawer, Group, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ApprovalNode, CcNode, ConditionNode, ProcessNode, RootNode } from "../../../events/flow/tree.ts";
import { useDesigner } from "./context.ts";
import { nodeColors } from "./NodeCard.tsx";
import { ApprovalPanel } from "./panels/ApprovalPanel.tsx";
import { CcPanel } from "./panels/CcPanel.tsx";
import { ConditionPanel } from "./panels/ConditionPanel.tsx";
import { FormFieldsEditor } from "./panels/FormFieldsEditor.tsx";
import { FormPermsEditor } from "./panels/FormPermsEditor.tsx";
import { blockOf, findNode, pruneFieldRefs, renameFieldRefs, updateNode } from "./treeOps.ts";

export function NodeDrawer() {
  const { t } = useTranslation();
  const { tree, selected, select, problems } = useDesigner();
  const node = selected ? findNode(tree, selected) : null;
  const nodeProblems = node ? problems.get(node.id) : undefined;
  return (
    <Drawer
      opened={Boolean(node)}
      onClose={() => select(null)}
      position="right"
      zIndex={300}
      size={node?.type === "ROOT" || node?.type === "APPROVAL" ? 560 : 480}
      title={
        node && (
          <Group gap="xs">
            <Badge color={nodeColors[node.type]} variant="filled" tt="none">{t(`flowDesign.types.${node.type}`)}</Badge>
            <Text fw={500}>{node.name}</Text>
          </Group>
        )
      }
      data-testid="node-drawer"
    >
      {node && (
        <Stack>
          {nodeProblems && (
            <Stack gap={2}>
              {nodeProblems.map((p) => <Text key={p} size="sm" c="red">{p}</Text>)}
            </Stack>
          )}
          <NodeName node={node} />
          <Panel node={node} />
        </Stack>
      )}
    </Drawer>
  );
}

function NodeName({ node }: { node: ProcessNode }) {
  const { t } = useTranslation();
  const { tree, change, readOnly } = useDesigner();
  return (
    <TextInput
      label={t("flowDesign.drawer.name")}
      required
      disabled={readOnly}
      maxLength={100}
      value={node.name}
      error={node.name.trim() ? undefined : t("flowDesign.drawer.nameMissing")}
      onChange={(e) => {
        const name = e.currentTarget.value;
        change(updateNode(tree, node.id, (n) => void (n.name = name)));
      }}
      data-testid="node-name"
    />
  );
}

function Panel({ node }: { node: ProcessNode }) {
  const { t } = useTranslation();
  const { tree, change, readOnly } = useDesigner();
  const fields = tree.props.formFields;
  switch (node.type) {
    case "ROOT":
      return (
        <Stack>
          <Text size="sm" c="dimmed">{t("flowDesign.root.hint")}</Text>
          <Text fw={500} size="sm">{t("flowDesign.root.formFields")}</Text>
          <FormFieldsEditor
            value={fields}
            readOnly={readOnly}
            onChange={(formFields) => change(updateNode<RootNode>(tree, node.id, (n) => void (n.props.formFields = formFields)))}
            onRename={(from, to, formFields) => change(renameFieldRefs(updateNode<RootNode>(tree, node.id, (n) => void (n.props.formFields = formFields)), from, to))}
            onRemove={(formFields) => change(pruneFieldRefs(updateNode<RootNode>(tree, node.id, (n) => void (n.props.formFields = formFields))))}
          />
          <Text fw={500} size="sm">{t("flowDesign.root.initiatorPerms")}</Text>
          <FormPermsEditor fields={fields} value={node.props.formPerms} fallback="edit" readOnly={readOnly} onChange={(formPerms) => change(updateNode<RootNode>(tree, node.id, (n) => void (n.props.formPerms = formPerms)))} />
        </Stack>
      );
    case "APPROVAL":
      return <ApprovalPanel node={node} fields={fields} readOnly={readOnly} onProps={(p) => change(updateNode<ApprovalNode>(tree, node.id, (n) => void Object.assign(n.props, p)))} />;
    case "CC":
      return <CcPanel node={node} readOnly={readOnly} onProps={(p) => change(updateNode<CcNode>(tree, node.id, (n) => void Object.assign(n.props, p)))} />;
    case "CONDITION":
      return (
        <ConditionPanel
          node={node}
          fields={fields}
          readOnly={readOnly}
          onProps={(p) => change(updateNode<ConditionNode>(tree, node.id, (n) => void Object.assign(n.props, p)))}
          onMakeDefault={(isDefault) => {
            // one default per block: it becomes the last branch, the others lose the flag
            const block = blockOf(tree, node.id);
            if (!block || block.type !== "CONDITIONS") return;
            change(
              updateNode(tree, block.id, (b) => {
                if (b.type !== "CONDITIONS") return;
                for (const branch of b.branches) branch.props.isDefault = isDefault && branch.id === node.id;
                if (isDefault) b.branches = [...b.branches.filter((x) => x.id !== node.id), ...b.branches.filter((x) => x.id === node.id)];
              }),
            );
          }}
        />
      );
    case "CONCURRENT":
      return <Text size="sm" c="dimmed">{t("flowDesign.concurrent.hint")}</Text>;
    default:
      return null;
  }
}
