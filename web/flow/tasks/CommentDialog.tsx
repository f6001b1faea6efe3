/**
 * A dialog with a comment box (and whatever else a command needs above it): Enter (Shift+Enter for a new
 * line) or the submit button sends, Escape closes. `onSubmit` answers whether it worked; on a refusal the dialog stays
 * open with what was typed, so nothing is lost.
 */
import { Button, Chip, CloseButton, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DialogButtons } from "./parts.tsx";

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
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) (setComment(""), setError(null));
  }, [opened]);
  const submit = async (e: React.FormEvent | React.KeyboardEvent) => {
    e.preventDefault();
    if (busy || invalid) return;
    const text = comment.trim();
    if (commentRequired && !text) return setError(t("flowTasks.approve.commentRequired"));
    setBusy(true);
    try {
      if (await onSubmit(text || defaultComment || "")) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" data-testid={rest["data-testid"]}>
      <form onSubmit={submit}>
        <Stack>
          {children}
          {(phrases.length > 0 || onSavePhrase) && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>{t("flowTasks.approve.phrases")}</Text>
              <Group gap={6}>
                {phrases.map((p) => (
                  <Group key={p} gap={0} wrap="nowrap">
                    <Chip size="xs" checked={false} onChange={() => setComment((c) => (c ? `${c}${p}` : p))}>{p}</Chip>
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
          <Textarea
            label={commentLabel ?? t("flowTasks.approve.comment")}
            withAsterisk={commentRequired}
            placeholder={defaultComment}
            autosize
            minRows={3}
            value={comment}
            error={error}
            onChange={(e) => (setComment(e.currentTarget.value), setError(null))}
            description={t("flowTasks.approve.enterHint")}
            // Enter sends (Shift+Enter for a new line); not while an input method is composing Chinese
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) void submit(e);
            }}
            data-testid="comment-input"
            data-autofocus
          />
          <DialogButtons onCancel={onClose} label={submitLabel} busy={busy} disabled={invalid} color={color} data-testid="comment-submit" />
        </Stack>
      </form>
    </Modal>
  );
}
