/** Canonical JSON is what every event's hash is computed over: the same bytes as the definition, always. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canonicalJson } from "../../worker/store/canonical.ts";

/** The definition: keys sorted by code unit at every level, undefined members left out, arrays kept in order. */
function reference(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(reference).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(",")}}`;
}

describe("canonicalJson", () => {
  it("writes the definition's bytes for any JSON value, undefined members and Unicode keys included", () => {
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(fc.string({ unit: "grapheme" }), fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), fc.constant(undefined)),
      node: fc.oneof({ depthSize: "small" }, tie("leaf"), fc.array(tie("node")), fc.dictionary(fc.string({ unit: "grapheme" }), tie("node"))),
    })).node;
    fc.assert(fc.property(value, (v) => canonicalJson(v) === reference(v)), { numRuns: 500 });
  });

  it("sorts keys at every level and leaves undefined members out", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: undefined }], c: "同步" }, e: undefined })).toBe('{"a":{"c":"同步","d":[3,{"z":1}]},"b":1}');
  });
});
