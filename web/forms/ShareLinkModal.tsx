/**
 * "Share fill-in link" on a released form: pick the enterprise (the enterprise picker) and how many days the
 * link stays valid (1–30), and the server signs a `/vueedit?token=…` link for that enterprise and the form's
 * live release (recorded as a command). The link is shown to copy; the server's refusals land on their fields.
 */
import { Alert, Button, CopyButton, Group, Modal, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { familyByName } from "../../events/families/index.ts";
import { runCommand } from "../core/feedback.tsx";
import { EnterprisePicker, type PickedEnterprise } from "../enterprise/EnterprisePicker.tsx";
import { masterName } from "../enterprise/scope.ts";
import { shareLink, type FormRow, type IssuedLink } from "./api.ts";

export function ShareLinkModal({ form, onClose }: { form: FormRow; onClose: () => void }) {
  const { t } = useTranslation();
  const master = familyByName.get(masterName)!;
  const [enterprise, setEnterprise] = useState<PickedEnterprise | null>(null);
  const [days, setDays] = useState<number | string>(7);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<IssuedLink | null>(null);

  const create = async () => {
    const missing: Record<string, string> = {};
    if (!enterprise) missing.enterpriseCode = t("forms.form.required", { name: t("forms.share.enterprise") });
    if (typeof days !== "number" || days < 1 || days > 30) missing.days = t("forms.share.days");
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    await runCommand(async () => {
      const answer = await shareLink(form.id, { enterpriseCode: enterprise!.creditCode, days: days as number });
      setIssued(answer.data);
      return answer;
    }, setErrors);
    setBusy(false);
  };

  return (
    <Modal opened onClose={onClose} size="lg" title={t("forms.share.title", { name: form.name, version: form.version ?? 0 })} data-testid="share-link-modal">
      <Stack>
        <Text size="sm" c="dimmed">{t("forms.share.hint")}</Text>
        <EnterprisePicker
          master={master}
          w="100%"
          label={t("forms.share.enterprise")}
          error={errors.enterpriseCode}
          onPick={(picked) => (setEnterprise(picked), setIssued(null))}
        />
        {enterprise && <Text size="sm" data-testid="share-enterprise">{enterprise.entName} ({enterprise.creditCode})</Text>}
        <NumberInput label={t("forms.share.days")} min={1} max={30} clampBehavior="strict" allowDecimal={false} value={days} onChange={(v) => (setDays(v), setIssued(null))} error={errors.days} name="days" w={220} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t("actions.close")}</Button>
          <Button onClick={() => void create()} loading={busy} data-testid="share-create">{t("forms.share.create")}</Button>
        </Group>
        {issued && (
          <Alert color="green" variant="light" data-testid="share-result">
            <Stack gap="xs">
              <TextInput label={t("forms.share.url")} value={issued.url} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="share-url" />
              <Group justify="space-between">
                <Text size="sm">{t("forms.share.expires", { time: issued.expiresAt, name: issued.enterpriseName })}</Text>
                <CopyButton value={issued.url}>
                  {({ copied, copy }) => <Button size="xs" variant="light" onClick={copy} data-testid="share-copy">{copied ? t("forms.share.copied") : t("forms.share.copy")}</Button>}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
