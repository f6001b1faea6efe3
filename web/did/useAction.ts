/** A button's action on this screen: busy while it runs, its error shown as the one error toast. */
import { useState } from "react";
import { notifyError } from "../core/feedback.tsx";

export function useAction(): [boolean, (work: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return [busy, run];
}
