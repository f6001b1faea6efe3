/**
 * The message centre's verbs. `/msg/detail`: a user's own messages (list with the status filter, one,
 * unread count with the latest, read marks as the user's events, forwarding); `/msg/type`: the message
 * points, the to-do types and the to-do messages by type, and a save that gives a new type the next id of
 * 2 characters below its parent. Everyone sees only their own messages.
 */
import * as z from "zod";
import { messagePoints, messagePointValues, msgType } from "../../events/families/msg.ts";
import type { Family } from "../../events/family.ts";
import { l } from "../../events/family.ts";
import { t, type Lang } from "../../events/i18n.ts";
import { actorOf, page, readJson, reply } from "../http/envelope.ts";
import { messageListQuery, msg, readIdsBody, transmitBody, workBody } from "../../events/api/msg.ts";
import { parseInput, readBody } from "../http/input.ts";
import { runCommand } from "../http/command.ts";
import type { RouteTable } from "../http/routes.ts";
import type { Context } from "hono";
import type { AppEnv } from "../http/env.ts";
import { ValidationError, codes, notFound } from "../errors.ts";
import { head, largestStreamNumber } from "../store/read.ts";
import { newCreate, newUpdate } from "../resources/commands.ts";
import { readerStream } from "./events.ts";
import { postMessage } from "./post.ts";
import { renderMessage, templatesFor, type MessageRow } from "./render.ts";
import { existingUsers, messagePage, messageSummary, messageWork, ownMessage, ownUnread, todoTypeCounts, todoTypes, typeExists, unreadCount } from "./queries.ts";
import { lazySchema } from "../../events/lazy.ts";

const messageLabel = l("消息", "Message");
const types = msgType as unknown as Family;

const typeSaveBody = lazySchema(() => z.object({ parentId: z.string().max(64).nullable().optional() }).passthrough());

async function render(db: D1Database, rows: MessageRow[], lang: Lang) {
  const templates = await templatesFor(db, rows.map((r) => r.template_code));
  return rows.map((r) => renderMessage(r, templates, lang));
}

/** The head of a reader's stream: only its last event is read, however many reads came before. */
const readerHead = (db: D1Database, userId: string) => head(db, readerStream(userId));

async function readAll(c: Context<AppEnv>) {
  const me = actorOf(c).id;
  return runCommand(
    c,
    async () => {
      const unread = await unreadCount(c.env.DB, me);
      // nothing unread: nothing to record
      if (!unread) return { writes: [], response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { read: 0 } } };
      const head = await readerHead(c.env.DB, me);
      return { writes: [{ stream: readerStream(me), head, events: [{ type: "msg.readAll", data: { userId: me } }] }], response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { read: unread } } };
    },
    { retries: 3 },
  );
}

