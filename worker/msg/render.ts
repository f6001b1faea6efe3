/**
 * A message's text, rendered when it is read: the template (a msgTemplate record, else the standard one
 * of the same code) in the request's language, placeholders filled from the params the event carried.
 */
import { messagePoints, standardTemplates } from "../../events/families/msg.ts";
import { fill, type Lang, type Text } from "../../events/i18n.ts";
import { displayTime } from "../time.ts";

export interface MessageRow {
  id: string;
  user_id: string;
  type: string;
  template_code: string;
  params: string;
  proc_ins_id: string | null;
  task_id: string | null;
  todo: number;
  read: number;
  read_time: string | null;
  create_time: string;
}

interface TemplateText {
  title: Text;
  content: Text;
}

const standard = new Map(standardTemplates.map((t) => [t.code, { title: t.title, content: t.content }]));

/** The enabled template records of these codes, one query; codes without a record use the standard set. */
export async function templatesFor(db: D1Database, codes: string[]): Promise<Map<string, TemplateText>> {
  const out = new Map<string, TemplateText>();
  const wanted = [...new Set(codes)];
  if (wanted.length) {
    const { results } = await db
      .prepare("SELECT code, title_template, content_template, en_title_template, en_content_template FROM msg_template WHERE status = '1' AND code IN (SELECT value FROM json_each(?))")
      .bind(JSON.stringify(wanted))
      .all<{ code: string; title_template: string; content_template: string | null; en_title_template: string | null; en_content_template: string | null }>();
    for (const r of results) {
      out.set(r.code, {
        title: { "zh-CN": r.title_template, "en-US": r.en_title_template || r.title_template },
        content: { "zh-CN": r.content_template ?? "", "en-US": r.en_content_template || r.content_template || "" },
      });
    }
  }
  for (const code of wanted) if (!out.has(code)) out.set(code, standard.get(code) ?? standard.get("system")!);
  return out;
}

const pointLabel = new Map(messagePoints.map((p) => [p.value as string, p.label]));

const forwardedPrefix: Text = { "zh-CN": "【{forwardedBy} 转发】", "en-US": "[Forwarded by {forwardedBy}] " };

/** A name taken from the event's parameters, as text (events may carry numbers). */
const textOf = (value: string | number | null | undefined) => (value === null || value === undefined ? null : String(value));

/** A row as the API answers it (events/api/msg.ts: messageRow). */
export function renderMessage(row: MessageRow, templates: Map<string, TemplateText>, lang: Lang) {
  const params = JSON.parse(row.params) as Record<string, string | number | null>;
  const values = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v ?? ""])) as Record<string, string | number>;
  const template = templates.get(row.template_code) ?? standard.get("system")!;
  const prefix = params.forwardedBy ? fill(forwardedPrefix[lang], values) : "";
  return {
    id: row.id,
    type: row.type,
    typeName: pointLabel.get(row.type)?.[lang] ?? row.type,
    templateCode: row.template_code,
    title: prefix + fill(template.title[lang], values).trim(),
    content: fill(template.content[lang], values).trim(),
    procInsId: row.proc_ins_id,
    taskId: row.task_id,
    procDefName: textOf(params.procDefName),
    taskName: textOf(params.taskName),
    startUserName: textOf(params.startUserName),
    byName: textOf(params.byName),
    todo: row.todo === 1,
    read: row.read === 1,
    readTime: row.read_time ? displayTime(row.read_time) : null,
    createTime: displayTime(row.create_time),
  };
}

export type RenderedMessage = ReturnType<typeof renderMessage>;
