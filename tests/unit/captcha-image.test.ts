import { describe, expect, it } from "vitest";
import {
  CAPTCHA_ALPHABET,
  randomCaptchaText,
  renderCaptchaJpeg,
} from "../../worker/auth/captcha-image.ts";
import { encodeGrayscaleJpeg } from "../../worker/auth/jpeg-encoder.ts";

// Deterministic PRNG so renders are reproducible.
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Spelled out from T.81 Figure A.6 rather than derived, so it independently checks the encoder's ordering.
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
  28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61,
  54, 47, 55, 62, 63,
];

interface Decoded {
  width: number;
  height: number;
  pixels: Uint8Array;
  markers: number[];
}

// A deliberately small baseline, single-component, no-restart-interval decoder: enough to prove the
// encoder's output is a well-formed, fully decodable JPEG without adding a dependency.
function decodeBaselineGray(bytes: Uint8Array): Decoded {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error("missing SOI");
  const markers: number[] = [];
  const quant = new Array<number>(64);
  const huffman = new Map<number, Map<number, number>>(); // (class << 4 | id) -> (len << 16 | code) -> symbol
  let width = 0;
  let height = 0;
  let pos = 2;
  for (;;) {
    if (bytes[pos] !== 0xff) throw new Error(`expected marker at ${pos}`);
    const marker = bytes[pos + 1];
    markers.push(marker);
    const length = (bytes[pos + 2] << 8) | bytes[pos + 3];
    const end = pos + 2 + length;
    if (end > bytes.length) throw new Error(`segment ${marker.toString(16)} overruns file`);
    const seg = bytes.subarray(pos + 4, end);
    if (marker === 0xdb) {
      if (seg.length !== 65 || seg[0] !== 0) throw new Error("unexpected DQT");
      for (let k = 0; k < 64; k++) quant[ZIGZAG[k]] = seg[1 + k];
    } else if (marker === 0xc4) {
      for (let off = 0; off < seg.length; ) {
        const table = new Map<number, number>();
        const counts = seg.subarray(off + 1, off + 17);
        let v = off + 17;
        let code = 0;
        for (let len = 1; len <= 16; len++, code <<= 1) {
          for (let i = 0; i < counts[len - 1]; i++) table.set((len << 16) | code++, seg[v++]);
        }
        huffman.set(seg[off], table);
        off = v;
      }
    } else if (marker === 0xc0) {
      if (seg[0] !== 8 || seg[5] !== 1) throw new Error("expected 8-bit single-component SOF0");
      height = (seg[1] << 8) | seg[2];
      width = (seg[3] << 8) | seg[4];
    } else if (marker === 0xda) {
      const pixels = decodeScan(bytes, end, width, height, quant, huffman.get(0x00)!, huffman.get(0x10)!);
      return { width, height, pixels, markers };
    }
    pos = end;
  }
}

function decodeScan(
  bytes: Uint8Array,
  start: number,
  width: number,
  height: number,
  quant: number[],
  dcTable: Map<number, number>,
  acTable: Map<number, number>,
): Uint8Array {
  let pos = start;
  let bitBuf = 0;
  let bitCount = 0;
  const readBit = (): number => {
    if (bitCount === 0) {
      const b = bytes[pos++];
      if (b === 0xff && bytes[pos++] !== 0x00) throw new Error("unstuffed 0xFF / marker inside scan data");
      bitBuf = b;
      bitCount = 8;
    }
    return (bitBuf >> --bitCount) & 1;
  };
  const receive = (n: number): number => {
    let v = 0;
    for (let i = 0; i < n; i++) v = (v << 1) | readBit();
    return n > 0 && v < 1 << (n - 1) ? v - (1 << n) + 1 : v;
  };
  const decodeSymbol = (table: Map<number, number>): number => {
    let code = 0;
    for (let len = 1; len <= 16; len++) {
      code = (code << 1) | readBit();
      const symbol = table.get((len << 16) | code);
      if (symbol !== undefined) return symbol;
    }
    throw new Error("invalid Huffman code");
  };

  const pixels = new Uint8Array(width * height);
  let dc = 0;
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      const coeffs = new Float64Array(64);
      dc += receive(decodeSymbol(dcTable));
      coeffs[0] = dc * quant[0];
      for (let k = 1; k < 64; ) {
        const rs = decodeSymbol(acTable);
        const run = rs >> 4;
        const size = rs & 15;
        if (size === 0) {
          if (run !== 15) break; // EOB
          k += 16;
          continue;
        }
        k += run;
        if (k > 63) throw new Error("AC run past end of block");
        coeffs[ZIGZAG[k]] = receive(size) * quant[ZIGZAG[k]];
        k++;
      }
      for (let y = 0; y < 8 && by + y < height; y++) {
        for (let x = 0; x < 8 && bx + x < width; x++) {
          let sum = 0;
          for (let v = 0; v < 8; v++) {
            for (let u = 0; u < 8; u++) {
              const cu = u === 0 ? Math.SQRT1_2 : 1;
              const cv = v === 0 ? Math.SQRT1_2 : 1;
              sum += cu * cv * coeffs[v * 8 + u] *
                Math.cos(((2 * x + 1) * u * Math.PI) / 16) * Math.cos(((2 * y + 1) * v * Math.PI) / 16);
            }
          }
          pixels[(by + y) * width + bx + x] = Math.max(0, Math.min(255, Math.round(sum / 4 + 128)));
        }
      }
    }
  }
  // Leftover bits in the final byte must be 1-padding, and EOI must follow immediately.
  while (bitCount > 0) if (readBit() !== 1) throw new Error("final byte not padded with 1-bits");
  if (pos !== bytes.length - 2 || bytes[pos] !== 0xff || bytes[pos + 1] !== 0xd9) {
    throw new Error("scan data not followed by EOI at end of file");
  }
  return pixels;
}

