/** The browser's check of a check-in photo before it is uploaded (the server checks again: worker/visits/photos.ts). */
export const photoTypes = ["image/jpeg", "image/png", "image/webp"];
export const photoMaxBytes = 10 * 1024 * 1024;

export const photoProblem = (file: { type: string; size: number }): "type" | "size" | null => (!photoTypes.includes(file.type) ? "type" : file.size > photoMaxBytes ? "size" : null);
