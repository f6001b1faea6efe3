/** Captcha answers: issued per uuid, single use, expiring after five minutes. */
import { randomCaptchaText, renderCaptchaJpeg } from "./captcha-image.ts";

export const captchaLifetimeMs = 5 * 60_000;

/** Math.random is not for secrets: draw from the platform's CSPRNG. */
export function secureRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
}

export async function issueCaptcha(db: D1Database, uuid: string, now = Date.now()): Promise<Uint8Array> {
  const text = randomCaptchaText(secureRandom, 4);
  await db.batch([
    db.prepare("DELETE FROM captchas WHERE expires_at < ?").bind(now),
    db.prepare("INSERT OR REPLACE INTO captchas (uuid, answer, expires_at) VALUES (?, ?, ?)").bind(uuid, text, now + captchaLifetimeMs),
  ]);
  return renderCaptchaJpeg(text, secureRandom);
}

/** Consumes the captcha of `uuid` (right or wrong, it cannot be tried again) and tells whether it matched. */
export async function consumeCaptcha(db: D1Database, uuid: string, answer: string, now = Date.now()): Promise<boolean> {
  const row = await db.prepare("DELETE FROM captchas WHERE uuid = ? RETURNING answer, expires_at").bind(uuid).first<{ answer: string; expires_at: number }>();
  return !!row && row.expires_at >= now && row.answer === answer.trim().toUpperCase();
}
