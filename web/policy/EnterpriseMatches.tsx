/**
 * The policies an enterprise meets and nearly meets (GET /common/paclist/matchList), each with why it matches
 * or what is still missing, and the ways on: the matched result of that policy, and declaring it.
 */
import { Anchor, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { hasPermission } from "../core/session.ts";
import { ListScreen, type ListSpec } from "../crud/ListScreen.tsx";
import { declarePath, detailPath, matchQueries, policy, policyDeclare, type EnterprisePolicyRow } from "./api.ts";
import { Missing, Reasons } from "./Reasons.tsx";

const kindColour = { met: "teal", near: "orange" } as const;

/** The list of one enterprise's matches (remounted per enterprise: its key is the credit code). */
export function enterpriseMatchList(creditCode: string, local: boolean): ListSpec<EnterprisePolicyRow> {
  return {
    name: "policy-match",
    path: `${policy.path}/matchList`,
    local,
    query: ({ limit, orderField: _f, order: _o, ...rest }) => matchQueries.forEnterprise({ ...rest, size: limit, creditCode }),
    rowKey: (r) => r.policyId,
    rowAttrs: (r) => ({ "data-policy-id": r.policyId, "data-kind": r.kind }),
    filters: [
      { kind: "text", key: "name", label: (t) => t("policy.match.name") },
      { kind: "select", key: "kind", width: 140, label: (t) => t("policy.match.kind"), options: (t) => [{ value: "met", label: t("policy.match.met") }, { value: "near", label: t("policy.match.near") }] },
    ],
    columns: [
      {
        key: "policyName",
        title: (t) => t("policy.match.name"),
        width: 280,
        render: (r) => (
          <Stack gap={2}>
            <Anchor component={Link} to={detailPath} search={{ creditCode, policyId: r.policyId } as never} size="sm" data-testid="policy-match-link">{r.policyName}</Anchor>
            <Text size="xs" c="dimmed">{[r.policyNo, r.issuingAuthority].filter(Boolean).join(" · ")}</Text>
          </Stack>
        ),
        value: (r) => r.policyName,
      },
      { key: "kind", title: (t) => t("policy.match.kind"), width: 110, render: (r, t) => <Badge color={kindColour[r.kind]} variant="light" data-testid="policy-match-kind">{t(`policy.match.${r.kind}`)}</Badge>, value: (r, t) => t(`policy.match.${r.kind}`) },
      {
        key: "reasons",
        title: (t) => t("policy.match.reasons"),
        width: 380,
        render: (r) => (
          <Stack gap={4}>
            <Missing missing={r.missing} />
            <Reasons reasons={r.reasons} limit={4} />
          </Stack>
        ),
        value: (r) => [...r.missing, ...r.reasons.map((x) => x.text)].join("；"),
      },
      { key: "subsidy", title: (t) => t("policy.match.subsidy"), width: 200, render: (r) => r.subsidy ?? "—" },
      { key: "expiryDate", title: (t) => t("policy.match.expiry"), width: 110, render: (r) => r.expiryDate ?? "—" },
    ],
    actions: (r, list) => (
      <Group gap={4} wrap="nowrap">
        <Button size="compact-sm" variant="subtle" component={Link} to={detailPath} search={{ creditCode, policyId: r.policyId } as never}>{list.t("policy.match.detail")}</Button>
        {r.kind === "met" && hasPermission(policyDeclare.tags.save) && (
          <Button size="compact-sm" variant="light" color="teal" component={Link} to={declarePath} search={{ creditCode, policyId: r.policyId } as never} data-testid="policy-declare">{list.t("policy.match.declare")}</Button>
        )}
      </Group>
    ),
  };
}

export function EnterpriseMatches({ creditCode, local = false }: { creditCode: string; local?: boolean }) {
  const list = useMemo(() => enterpriseMatchList(creditCode, local), [creditCode, local]);
  return <ListScreen key={creditCode} list={list} />;
}
