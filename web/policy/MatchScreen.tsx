/**
 * 政策匹配 (/bt/policy/match): an enterprise's policies (met and nearly met, with reasons), or a policy's
 * enterprises. What is chosen lives in the URL (`creditCode` and `entName`, or `by=policy&policyId`), so a
 * reload or a pasted link shows the same matches.
 */
import { Alert, Card, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { EnterpriseMatches } from "./EnterpriseMatches.tsx";
import { PolicyEnterprises } from "./PolicyEnterprises.tsx";
import { EnterpriseChoice, PolicyChoice } from "./pickers.tsx";

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

export default function MatchScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const by = search.by === "policy" ? "policy" : "enterprise";
  const creditCode = text(search.creditCode);
  const entName = text(search.entName);
  const policyId = text(search.policyId);
  const policyName = text(search.policyName);
  // the choice replaces the list's own state (page, filters): a new subject starts on page 1
  const go = (next: Record<string, string | undefined>) => void navigate({ to: ".", search: next as never });

  return (
    <Stack data-testid="policy-match-screen">
      <Card withBorder>
        <Group align="flex-end">
          <SegmentedControl
            value={by}
            onChange={(v) => go(v === "policy" ? { by: "policy" } : {})}
            data={[{ value: "enterprise", label: t("policy.match.byEnterprise") }, { value: "policy", label: t("policy.match.byPolicy") }]}
            data-testid="policy-match-mode"
          />
          {by === "enterprise" ? (
            <EnterpriseChoice onPick={(e) => go({ creditCode: e.creditCode, entName: e.entName })} />
          ) : (
            <PolicyChoice value={policyId ? { policyId, policyName: policyName ?? policyId, policyNo: null } : null} onPick={(p) => go(p ? { by: "policy", policyId: p.policyId, policyName: p.policyName } : { by: "policy" })} />
          )}
          {by === "enterprise" && creditCode && (
            <Text fw={500} data-testid="policy-match-subject">{entName ?? creditCode}<Text span size="xs" c="dimmed"> {creditCode}</Text></Text>
          )}
        </Group>
      </Card>
      {by === "enterprise" && (creditCode ? <EnterpriseMatches creditCode={creditCode} /> : <Alert color="blue">{t("policy.match.pickEnterprise")}</Alert>)}
      {by === "policy" && (policyId ? <PolicyEnterprises policyId={policyId} /> : <Alert color="blue">{t("policy.match.pickPolicyHint")}</Alert>)}
    </Stack>
  );
}
