/** Feedback every screen shares: the delete confirmation, toasts (the one notifyError), server field errors onto a form. */
import { notifications } from "@mantine/notifications";
import { ApiError } from "./api/http.ts";

export { confirmDelete } from "./ui/confirmDelete.tsx";

export function notifySuccess(message: string) {
  notifications.show({ color: "green", message });
}

export function notifyError(error: unknown) {
  notifications.show({ color: "red", message: error instanceof ApiError || error instanceof Error ? error.message : String(error) });
}

/**
 * Runs a command: a success toast with the server's message, or the error toast and, for validation
 * answers, the per-field messages handed to `onFieldErrors`. Resolves whether it succeeded.
 */
export async function runCommand(work: () => Promise<{ msg: string }>, onFieldErrors?: (errors: Record<string, string>) => void): Promise<boolean> {
  try {
    notifySuccess((await work()).msg);
    return true;
  } catch (error) {
    if (error instanceof ApiError && Object.keys(error.errors).length && onFieldErrors) onFieldErrors(error.errors);
    notifyError(error);
    return false;
  }
}
