/** The DID module's events: a credential issued into a status-list slot, and its revocation. */
export const issuedType = "did.credentialIssued";
export const revokedType = "did.credentialRevoked";

export interface DidEvents {
  [issuedType]: {
    id: string;
    statusList: number;
    statusIndex: number;
    issuer: string;
    subject: string;
    type: string;
    ref: string | null;
    claims: Record<string, unknown>;
    jwt: string;
    validFrom: string;
    validUntil: string;
  };
  [revokedType]: { id: string; reason: string | null };
}

/** A credential's stream is named by its slot: a slot is taken once (a second "new stream" append clashes). */
export const credentialStream = (list: number, index: number) => `didvc:${list}:${index}`;
