/** A CC node's settings: the users and roles that get a copy (a message and read access), and whether the initiator may add more. */
import { Stack, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CcNode, CcProps } from "../../../../events/flow/tree.ts";
import { RolePicker } from "../pickers/RolePicker.tsx";
import { UserPicker } from "../pickers/UserPicker.tsx";

export function CcPanel({ node, onProps, readOnly }: { node: CcNode; onProps: (change: Partial<CcProps>) => void; readOnly?: boolean }) {
  const { t } = useTranslation();
  const p = node.props;
  const nobody = !p.assignedUser.length && !p.roles.length && !p.allowInitiatorAdd;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">{t("flowDesign.cc.hint")}</Text>
      <UserPicker label={t("flowDesign.cc.users")} value={p.assignedUser} onChange={(assignedUser) => onProps({ assignedUser })} error={nobody ? t("flowDesign.summary.setCc") : undefined} data-testid="cc-users" />
      <RolePicker label={t("flowDesign.cc.roles")} value={p.roles} onChange={(roles) => onProps({ roles })} data-testid="cc-roles" />
      <Switch label={t("flowDesign.cc.allowInitiatorAdd")} disabled={readOnly} checked={p.allowInitiatorAdd} onChange={(e) => onProps({ allowInitiatorAdd: e.currentTarget.checked })} />
    </Stack>
  );
}
