/** A pending question's "answer" button and dialog (POST /common/policy/advice/answer: once, while pending). */
import { Button, Text, Textarea } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Family } from "../../events/family.ts";
import type { Row } from "../core/api/records.ts";
import { notifySuccess } from "../core/feedback.tsx";
import { hasPermission } from "../core/session.ts";
import { ModalForm, useKitForm } from "../widgets/FormKit/index.ts";
import { answerAdvice, policyAdvice } from "./api.ts";

export const answerTag = `${policyAdvice.perm}:answer`;

export default function AdviceAnswer({ row }: { family: Family; row: Row }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useKitForm<{ answer: string }>({ initialValues: { answer: "" }, schema: z.object({ answer: z.string().trim().min(1, t("policy.advice.required")).max(5000) }) });
  if (String(row.status ?? "pending") !== "pending" || !hasPermission(answerTag)) return null;
  return (
    <>
      <Button size="compact-sm" variant="subtle" color="teal" onClick={() => setOpen(true)} data-testid="advice-answer">{t("policy.advice.answer")}</Button>
      <ModalForm
        form={form}
        opened={open}
        onClose={() => setOpen(false)}
        title={t("policy.advice.title")}
        submitTestId="advice-answer-save"
        onSubmit={async ({ answer }) => {
          const result = await answerAdvice(String(row.id), answer);
          notifySuccess(result.msg);
          form.load({ answer: "" });
          await queryClient.invalidateQueries({ queryKey: [policyAdvice.path] });
        }}
      >
        <Text size="sm" fw={500}>{t("policy.advice.question")}</Text>
        <Text size="sm" mb="sm" style={{ whiteSpace: "pre-wrap" }}>{String(row.question ?? "")}</Text>
        <Textarea label={t("policy.advice.content")} autosize minRows={4} {...form.getInputProps("answer")} data-autofocus />
      </ModalForm>
    </>
  );
}
