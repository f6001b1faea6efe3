/** Granting an authorisation on an enterprise's behalf (enterprise, a member of staff or an institution, period, purpose), and revoking one with a reason. */
import { chinaToday, shiftDay } from "../core/days.ts";
import { SegmentedControl, Select, Stack, TextInput, Textarea } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { notifySuccess } from "../core/feedback.tsx";
import { ModalForm, useKitForm } from "../widgets/FormKit/index.ts";
import { accredit, creditKey, creditQueries, revokeAccredit, type AccreditValues, type AuthorisationRow } from "./api.ts";

const day = (offset: number) => shiftDay(chinaToday(), offset);
const dayText = /^\d{4}-\d{2}-\d{2}$/;

/** A searchable choice over a query of `{ value, label }` options by the text typed. */
function SearchSelect({ options, search, onSearch, ...props }: { options: { value: string; label: string }[]; search: string; onSearch: (s: string) => void; label: string; placeholder: string; value: string; onChange: (v: string) => void; error?: ReactNode; "data-testid": string }) {
  return (
    <Select
      searchable
      data={options}
      searchValue={search}
      onSearchChange={onSearch}
      filter={({ options: all }) => all}
      label={props.label}
      placeholder={props.placeholder}
      value={props.value || null}
      onChange={(v) => props.onChange(v ?? "")}
      error={props.error}
      withAsterisk
      data-testid={props["data-testid"]}
    />
  );
}

export function AccreditForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [entSearch, setEntSearch] = useState("");
  const [granteeSearch, setGranteeSearch] = useState("");
  const [entKeyword] = useDebouncedValue(entSearch.trim(), 250);
  const [granteeKeyword] = useDebouncedValue(granteeSearch.trim(), 250);
  const required = (name: string) => t("credit.required", { name });
  const form = useKitForm<AccreditValues>({
    initialValues: { creditCode: "", granteeKind: "user", granteeId: "", validFrom: day(0), validTo: day(30), purpose: "" },
    schema: z.object({
      creditCode: z.string().min(1, required(t("credit.enterprise"))),
      granteeId: z.string().min(1, required(t("credit.grantee"))),
      validFrom: z.string().regex(dayText, "YYYY-MM-DD"),
      validTo: z.string().regex(dayText, "YYYY-MM-DD"),
      purpose: z.string().trim().min(1, required(t("credit.purpose"))),
    }),
    check: (v) => (v.validFrom && v.validTo && v.validTo < v.validFrom ? { validTo: t("credit.periodOrder") } : {}),
  });
  const enterprises = useQuery({ ...creditQueries.enterpriseChoices(entKeyword), enabled: opened, placeholderData: keepPreviousData });
  const grantees = useQuery({ ...creditQueries.grantees(form.values.granteeKind, granteeKeyword), enabled: opened, placeholderData: keepPreviousData });
  return (
    <ModalForm
      form={form}
      opened={opened}
      onClose={onClose}
      title={t("credit.addTitle")}
      submitTestId="credit-accredit-save"
      data-testid="credit-accredit-form"
      onSubmit={async (values) => {
        const answer = await accredit({ ...values, purpose: values.purpose.trim() });
        notifySuccess(t("credit.granted"));
        form.reset();
        await queryClient.invalidateQueries({ queryKey: [creditKey] });
        return answer;
      }}
    >
      <Stack gap="sm">
        <SearchSelect
          label={t("credit.enterprise")}
          placeholder={t("credit.pickEnterprise")}
          options={(enterprises.data ?? []).map((e) => ({ value: e.creditCode, label: `${e.entName}（${e.creditCode}）` }))}
          search={entSearch}
          onSearch={setEntSearch}
          value={form.values.creditCode}
          onChange={(v) => form.setFieldValue("creditCode", v)}
          error={form.errors.creditCode}
          data-testid="credit-accredit-enterprise"
        />
        <SegmentedControl
          data={(["user", "institution"] as const).map((k) => ({ value: k, label: t(`credit.granteeKinds.${k}`) }))}
          value={form.values.granteeKind}
          onChange={(v) => {
            form.setFieldValue("granteeKind", v as AccreditValues["granteeKind"]);
            form.setFieldValue("granteeId", "");
          }}
          data-testid="credit-accredit-kind"
        />
        <SearchSelect
          label={t("credit.grantee")}
          placeholder={t("credit.pickGrantee")}
          options={(grantees.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          search={granteeSearch}
          onSearch={setGranteeSearch}
          value={form.values.granteeId}
          onChange={(v) => form.setFieldValue("granteeId", v)}
          error={form.errors.granteeId}
          data-testid="credit-accredit-grantee"
        />
        <TextInput label={t("credit.validFrom")} placeholder="YYYY-MM-DD" withAsterisk {...form.getInputProps("validFrom")} data-testid="credit-accredit-from" />
        <TextInput label={t("credit.validTo")} placeholder="YYYY-MM-DD" withAsterisk {...form.getInputProps("validTo")} data-testid="credit-accredit-to" />
        <TextInput label={t("credit.purpose")} withAsterisk {...form.getInputProps("purpose")} data-testid="credit-accredit-purpose" />
      </Stack>
    </ModalForm>
  );
}

export function RevokeForm({ authorisation, onClose }: { authorisation: AuthorisationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useKitForm({ initialValues: { reason: "" }, schema: z.object({ reason: z.string().trim().min(1, t("credit.required", { name: t("credit.revokeReason") })) }) });
  return (
    <ModalForm
      form={form}
      opened
      onClose={onClose}
      title={`${t("credit.revokeTitle")}：${authorisation.entName} → ${authorisation.granteeName}`}
      submitColor="red"
      submitTestId="credit-revoke-save"
      onSubmit={async ({ reason }) => {
        await revokeAccredit(authorisation.authId, reason.trim());
        notifySuccess(t("credit.revoked"));
        await queryClient.invalidateQueries({ queryKey: [creditKey] });
      }}
    >
      <Textarea label={t("credit.revokeReason")} withAsterisk autosize minRows={2} {...form.getInputProps("reason")} data-testid="credit-revoke-reason" />
    </ModalForm>
  );
}
