/**
 * The rules of an enterprise's allocation to a staff member: pending → confirmed → committed, each step
 * once. Pure: a command asks `allocationStep` for the patch of each allocation and refuses the whole
 * command if any of them refuses, so nothing is half-written. Committing makes the staff member the
 * enterprise's service staff (done by the command in the same append).
 */
import type { MessageKey } from "../../events/i18n.ts";

export type AllocationStatus = "pending" | "confirmed" | "committed";
export type AllocationAction = "confirm" | "commit" | "reassign";

export type Step = { ok: true; patch: Record<string, unknown> } | { ok: false; key: MessageKey };

/** What `action` does to an allocation in `status` (reassign carries the new staff member). */
export function allocationStep(status: unknown, action: AllocationAction, userId?: string): Step {
  if (status === "committed") return { ok: false, key: "allocationCommitted" };
  switch (action) {
    case "confirm":
      return status === "pending" || status == null ? { ok: true, patch: { status: "confirmed" } } : { ok: false, key: "allocationConfirmed" };
    case "commit":
      return status === "confirmed" ? { ok: true, patch: { status: "committed" } } : { ok: false, key: "allocationNotConfirmed" };
    case "reassign":
      // another staff member must confirm again
      return { ok: true, patch: { userId, status: "pending" } };
  }
}
