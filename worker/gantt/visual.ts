/** A project's picture settings: one record per project, saved over (upsert) and deleted by project. */
import { visualSettings, type VisualSettings } from "../../events/gantt/visual.ts";
import type { CommandActor, ExecuteContext } from "../commands/types.ts";
import { execute } from "../commands/execute.ts";
import { newDeletes, newUpsert } from "../resources/commands.ts";
import { notFound } from "../errors.ts";
import { projectFamily, projectOf, visualConfOf, visualFamily } from "./queries.ts";

export const visualTags = visualFamily.tags;

export interface VisualConf {
  projectId: string;
  id: string | null;
  settings: VisualSettings;
  version: number;
}

/** The stored settings read whole (defaults for keys an older value lacks), or the defaults. */
export async function readVisualConf(db: D1Database, projectId: string): Promise<VisualConf> {
  const row = await visualConfOf(db, projectId);
  const stored = visualSettings.safeParse(row?.settings ?? {});
  return { projectId, id: row ? String(row.id) : null, settings: stored.success ? stored.data : visualSettings.parse({}), version: row ? Number(row.version) : 0 };
}

export async function saveVisualConf(projectId: string, settings: VisualSettings, actor: CommandActor, context: ExecuteContext): Promise<VisualConf> {
  await execute(
    {
      name: "gantt.saveConf",
      permission: visualTags.save,
      retries: 1,
      async decide({ db }) {
        if (!(await projectOf(db, projectId))) throw notFound(projectFamily.label);
        return { writes: [await newUpsert(db, visualFamily, { projectId }, { settings })], answer: null };
      },
    },
    actor,
    context,
  );
  return readVisualConf(context.db, projectId);
}

export async function deleteVisualConf(projectId: string, actor: CommandActor, context: ExecuteContext): Promise<boolean> {
  return execute(
    {
      name: "gantt.deleteConf",
      permission: visualTags.delete,
      async decide({ db }) {
        const row = await visualConfOf(db, projectId);
        if (!row) return { writes: [], answer: false };
        return { writes: await newDeletes(db, visualFamily, [String(row.id)]), answer: true };
      },
    },
    actor,
    context,
  );
}
