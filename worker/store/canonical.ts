/** Canonical JSON and the per-stream sha256 chain that makes every stream tamper-evident. */
import { createHash } from "node:crypto";
import type { StoredEvent } from "./types.ts";

/**
 * JSON with object keys sorted at every level (by UTF-16 code units), undefined members left out, so the
 * same event always hashes the same. Written as loops over sorted keys: every append hashes its events
 * through this, and the arrays of entries a functional version makes cost more than the hashing.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i ? "," : "") + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = "{";
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    out += `${out.length > 1 ? "," : ""}${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${out}}`;
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
