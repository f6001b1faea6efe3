/**
 * One way to write a form: values in `@mantine/form` (`useKitForm`, optionally checked by a zod schema), shown
 * in a dialog (`ModalForm`, draggable or not), a side drawer (`FormDrawer`) or in place (`InlineForm`). Each
 * of them:
 * - saves with the submit button, Enter in a single-line input (the browser's own submit), Ctrl+S (⌘S) or
 *   Ctrl+Enter anywhere in the form — so a textarea keeps Enter for its new lines;
 * - shows a busy save button and ignores a second save while one runs;
 * - puts the server's field errors (`ApiError.errors`, keyed by field, `params.x` and `params[0]` under
 *   `params`) on their fields, and toasts the message when some error has no field to sit on;
 * - asks "discard changes?" before a changed form closes (cancel, ×, Escape, the overlay).
 *
 * `onSubmit` gets the checked values; it resolves `false` to keep the form open (a refusal it has shown
 * itself), anything else closes a dialog. An `ApiError` it throws stays in the form as described above.
 *
 * @example
 * const form = useKitForm({ initialValues: { name: "" }, schema: z.object({ name: z.string().trim().min(1, t("x.required")) }) });
 * <ModalForm form={form} opened={opened} onClose={close} title={t("x.add")} onSubmit={(v) => api.save(v)} submitTestId="x-save">
 *   <TextInput label={t("x.name")} {...form.getInputProps("name")} data-autofocus />
 * </ModalForm>
 */
import { Box, Button, Drawer, Group, Modal, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from "@mantine/form";
import { modals } from "@mantine/modals";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { ApiError } from "../../core/api/http.ts";
import { notifyError } from "../../core/feedback.tsx";
import i18n from "../../core/i18n.ts";
import { DraggableModal } from "../DraggableModal/index.ts";

export type KitForm<V> = UseFormReturnType<V> & {
  /** new starting values: shown, and what "changed" is measured against (a record that has loaded) */
  load: (values: V) => void;
};

export interface UseKitFormInput<V> {
  initialValues: V;
  /** checked before `onSubmit` (a zod schema: any Standard Schema); its messages land on their fields */
  schema?: StandardSchemaV1;
  /** further checks after the schema, per field (cross-field rules, messages that need the whole draft) */
  check?: (values: V) => FormErrors;
}

/** A `@mantine/form` form validated by a zod schema (through Mantine's own Standard Schema resolver) and `check`. */
export function useKitForm<V extends Record<string, unknown>>({ initialValues, schema, check }: UseKitFormInput<V>): KitForm<V> {
  // the latest schema and check (they may read the render's language or loaded record)
  const rules = useRef({ schema, check });
  rules.current = { schema, check };
  const form = useForm<V>({
    mode: "controlled",
    initialValues,
    validate: (values) => {
      const { schema, check } = rules.current;
      return { ...(check?.(values) ?? {}), ...(schema ? schemaResolver(schema, { sync: true })(values) : {}) };
    },
  });
  const load = (values: V) => {
    form.setValues(values);
    form.setInitialValues(values);
    form.resetDirty(values);
    form.clearErrors();
  };
  return Object.assign(form, { load });
}

/** Whether an error key belongs to a field of the values (`params.x` to `params`, `fields[2].type` to `fields`). */
const onField = (values: Record<string, unknown>, key: string) => key in values || key.split(/[.[]/)[0]! in values;

/** Asks before changes are thrown away; resolves true to discard. */
export function confirmDiscard(): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t("form.discardTitle"),
      centered: true,
      zIndex: 1000,
      children: <Text size="sm" data-testid="discard-text">{i18n.t("form.discardText")}</Text>,
      labels: { confirm: i18n.t("form.discard"), cancel: i18n.t("form.keepEditing") },
      confirmProps: { color: "red", "data-testid": "discard-ok" } as never,
      cancelProps: { "data-testid": "discard-cancel" } as never,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

export interface FormBodyProps<V> {
  form: KitForm<V>;
  /** saves the checked values; `false` keeps the form open, a thrown ApiError lands on the fields */
  onSubmit: (values: V) => Promise<unknown> | unknown;
  children: ReactNode;
  /** cancel button; without it there is none */
  onCancel?: () => void;
  submitLabel?: ReactNode;
  cancelLabel?: ReactNode;
  submitTestId?: string;
  cancelTestId?: string;
  submitColor?: string;
  /** the save button is disabled (a record still loading, a required pick not made) */
  disabled?: boolean;
  /** replaces the cancel/save row (the buttons must include a submit button) */
  footer?: ReactNode;
  /** server error keys some input shows though they are not values (a handler picker showing `beanName`) */
  errorKeys?: string[];
  /** after a successful submit that did not answer false */
  onDone?: () => void;
  /** keyboard shortcuts react only while this is true @default true */
  active?: boolean;
  "data-testid"?: string;
  "data-family"?: string;
}

/** The form element every shell shares: submit, busy, server errors, Ctrl+S. */
export function FormBody<V extends Record<string, unknown>>({ form, onSubmit, children, onCancel, submitLabel, cancelLabel, submitTestId, cancelTestId, submitColor, disabled, footer, errorKeys = [], onDone, active = true, ...rest }: FormBodyProps<V>) {
  const { t } = useTranslation();
  const ref = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const save = async (values: V) => {
    if (busyRef.current || disabled) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const answer = await onSubmit(values);
      if (answer !== false) onDone?.();
    } catch (error) {
      // a failure that is not the server's answer (the network): its message, the form kept as typed
      if (!(error instanceof ApiError)) return notifyError(error);
      const errors = Object.entries(error.errors);
      const placed = errors.filter(([key]) => errorKeys.includes(key) || onField(form.getValues(), key));
      if (placed.length) {
        form.setErrors(Object.fromEntries(placed));
        focusField(ref.current, placed[0]![0]);
      }
      if (placed.length === 0 || placed.length < errors.length) notifyError(error);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  // Ctrl+S / ⌘S / Ctrl+Enter save while focus is in the form's dialog (or nowhere in particular)
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      const ctrl = event.ctrlKey || event.metaKey;
      if (!ctrl || !(event.key === "s" || event.key === "S" || event.key === "Enter")) return;
      const form = ref.current;
      if (!form) return;
      const scope = form.closest<HTMLElement>("[role='dialog']") ?? form;
      const target = event.target as Node | null;
      if (target && target !== document.body && !scope.contains(target)) return;
      event.preventDefault();
      form.requestSubmit();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active]);

  return (
    <Box
      component="form"
      ref={ref}
      noValidate
      pos="relative"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        // a dialog's form is in a portal, but React bubbles its submit to an enclosing form (the model drawer's)
        event.stopPropagation();
        form.onSubmit((values) => save(values as V), (errors) => focusField(ref.current, Object.keys(errors)[0]))(event);
      }}
      data-testid={rest["data-testid"]}
      data-family={rest["data-family"]}
      data-busy={busy ? "true" : undefined}
    >
      <Stack gap="md">
        {children}
        {footer ?? (
          <Group justify="flex-end">
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={busy} data-testid={cancelTestId}>
                {cancelLabel ?? t("actions.cancel")}
              </Button>
            )}
            <Button type="submit" loading={busy} disabled={disabled} color={submitColor} title={t("form.saveHint")} data-testid={submitTestId}>
              {submitLabel ?? t("actions.save")}
            </Button>
          </Group>
        )}
      </Stack>
    </Box>
  );
}

