/**
 * What a gateway answer means to the screen (spec §8 for the gateway), pure: success (code 200) with its
 * data; HTTP 500 → the fixed server-error text; code 401 → the session ended; any other code (403
 * included) → its text, field errors kept; anything that is not the envelope → the response body itself.
 */
import { gatewayAnswer, gatewayCodes } from "../../../events/api/gateway.ts";

export type GatewayOutcome =
  | { kind: "ok"; data: unknown; total: number | undefined; msg: string }
  | { kind: "serverError" }
  | { kind: "signedOut"; msg: string }
  | { kind: "refused"; code: number; msg: string; errors: Record<string, string> }
  | { kind: "body"; status: number; text: string };

export function readGatewayAnswer(status: number, text: string): GatewayOutcome {
  if (status === 500) return { kind: "serverError" };
  let parsed: ReturnType<typeof gatewayAnswer.safeParse> | null = null;
  try {
    parsed = gatewayAnswer.safeParse(JSON.parse(text));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) return { kind: "body", status, text };
  const answer = parsed.data;
  if (answer.code === gatewayCodes.ok) return { kind: "ok", data: answer.data, total: answer.total, msg: answer.msg };
  if (answer.code === 401) return { kind: "signedOut", msg: answer.msg };
  return { kind: "refused", code: answer.code, msg: answer.msg, errors: answer.errors ?? {} };
}

