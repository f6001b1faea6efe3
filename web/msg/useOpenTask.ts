/** Opening a row: the approval page /todoCheck of its task (or instance), in the same tab. */
import { useNavigate } from "@tanstack/react-router";

export function useOpenTask() {
  const navigate = useNavigate();
  return (taskId: string | null | undefined, procInsId: string | null | undefined) => {
    if (!taskId && !procInsId) return;
    void navigate({ to: "/todoCheck", search: { ...(taskId ? { taskId } : {}), ...(procInsId ? { procInsId } : {}) } as never });
  };
}
