/** What a check-in photo must be: an image the file module stored (its type checked there by its leading bytes), of bounded size. Pure. */
import { photoExtensions, photoMaxBytes } from "../../events/checkin-photos.ts";

export { photoMaxBytes };

/** The ids among `ids` whose file is missing, not an image, or too large. */
export function badPhotos(ids: string[], files: { id?: unknown; ext?: unknown; size?: unknown }[]): string[] {
  const byId = new Map(files.map((f) => [String(f.id), f]));
  return ids.filter((id) => {
    const f = byId.get(id);
    return !f || !(photoExtensions as readonly string[]).includes(String(f.ext).toLowerCase()) || typeof f.size !== "number" || f.size > photoMaxBytes;
  });
}
