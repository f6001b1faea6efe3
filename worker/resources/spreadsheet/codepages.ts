/**
 * SheetJS's code pages (`XLSX.set_cptable`) answered by the runtime's own `TextDecoder`, which in workerd
 * decodes every legacy encoding of the WHATWG Encoding Standard (GBK, Big5, Shift_JIS, the Windows and Mac
 * single-byte pages…). SheetJS's table module (cpexcel.full.mjs) weighs about 200 KiB of the gzip bundle
 * and holds the same tables again; the Worker only reads spreadsheets, so decoding is all it needs.
 *
 * Code pages the standard does not name (the old DOS pages of dBASE files: 437, 850…) read byte by byte
 * as Latin-1, which is what SheetJS does when it has no table at all.
 */

/** Windows code page number → the Encoding Standard's label for it. */
const labels: Record<number, string> = {
  866: "ibm866",
  874: "windows-874",
  932: "shift_jis",
  936: "gbk",
  949: "euc-kr",
  950: "big5",
  1200: "utf-16le",
  1201: "utf-16be",
  1250: "windows-1250",
  1251: "windows-1251",
  1252: "windows-1252",
  1253: "windows-1253",
  1254: "windows-1254",
  1255: "windows-1255",
  1256: "windows-1256",
  1257: "windows-1257",
  1258: "windows-1258",
  10000: "macintosh",
  10007: "x-mac-cyrillic",
  20127: "us-ascii",
  65001: "utf-8",
};

const decoders = new Map<number, TextDecoder>();

/** Bytes as SheetJS hands them over: an array of numbers, a typed array, or a "binary string" of char codes. */
type Data = ArrayLike<number> | string;

const bytesOf = (data: Data) => (typeof data === "string" ? Uint8Array.from(data, (ch) => ch.charCodeAt(0)) : Uint8Array.from(data));

/** Each byte as the code point of the same number, in slices (a spread of a whole file would overflow the stack). */
function latin1(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return text;
}

/** The text of `data` in code page `cp` (a BOM is kept, as SheetJS's own tables keep it; SheetJS strips it itself). */
function decode(cp: number, data: Data): string {
  const label = labels[cp];
  // ISO-8859-1 is windows-1252 to the Encoding Standard; SheetJS's 28591 is the plain byte → code point map
  if (!label) return latin1(bytesOf(data));
  let decoder = decoders.get(cp);
  if (!decoder) decoders.set(cp, (decoder = new TextDecoder(label, { fatal: false, ignoreBOM: true })));
  return decoder.decode(bytesOf(data));
}

/**
 * Only SheetJS's writers encode (legacy xls and dBASE output), and the Worker writes its spreadsheets itself
 * (worker/resources/spreadsheet/xlsx.ts): UTF-8 and UTF-16 as such, anything else by char code as SheetJS
 * does without tables.
 */
function encode(cp: number, text: string): number[] {
  if (cp === 65001) return [...new TextEncoder().encode(text)];
  const units = Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
  return cp === 1200 ? units.flatMap((unit) => [unit & 255, unit >> 8]) : units.map((unit) => unit & 255);
}

/** The object `XLSX.set_cptable` takes. */
export const codepages = { utils: { decode, encode, hascp: (cp: number) => cp in labels, magic: {}, cache: {} } };
