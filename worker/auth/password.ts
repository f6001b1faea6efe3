/** Password hashing with PBKDF2-SHA256 (WebCrypto) and a per-user random salt. */

/** Workers cap PBKDF2 at 100,000 iterations. */
export const pbkdf2Iterations = 100_000;

const toHex = (bytes: ArrayBuffer | Uint8Array) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (hex: string) => new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));

export interface PasswordHash {
  hash: string;
  salt: string;
  iterations: number;
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return toHex(bits);
}

export async function hashPassword(password: string, iterations = pbkdf2Iterations): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { hash: await derive(password, salt, iterations), salt: toHex(salt), iterations };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const candidate = fromHex(await derive(password, fromHex(stored.salt), stored.iterations));
  const expected = fromHex(stored.hash);
  // constant-time comparison of equal-length digests
  let diff = candidate.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= candidate[i]! ^ expected[i]!;
  return diff === 0;
}
