/**
 * The notarisation (/bt/notarization) and rights confirmation (/bt/confirmation) screens: one list kit
 * declaration per kind over the gateway's lists, applying (upload a file, give the reason), handling and
 * refusing an application, and the public verify page of each one. Above the list, the chain explorer's
 * summary of the notarisation chain.
 */
import { Anchor, Badge, Button, Card, FileInput, Group, Text, Textarea, Tooltip } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconCertificate, IconExternalLink, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { notaryTags } from "../../events/api/notary.ts";
import { notifySuccess } from "../core/feedback.tsx";
import { hasPermission } from "../core/session.ts";
import { ListScreen, type ListContext, type ListSpec } from "../crud/ListScreen.tsx";
import { ModalForm, useKitForm } from "../widgets/FormKit/index.ts";
import { applyFor, handleApplication, listPath, notaryQueries, refuseApplication, verifyPageUrl, type NotaryKind, type NotaryRow } from "./api.ts";

const statusColor = { applied: "yellow", notarised: "green", refused: "gray" } as const;

function listOf(kind: NotaryKind): ListSpec<NotaryRow> {
  const day = kind === "notary" ? "notaryTime" : "confirmTime";
  return {
    name: kind === "notary" ? "notary" : "confirm",
    path: listPath(kind),
    query: notaryQueries.list(kind),
    rowKey: (r) => r.applicationNo,
    rowAttrs: (r) => ({ "data-no": r.applicationNo, "data-status": r.status }),
    columnChooser: false,
    filters: [
      kind === "notary" ? { kind: "text", key: "keyWork", label: (t) => t("notary.keyWork"), width: 220 } : { kind: "text", key: "userCode", label: (t) => t("notary.userCode") },
      { kind: "date", key: day, label: (t) => t(`notary.${day}`) },
      { kind: "select", key: "status", label: (t) => t("notary.status"), options: (t) => (["applied", "notarised", "refused"] as const).map((s) => ({ value: s, label: t(`notary.statuses.${s}`) })) },
    ],
    columns: [
      { key: "applicationNo", title: (t) => t("notary.applicationNo"), width: 160, testId: "notary-no" },
      { key: "subjectName", title: (t) => t("notary.subject") },
      { key: "reason", title: (t) => t("notary.reason") },
      { key: "applicantName", title: (t) => t("notary.applicant"), width: 110 },
      { key: "status", title: (t) => t("notary.status"), width: 100, render: (r, t) => <Badge color={statusColor[r.status]} data-testid="notary-status">{t(`notary.statuses.${r.status}`)}</Badge>, value: (r, t) => t(`notary.statuses.${r.status}`) },
      { key: "applyTime", title: (t) => t("notary.applyTime"), width: 170 },
      { key: "handleTime", title: (t) => t(kind === "notary" ? "notary.handleTime" : "notary.confirmTimeColumn"), width: 170 },
      {
        key: "txHash",
        title: (t) => t("notary.txHash"),
        width: 170,
        render: (r) =>
          r.txHash ? (
            <Tooltip label={r.txHash} multiline w={320}>
              <Text ff="monospace" size="xs" data-testid="notary-txhash" data-hash={r.txHash}>{`${r.txHash.slice(0, 10)}…${r.txHash.slice(-6)}`}</Text>
            </Tooltip>
          ) : "—",
      },
    ],
    actions: (r, list) => <RowActions row={r} list={list} />,
    toolbar: (list) => (hasPermission(notaryTags.apply) ? <ApplyButton kind={kind} onApplied={() => reload(list, kind)} /> : null),
    header: () => <ChainCard kind={kind} />,
  };
}

/** Reloads a kind's list and the chain summary above it (both under the list's key). */
const reload = (list: ListContext<NotaryRow>, kind: NotaryKind) => void list.queryClient.invalidateQueries({ queryKey: [listPath(kind)] });

function RowActions({ row, list }: { row: NotaryRow; list: ListContext<NotaryRow> }) {
  const { t } = useTranslation();
  const canHandle = row.status === "applied" && hasPermission(notaryTags.handle);
  const handle = () =>
    modals.openConfirmModal({
      title: t("notary.handle"),
      children: <Text size="sm">{t("notary.handleConfirm", { no: row.applicationNo })}</Text>,
      labels: { confirm: t("actions.confirm"), cancel: t("actions.cancel") },
      confirmProps: { "data-testid": "notary-handle-ok" } as never,
      onConfirm: () => void list.command(`handle-${row.applicationNo}`, () => handleApplication(row.applicationNo).then(() => ({ msg: t("notary.handled") }))),
    });
  return (
    <Group gap={4} wrap="nowrap">
      {canHandle && (
        <>
          <Button size="compact-xs" leftSection={<IconCertificate size={14} />} loading={list.busy === `handle-${row.applicationNo}`} onClick={handle} data-testid="notary-handle">{t("notary.handle")}</Button>
          <RefuseButton row={row} list={list} />
        </>
      )}
      <Button size="compact-xs" variant="light" component="a" href={verifyPageUrl(row.applicationNo)} target="_blank" rel="noopener" rightSection={<IconExternalLink size={12} />} data-testid="notary-verify">{t("notary.verify")}</Button>
    </Group>
  );
}

