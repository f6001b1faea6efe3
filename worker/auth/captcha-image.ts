// Captcha image rendering for Workers: rasterises text into a grayscale buffer
// with a tiny built-in bitmap font and hands it to our own JPEG encoder, since
// the runtime has no canvas, fonts or image libraries.

import { encodeGrayscaleJpeg } from "./jpeg-encoder.ts";

/** Excludes 0/O, 1/I and lowercase so users are not asked to tell look-alikes apart. */
/** No 0/O, 1/I/L look-alikes, nor U/V, which blur together once rotated. */
export const CAPTCHA_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;

const GLYPH_W = 5;
const GLYPH_H = 7;

// 5x7 glyphs: seven rows as hex bytes, top row first, bit 4 = leftmost pixel.
const FONT_HEX: Record<string, string> = {
  "2": "0e11010204081f", "3": "1f02040201110e", "4": "02060a121f0202", "5": "1f101e0101110e",
  "6": "0608101e11110e", "7": "1f010204080808", "8": "0e11110e11110e", "9": "0e11110f01020c",
  A: "0e11111f111111", B: "1e11111e11111e", C: "0e11101010110e", D: "1c12111111121c",
  E: "1f10101e10101f", F: "1f10101e101010", G: "0e11101711110f", H: "1111111f111111",
  J: "0702020202120c", K: "11121418141211", L: "1010101010101f", M: "111b1515111111",
  N: "11111915131111", P: "1e11111e101010", Q: "0e11111115120d", R: "1e11111e141211",
  S: "0f10100e01011e", T: "1f040404040404", U: "1111111111110e", V: "11111111110a04",
  W: "1111111515150a", X: "11110a040a1111", Y: "11110a04040404", Z: "1f01020408101f",
};

const FONT: Record<string, number[]> = Object.fromEntries(
  Object.entries(FONT_HEX).map(([ch, hex]) => [ch, hex.match(/../g)!.map((b) => parseInt(b, 16))]),
);

function glyphPixel(rows: number[], gx: number, gy: number): boolean {
  if (gx < 0 || gx >= GLYPH_W || gy < 0 || gy >= GLYPH_H) return false;
  return ((rows[gy] >> (GLYPH_W - 1 - gx)) & 1) === 1;
}

// Guards against a random() that can return exactly 1 (or slightly outside [0, 1)).
function randomInt(random: () => number, max: number): number {
  return Math.min(max - 1, Math.max(0, Math.floor(random() * max)));
}

function randomRange(random: () => number, min: number, max: number): number {
  return min + random() * (max - min);
}

/** Picks `length` characters from CAPTCHA_ALPHABET; pass a CSPRNG-backed `random` in production. */
export function randomCaptchaText(random: () => number, length = 4): string {
  let text = "";
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(random, CAPTCHA_ALPHABET.length)];
  return text;
}

function drawLine(px: Uint8Array, x0: number, y0: number, x1: number, y1: number, shade: number): void {
  // Sampling along the longer axis keeps the line gap-free without full Bresenham bookkeeping.
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
  for (let i = 0; i <= steps; i++) {
    const x = Math.round(x0 + ((x1 - x0) * i) / steps);
    const y = Math.round(y0 + ((y1 - y0) * i) / steps);
    if (x >= 0 && x < CAPTCHA_WIDTH && y >= 0 && y < CAPTCHA_HEIGHT) px[y * CAPTCHA_WIDTH + x] = shade;
  }
}

function drawNoiseLine(px: Uint8Array, random: () => number): void {
  drawLine(
    px,
    randomRange(random, -10, 30), randomRange(random, 0, CAPTCHA_HEIGHT),
    randomRange(random, 90, 130), randomRange(random, 0, CAPTCHA_HEIGHT),
    Math.round(randomRange(random, 60, 150)),
  );
}

/**
 * Renders `text` (4-5 characters of CAPTCHA_ALPHABET) as a 120x40 noisy grayscale JPEG.
 * Output is fully determined by `text` and the sequence `random` yields, which keeps tests reproducible.
 */
export function renderCaptchaJpeg(text: string, random: () => number): Uint8Array {
  if (text.length < 4 || text.length > 5) throw new RangeError("captcha text must be 4 or 5 characters");
  const glyphs = [...text].map((ch) => {
    const rows = FONT[ch];
    if (!rows) throw new RangeError(`character ${JSON.stringify(ch)} is not in the captcha alphabet`);
    return rows;
  });

  const px = new Uint8Array(CAPTCHA_WIDTH * CAPTCHA_HEIGHT);
  // A gentle gradient background stops a fixed threshold from separating text cleanly.
  const bgLeft = randomRange(random, 215, 250);
  const bgRight = randomRange(random, 215, 250);
  for (let y = 0; y < CAPTCHA_HEIGHT; y++) {
    for (let x = 0; x < CAPTCHA_WIDTH; x++) {
      px[y * CAPTCHA_WIDTH + x] = Math.round(bgLeft + ((bgRight - bgLeft) * x) / (CAPTCHA_WIDTH - 1));
    }
  }

  // Lines behind the text cross character boundaries, defeating naive segmentation.
  for (let i = 0; i < 2; i++) drawNoiseLine(px, random);

  const margin = 8;
  const cell = (CAPTCHA_WIDTH - 2 * margin) / glyphs.length;
  glyphs.forEach((rows, i) => {
    const cx = margin + cell * (i + 0.5) + randomRange(random, -2, 2);
    const cy = CAPTCHA_HEIGHT / 2 + randomRange(random, -3, 3);
    const angle = randomRange(random, -0.35, 0.35);
    const scale = randomRange(random, 2.7, 3.2);
    const shade = Math.round(randomRange(random, 10, 70));
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    // Inverse-map each destination pixel into glyph space so rotation leaves no holes.
    const reach = Math.ceil(Math.hypot(GLYPH_W, GLYPH_H) * scale * 0.5) + 1;
    for (let y = Math.max(0, Math.floor(cy - reach)); y <= Math.min(CAPTCHA_HEIGHT - 1, cy + reach); y++) {
      for (let x = Math.max(0, Math.floor(cx - reach)); x <= Math.min(CAPTCHA_WIDTH - 1, cx + reach); x++) {
        const dx = x + 0.5 - cx;
        const dy = y + 0.5 - cy;
        const gx = Math.floor((cos * dx + sin * dy) / scale + GLYPH_W / 2);
        const gy = Math.floor((-sin * dx + cos * dy) / scale + GLYPH_H / 2);
        if (glyphPixel(rows, gx, gy)) px[y * CAPTCHA_WIDTH + x] = shade;
      }
    }
  });

  // One line over the text so it cannot simply be masked out as background.
  drawNoiseLine(px, random);
  for (let i = 0; i < 120; i++) {
    px[randomInt(random, px.length)] = Math.round(randomRange(random, 0, 200));
  }

  return encodeGrayscaleJpeg(px, CAPTCHA_WIDTH, CAPTCHA_HEIGHT, 75);
}
