/**
 * /bt/declare — a new policy declaration: the enterprise and the policy (prefilled from the matched result's
 * `?creditCode=&policyId=`), the amount, the contact, the materials (uploaded and checked here, checked again by
 * the Worker), saved as a draft or submitted into its approval flow (pcSave with submit). After saving it opens
 * the declaration list, where the status follows the flow.
 */
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { notifySuccess } from "../core/feedback.tsx";
import { recordQueries } from "../core/api/records.ts";
import { familyByName } from "../../events/families/index.ts";
import { masterName } from "../enterprise/scope.ts";
import { FormBody, useKitForm } from "../widgets/FormKit/index.ts";
import { policy, policyDeclare, saveDeclaration } from "./api.ts";
import { MaterialsInput } from "./MaterialsInput.tsx";
import { EnterpriseChoice, PolicyChoice, type PickedPolicy } from "./pickers.tsx";

export const declarationListPath = "/bt/policy/declaration";

interface Values extends Record<string, unknown> {
  creditCode: string;
  entName: string;
  policy: PickedPolicy | null;
  declareAmount: number | "";
  contactName: string;
  contactPhone: string;
  materials: string[];
  remark: string;
}

const blank: Values = { creditCode: "", entName: "", policy: null, declareAmount: "", contactName: "", contactPhone: "", materials: [], remark: "" };

export default function DeclareScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const presetCode = typeof search.creditCode === "string" ? search.creditCode.toUpperCase() : "";
  const presetPolicy = typeof search.policyId === "string" ? search.policyId : "";
  const intent = useRef<"draft" | "submit">("submit");

  const required = (name: string) => t("policy.declare.required", { name });
  const schema = z.object({
    creditCode: z.string().length(18, required(t("policy.declare.enterprise"))),
    policy: z.custom<PickedPolicy>((v) => v !== null && typeof v === "object", required(t("policy.declare.policy"))),
  });
  const form = useKitForm<Values>({ initialValues: blank, schema });

  // the matched result hands over the enterprise and the policy (each merged in as it arrives)
  const enterprise = useQuery({ ...recordQueries(familyByName.get(masterName)!.path).list({ page: 1, limit: 1, creditCode: presetCode }), enabled: presetCode.length === 18 });
  const chosenPolicy = useQuery({ ...recordQueries(policy.path).detail(presetPolicy), enabled: !!presetPolicy });
  useEffect(() => {
    const row = enterprise.data?.rows[0];
    if (row) form.setValues({ creditCode: String(row.creditCode), entName: String(row.entName) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enterprise.data]);
  useEffect(() => {
    const p = chosenPolicy.data;
    if (p) form.setFieldValue("policy", { policyId: presetPolicy, policyName: String(p.policyName), policyNo: (p.policyNo as string | null) ?? null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenPolicy.data]);

  const save = async (v: Values) => {
    const submit = intent.current === "submit";
    await saveDeclaration(
      {
        creditCode: v.creditCode,
        entName: v.entName,
        policyId: v.policy?.policyId,
        policyName: v.policy?.policyName,
        policyNo: v.policy?.policyNo ?? null,
        declareAmount: v.declareAmount === "" ? null : v.declareAmount,
        contactName: v.contactName || null,
        contactPhone: v.contactPhone || null,
        materials: v.materials.length ? v.materials : null,
        remark: v.remark || null,
      },
      submit,
    );
    notifySuccess(t(submit ? "policy.declare.submitted" : "policy.declare.saved"));
    await queryClient.invalidateQueries({ queryKey: [policyDeclare.path] });
    form.load(blank);
    void navigate({ to: declarationListPath, search: {} as never });
  };

  return (
    <Card withBorder m="md" maw={980} data-testid="declare-screen">
      <Stack>
        <Title order={3}>{t("policy.declare.title")}</Title>
        <FormBody
          form={form}
          onSubmit={save}
          errorKeys={["policyName", "policyId", "entName", "materials"]}
          footer={
            <Group justify="flex-end">
              <Button type="submit" variant="default" onClick={() => (intent.current = "draft")} data-testid="declare-draft">{t("policy.declare.saveDraft")}</Button>
              <Button type="submit" color="teal" onClick={() => (intent.current = "submit")} data-testid="declare-submit">{t("policy.declare.submit")}</Button>
            </Group>
          }
          data-testid="declare-form"
        >
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack gap={4}>
              <EnterpriseChoice w="100%" label={t("policy.declare.enterprise")} error={form.errors.creditCode as string | undefined} onPick={(e) => form.setValues({ creditCode: e.creditCode, entName: e.entName })} />
              {form.values.creditCode && <Text size="sm" data-testid="declare-enterprise">{form.values.entName} <Text span size="xs" c="dimmed">{form.values.creditCode}</Text></Text>}
            </Stack>
            <PolicyChoice w="100%" label={t("policy.declare.policy")} value={form.values.policy} error={(form.errors.policy ?? form.errors.policyName) as string | undefined} onPick={(p) => form.setFieldValue("policy", p)} testId="declare-policy" />
            <NumberInput label={t("policy.declare.amount")} min={0} {...form.getInputProps("declareAmount")} data-testid="declare-amount" />
            <TextInput label={t("policy.declare.contactName")} maxLength={64} {...form.getInputProps("contactName")} />
            <TextInput label={t("policy.declare.contactPhone")} maxLength={20} {...form.getInputProps("contactPhone")} />
          </SimpleGrid>
          <MaterialsInput value={form.values.materials} onChange={(ids) => form.setFieldValue("materials", ids)} error={form.errors.materials} />
          <Textarea label={t("policy.declare.remark")} autosize minRows={2} maxLength={1000} {...form.getInputProps("remark")} />
        </FormBody>
      </Stack>
    </Card>
  );
}