describe("randomCaptchaText", () => {
  it("defaults to 4 characters from the alphabet, and honours a custom length", () => {
    const random = mulberry32(1);
    for (let i = 0; i < 50; i++) {
      expect(randomCaptchaText(random)).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$/);
    }
    expect(randomCaptchaText(random, 5)).toHaveLength(5);
  });

  it("excludes look-alike characters", () => {
    for (const ch of "01OILUV") expect(CAPTCHA_ALPHABET).not.toContain(ch);
    expect(CAPTCHA_ALPHABET).toHaveLength(29);
  });

  it("maps the ends of the random range to the ends of the alphabet without overrunning", () => {
    expect(randomCaptchaText(() => 0)).toBe("2222");
    expect(randomCaptchaText(() => 0.999999)).toBe("ZZZZ");
    expect(randomCaptchaText(() => 1)).toBe("ZZZZ");
  });
});

describe("renderCaptchaJpeg", () => {
  it("produces a complete JFIF baseline JPEG of 120x40", () => {
    const jpeg = renderCaptchaJpeg("A7K9", mulberry32(42));
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect([jpeg[jpeg.length - 2], jpeg[jpeg.length - 1]]).toEqual([0xff, 0xd9]);
    expect(String.fromCharCode(...jpeg.subarray(6, 10))).toBe("JFIF");

    const decoded = decodeBaselineGray(jpeg);
    expect(decoded.markers).toEqual([0xe0, 0xdb, 0xc0, 0xc4, 0xda]);
    expect([decoded.width, decoded.height]).toEqual([120, 40]);
  });

  it("decodes to dark text on a light background", () => {
    const { pixels } = decodeBaselineGray(renderCaptchaJpeg("A7K9", mulberry32(42)));
    const dark = pixels.filter((p) => p < 110).length / pixels.length;
    expect(dark).toBeGreaterThan(0.05);
    expect(dark).toBeLessThan(0.35);
    const sorted = [...pixels].sort((a, b) => a - b);
    expect(sorted[sorted.length >> 1]).toBeGreaterThan(180);
  });

  it("is deterministic for the same text and random sequence", () => {
    expect(renderCaptchaJpeg("XW5QM", mulberry32(7))).toEqual(renderCaptchaJpeg("XW5QM", mulberry32(7)));
  });

  it("differs when the text or the random sequence differs", () => {
    const base = renderCaptchaJpeg("A7K9", mulberry32(7));
    expect(renderCaptchaJpeg("A7K8", mulberry32(7))).not.toEqual(base);
    expect(renderCaptchaJpeg("A7K9", mulberry32(8))).not.toEqual(base);
  });

  it("renders every alphabet character into a decodable image", () => {
    const random = mulberry32(3);
    for (let i = 0; i < CAPTCHA_ALPHABET.length; i += 4) {
      const { width, height } = decodeBaselineGray(renderCaptchaJpeg((CAPTCHA_ALPHABET + CAPTCHA_ALPHABET).slice(i, i + 4), random));
      expect([width, height]).toEqual([120, 40]);
    }
  });

  it("rejects text outside the alphabet or the 4-5 length range", () => {
    const random = mulberry32(1);
    expect(() => renderCaptchaJpeg("A7K0", random)).toThrow(RangeError);
    expect(() => renderCaptchaJpeg("a7k9", random)).toThrow(RangeError);
    expect(() => renderCaptchaJpeg("A7K", random)).toThrow(RangeError);
    expect(() => renderCaptchaJpeg("A7K9AB", random)).toThrow(RangeError);
  });
});

describe("encodeGrayscaleJpeg", () => {
  // Asymmetric content (stripes only in the top half) so a transposed DCT or zigzag would show up.
  function pattern(width: number, height: number): Uint8Array {
    const px = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        px[y * width + x] = Math.min(255, Math.round((x / width) * 200 + (y < height / 2 && x % 6 < 3 ? 50 : 0)));
      }
    }
    return px;
  }

  it("round-trips almost exactly at quality 100, including partial edge blocks", () => {
    const px = pattern(37, 19);
    const decoded = decodeBaselineGray(encodeGrayscaleJpeg(px, 37, 19, 100));
    expect([decoded.width, decoded.height]).toEqual([37, 19]);
    let maxError = 0;
    for (let i = 0; i < px.length; i++) maxError = Math.max(maxError, Math.abs(decoded.pixels[i] - px[i]));
    expect(maxError).toBeLessThanOrEqual(2);
  });

  it("writes the IJG-scaled standard luminance table (quality 75 halves it)", () => {
    const jpeg = encodeGrayscaleJpeg(pattern(8, 8), 8, 8, 75);
    const dqt = jpeg.indexOf(0xdb, 2) + 4; // past marker byte, 2 length bytes and Pq/Tq
    expect(Array.from(jpeg.subarray(dqt, dqt + 4))).toEqual([8, 6, 6, 7]); // 16, 11, 12, 14 halved
  });

  it("byte-stuffs 0xFF in noisy scan data", () => {
    const random = mulberry32(9);
    const noise = Uint8Array.from({ length: 64 * 64 }, () => Math.floor(random() * 256));
    const jpeg = encodeGrayscaleJpeg(noise, 64, 64, 95);
    expect(decodeBaselineGray(jpeg).width).toBe(64); // the decoder throws on an unstuffed 0xFF
  });

  it("rejects mismatched buffers and invalid dimensions", () => {
    expect(() => encodeGrayscaleJpeg(new Uint8Array(10), 4, 4)).toThrow(RangeError);
    expect(() => encodeGrayscaleJpeg(new Uint8Array(0), 0, 0)).toThrow(RangeError);
  });
});