function focusField(root: HTMLElement | null, key: string | undefined) {
  if (!root || !key) return;
  const name = CSS.escape(key);
  root.querySelector<HTMLElement>(`[name="${name}"], [data-path="${name}"]`)?.focus();
}

/** Closing that asks first when the form has changed (and never while it saves). */
function useGuardedClose(form: { isDirty: () => boolean }, onClose: () => void) {
  return async () => {
    if (form.isDirty() && !(await confirmDiscard())) return;
    onClose();
  };
}

interface ShellProps<V> extends Omit<FormBodyProps<V>, "onCancel" | "onDone" | "active"> {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** the dialog's own test id (the form's is `formTestId`) */
  "data-testid"?: string;
  formTestId?: string;
}

export interface ModalFormProps<V> extends ShellProps<V> {
  /** a dialog the title bar drags and the corner resizes (DraggableModal) @default false */
  draggable?: boolean;
  /** width of a draggable dialog in px */
  width?: number;
  /** Mantine modal size of a plain dialog @default "lg" */
  size?: string | number;
  centered?: boolean;
}

/** A form in a dialog. */
export function ModalForm<V extends Record<string, unknown>>({ opened, onClose, title, draggable = false, width, size = "lg", centered, formTestId, "data-testid": testId, ...body }: ModalFormProps<V>) {
  const close = useGuardedClose(body.form, onClose);
  const content = <FormBody {...body} data-testid={formTestId} onCancel={() => void close()} onDone={onClose} active={opened} />;
  if (draggable) {
    return (
      <DraggableModal opened={opened} onClose={() => void close()} title={title} width={width} data-testid={testId}>
        {content}
      </DraggableModal>
    );
  }
  return (
    <Modal opened={opened} onClose={() => void close()} title={title} size={size} centered={centered} attributes={{ content: { "data-testid": testId } as Record<string, string> }}>
      {content}
    </Modal>
  );
}

export interface FormDrawerProps<V> extends ShellProps<V> {
  position?: "left" | "right" | "top" | "bottom";
  size?: string | number;
}

/** A form in a side drawer. */
export function FormDrawer<V extends Record<string, unknown>>({ opened, onClose, title, position = "right", size = "lg", formTestId, "data-testid": testId, ...body }: FormDrawerProps<V>) {
  const close = useGuardedClose(body.form, onClose);
  return (
    <Drawer opened={opened} onClose={() => void close()} title={title} position={position} size={size} attributes={{ content: { "data-testid": testId } as Record<string, string> }}>
      <FormBody {...body} data-testid={formTestId} onCancel={() => void close()} onDone={onClose} active={opened} />
    </Drawer>
  );
}
