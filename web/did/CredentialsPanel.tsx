/**
 * The credentials the platform issued, newest first: filtered by a fragment (subject, type, authorisation,
 * id) and state; each row verified on the spot or revoked (with a reason, after a confirmation). The
 * JWT of a row can be copied to verify elsewhere.
 */
import { Badge, Button, CopyButton, Stack, Text, Textarea } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { useState } from "react";
import { notifySuccess } from "../core/feedback.tsx";
import { hasPermission } from "../core/session.ts";
import { ListScreen, type ListSpec } from "../crud/ListScreen.tsx";
import { credentialsQuery, credentialsKey, didTags, revokeCredential, verifyCredential, type CredentialRow } from "./api.ts";
import { VerificationResult } from "./VerificationResult.tsx";
import { useAction } from "./useAction.ts";

const stateColor = { valid: "teal", revoked: "red", expired: "gray" } as const;
const shortDid = (did: string) => did.replace(/^did:web:[^:]+:/, "");
const day = (iso: string) => iso.slice(0, 10);

function RevokeForm({ row, onDone }: { row: CredentialRow; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [busy, run] = useAction();
  const revoke = () =>
    run(async () => {
      await revokeCredential(row.id, reason);
      notifySuccess(t("did.credentials.revoked"));
      onDone();
    });
  return (
    <Stack>
      <Text size="sm" data-testid="did-revoke-text">{t("did.credentials.revokeConfirm", { subject: shortDid(row.subject) })}</Text>
      <Textarea label={t("did.credentials.reason")} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} data-testid="did-revoke-reason" />
      <Button color="red" loading={busy} onClick={() => void revoke()} data-testid="did-revoke-ok">{t("did.credentials.revoke")}</Button>
    </Stack>
  );
}

const columns = (): ListSpec<CredentialRow>["columns"] => [
  { key: "subject", title: (t) => t("did.field.subject"), render: (r) => <Text size="sm" ff="monospace">{shortDid(r.subject)}</Text> },
  { key: "type", title: (t) => t("did.field.type"), width: 190 },
  { key: "ref", title: (t) => t("did.field.ref"), render: (r) => r.ref ?? "—", width: 200 },
  { key: "period", title: (t) => t("did.field.period"), render: (r) => `${day(r.validFrom)} — ${day(r.validUntil)}`, width: 200 },
  { key: "statusIndex", title: (t) => t("did.field.slot"), width: 90 },
  { key: "state", title: (t) => t("did.field.state"), width: 100, render: (r, t) => <Badge color={stateColor[r.state]} variant="light" data-testid="did-credential-state">{t(`did.state.${r.state}`)}</Badge> },
];

const stateOptions = (t: TFunction) => (["valid", "revoked", "expired"] as const).map((s) => ({ value: s, label: t(`did.state.${s}`) }));

const spec: ListSpec<CredentialRow> = {
  name: "did-credentials",
  path: credentialsKey[0]!,
  query: credentialsQuery,
  rowKey: (r) => r.id,
  rowAttrs: (r) => ({ "data-credential-id": r.id, "data-state": r.state }),
  local: true,
  minWidth: 1100,
  filters: [
    { kind: "text", key: "keyword", label: (t) => t("did.credentials.keyword"), width: 240 },
    { kind: "select", key: "state", label: (t) => t("did.field.state"), options: stateOptions },
  ],
  columns: columns(),
  actions: (row, list) => (
    <>
      <CopyButton value={row.jwt}>
        {({ copied, copy }) => <Button size="compact-sm" variant="subtle" onClick={copy} data-testid="did-copy">{copied ? list.t("did.credentials.copied") : list.t("did.credentials.copy")}</Button>}
      </CopyButton>
      {hasPermission(didTags.verify) && (
        <Button
          size="compact-sm"
          variant="subtle"
          loading={list.busy === `verify:${row.id}`}
          data-testid="did-row-verify"
          onClick={() =>
            void list.run(`verify:${row.id}`, async () => {
              const result = await verifyCredential(row.jwt);
              modals.open({ title: list.t("did.verify.title"), size: "lg", children: <VerificationResult result={result} /> });
            })
          }
        >
          {list.t("did.verify.run")}
        </Button>
      )}
      {row.state !== "revoked" && hasPermission(didTags.revoke) && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          data-testid="did-row-revoke"
          onClick={() => {
            const id = modals.open({ title: list.t("did.credentials.revokeTitle"), children: <RevokeForm row={row} onDone={() => (modals.close(id), list.refresh())} /> });
          }}
        >
          {list.t("did.credentials.revoke")}
        </Button>
      )}
    </>
  ),
};

export function CredentialsPanel() {
  return <ListScreen list={spec} />;
}
