/** Every read model of the worker, and which of them handle a given event type. */
import { families } from "../../events/families/index.ts";
import { familyProjection } from "../resources/projection.ts";
import { credentialProjection } from "../auth/credential.ts";
import type { Projection } from "./types.ts";

export const projections: Projection[] = [...families.map(familyProjection), credentialProjection];
