/**
 * The fill-in link's token: an HS256 JWT signed with the Worker secret FORM_LINK_SECRET, carrying the link's
 * id (`sub`), the release (`rel`), the enterprise (`ent`) and the expiry (`exp`). The token is the only
 * credential of the public fill page; the link record it names decides whether it was used already.
 */
import { DomainError, codes } from "../errors.ts";
import { displayTime } from "../time.ts";

export const linkIssuer = "qifu-form-link";

export interface LinkClaims {
  linkId: string;
  releaseId: string;
  enterpriseCode: string;
  /** seconds since the epoch */
  expiresAt: number;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

// jose loads with the first link signed or opened, not with the Worker (start-up budget)
export async function signLinkToken(secret: string, claims: LinkClaims, now = Date.now()): Promise<string> {
  const { SignJWT } = await import("../http/jwt.ts");
  return new SignJWT({ rel: claims.releaseId, ent: claims.enterpriseCode })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(linkIssuer)
    .setSubject(claims.linkId)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(claims.expiresAt)
    .sign(keyOf(secret));
}

/** Refuses (422, never 401: the public page has no session to end) a token that is not ours, altered or expired. */
export async function verifyLinkToken(secret: string | undefined, token: string, now = Date.now()): Promise<LinkClaims> {
  const invalid = new DomainError(codes.validation, "formLinkInvalid");
  if (!secret || !token || token.length > 4096) throw invalid;
  const { errors: joseErrors, jwtVerify } = await import("../http/jwt.ts");
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ["HS256"], issuer: linkIssuer, requiredClaims: ["exp", "sub"], currentDate: new Date(now) });
    if (typeof payload.rel !== "string" || typeof payload.ent !== "string") throw invalid;
    return { linkId: payload.sub!, releaseId: payload.rel, enterpriseCode: payload.ent, expiresAt: payload.exp! };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      // the signature was checked before the expiry, so the time shown is the one we signed
      const exp = Number((error.payload as { exp?: number }).exp);
      throw new DomainError(codes.validation, "formLinkExpired", { time: displayTime(new Date(exp * 1000).toISOString()) });
    }
    if (error instanceof joseErrors.JOSEError) throw invalid;
    throw error;
  }
}
