/**
 * A policy row's commands: publish (a draft or withdrawn policy; the staff of the enterprises that meet it are
 * told, once each) and withdraw (a published one), and the way to the enterprises it reaches. Each button needs
 * its permission tag and shows only in the state that allows it.
 */
import { Button } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../events/family.ts";
import type { Row } from "../core/api/records.ts";
import { notifyError, notifySuccess } from "../core/feedback.tsx";
import { hasPermission } from "../core/session.ts";
import { confirmDialog } from "../core/ui/confirmDelete.tsx";
import { detailPath, expirePolicy, policy, publishPolicy } from "./api.ts";

// withdrawing is the publish tag's too (worker/policy/routes.ts)
export const policyTags = { publish: `${policy.perm}:publish`, expire: `${policy.perm}:publish`, match: `${policy.perm}:match` };

export default function PolicyActions({ row }: { family: Family; row: Row }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const id = String(row.id);
  const status = String(row.status ?? "draft");
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      notifySuccess(await work());
      await queryClient.invalidateQueries({ queryKey: [policy.path] });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const publish = async () => {
    if (!(await confirmDialog(t("policy.publish.confirm"), { danger: false }))) return;
    await run(async () => t("policy.publish.published", { n: (await publishPolicy(id)).notified }));
  };
  return (
    <>
      {hasPermission(policyTags.match) && <Button size="compact-sm" variant="subtle" component={Link} to={detailPath} search={{ policyId: id } as never} data-testid="policy-reach">{t("policy.publish.reach")}</Button>}
      {status !== "published" && hasPermission(policyTags.publish) && (
        <Button size="compact-sm" variant="subtle" color="teal" loading={busy} onClick={() => void publish()} data-testid="policy-publish">{t("policy.publish.publish")}</Button>
      )}
      {status === "published" && hasPermission(policyTags.expire) && (
        <Button size="compact-sm" variant="subtle" color="orange" loading={busy} onClick={() => void run(async () => (await expirePolicy(id), t("policy.publish.expired")))} data-testid="policy-expire">{t("policy.publish.expire")}</Button>
      )}
    </>
  );
}
