/** Every read model of the worker, and which of them handle a given event type. */
import { families } from "../../events/families/index.ts";
import { familyProjection } from "../resources/projection.ts";
import { credentialProjection } from "../auth/credential.ts";
import type { Projection } from "./types.ts";

export const projections: Projection[] = [...families.map(familyProjection), credentialProjection];

const byType = new Map<string, Projection[]>();
for (const p of projections) for (const type of p.canHandle) byType.set(type, [...(byType.get(type) ?? []), p]);

export function projectionsFor(type: string): Projection[] {
  return byType.get(type) ?? [];
}
