/**
 * A verification's outcome: valid, or the reason it is not (revoked, signature, expired…), and what the
 * credential claims (issuer, subject, period, claims) when it could be read.
 */
import { Alert, Code, Table } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { Verification } from "./api.ts";

const asText = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
const time = (seconds: unknown) => (typeof seconds === "number" ? new Date(seconds * 1000).toLocaleString() : "—");

export function VerificationResult({ result }: { result: Verification }) {
  const { t } = useTranslation();
  const p = (result.payload ?? {}) as Record<string, unknown>;
  const subject = (p.credentialSubject ?? {}) as Record<string, unknown>;
  const claims = Object.entries(subject).filter(([k]) => k !== "id");
  return (
    <div data-testid="did-verification" data-valid={String(result.valid)} data-reason={result.reason ?? ""}>
      {result.valid ? (
        <Alert color="teal" icon={<IconCircleCheck />} title={t("did.verify.valid")} data-testid="did-verify-outcome">{t("did.verify.validHint")}</Alert>
      ) : (
        <Alert color="red" icon={<IconCircleX />} title={t("did.verify.invalid")} data-testid="did-verify-outcome">
          {t(`did.reason.${result.reason ?? "malformed"}`)}
          {result.revokedAt ? ` (${new Date(result.revokedAt).toLocaleString()})` : ""}
        </Alert>
      )}
      {result.payload && (
        <Table mt="sm" withTableBorder data-testid="did-verify-claims">
          <Table.Tbody>
            <Table.Tr><Table.Th w={160}>{t("did.field.id")}</Table.Th><Table.Td><Code>{asText(p.jti ?? p.id)}</Code></Table.Td></Table.Tr>
            <Table.Tr><Table.Th>{t("did.field.issuer")}</Table.Th><Table.Td><Code>{asText(p.iss)}</Code></Table.Td></Table.Tr>
            <Table.Tr><Table.Th>{t("did.field.subject")}</Table.Th><Table.Td><Code>{asText(p.sub)}</Code></Table.Td></Table.Tr>
            <Table.Tr><Table.Th>{t("did.field.period")}</Table.Th><Table.Td>{time(p.nbf)} — {time(p.exp)}</Table.Td></Table.Tr>
            {claims.map(([k, v]) => (
              <Table.Tr key={k}><Table.Th>{k}</Table.Th><Table.Td>{asText(v)}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
