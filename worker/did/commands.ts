/**
 * Issuing and revoking as commands of their own (the DID screen and routes): the pipeline authorises the
 * actor, and the credential's write lands in one append with its projection. A clash on a status-list slot
 * (two issuers drawing the same slot at once) draws again.
 */
import { execute, type CommandActor, type ExecuteContext } from "../commands/execute.ts";
import { ConcurrencyError } from "../errors.ts";
import { issueCredential, revokeCredential, type DidEnv, type IssueOptions, type Validity } from "./credentials.ts";

export const didTags = {
  /** view DID documents and the credentials issued */
  info: "bt:did:info",
  /** verify a credential */
  verify: "bt:did:verify",
  /** revoke a credential */
  revoke: "bt:did:revoke",
  /** issue a credential by hand */
  issue: "bt:did:issue",
} as const;

/** A clash worth deciding again: another credential took the drawn status-list slot meanwhile. */
export const isSlotClash = (error: unknown) => error instanceof ConcurrencyError || /UNIQUE constraint failed: did_credential/.test(String((error as Error)?.message ?? error));

export function issueCommand(env: DidEnv, actor: CommandActor, ctx: ExecuteContext, subject: string, claims: Record<string, unknown>, validity: Validity, options: IssueOptions = {}) {
  return execute(
    {
      name: "did.issue",
      permission: didTags.issue,
      retries: 3,
      isClash: isSlotClash,
      async decide() {
        const vc = await issueCredential(env, subject, claims, validity, options);
        return { writes: [vc.write], answer: { id: vc.id, jwt: vc.jwt, subject: vc.subject, statusIndex: vc.statusIndex } };
      },
    },
    actor,
    ctx,
  );
}

export function revokeCommand(env: DidEnv, actor: CommandActor, ctx: ExecuteContext, id: string, reason: string | null) {
  return execute(
    {
      name: "did.revoke",
      permission: didTags.revoke,
      async decide({ at }) {
        const revocation = await revokeCredential(env, id, reason);
        return { writes: [revocation.write], answer: { id, revokedAt: at } };
      },
    },
    actor,
    ctx,
  );
}
