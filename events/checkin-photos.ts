/**
 * What a check-in photo may be, for both sides: the browser checks a file before uploading it, the Worker checks
 * the stored files a check-in names (worker/visits/photos.ts).
 */
export const photoExtensions = ["jpg", "jpeg", "png", "webp"] as const;
export const photoTypes = ["image/jpeg", "image/png", "image/webp"];
export const photoMaxBytes = 10 * 1024 * 1024;
