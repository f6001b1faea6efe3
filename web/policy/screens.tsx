/**
 * The policy lists on the record kit: the policies with their conditions edited in the builder (政策管理), the
 * declarations with their materials uploaded and a way to declare (政策申报), and the follow-ups (申报跟进).
 * Submitting, the approval record and the status that follows the flow are the kit's lifecycle buttons.
 */
import { Button } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { policyDeclareFollow } from "../../events/families/casework.ts";
import { hasPermission } from "../core/session.ts";
import type { FieldInputs } from "../crud/FieldInput.tsx";
import { ListScreen } from "../crud/ListScreen.tsx";
import { declarePath, policy, policyAdvice, policyDeclare } from "./api.ts";
import { ConditionsEditor } from "./ConditionsEditor.tsx";
import { MaterialsInput } from "./MaterialsInput.tsx";
import { idsOf } from "./rules.ts";

const policyInputs: FieldInputs = {
  conditions: ({ value, onChange, error }) => <ConditionsEditor value={value} onChange={onChange} error={error} />,
};

const declareInputs: FieldInputs = {
  materials: ({ value, onChange, error }) => <MaterialsInput value={idsOf(value)} onChange={(ids) => onChange(ids.length ? JSON.stringify(ids) : "")} error={error} />,
};

export function PolicyListScreen() {
  return <ListScreen family={policy} inputs={policyInputs} />;
}

export function DeclarationListScreen() {
  const { t } = useTranslation();
  const toolbar = hasPermission(policyDeclare.tags.save) ? (
    <Button component={Link} to={declarePath} leftSection={<IconPlus size={16} />} color="teal" data-testid="declare-new">{t("policy.declare.add")}</Button>
  ) : null;
  return <ListScreen family={policyDeclare} inputs={declareInputs} toolbar={toolbar} />;
}

export function FollowListScreen() {
  return <ListScreen family={policyDeclareFollow} />;
}

export function AdviceListScreen() {
  return <ListScreen family={policyAdvice} />;
}
