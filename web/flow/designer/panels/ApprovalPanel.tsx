/**
 * An approval node's settings: who approves (users, roles, the initiator's leader, the initiator, or picked
 * at start), how several approvers decide (all, any, in order, a ratio), what happens with nobody to
 * approve or with the same person again, a timeout, and the form fields the approver sees or edits.
 */
import { Divider, Group, NumberInput, Radio, Select, SegmentedControl, Stack, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { approvalModes, assignedTypes, emptyApproverPolicies, repeatedApproverPolicies, timeoutActions, type ApprovalNode, type ApprovalProps, type FormField } from "../../../../events/flow/tree.ts";
import { RolePicker } from "../pickers/RolePicker.tsx";
import { UserPicker } from "../pickers/UserPicker.tsx";
import { FormPermsEditor } from "./FormPermsEditor.tsx";

export interface ApprovalPanelProps {
  node: ApprovalNode;
  fields: FormField[];
  onProps: (change: Partial<ApprovalProps>) => void;
  readOnly?: boolean;
}

export function ApprovalPanel({ node, fields, onProps, readOnly }: ApprovalPanelProps) {
  const { t } = useTranslation();
  const p = node.props;
  const severalUsers = p.assignedType === "user" && p.assignedUser.length > 1;
  return (
    <Stack gap="md">
      <Radio.Group label={t("flowDesign.approval.assignedType")} value={p.assignedType} onChange={(v) => onProps({ assignedType: v as ApprovalProps["assignedType"] })} data-testid="approval-type">
        <Group gap="md" mt={6}>
          {assignedTypes.map((type) => (
            <Radio key={type} value={type} label={t(`flowDesign.approval.types.${type}`)} disabled={readOnly} data-testid={`approval-type-${type}`} />
          ))}
        </Group>
      </Radio.Group>

      {p.assignedType === "user" && (
        <UserPicker label={t("flowDesign.approval.users")} required value={p.assignedUser} onChange={(assignedUser) => onProps({ assignedUser })} error={p.assignedUser.length ? undefined : t("flowDesign.summary.setApprover")} data-testid="approval-users" />
      )}
      {p.assignedType === "role" && (
        <>
          <RolePicker required value={p.roles} onChange={(roles) => onProps({ roles })} error={p.roles.length ? undefined : t("flowDesign.approval.rolesMissing")} data-testid="approval-roles" />
          <Text size="xs" c="dimmed">{t("flowDesign.approval.roleHint")}</Text>
        </>
      )}
      {p.assignedType !== "user" && p.assignedType !== "role" && <Text size="sm" c="dimmed">{t(`flowDesign.approval.typeHints.${p.assignedType}`)}</Text>}

      {p.assignedType === "user" && (
        <Radio.Group label={t("flowDesign.approval.mode")} description={severalUsers ? undefined : t("flowDesign.approval.modeOneUser")} value={p.mode} onChange={(v) => onProps({ mode: v as ApprovalProps["mode"], passRatio: v === "ratio" ? (p.passRatio ?? 0.6) : undefined })} data-testid="approval-mode">
          <Stack gap={6} mt={6}>
            {approvalModes.map((mode) => (
              <Radio key={mode} value={mode} disabled={readOnly} label={t(`flowDesign.approval.modes.${mode}`)} description={t(`flowDesign.approval.modeHints.${mode}`)} data-testid={`approval-mode-${mode}`} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {p.assignedType === "user" && p.mode === "ratio" && (
        <NumberInput
          label={t("flowDesign.approval.passRatio")}
          suffix="%"
          min={1}
          max={100}
          clampBehavior="strict"
          allowDecimal={false}
          disabled={readOnly}
          value={p.passRatio != null ? Math.round(p.passRatio * 100) : ""}
          onChange={(v) => onProps({ passRatio: typeof v === "number" ? v / 100 : undefined })}
          w={160}
          data-testid="approval-ratio"
        />
      )}

      <Divider label={t("flowDesign.approval.policies")} labelPosition="left" />
      <Select
        label={t("flowDesign.approval.emptyApprover")}
        data={emptyApproverPolicies.map((v) => ({ value: v, label: t(`flowDesign.approval.empty.${v}`) }))}
        value={p.emptyApprover}
        allowDeselect={false}
        disabled={readOnly}
        onChange={(v) => onProps({ emptyApprover: (v ?? "pass") as ApprovalProps["emptyApprover"], emptyApproverUser: v === "user" ? p.emptyApproverUser : null })}
        comboboxProps={{ zIndex: 400 }}
        data-testid="approval-empty"
      />
      {p.emptyApprover === "user" && (
        <UserPicker
          label={t("flowDesign.approval.emptyApproverUser")}
          multiple={false}
          required
          value={p.emptyApproverUser ? [p.emptyApproverUser] : []}
          onChange={(people) => onProps({ emptyApproverUser: people[0] ?? null })}
          error={p.emptyApproverUser ? undefined : t("flowDesign.approval.emptyUserMissing")}
          data-testid="approval-empty-user"
        />
      )}
      <Radio.Group label={t("flowDesign.approval.repeatedApprover")} value={p.repeatedApprover} onChange={(v) => onProps({ repeatedApprover: v as ApprovalProps["repeatedApprover"] })}>
        <Group gap="md" mt={6}>
          {repeatedApproverPolicies.map((v) => (
            <Radio key={v} value={v} disabled={readOnly} label={t(`flowDesign.approval.repeated.${v}`)} />
          ))}
        </Group>
      </Radio.Group>

      <Switch
        label={t("flowDesign.approval.timeout")}
        disabled={readOnly}
        checked={Boolean(p.timeout)}
        onChange={(e) => onProps({ timeout: e.currentTarget.checked ? { hours: 24, action: "remind" } : null })}
        data-testid="approval-timeout"
      />
      {p.timeout && (
        <Group gap="sm" align="flex-end">
          <NumberInput
            label={t("flowDesign.approval.timeoutHours")}
            min={1}
            max={24 * 365}
            allowDecimal={false}
            disabled={readOnly}
            value={p.timeout.hours}
            onChange={(v) => onProps({ timeout: { ...p.timeout!, hours: typeof v === "number" ? v : 0 } })}
            w={140}
            data-testid="approval-timeout-hours"
          />
          <SegmentedControl
            disabled={readOnly}
            aria-label={t("flowDesign.approval.timeoutAction")}
            data={timeoutActions.map((a) => ({ value: a, label: t(`flowDesign.approval.timeoutActions.${a}`) }))}
            value={p.timeout.action}
            onChange={(a) => onProps({ timeout: { ...p.timeout!, action: a as "remind" | "escalate" } })}
          />
        </Group>
      )}

      <Divider label={t("flowDesign.perms.title")} labelPosition="left" />
      <FormPermsEditor fields={fields} value={p.formPerms} onChange={(formPerms) => onProps({ formPerms })} fallback="read" readOnly={readOnly} />
    </Stack>
  );
}
ApprovalPanel.displayName = "ApprovalPanel";