function RefuseButton({ row, list }: { row: NotaryRow; list: ListContext<NotaryRow> }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const form = useKitForm({ initialValues: { reason: "" }, schema: z.object({ reason: z.string().trim().max(500, t("notary.reasonTooLong")) }) });
  return (
    <>
      <Button size="compact-xs" color="red" variant="light" onClick={() => setOpened(true)} data-testid="notary-refuse">{t("notary.refuse")}</Button>
      <ModalForm form={form} opened={opened} onClose={() => setOpened(false)} title={t("notary.refuseTitle", { no: row.applicationNo })} submitTestId="notary-refuse-save"
        onSubmit={async (v) => {
          await refuseApplication(row.applicationNo, v.reason.trim());
          notifySuccess(t("notary.refused"));
          reload(list, row.kind);
        }}>
        <Textarea label={t("notary.refuseReason")} autosize minRows={2} {...form.getInputProps("reason")} data-testid="notary-refuse-reason" data-autofocus />
      </ModalForm>
    </>
  );
}

function ApplyButton({ kind, onApplied }: { kind: NotaryKind; onApplied: () => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const schema = z.object({ file: z.instanceof(File, { message: t("notary.fileRequired") }), reason: z.string().trim().min(1, t("notary.reasonRequired")).max(500, t("notary.reasonTooLong")) });
  const form = useKitForm<{ file: File | null; reason: string }>({ initialValues: { file: null, reason: "" }, schema });
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} color="teal" onClick={() => { form.reset(); setOpened(true); }} data-testid="notary-apply">{t(kind === "notary" ? "notary.apply" : "notary.applyConfirm")}</Button>
      <ModalForm form={form} opened={opened} onClose={() => setOpened(false)} title={t(kind === "notary" ? "notary.apply" : "notary.applyConfirm")} submitTestId="notary-apply-save"
        onSubmit={async (v) => {
          const answer = await applyFor(kind, v.file!, v.reason.trim());
          notifySuccess(t("notary.applied", { no: answer.data.applicationNo }));
          onApplied();
        }}>
        <FileInput label={t("notary.file")} description={t("notary.fileHint")} clearable {...form.getInputProps("file")} data-testid="notary-file" />
        <Textarea label={t("notary.reason")} autosize minRows={2} {...form.getInputProps("reason")} data-testid="notary-reason" />
      </ModalForm>
    </>
  );
}


function ChainCard({ kind }: { kind: NotaryKind }) {
  const { t } = useTranslation();
  const summary = useQuery({ ...notaryQueries.explorer(kind, "notary"), enabled: hasPermission(notaryTags.list) });
  if (!summary.data) return null;
  const s = summary.data;
  return (
    <Card withBorder padding="xs" mb="xs" data-testid="notary-chain" data-streams={s.streams}>
      <Group gap="lg">
        <Text size="sm" fw={600}>{t("notary.chain")}</Text>
        <Text size="sm">{t("notary.chainEvents", { n: s.events })}</Text>
        <Text size="sm">{t("notary.chainStreams", { n: s.streams })}</Text>
        <Badge color={s.verification.valid ? "green" : "red"} data-testid="notary-chain-valid" data-valid={s.verification.valid}>
          {s.verification.valid ? t("notary.chainValid", { n: s.verification.streamsChecked }) : t("notary.chainBroken", { n: s.verification.broken.length })}
        </Badge>
        {s.latest[0] && (
          <Tooltip label={s.latest[0].hash} multiline w={320}>
            <Text size="xs" ff="monospace" c="dimmed">{t("notary.latestHash")}: {s.latest[0].hash.slice(0, 16)}…</Text>
          </Tooltip>
        )}
        <Anchor size="xs" onClick={() => void summary.refetch()}>{t("notary.refresh")}</Anchor>
      </Group>
    </Card>
  );
}

const notaryList = listOf("notary");
const confirmList = listOf("confirm");

export function NotarizationScreen() {
  return <ListScreen list={notaryList} />;
}

export function ConfirmationScreen() {
  return <ListScreen list={confirmList} />;
}
