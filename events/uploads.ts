/**
 * What an upload may be (shared by the worker, which enforces it, and the web, which warns early): the spec's extensions, at most 40 MB, and bytes that really are of the claimed
 * type (a renamed executable is not a PDF). Pure, so the rules are tested without R2.
 */
import type { MessageKey } from "./i18n.ts";

export const maxUploadBytes = 40 * 1024 * 1024;
export const allowedExtensions = ["bmp", "jpg", "jpeg", "png", "xls", "xlsx", "doc", "docx", "pdf", "mp4", "wmv", "zip", "txt", "csv"] as const;
export type Extension = (typeof allowedExtensions)[number];

const contentTypes: Record<Extension, string> = {
  bmp: "image/bmp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
  mp4: "video/mp4",
  wmv: "video/x-ms-wmv",
  zip: "application/zip",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const zip = [0x50, 0x4b, 0x03, 0x04];
const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Whether the leading bytes fit the extension (text files: valid UTF-8 without NUL bytes). */
export function bytesMatch(ext: Extension, head: Uint8Array): boolean {
  switch (ext) {
    case "png":
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case "jpg":
    case "jpeg":
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case "bmp":
      return startsWith(head, [0x42, 0x4d]);
    case "pdf":
      return startsWith(head, [0x25, 0x50, 0x44, 0x46]);
    case "zip":
    case "xlsx":
    case "docx":
      return startsWith(head, zip) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);
    case "xls":
    case "doc":
      return startsWith(head, ole);
    case "mp4":
      return startsWith(head, [0x66, 0x74, 0x79, 0x70], 4);
    case "wmv":
      return startsWith(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]);
    case "txt":
    case "csv":
      if (head.includes(0)) return false;
      try {
        new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(head.subarray(0, lastCompleteChar(head)));
        return true;
      } catch {
        return false;
      }
  }
}

/** Cuts a sample at a character boundary so a multi-byte character split by the sample does not fail it. */
function lastCompleteChar(bytes: Uint8Array): number {
  let end = bytes.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const b = bytes[end - back]!;
    if ((b & 0xc0) === 0xc0) return end - back; // a lead byte whose continuation may be cut off
    if ((b & 0x80) === 0) break;
  }
  return end;
}

export const extensionOf = (name: string) => name.slice(name.lastIndexOf(".") + 1).toLowerCase();

export type UploadProblem = Extract<MessageKey, "uploadType" | "uploadTooLarge" | "uploadEmpty">;

/** The first rule a file breaks, or null. */
export function checkUpload(name: string, size: number, head: Uint8Array): UploadProblem | null {
  const ext = extensionOf(name);
  if (!name.includes(".") || !(allowedExtensions as readonly string[]).includes(ext)) return "uploadType";
  if (size > maxUploadBytes) return "uploadTooLarge";
  if (size === 0) return "uploadEmpty";
  return bytesMatch(ext as Extension, head) ? null : "uploadType";
}

export const contentTypeOf = (ext: string) => contentTypes[ext as Extension] ?? "application/octet-stream";
