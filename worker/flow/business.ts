/**
 * Business records that follow their approval: another module links a business-key prefix (an
 * application's `<family>:<id>`) and, whenever a command moves an instance carrying such a key, says which
 * writes of its own records go with the flow's events. They are appended in the same batch, so a record's
 * status never disagrees with its instance, and a clash re-decides both. The flow module knows no module.
 */
import type { Context } from "hono";
import type { Lang, Text } from "../../events/i18n.ts";
import type { AppEnv } from "../http/env.ts";
import type { StreamWrite } from "../store/types.ts";
import type { DeploymentRow } from "./repository.ts";
import type { FlowEvent } from "./engine/events.ts";
import type { InstanceState } from "./engine/types.ts";
import type { BusinessView } from "../../events/flow/business-view.ts";

export interface InstanceMove {
  businessKey: string;
  procInsId: string;
  /** the instance after the command (deleted instances are marked `deleted`) */
  after: InstanceState;
  decided: FlowEvent[];
}

export interface BusinessLink {
  /** business-key prefix, e.g. "common.tbfinancapplication:" */
  prefix: string;
  /** what kind of record it is (the approval lists name it: 融资申请) */
  label?: Text;
  react(db: D1Database, move: InstanceMove): Promise<StreamWrite[]>;
  /** the record the key names, as an approver reads it (null: gone) */
  view?(db: D1Database, businessKey: string, lang: Lang): Promise<BusinessView | null>;
}

const sources: (() => BusinessLink[])[] = [];
let known: BusinessLink[] | undefined;

/**
 * Called by the composition root with a function listing a module's links: they are listed by the first
 * instance move or read that needs them, not at import (start-up budget). The first link of a prefix wins.
 */
export function linkBusiness(source: () => BusinessLink[]) {
  sources.push(source);
  known = undefined;
}

function links(): BusinessLink[] {
  if (!known) {
    const listed: BusinessLink[] = [];
    for (const link of sources.flatMap((source) => source())) if (!listed.some((l) => l.prefix === link.prefix)) listed.push(link);
    known = listed;
  }
  return known;
}

/** The writes the linked module adds to a move of an instance with a business key (none without a link). */
export async function businessWrites(db: D1Database, move: Omit<InstanceMove, "businessKey"> & { businessKey: string | null }): Promise<StreamWrite[]> {
  const { businessKey } = move;
  if (!businessKey || move.decided.length === 0) return [];
  const link = links().find((l) => businessKey.startsWith(l.prefix));
  return link ? link.react(db, { ...move, businessKey }) : [];
}

/** The business record an instance is about, from the module that links its key (null: no such link or record). */
export async function businessView(db: D1Database, businessKey: string | null, lang: Lang): Promise<BusinessView | null> {
  const link = businessKey ? links().find((l) => businessKey.startsWith(l.prefix)) : undefined;
  return link?.view ? link.view(db, businessKey!, lang) : null;
}

/** The kind of business record a business key names, in `lang` (null without a labelled link). */
export function businessLabel(businessKey: string | null | undefined, lang: Lang): string | null {
  if (!businessKey) return null;
  return links().find((l) => businessKey.startsWith(l.prefix))?.label?.[lang] ?? null;
}

/** dynamicStart with `proc_form_id`: the filled form to store with the instance it starts. */
export interface FormStart {
  deployment: DeploymentRow;
  data: Record<string, unknown>;
  procFormId: string;
  dataModelId: string | null;
}

/** Stores a filled form and starts its approval in one append (the forms module's, linked by the composition root). */
export type StartFormHandler = (c: Context<AppEnv>, start: FormStart) => Promise<Response>;

let startForm: StartFormHandler | null = null;

export function linkStartForm(handler: StartFormHandler) {
  startForm = handler;
}

/** The linked handler of form starts (none until a module links one). */
export const startFormHandler = () => startForm;
