// Minimal baseline (SOF0) JPEG encoder for 8-bit grayscale images.
//
// Cloudflare Workers have no canvas, no DOM and no native image codecs, so the
// captcha renderer needs a pure-TypeScript encoder. A single-component image
// keeps this small: no colour conversion, no chroma subsampling, one
// quantisation table and one DC/AC Huffman pair. Speed is not a concern at
// captcha sizes (a 120x40 image is 75 blocks).

// ITU-T T.81 Annex K, Table K.1. Stored in natural (row-major) order.
const STD_LUMINANCE_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
  14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
  18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
  49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];

// Annex K.3 typical luminance Huffman tables: code counts per length 1..16, then symbols.
const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_BITS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
const AC_VALUES = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
  0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0,
  0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28,
  0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
  0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
  0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
  0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
  0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5,
  0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2,
  0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
  0xf9, 0xfa,
];

// Derived rather than typed out, so a transposed entry cannot silently corrupt output.
// ZIGZAG[k] is the natural-order index of the k-th coefficient in zigzag order.
const ZIGZAG: number[] = (() => {
  const order: number[] = [];
  for (let s = 0; s < 15; s++) {
    for (let i = 0; i <= s; i++) {
      const row = s % 2 === 0 ? s - i : i; // even diagonals run bottom-left to top-right
      const col = s - row;
      if (row < 8 && col < 8) order.push(row * 8 + col);
    }
  }
  return order;
})();

// COS[x * 8 + u] = C(u)/2 * cos((2x + 1) u pi / 16), so a 1-D DCT is a plain dot product.
const COS: Float64Array = (() => {
  const table = new Float64Array(64);
  for (let x = 0; x < 8; x++) {
    for (let u = 0; u < 8; u++) {
      const c = u === 0 ? Math.SQRT1_2 : 1;
      table[x * 8 + u] = (c / 2) * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
    }
  }
  return table;
})();

interface HuffmanTable {
  codes: number[];
  lengths: number[];
}

// Annex C: canonical codes are assigned in order of increasing length.
function buildHuffman(bits: number[], values: number[]): HuffmanTable {
  const codes: number[] = [];
  const lengths: number[] = [];
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    for (let i = 0; i < bits[len - 1]; i++) {
      codes[values[k]] = code;
      lengths[values[k]] = len;
      code++;
      k++;
    }
    code <<= 1;
  }
  return { codes, lengths };
}

const DC_TABLE = buildHuffman(DC_BITS, DC_VALUES);
const AC_TABLE = buildHuffman(AC_BITS, AC_VALUES);

// IJG quality scaling, so "quality 75" means what libjpeg users expect.
function scaledQuantTable(quality: number): number[] {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? 5000 / q : 200 - 2 * q;
  return STD_LUMINANCE_QUANT.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
}

class BitWriter {
  private bytes: number[] = [];
  private acc = 0;
  private count = 0;

  write(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >> i) & 1);
      if (++this.count === 8) this.emit();
    }
  }

  // Pad with 1-bits: a decoder must not mistake the padding for a valid code (T.81 F.1.2.3).
  finish(): number[] {
    if (this.count > 0) this.write(0x7f, 8 - this.count);
    return this.bytes;
  }

  private emit(): void {
    this.bytes.push(this.acc);
    // 0xFF in entropy-coded data would read as a marker prefix; 0x00 stuffing escapes it.
    if (this.acc === 0xff) this.bytes.push(0x00);
    this.acc = 0;
    this.count = 0;
  }
}

// Magnitude category (SSSS) and the extra bits that encode a signed coefficient.
function category(value: number): number {
  let abs = Math.abs(value);
  let bits = 0;
  while (abs > 0) {
    bits++;
    abs >>= 1;
  }
  return bits;
}

function writeValue(out: BitWriter, value: number, size: number): void {
  // Negative values are sent as one's complement in `size` bits (F.1.2.1).
  out.write(value < 0 ? value + (1 << size) - 1 : value, size);
}

function encodeBlock(block: Float64Array, quant: number[], prevDc: number, out: BitWriter): number {
  const tmp = new Float64Array(64);
  // Separable 2-D DCT: rows then columns.
  for (let y = 0; y < 8; y++) {
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let x = 0; x < 8; x++) sum += block[y * 8 + x] * COS[x * 8 + u];
      tmp[y * 8 + u] = sum;
    }
  }
  const coeffs = new Int32Array(64);
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      let sum = 0;
      for (let y = 0; y < 8; y++) sum += tmp[y * 8 + u] * COS[y * 8 + v];
      const natural = v * 8 + u;
      coeffs[natural] = Math.round(sum / quant[natural]);
    }
  }

  const dc = coeffs[0];
  const diff = dc - prevDc;
  const dcSize = category(diff);
  out.write(DC_TABLE.codes[dcSize], DC_TABLE.lengths[dcSize]);
  writeValue(out, diff, dcSize);

  let run = 0;
  for (let k = 1; k < 64; k++) {
    const value = coeffs[ZIGZAG[k]];
    if (value === 0) {
      run++;
      continue;
    }
    // Run lengths only go to 15, so longer zero runs are split with ZRL (0xF0).
    while (run > 15) {
      out.write(AC_TABLE.codes[0xf0], AC_TABLE.lengths[0xf0]);
      run -= 16;
    }
    const size = category(value);
    const symbol = (run << 4) | size;
    out.write(AC_TABLE.codes[symbol], AC_TABLE.lengths[symbol]);
    writeValue(out, value, size);
    run = 0;
  }
  if (run > 0) out.write(AC_TABLE.codes[0x00], AC_TABLE.lengths[0x00]); // EOB
  return dc;
}

function segment(marker: number, payload: number[]): number[] {
  const length = payload.length + 2; // the length field counts itself
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
}

/**
 * Encodes 8-bit grayscale pixels (row-major, one byte per pixel) as a baseline JFIF JPEG.
 * `quality` follows the libjpeg 1-100 convention.
 */
export function encodeGrayscaleJpeg(pixels: Uint8Array, width: number, height: number, quality = 75): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > 65535 || height > 65535) {
    throw new RangeError(`invalid JPEG dimensions ${width}x${height}`);
  }
  if (pixels.length !== width * height) {
    throw new RangeError(`expected ${width * height} pixels, got ${pixels.length}`);
  }
  const quant = scaledQuantTable(quality);
  const out = new BitWriter();
  const block = new Float64Array(64);
  let prevDc = 0;
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      for (let y = 0; y < 8; y++) {
        // Partial edge blocks repeat the last row/column; zero padding would ring into the image.
        const row = Math.min(by + y, height - 1) * width;
        for (let x = 0; x < 8; x++) {
          block[y * 8 + x] = pixels[row + Math.min(bx + x, width - 1)] - 128;
        }
      }
      prevDc = encodeBlock(block, quant, prevDc, out);
    }
  }

  const bytes = [
    0xff, 0xd8, // SOI
    // APP0 JFIF 1.01, no units, 1:1 aspect, no thumbnail.
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0x00, ...ZIGZAG.map((i) => quant[i])]), // DQT: 8-bit, table 0, zigzag order
    // SOF0: 8-bit precision, one component (id 1, 1x1 sampling, quant table 0).
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, ...DC_BITS, ...DC_VALUES, 0x10, ...AC_BITS, ...AC_VALUES]), // DHT: DC0 + AC0
    // SOS: one component using DC0/AC0, full spectral range, no successive approximation.
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...out.finish(),
    0xff, 0xd9, // EOI
  ];
  return Uint8Array.from(bytes);
}
