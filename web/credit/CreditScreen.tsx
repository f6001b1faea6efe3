/**
 * 信用查询 (/bt/credit): three tabs — enterprises to query with the reader's live authorisation (reading a
 * report or its relevance needs one; every read is logged), the authorisations (granted on an enterprise's
 * behalf, revoked, their letter), and the query records (every read, refused ones too, with the digest of
 * what was shown).
 */
import { Badge, Button, Group, Tabs, Text } from "@mantine/core";
import { IconFileCertificate, IconReport, IconSitemap } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { hasPermission } from "../core/session.ts";
import { notifyError } from "../core/feedback.tsx";
import { ListScreen, type ListSpec } from "../crud/ListScreen.tsx";
import { saveBlob } from "../crud/spreadsheet/download.ts";
import { accreditLetter, creditQueries, creditTags, type AuthorisationRow, type EnterpriseRow, type QueryRecordRow } from "./api.ts";
import { AccreditForm, RevokeForm } from "./AccreditForm.tsx";
import { RelevanceModal, ReportModal } from "./ReportModal.tsx";

const statusColor = { live: "green", pending: "blue", expired: "gray", revoked: "red" } as const;

function enterpriseList(open: (row: EnterpriseRow, what: "report" | "relevance") => void): ListSpec<EnterpriseRow> {
  return {
    name: "credit-enterprises",
    path: "credit/enterprises",
    query: creditQueries.enterprises,
    rowKey: (r) => r.creditCode,
    rowAttrs: (r) => ({ "data-credit-code": r.creditCode }),
    local: true,
    columnChooser: false,
    filters: [
      { kind: "text", key: "corpName", label: (t) => t("credit.entName") },
      { kind: "text", key: "corpId", label: (t) => t("credit.creditCode") },
    ],
    columns: [
      { key: "entName", title: (t) => t("credit.entName") },
      { key: "creditCode", title: (t) => t("credit.creditCode"), width: 200 },
      { key: "legalPerson", title: (t) => t("credit.legalPerson"), width: 140, render: (r) => r.legalPerson ?? "" },
      {
        key: "authId",
        title: (t) => t("credit.authorisation"),
        width: 180,
        render: (r, t) => (r.authId ? <Badge color="green" variant="light">{t("credit.liveUntil", { date: r.validTo })}</Badge> : <Text size="sm" c="dimmed">{t("credit.noAuthorisation")}</Text>),
      },
    ],
    actions: (r, list) => (
      <Group gap={4} wrap="nowrap">
        <Button size="compact-sm" variant="light" leftSection={<IconReport size={14} />} onClick={() => open(r, "report")} data-testid="credit-read-report">{list.t("credit.readReport")}</Button>
        <Button size="compact-sm" variant="subtle" leftSection={<IconSitemap size={14} />} disabled={!r.authId} onClick={() => open(r, "relevance")} data-testid="credit-relevance">{list.t("credit.relevance")}</Button>
      </Group>
    ),
  };
}

const authorisationList = (revoke: (row: AuthorisationRow) => void, add: () => void): ListSpec<AuthorisationRow> => ({
  name: "credit-accredit",
  path: "credit/authorisations",
  query: creditQueries.authorisations,
  rowKey: (r) => r.authId,
  rowAttrs: (r) => ({ "data-auth-id": r.authId, "data-status": r.status }),
  local: true,
  minWidth: 1200,
  filters: [
    { kind: "text", key: "corpName", label: (t) => t("credit.entName") },
    { kind: "select", key: "status", label: (t) => t("credit.status"), options: (t) => (["live", "pending", "expired", "revoked"] as const).map((s) => ({ value: s, label: t(`credit.statuses.${s}`) })) },
    { kind: "select", key: "mine", label: (t) => t("credit.mine"), options: (t) => [{ value: "true", label: t("credit.mine") }] },
  ],
  columns: [
    { key: "entName", title: (t) => t("credit.entName") },
    { key: "granteeName", title: (t) => t("credit.grantee"), render: (r, t) => `${r.granteeName}（${t(`credit.granteeKinds.${r.granteeKind}`)}）` },
    { key: "period", title: (t) => t("credit.period"), width: 200, render: (r) => `${r.validFrom} ~ ${r.validTo}` },
    { key: "purpose", title: (t) => t("credit.purpose") },
    { key: "status", title: (t) => t("credit.status"), width: 100, render: (r, t) => <Badge color={statusColor[r.status]} variant="light" data-testid="credit-auth-status">{t(`credit.statuses.${r.status}`)}</Badge> },
    { key: "grantedBy", title: (t) => t("credit.grantedBy"), width: 110, render: (r) => r.grantedBy ?? "" },
    { key: "credentialId", title: (t) => t("credit.credential"), width: 150, render: (r, t) => (r.credentialId ? <Text size="xs" ff="monospace" title={r.credentialId} data-testid="credit-credential">{r.credentialId.slice(9, 17)}…</Text> : t("credit.noCredential")) },
  ],
  toolbar: (list) => (hasPermission(creditTags.accredit) ? <Button color="teal" onClick={add} data-testid="credit-accredit-add">{list.t("credit.add")}</Button> : null),
  actions: (r, list) => (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="subtle" leftSection={<IconFileCertificate size={14} />} onClick={() => accreditLetter(r.authId).then((blob) => saveBlob(blob, blob instanceof File ? blob.name : `${r.authId}.html`), notifyError)} data-testid="credit-letter">{list.t("credit.letter")}</Button>
      {hasPermission(creditTags.accredit) && r.status !== "revoked" ? <Button size="compact-sm" variant="subtle" color="red" onClick={() => revoke(r)} data-testid="credit-revoke">{list.t("credit.revoke")}</Button> : null}
    </Group>
  ),
});

