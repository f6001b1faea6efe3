/**
 * A small seeded PRNG (mulberry32) so the demo region is the same on every machine and every run:
 * nothing here reads Math.random or the clock. Each concern draws from its own stream (`rngFor(label)`),
 * so adding a family or a field changes only its own values, not everyone else's.
 */

/** mulberry32: a 32-bit state, good enough spread for demo data and tiny. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over UTF-16 units: a label → a 32-bit seed. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The one fixed seed of the demo region; changing it gives another (equally valid) region. */
export const demoSeed = 20261123;

export class Rng {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** an integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  /** a number in [min, max) rounded to `digits` decimals */
  num(min: number, max: number, digits = 2): number {
    const f = 10 ** digits;
    return Math.round((min + this.next() * (max - min)) * f) / f;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** an item by weight (weights need not sum to 1) */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items[items.length - 1]![0];
  }
  /** `count` distinct items in random order */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
  digits(count: number): string {
    let s = "";
    for (let i = 0; i < count; i++) s += String(Math.floor(this.next() * 10));
    return s;
  }
}

export const rngFor = (label: string) => new Rng(hash32(`${demoSeed}:${label}`));
