/**
 * One uploaded file made ready to store: checked (type by name and first bytes, size), its metadata record
 * decided (a create of the file family) and its R2 object key chosen. The caller appends the record in its
 * command and puts the object only once that command runs (`put`), removing it if nothing was appended
 * (`undo`): an upload through /file and one through the gateway go the same way.
 */
import { createHash } from "node:crypto";
import { file } from "../../events/families/sys.ts";
import type { Family } from "../../events/family.ts";
import { checkUpload, contentTypeOf, extensionOf } from "../../events/uploads.ts";
import { DomainError, codes } from "../errors.ts";
import { newCreate } from "../resources/commands.ts";
import type { StreamWrite } from "../store/types.ts";

export const fileFamily = file as unknown as Family;

export interface PreparedUpload {
  id: string;
  record: { name: string; ext: string; size: number; contentType: string; sha256: string; objectKey: string; businessType: string | undefined; businessId: string | undefined };
  write: StreamWrite;
  put: () => Promise<unknown>;
  undo: () => Promise<unknown>;
}

export async function prepareUpload(bucket: R2Bucket, part: File, business: { businessType?: string | undefined; businessId?: string | undefined } = {}): Promise<PreparedUpload> {
  const bytes = new Uint8Array(await part.arrayBuffer());
  const problem = checkUpload(part.name, bytes.byteLength, bytes.subarray(0, 4096));
  if (problem) throw new DomainError(codes.validation, problem);
  const id = crypto.randomUUID();
  const ext = extensionOf(part.name);
  const objectKey = `files/${id}`;
  const record = { name: part.name.slice(0, 255), ext, size: bytes.byteLength, contentType: contentTypeOf(ext), sha256: createHash("sha256").update(bytes).digest("hex"), objectKey, businessType: business.businessType, businessId: business.businessId };
  return {
    id,
    record,
    write: newCreate(fileFamily, record, id),
    put: () => bucket.put(objectKey, bytes, { httpMetadata: { contentType: record.contentType }, customMetadata: { name: encodeURIComponent(record.name) } }),
    undo: () => bucket.delete(objectKey),
  };
}

/** The answer headers of a file download (a name in any script survives as filename*). */
export function downloadHeaders(meta: Record<string, unknown>, size: number): Record<string, string> {
  const name = String(meta.name);
  return {
    "content-type": String(meta.contentType ?? "application/octet-stream"),
    "content-length": String(size),
    "content-disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "x-content-type-options": "nosniff",
  };
}
