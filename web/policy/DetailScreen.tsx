/**
 * /bt/policy/detail — the matched result. `?creditCode=` lists the enterprise's policies (met and nearly met,
 * with reasons and what is missing); with `&policyId=` it shows that policy tried on the enterprise, every
 * named condition with its trace; `?policyId=` alone lists the enterprises that meet the policy.
 */
import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../core/api/http.ts";
import { hasPermission } from "../core/session.ts";
import { declarePath, detailPath, matchQueries, policyDeclare } from "./api.ts";
import { EnterpriseMatches } from "./EnterpriseMatches.tsx";
import { PolicyEnterprises } from "./PolicyEnterprises.tsx";
import { EnterpriseChoice } from "./pickers.tsx";
import { Missing, Reasons } from "./Reasons.tsx";

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim().toUpperCase() : null);
const kindColour = { met: "teal", near: "orange", unmet: "red" } as const;

function Trial({ policyId, creditCode }: { policyId: string; creditCode: string }) {
  const { t } = useTranslation();
  const trial = useQuery(matchQueries.trial(policyId, creditCode));
  if (trial.isPending) return <Loader />;
  if (trial.isError) return <Alert color="red">{trial.error instanceof ApiError ? trial.error.message : t("http.failed")}</Alert>;
  const r = trial.data;
  return (
    <Card withBorder data-testid="policy-trial" data-kind={r.kind}>
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={4}>{t("policy.detail.trial", { policy: r.policyName, enterprise: r.entName })}</Title>
            <Text size="sm" c="dimmed">{[r.policyNo, r.issuingAuthority, t("policy.detail.asOf", { date: r.asOf })].filter(Boolean).join(" · ")}</Text>
          </Stack>
          <Group gap="xs">
            <Badge size="lg" color={kindColour[r.kind]} data-testid="policy-trial-kind">{t(`policy.match.${r.kind}`)}</Badge>
            {r.kind === "met" && hasPermission(policyDeclare.tags.save) && (
              <Button component={Link} to={declarePath} search={{ creditCode, policyId } as never} color="teal" data-testid="policy-declare">{t("policy.match.declare")}</Button>
            )}
          </Group>
        </Group>
        <Missing missing={r.missing} />
        {r.subsidy && <Text size="sm"><Text span fw={500}>{t("policy.match.subsidy")}：</Text>{r.subsidy}</Text>}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {r.conditions.map((c) => (
            <Card key={c.code} withBorder padding="sm" data-testid="policy-trial-condition" data-pass={c.pass}>
              <Group justify="space-between" mb={4}>
                <Text fw={500}>{c.label}</Text>
                <Badge color={c.pass ? "teal" : "orange"} variant="light">{t(c.pass ? "policy.detail.pass" : "policy.detail.fail")}</Badge>
              </Group>
              <Reasons reasons={c.reasons} />
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

export default function DetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const creditCode = text(search.creditCode);
  const policyId = typeof search.policyId === "string" && search.policyId ? search.policyId : null;

  return (
    <Stack m="md" data-testid="policy-detail-screen">
      <Group justify="space-between">
        <Title order={3}>{t("policy.detail.title")}</Title>
        {creditCode && policyId && (
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} component={Link} to={detailPath} search={{ creditCode } as never}>{t("policy.detail.back")}</Button>
        )}
      </Group>
      {!creditCode && !policyId && (
        <Card withBorder>
          <Stack>
            <Alert color="blue">{t("policy.detail.chooseEnterprise")}</Alert>
            <EnterpriseChoice onPick={(e) => void navigate({ to: detailPath, search: { creditCode: e.creditCode } as never })} />
          </Stack>
        </Card>
      )}
      {creditCode && policyId && <Trial creditCode={creditCode} policyId={policyId} />}
      {creditCode && !policyId && <EnterpriseMatches creditCode={creditCode} local />}
      {!creditCode && policyId && (
        <>
          <Title order={5}>{t("policy.detail.enterprises")}</Title>
          <PolicyEnterprises policyId={policyId} local />
        </>
      )}
    </Stack>
  );
}