const recordList: ListSpec<QueryRecordRow> = {
  name: "credit-records",
  path: "credit/records",
  query: creditQueries.records,
  rowKey: (r) => r.readId,
  rowAttrs: (r) => ({ "data-outcome": r.outcome, "data-credit-code": r.creditCode }),
  local: true,
  minWidth: 1200,
  filters: [
    { kind: "text", key: "corpName", label: (t) => t("credit.entName") },
    { kind: "select", key: "outcome", label: (t) => t("credit.outcome"), options: (t) => (["granted", "refused"] as const).map((o) => ({ value: o, label: t(`credit.outcomes.${o}`) })) },
  ],
  columns: [
    { key: "at", title: (t) => t("credit.at"), width: 170, render: (r) => r.at.replace("T", " ").slice(0, 19) },
    { key: "entName", title: (t) => t("credit.entName") },
    { key: "readerName", title: (t) => t("credit.reader"), width: 110, render: (r) => r.readerName ?? "" },
    { key: "kind", title: (t) => t("credit.kind"), width: 100, render: (r, t) => t(`credit.kinds.${r.kind}`) },
    { key: "outcome", title: (t) => t("credit.outcome"), width: 90, render: (r, t) => <Badge color={r.outcome === "granted" ? "green" : "red"} variant="light" data-testid="credit-record-outcome">{t(`credit.outcomes.${r.outcome}`)}</Badge> },
    { key: "reason", title: (t) => t("credit.reason"), width: 130, render: (r, t) => (r.reason ? t(`credit.reasons.${r.reason}`) : "") },
    { key: "hash", title: (t) => t("credit.hash"), width: 160, render: (r) => (r.hash ? <Text size="xs" ff="monospace" title={r.hash}>{r.hash.slice(0, 16)}…</Text> : "") },
  ],
};

export default function CreditScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>("query");
  const [reading, setReading] = useState<{ row: EnterpriseRow; what: "report" | "relevance" } | null>(null);
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<AuthorisationRow | null>(null);
  const [enterprises] = useState(() => enterpriseList((row, what) => setReading({ row, what })));
  const [authorisations] = useState(() => authorisationList(setRevoking, () => setAdding(true)));
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false} data-testid="credit-screen">
      <Tabs.List mb="md">
        <Tabs.Tab value="query" data-testid="credit-tab-query">{t("credit.tabs.query")}</Tabs.Tab>
        <Tabs.Tab value="accredit" data-testid="credit-tab-accredit">{t("credit.tabs.accredit")}</Tabs.Tab>
        <Tabs.Tab value="records" data-testid="credit-tab-records">{t("credit.tabs.records")}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="query"><ListScreen list={enterprises} /></Tabs.Panel>
      <Tabs.Panel value="accredit"><ListScreen list={authorisations} /></Tabs.Panel>
      <Tabs.Panel value="records"><ListScreen list={recordList} /></Tabs.Panel>
      {reading?.what === "report" ? <ReportModal enterprise={reading.row} onClose={() => setReading(null)} /> : null}
      {reading?.what === "relevance" && reading.row.authId ? <RelevanceModal enterprise={reading.row} authId={reading.row.authId} onClose={() => setReading(null)} /> : null}
      <AccreditForm opened={adding} onClose={() => setAdding(false)} />
      {revoking ? <RevokeForm authorisation={revoking} onClose={() => setRevoking(null)} /> : null}
    </Tabs>
  );
}
