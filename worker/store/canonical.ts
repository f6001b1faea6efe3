/** Canonical JSON and the per-stream sha256 chain that makes every stream tamper-evident. */
import { createHash } from "node:crypto";
import type { StoredEvent } from "./types.ts";

/** JSON with object keys sorted at every level, so the same event always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/**
 * SHA-256 as hex. Synchronous node:crypto (nodejs_compat in workerd, native in Node): hashing sits on the
 * path of every append, and the promise hop of crypto.subtle cost more than the hash itself.
 */
export async function sha256Hex(text: string): Promise<string> {
  return createHash("sha256").update(text).digest("hex");
}

/** The link of one event: sha256(previous hash + canonical event without its own hash). */
export function chainLink(previousHash: string, event: Omit<StoredEvent, "hash" | "position">): Promise<string> {
  const { stream, version, type, data, meta, at } = event;
  return sha256Hex(previousHash + canonicalJson({ stream, version, type, data, meta, at }));
}
