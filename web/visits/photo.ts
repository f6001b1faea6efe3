/** The browser's check of a check-in photo before it is uploaded (the server checks again: worker/visits/photos.ts). */
import { photoMaxBytes, photoTypes } from "../../events/checkin-photos.ts";

export const photoProblem = (file: { type: string; size: number }): "type" | "size" | null => (!photoTypes.includes(file.type) ? "type" : file.size > photoMaxBytes ? "size" : null);
