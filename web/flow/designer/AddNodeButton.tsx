/** The "+" on the line after a node: a menu of what may come next (approval, CC, condition or concurrent branches). */
import { ActionIcon, Menu } from "@mantine/core";
import { IconArrowsSplit, IconGitFork, IconPlus, IconSend, IconUserCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useDesigner } from "./context.ts";
import { insertAfter, makeNode, type AddableType } from "./treeOps.ts";

const choices: { type: AddableType; icon: typeof IconPlus; color: string }[] = [
  { type: "APPROVAL", icon: IconUserCheck, color: "#ff943e" },
  { type: "CC", icon: IconSend, color: "#3296fa" },
  { type: "CONDITIONS", icon: IconArrowsSplit, color: "#15bc83" },
  { type: "CONCURRENTS", icon: IconGitFork, color: "#718dff" },
];

export function AddNodeButton({ afterId }: { afterId: string }) {
  const { t } = useTranslation();
  const { tree, change, select, names, readOnly } = useDesigner();
  const add = (type: AddableType) => {
    const node = makeNode(type, names);
    change(insertAfter(tree, afterId, node));
    // a new approval or CC opens at once: it needs its people
    if (type === "APPROVAL" || type === "CC") select(node.id);
  };
  return (
    <div className="qd-add">
      {!readOnly && (
        <Menu position="right-start" withArrow shadow="md" withinPortal>
          <Menu.Target>
            <ActionIcon radius="xl" size="md" aria-label={t("flowDesign.add.label")} data-testid={`add-after-${afterId}`}>
              <IconPlus size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {choices.map(({ type, icon: Icon, color }) => (
              <Menu.Item key={type} leftSection={<Icon size={16} color={color} />} onClick={() => add(type)} data-testid={`add-${type}`}>
                {t(`flowDesign.add.${type}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </div>
  );
}
AddNodeButton.displayName = "AddNodeButton";
