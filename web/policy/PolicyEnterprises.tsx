/** The enterprises that meet one policy (GET /common/paclist/matchEnterprises), each with the conditions it passed. */
import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { ListScreen, type ListSpec } from "../crud/ListScreen.tsx";
import { detailPath, matchQueries, policy, type PolicyEnterpriseRow } from "./api.ts";
import { Reasons } from "./Reasons.tsx";

function policyEnterpriseList(policyId: string, local: boolean): ListSpec<PolicyEnterpriseRow> {
  return {
    name: "policy-enterprises",
    path: `${policy.path}/matchEnterprises`,
    local,
    query: ({ limit, orderField: _f, order: _o, ...rest }) => matchQueries.forPolicy({ ...rest, size: limit, policyId }),
    rowKey: (r) => r.creditCode,
    rowAttrs: (r) => ({ "data-credit-code": r.creditCode }),
    filters: [{ kind: "text", key: "firmName", label: (t) => t("policy.match.firmName") }],
    columns: [
      {
        key: "entName",
        title: (t) => t("policy.match.entName"),
        width: 280,
        render: (r) => (
          <Stack gap={2}>
            <Anchor component={Link} to={detailPath} search={{ creditCode: r.creditCode, policyId } as never} size="sm">{r.entName}</Anchor>
            <Text size="xs" c="dimmed">{r.creditCode}</Text>
          </Stack>
        ),
        value: (r) => r.entName,
      },
      { key: "reasons", title: (t) => t("policy.match.reasons"), width: 420, render: (r) => <Reasons reasons={r.reasons} limit={4} />, value: (r) => r.reasons.map((x) => x.text).join("；") },
    ],
  };
}

export function PolicyEnterprises({ policyId, local = false }: { policyId: string; local?: boolean }) {
  const list = useMemo(() => policyEnterpriseList(policyId, local), [policyId, local]);
  return <ListScreen key={policyId} list={list} />;
}
