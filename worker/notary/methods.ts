/**
 * Notarisation and rights confirmation through the gateway (spec §7 "Notarisation operations"): apply
 * (id, reason, moduleCode), handle, refuse (applicationNo, moduleCode), the notary list (page, size,
 * keyWork, notaryTime, moduleCode), the legal (rights confirmation) list (page, size, userCode,
 * confirmTime, moduleCode), and the multipart upload of a file to notarise, its module code in the
 * request header. Spread into the gateway's one method table.
 */
import * as z from "zod";
import { applicationNo, notaryKinds, notaryRow, notaryStatuses, notaryTags, type NotaryKind, type NotaryStatus } from "../../events/api/notary.ts";
import type { Text } from "../../events/i18n.ts";
import { l } from "../../events/family.ts";
import { DomainError, codes } from "../errors.ts";
import { executeHere } from "../http/command.ts";
import { prepareUpload } from "../files/store.ts";
import { gatewayMethod, pageOf, type GatewayMethod, offsetOf } from "../gateway/method.ts";
import * as q from "./queries.ts";
import { apply, handle, refuse } from "./service.ts";
import { lazySchema } from "../../events/lazy.ts";

const page = lazySchema(() => z.coerce.number().int().min(1).max(1_000_000).default(1));
const size = lazySchema(() => z.coerce.number().int().min(1).max(100).default(10));
const moduleCode = lazySchema(() => z.string().trim().max(32).optional());
const day = lazySchema(() => z.iso.date("a date YYYY-MM-DD").optional());

/** A paged list of one kind: the spec's page and size, its own filters, status and module. */
function listMethod(name: string, kind: NotaryKind, summary: Text, filters: Record<string, z.ZodOptional<z.ZodString | z.ZodISODate>>, filterOf: (p: Record<string, string | undefined>) => Partial<q.RecordFilter>): GatewayMethod {
  return gatewayMethod(
    { name, summary, permission: notaryTags.list, params: lazySchema(() => z.object({ page, size, ...filters, status: z.enum(notaryStatuses).optional(), moduleCode })), result: lazySchema(() => z.array(notaryRow)) },
    async ({ db, moduleCode: envelope }, parsed) => {
      const p = parsed as { page: number; size: number; status?: NotaryStatus; moduleCode?: string } & Record<string, string | undefined>;
      const { total, rows } = await q.recordPage(db, { ...filterOf(p), kind, status: p.status, moduleCode: p.moduleCode ?? envelope }, p.size, offsetOf(p));
      return pageOf(total, rows);
    },
  );
}

export const notaryMethods: GatewayMethod[] = [
  gatewayMethod(
    {
      name: "notary.apply",
      summary: l("申请存证（或确权）：id 为要存证的文件，reason 为事由", "Apply for notarisation (or rights confirmation): id is the file to notarise, reason why"),
      permission: notaryTags.apply,
      params: lazySchema(() => z.object({ id: z.string().trim().min(1).max(64), reason: z.string().trim().min(1).max(500), moduleCode, kind: z.enum(notaryKinds).default("notary") })),
      result: lazySchema(() => z.strictObject({ applicationNo: z.string() })),
    },
    (call, p) => apply(call.c, { id: p.id, reason: p.reason, moduleCode: p.moduleCode ?? call.moduleCode, kind: p.kind }),
  ),
  gatewayMethod(
    {
      name: "notary.handle",
      summary: l("办理存证：在事件链上锚定文件，交易哈希为该事件的链值", "Handle an application: anchor the file in the event chain; the transaction hash is that event's chain value"),
      permission: notaryTags.handle,
      params: lazySchema(() => z.object({ applicationNo, moduleCode })),
      result: lazySchema(() => z.strictObject({ applicationNo: z.string(), txHash: z.string().nullable() })),
    },
    (call, p) => handle(call.c, p.applicationNo, p.moduleCode ?? call.moduleCode),
  ),
  gatewayMethod(
    {
      name: "notary.refuse",
      summary: l("驳回存证申请", "Refuse an application"),
      permission: notaryTags.handle,
      params: lazySchema(() => z.object({ applicationNo, moduleCode, reason: z.string().trim().max(500).optional() })),
      result: lazySchema(() => z.strictObject({ applicationNo: z.string(), status: z.literal("refused") })),
    },
    (call, p) => refuse(call.c, p.applicationNo, p.moduleCode ?? call.moduleCode, p.reason),
  ),
  listMethod("notary.list", "notary", l("存证列表（keyWork 匹配申请号、文件名或事由；notaryTime 为办理日期）", "Notarisation list (keyWork matches the number, file name or reason; notaryTime is the day handled)"), { keyWork: lazySchema(() => z.string().trim().max(100).optional()), notaryTime: day }, (p) => ({ keyword: p.keyWork, handledOn: p.notaryTime })),
  listMethod("notary.legalList", "confirm", l("确权列表（userCode 为申请人账号，confirmTime 为确权日期）", "Rights confirmation list (userCode is the applicant's account, confirmTime the day confirmed)"), { userCode: lazySchema(() => z.string().trim().max(64).optional()), confirmTime: day }, (p) => ({ userCode: p.userCode, handledOn: p.confirmTime })),
  gatewayMethod(
    {
      name: "notary.upload",
      summary: l("上传一个待存证文件（multipart，模块编码在请求头 moduleCode）", "Upload one file to notarise (multipart, module code in the moduleCode header)"),
      permission: notaryTags.apply,
      params: lazySchema(() => z.object({})),
      multipart: true,
      result: lazySchema(() => z.strictObject({ id: z.string(), name: z.string(), size: z.number().int(), sha256: z.string() })),
    },
    async ({ c, files, moduleCode: header }) => {
      if (files.length === 0) throw new DomainError(codes.validation, "uploadMissing");
      // one file a call, as every upload of the product
      if (files.length > 1) throw new DomainError(codes.validation, "uploadMultiple");
      const upload = await prepareUpload(c.env.FILES, files[0]!, { businessType: "notary", businessId: header });
      return executeHere(c, {
        name: "notary.upload",
        permission: notaryTags.apply,
        undo: () => upload.undo(),
        async decide() {
          await upload.put();
          return { writes: [upload.write], answer: { id: upload.id, name: upload.record.name, size: upload.record.size, sha256: upload.record.sha256 } };
        },
      });
    },
  ),
];
