/**
 * A dialog with a comment box (and whatever else a command needs above it): the submit button, Ctrl+Enter or
 * Ctrl+S sends, Enter writes a new line, Escape closes (asking first when something was typed). `onSubmit`
 * answers whether it worked; on a refusal the dialog stays open with what was typed, so nothing is lost.
 */
import { Button, Chip, CloseButton, Group, Stack, Text, Textarea } from "@mantine/core";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ModalForm, useKitForm } from "../../widgets/FormKit/index.ts";

export interface CommentDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  submitLabel: string;
  onSubmit: (comment: string) => Promise<boolean>;
  /** the comment must not be empty @default false */
  commentRequired?: boolean;
  /** text put in when left empty */
  defaultComment?: string;
  /** fields above the comment (a user picker, a return target…) */
  children?: ReactNode;
  /** blocks submitting (a required pick not made) */
  invalid?: boolean;
  /** the user's own phrases, one click puts them in */
  phrases?: string[];
  color?: string;
  /** keeps the typed comment as one of the user's phrases (shown with `phrases`) */
  onSavePhrase?: (text: string) => void;
  /** removes one of the user's phrases */
  onRemovePhrase?: (text: string) => void;
  /** the comment box's label @default the approval comment's */
  commentLabel?: string;
  "data-testid"?: string;
}

export function CommentDialog({ opened, onClose, title, submitLabel, onSubmit, commentRequired = false, defaultComment, children, invalid = false, phrases = [], color, commentLabel, onSavePhrase, onRemovePhrase, ...rest }: CommentDialogProps) {
  const { t } = useTranslation();
  const schema = z.object({ comment: commentRequired ? z.string().trim().min(1, t("flowTasks.approve.commentRequired")) : z.string() });
  const form = useKitForm({ initialValues: { comment: "" }, schema });
  const comment = form.values.comment;
  useEffect(() => {
    if (opened) form.load({ comment: "" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  return (
    <ModalForm
      form={form}
      opened={opened}
      onClose={onClose}
      title={title}
      onSubmit={({ comment }) => onSubmit(comment.trim() || defaultComment || "")}
      submitLabel={submitLabel}
      submitColor={color}
      submitTestId="comment-submit"
      disabled={invalid}
      data-testid={rest["data-testid"]}
    >
      {children}
      {(phrases.length > 0 || onSavePhrase) && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t("flowTasks.approve.phrases")}</Text>
          <Group gap={6}>
            {phrases.map((p) => (
              <Group key={p} gap={0} wrap="nowrap">
                <Chip size="xs" checked={false} onChange={() => form.setFieldValue("comment", comment ? `${comment}${p}` : p)}>{p}</Chip>
                {onRemovePhrase && (
                  <CloseButton size="xs" aria-label={t("flowTasks.approve.removePhrase", { text: p })} onClick={() => onRemovePhrase(p)} />
                )}
              </Group>
            ))}
            {onSavePhrase && comment.trim() && !phrases.includes(comment.trim()) && (
              <Button size="compact-xs" variant="subtle" onClick={() => onSavePhrase(comment.trim())} data-testid="save-phrase">{t("flowTasks.approve.savePhrase")}</Button>
            )}
          </Group>
        </Stack>
      )}
      {/* a textarea: Enter is a new line here; Ctrl+Enter or Ctrl+S sends (the form kit's keys) */}
      <Textarea
        label={commentLabel ?? t("flowTasks.approve.comment")}
        withAsterisk={commentRequired}
        placeholder={defaultComment}
        autosize
        minRows={3}
        {...form.getInputProps("comment")}
        description={t("flowTasks.approve.enterHint")}
        data-testid="comment-input"
        data-autofocus
      />
    </ModalForm>
  );
}
