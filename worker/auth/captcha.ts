/**
 * Captcha answers: one per uuid, kept until it is used or expires (five minutes), single use.
 * Fetching the image again for the same uuid draws the same code (with fresh noise), so a reload of the
 * picture never invalidates what the user is typing; a new uuid gets a new code.
 */
import { randomCaptchaText, renderCaptchaJpeg } from "./captcha-image.ts";

export const captchaLifetimeMs = 5 * 60_000;

/** Math.random is not for secrets: draw from the platform's CSPRNG. */
export function secureRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
}

export async function issueCaptcha(db: D1Database, uuid: string, now = Date.now()): Promise<Uint8Array> {
  const drawn = randomCaptchaText(secureRandom, 4);
  // expired answers go first, so a live one for this uuid is kept and an expired one is drawn anew
  const [, , kept] = await db.batch<{ answer: string }>([
    db.prepare("DELETE FROM captchas WHERE expires_at < ?").bind(now),
    db.prepare("INSERT OR IGNORE INTO captchas (uuid, answer, expires_at) VALUES (?, ?, ?)").bind(uuid, drawn, now + captchaLifetimeMs),
    db.prepare("SELECT answer FROM captchas WHERE uuid = ?").bind(uuid),
  ]);
  return renderCaptchaJpeg(kept?.results[0]?.answer ?? drawn, secureRandom);
}

/** Consumes the captcha of `uuid` (right or wrong, it cannot be tried again) and tells whether it matched. */
export async function consumeCaptcha(db: D1Database, uuid: string, answer: string, now = Date.now()): Promise<boolean> {
  const row = await db.prepare("DELETE FROM captchas WHERE uuid = ? RETURNING answer, expires_at").bind(uuid).first<{ answer: string; expires_at: number }>();
  return !!row && row.expires_at >= now && row.answer === answer.trim().toUpperCase();
}
