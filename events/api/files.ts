/**
 * The file store's upload (worker/files/routes.ts): one file per call as multipart form data, stored in R2
 * with its metadata a record of the file family; the answer is that record with its download address.
 */
import * as z from "zod";
import { verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

export const uploadForm = lazySchema(() => z.object({
  file: z.custom<File>((v) => v !== undefined && v !== null).meta({ type: "string", format: "binary", description: "one file of the allowed types, at most 40 MB" }),
  businessType: z.string().optional(),
  businessId: z.string().optional(),
}));

/** The stored file: its metadata record and where to download it. */
export const uploadedFile = lazySchema(() => z.strictObject({
  id: z.string(),
  name: z.string(),
  ext: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  sha256: z.string(),
  objectKey: z.string(),
  businessType: z.string().optional(),
  businessId: z.string().optional(),
  url: z.string(),
}));

export const files = {
  upload: verb({ method: "POST", path: "/file/upload", body: uploadForm, response: uploadedFile }),
};
