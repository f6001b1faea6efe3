/**
 * A dialog's open state and what it shows. The target outlives the closing, so the dialog keeps its
 * title and fields while its closing transition plays.
 *
 * @example
 * const dialog = useDialog<{ id: string | null }>();
 * dialog.open({ id: null }); <Form opened={dialog.opened} id={dialog.target?.id ?? null} onClose={dialog.close} />
 */
import { useCallback, useState } from "react";

export function useDialog<T>() {
  const [state, setState] = useState<{ opened: boolean; target: T | null }>({ opened: false, target: null });
  const open = useCallback((target: T) => setState({ opened: true, target }), []);
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  return { opened: state.opened, target: state.target, open, close };
}
