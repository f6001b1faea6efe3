/**
 * Single sign-on from the two external portals ("oa" and "pf"). A portal either hands the browser a
 * short-lived single-use ticket (an HS256 JWT signed with the portal's secret), or calls us server to
 * server with a request signed by HMAC-SHA256 over timestamp and body. Both refuse replays.
 */
import type { Env } from "../http/env.ts";
import { DomainError, codes } from "../errors.ts";

export const portals = { oa: "PORTAL_OA_SECRET", pf: "PORTAL_PF_SECRET" } as const;
export type Portal = keyof typeof portals;

/** Tickets older than this are refused even when their exp says otherwise. */
export const maxTicketAgeSeconds = 300;
export const maxSignatureSkewMs = 300_000;

const secretOf = (env: Env, portal: string): string | undefined => (portal in portals ? env[portals[portal as Portal]] : undefined);

async function markUsed(db: D1Database, id: string, expiresAt: number, now: number): Promise<boolean> {
  const result = await db.batch([
    db.prepare("DELETE FROM used_tickets WHERE expires_at < ?").bind(now),
    db.prepare("INSERT OR IGNORE INTO used_tickets (id, expires_at) VALUES (?, ?)").bind(id, expiresAt),
  ]);
  return (result[1]!.meta.changes ?? 0) === 1;
}

/** Verifies a portal ticket and returns the account (userNo) it vouches for. */
export async function redeemTicket(env: Env, ticket: string, now = Date.now()): Promise<{ portal: Portal; userNo: string }> {
  const invalid = new DomainError(codes.unauthorized, "ticketInvalid");
  const issuer = decodeIssuer(ticket);
  const secret = issuer ? secretOf(env, issuer) : undefined;
  if (!secret) throw invalid;
  // jose loads with the first ticket, not with the Worker (start-up budget)
  const { errors: joseErrors, jwtVerify } = await import("../http/jwt.ts");
  try {
    const { payload } = await jwtVerify(ticket, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      issuer,
      requiredClaims: ["exp", "iat", "jti", "sub"],
      maxTokenAge: maxTicketAgeSeconds,
      currentDate: new Date(now),
    });
    if (!(await markUsed(env.DB, `ticket:${issuer}:${payload.jti}`, payload.exp! * 1000, now))) throw new DomainError(codes.unauthorized, "ticketReplayed");
    return { portal: issuer as Portal, userNo: payload.sub! };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof joseErrors.JOSEError) throw invalid;
    throw error;
  }
}

function decodeIssuer(ticket: string): string | undefined {
  try {
    const payload = JSON.parse(atob(ticket.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    return typeof payload.iss === "string" ? payload.iss : undefined;
  } catch {
    return undefined;
  }
}

export async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Checks a server-to-server request from a portal: headers x-portal-id, x-portal-timestamp (ms) and
 * x-portal-signature = hex HMAC-SHA256(secret, timestamp + "\n" + body). Each signature works once.
 */
export async function verifyPortalRequest(env: Env, headers: Headers, body: string, now = Date.now()): Promise<Portal> {
  const refused = new DomainError(codes.unauthorized, "portalSignatureRequired");
  const portal = headers.get("x-portal-id") ?? "";
  const timestamp = Number(headers.get("x-portal-timestamp"));
  const signature = (headers.get("x-portal-signature") ?? "").toLowerCase();
  const secret = secretOf(env, portal);
  if (!secret || !Number.isFinite(timestamp) || Math.abs(now - timestamp) > maxSignatureSkewMs || !signature) throw refused;
  const expected = await hmacHex(secret, `${timestamp}\n${body}`);
  if (expected.length !== signature.length) throw refused;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  if (diff !== 0) throw refused;
  if (!(await markUsed(env.DB, `signature:${signature}`, timestamp + maxSignatureSkewMs, now))) throw new DomainError(codes.unauthorized, "ticketReplayed");
  return portal as Portal;
}