export function messageRoutes(routes: RouteTable) {
  routes
    .verb(
      msg.list,
      "msg:detail:list",
      async (c) => {
        const q = messageListQuery.parse(c.req.query());
        const me = actorOf(c).id;
        const { total, rows } = await messagePage(c.env.DB, me, q);
        return page(c, total, await render(c.env.DB, rows, c.get("lang")));
      },
      { doc: { summary: l("我的消息列表（全部、待办、未读、已读）", "My messages (all, to do, unread, read)") } },
    )
    .verb(
      msg.info,
      "msg:detail:info",
      async (c) => {
        const row = await ownMessage(c.env.DB, actorOf(c).id, c.req.param("id")!);
        if (!row) throw notFound(messageLabel);
        return reply(c, msg.info, (await render(c.env.DB, [row], c.get("lang")))[0]!, "fetched");
      },
      { doc: { summary: l("一条我的消息", "One of my messages") } },
    )
    .get("/msg/detail/readAll", "msg:detail:read", readAll, { doc: { summary: l("全部标为已读", "Mark all my messages read") } })
    .verb(msg.readAll, "msg:detail:read", readAll, { doc: { summary: l("全部标为已读", "Mark all my messages read") } })
    .verb(
      msg.summary,
      "msg:detail:list",
      async (c) => {
        const me = actorOf(c).id;
        const { counts: n, latest } = await messageSummary(c.env.DB, me);
        return reply(c, msg.summary, { total: n.total, unread: n.unread, todo: n.todo, latest: await render(c.env.DB, latest, c.get("lang")) }, "fetched");
      },
      { doc: { summary: l("未读数与最新 5 条未读消息", "Unread count and the latest 5 unread messages") } },
    )
    .verb(
      msg.read,
      "msg:detail:read",
      async (c) => {
        const body = await readBody(c, readIdsBody);
        const me = actorOf(c).id;
        return runCommand(
          c,
          async () => {
            // only my own unread messages: a repeated or foreign id records nothing
            const ids = await ownUnread(c.env.DB, me, body.ids);
            if (ids.length === 0) return { writes: [], response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { read: 0 } } };
            const head = await readerHead(c.env.DB, me);
            return { writes: [{ stream: readerStream(me), head, events: [{ type: "msg.read", data: { userId: me, ids } }] }], response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { read: ids.length } } };
          },
          { retries: 3 },
        );
      },
      { doc: { summary: l("标为已读", "Mark messages read") } },
    )
    .verb(
      msg.work,
      "msg:detail:info",
      async (c) => {
        const body = await readBody(c, workBody);
        const me = actorOf(c).id;
        const row = await messageWork(c.env.DB, me, body.workId ?? null, body.taskId ?? null);
        if (!row?.proc_ins_id) throw notFound(messageLabel);
        return reply(c, msg.work, { procInsId: row.proc_ins_id, deployId: row.deploy_id, taskId: row.task_id }, "fetched");
      },
      { doc: { summary: l("由消息或任务找到流程实例与部署", "The process instance and deployment of a message or task") } },
    )
    .verb(
      msg.transmit,
      "msg:detail:transmit",
      async (c) => {
        const body = await readBody(c, transmitBody);
        const actor = actorOf(c);
        const row = await ownMessage(c.env.DB, actor.id, body.msgId);
        if (!row) throw notFound(messageLabel);
        if ((await existingUsers(c.env.DB, body.userIds)) !== new Set(body.userIds).size) throw new ValidationError([{ field: "userIds", label: l("接收人", "Recipients"), key: "formatError" }]);
        const params = { ...(JSON.parse(row.params) as Record<string, string | number | null>), forwardedBy: actor.name };
        return runCommand(c, async () => ({
          writes: [postMessage({ userIds: body.userIds, type: row.type as (typeof messagePointValues)[number], templateCode: row.template_code, params, procInsId: row.proc_ins_id, taskId: row.task_id })],
          response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { sent: body.userIds.length } },
        }));
      },
      { doc: { summary: l("转发消息", "Forward a message") } },
    )
    .verb(
      msg.points,
      "signedIn",
      async (c) => reply(c, msg.points, messagePoints.map((p) => ({ value: p.value, label: p.label[c.get("lang")], todo: p.todo })), "fetched"),
      { doc: { summary: l("消息节点选项", "Message point options") } },
    )
    .verb(
      msg.todoTypes,
      "signedIn",
      async (c) => {
        const results = await todoTypes(c.env.DB);
        const en = c.get("lang") === "en-US";
        return reply(c, msg.todoTypes, results.map((r) => ({ value: r.id, label: en ? r.en_name || r.name : r.name, point: r.point })), "fetched");
      },
      { doc: { summary: l("待办类消息类型选项", "To-do message type options") } },
    )
    .verb(
      msg.todoCounts,
      "msg:detail:list",
      async (c) => {
        // the to-do message types with how many of my messages of each still wait
        const results = await todoTypeCounts(c.env.DB, actorOf(c).id);
        const en = c.get("lang") === "en-US";
        return reply(c, msg.todoCounts, results.map((r) => ({ id: r.id, name: en ? r.en_name || r.name : r.name, point: r.point, count: r.n })), "fetched");
      },
      { doc: { summary: l("我的待办消息（按类型计数）", "My to-do messages counted by type") } },
    )
    .post(
      "/msg/type/save",
      types.tags.save,
      async (c) => {
        const input = (await readJson<Record<string, unknown>>(c)) ?? {};
        const { parentId } = parseInput(typeSaveBody, input);
        const existing = input.id === undefined || input.id === null || input.id === "" ? null : String(input.id);
        if (existing) {
          // an edit through save, as the generic verb allows: it keeps its id
          return runCommand(c, async () => {
            const write = await newUpdate(c.env.DB, types, existing, input);
            return { writes: [write], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { id: existing, version: write.head.version + write.events.length } } };
          }, { retries: 3, permission: types.tags.update });
        }
        return runCommand(
          c,
          async () => {
            const id = await nextTypeId(c.env.DB, parentId || null);
            const write = newCreate(types, input, id);
            return { writes: [write], response: { code: codes.ok, msg: t("created", c.get("lang")), data: { id, version: 1 } } };
          },
          { retries: 3 },
        );
      },
      { doc: { family: types, verb: "save" } },
    );
}

/**
 * A new type's id: its parent's id and the next free 2 characters (`01`…`99`), counting deleted types
 * too (their streams keep their ids).
 */
async function nextTypeId(db: D1Database, parentId: string | null): Promise<string> {
  const prefix = parentId ?? "";
  if (parentId && !(await typeExists(db, parentId))) {
    throw new ValidationError([{ field: "parentId", label: types.fields.parentId!.label, key: "parentMissing" }]);
  }
  const next = ((await largestStreamNumber(db, `${types.name}:${prefix}`, 2)) ?? 0) + 1;
  if (next > 99) throw new ValidationError([{ field: "parentId", label: types.fields.parentId!.label, key: "formatError" }]);
  return `${prefix}${String(next).padStart(2, "0")}`;
}
