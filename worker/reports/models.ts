/**
 * Report model commands: saving checks the definition against its source (the compiler refuses an
 * undeclared field by name before anything is written); publishing snapshots the definition into the
 * report file under a code and counts the model's published version, in one append; copying puts one
 * model's source and definition onto another, or into a new model.
 */
import type { Family } from "../../events/family.ts";
import { reportFiles, reportModels } from "../../events/families/reports.ts";
import { reportDefinitionSchema, reportSourceSchema, type ReportDefinition, type ReportSource } from "../../events/reports/definition.ts";
import { DuplicateError, notFound } from "../errors.ts";
import { newCreate, newTransition, newUpdate } from "../resources/commands.ts";
import { findById, recordWhere } from "../resources/query.ts";
import type { RecordValues } from "../resources/decide.ts";
import type { StreamWrite } from "../store/types.ts";
import { displayTime } from "../time.ts";
import { compileReport } from "./compile.ts";
import { sourceFamily } from "./source.ts";

export const published = "1";

/** Refuses a definition its source cannot answer (unknown source, undeclared field, wrong type), naming each. */
export async function checkDefinition(db: D1Database, source: unknown, definition: unknown): Promise<{ family: Family; source: ReportSource; definition: ReportDefinition; runtime: boolean }> {
  const src = reportSourceSchema.parse(source);
  const def = reportDefinitionSchema.parse(definition);
  const { family, runtime } = await sourceFamily(db, src);
  compileReport(family, def);
  return { family, source: src, definition: def, runtime };
}

/** Parses with the family's own schema first (field names and rules), then checks against the source. */
export async function newModel(db: D1Database, input: RecordValues, id?: string): Promise<StreamWrite> {
  const write = newCreate(reportModels, { ...input, status: "0", publishedVersion: 0 }, id);
  const record = (write.events[0]!.data as { record: RecordValues }).record;
  await checkDefinition(db, record.source, record.definition);
  return write;
}

export async function changedModel(db: D1Database, id: string, input: RecordValues, expectedVersion?: number): Promise<StreamWrite> {
  const write = await newUpdate(db, reportModels, id, input, expectedVersion);
  // an update's event carries the whole record after it; no event, no change to check
  const record = (write.events[0]?.data as { record?: RecordValues } | undefined)?.record;
  if (record) await checkDefinition(db, record.source, record.definition);
  return write;
}

const now = () => displayTime(new Date().toISOString());

/**
 * Publishes model `id` under `code` (its own code by default): the model counts a new published version,
 * and the report file of that code takes the definition as it is now (created, or updated when the file
 * already belongs to this model; a code another model's file holds is refused).
 */
export async function publishWrites(db: D1Database, id: string, options: { code?: string; name?: string } = {}): Promise<{ writes: StreamWrite[]; fileId: string; code: string; publishedVersion: number }> {
  const model = await findById(db, reportModels, id);
  if (!model) throw notFound(reportModels.label);
  const checked = await checkDefinition(db, model.source, model.definition);
  const at = now();
  const publishedVersion = Number(model.publishedVersion ?? 0) + 1;
  const modelWrite = await newTransition(db, reportModels, id, "publish", () => ({ status: published, publishedVersion, publishTime: at }));
  const code = options.code ?? String(model.code);
  const snapshot = { source: checked.source, definition: checked.definition, modelVersion: publishedVersion, status: published, publishTime: at };
  const existing = await recordWhere(db, reportFiles, { code });
  if (existing && existing.reportModelId !== id) throw new DuplicateError([{ key: "code", label: reportFiles.fields.code.label }]);
  if (existing) {
    const fileId = String(existing.id);
    const fileWrite = await newTransition(db, reportFiles, fileId, "publish", () => ({ ...snapshot, name: options.name ?? model.name }));
    return { writes: [modelWrite, fileWrite], fileId, code, publishedVersion };
  }
  const fileWrite = newCreate(reportFiles, { name: options.name ?? model.name, code, reportModelId: id, ...snapshot, remark: model.remark ?? null });
  return { writes: [modelWrite, fileWrite], fileId: fileWrite.stream.slice(reportFiles.name.length + 1), code, publishedVersion };
}

/**
 * copyModel/{id}/{id2}: model id's source and definition onto model id2 (an update of id2, which keeps its
 * name, code and publish state), or — id2 "0" — into a new draft model named "<name> (copy)" with the code
 * given or "<code>_copy<n>".
 */
export async function copyWrites(db: D1Database, id: string, id2: string, target: { name?: string; code?: string } = {}): Promise<{ write: StreamWrite; id: string }> {
  const from = await findById(db, reportModels, id);
  if (!from) throw notFound(reportModels.label);
  if (id2 !== "0") {
    if (!(await findById(db, reportModels, id2))) throw notFound(reportModels.label);
    return { write: await changedModel(db, id2, { source: from.source, definition: from.definition }), id: id2 };
  }
  let code = target.code;
  for (let n = 1; !code; n++) {
    const candidate = `${String(from.code).slice(0, 56)}_copy${n === 1 ? "" : n}`;
    if (!(await recordWhere(db, reportModels, { code: candidate }))) code = candidate;
  }
  const name = target.name ?? `${String(from.name).slice(0, 90)} (copy)`;
  const write = await newModel(db, { name, code, source: from.source, definition: from.definition, remark: from.remark ?? null });
  return { write, id: write.stream.slice(reportModels.name.length + 1) };
}
