/**
 * W3C Bitstring Status List v1.0 (revocation): one bit per issued credential, 131 072 bits (16 KB, the
 * spec's minimum, so one list hides which credential a verifier asks about), bit 0 the left-most bit of
 * the first byte; published as `encodedList` — the GZIP-compressed bitstring in multibase base64url ("u",
 * no padding). Slots are given at random, as the spec recommends.
 */
export const statusListSize = 131_072;
/** the list every credential is issued into (more lists once one fills up) */
export const currentList = 1;

/** The bitstring with the given bits set. */
export function bitstring(revoked: Iterable<number>): Uint8Array {
  const bits = new Uint8Array(statusListSize / 8);
  for (const i of revoked) {
    if (!Number.isInteger(i) || i < 0 || i >= statusListSize) continue;
    bits[i >> 3]! |= 0x80 >> (i & 7);
  }
  return bits;
}

export const isSet = (bits: Uint8Array, index: number) => ((bits[index >> 3] ?? 0) & (0x80 >> (index & 7))) !== 0;

async function through(data: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const body = new Response(data).body!.pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

const base64url = (bytes: Uint8Array) => {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};
const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

export async function encodeList(bits: Uint8Array): Promise<string> {
  return `u${base64url(await through(bits, new CompressionStream("gzip")))}`;
}

/** The bitstring of an `encodedList` (refuses anything but multibase base64url). */
export async function decodeList(encoded: string): Promise<Uint8Array> {
  if (!encoded.startsWith("u")) throw new Error("encodedList is not multibase base64url");
  return through(fromBase64url(encoded.slice(1)), new DecompressionStream("gzip"));
}

/** `count` random slots of a list, to be checked against those taken (a clash is then unlikely). */
export function candidateSlots(count = 8): number[] {
  const buf = new Uint32Array(count);
  crypto.getRandomValues(buf);
  return [...new Set([...buf].map((n) => n % statusListSize))];
}
