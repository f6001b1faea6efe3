/**
 * What a declaration's material may be, for both sides: the browser checks a file before uploading it, the
 * Worker checks the stored files a declaration names when it is saved (worker/services/materials.ts). The
 * file module's own rules (events/uploads.ts) still apply first; these are narrower: documents and scans only.
 */
export interface MaterialRule {
  extensions: readonly string[];
  maxBytes: number;
}

export const declarationMaterials: MaterialRule = {
  extensions: ["pdf", "doc", "docx", "xls", "xlsx", "jpg", "jpeg", "png", "zip"],
  maxBytes: 20 * 1024 * 1024,
};
