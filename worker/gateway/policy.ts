/**
 * The spec's policy operations through the gateway (§7 "Policy through the gateway by operation"),
 * served from our own data: company data, match lists, declarations with their detail, follow-ups and
 * follow types, an enterprise's tags, a declaration file's download (FileNo) and the multipart upload of
 * a declaration's materials (module code in the request header). Lists take page, size, name or
 * firmName and moduleCode as the spec's policy lists do.
 */
import * as z from "zod";
import { l } from "../../events/family.ts";
import { policyDeclare, policyDeclareFollow } from "../../events/families/casework.ts";
import type { Family } from "../../events/family.ts";
import { factByKey } from "../../events/conditions/facts.ts";
import { enterprisePolicyRow, matchKinds, policyEnterpriseRow } from "../../events/api/policy.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { executeHere } from "../http/command.ts";
import { newCreate, newUpdate } from "../resources/commands.ts";
import { findById } from "../resources/query.ts";
import { downloadHeaders, prepareUpload } from "../files/store.ts";
import { loadFacts } from "../conditions/index.ts";
import { chinaToday, enterpriseMatchPage, enterpriseOr404, policyMatchPage } from "../policy/match.ts";
import { policyTags } from "../policy/routes.ts";
import { gatewayMethod, pageOf, type GatewayMethod, offsetOf } from "./method.ts";
import * as q from "./queries.ts";
import { lazySchema } from "../../events/lazy.ts";

const creditCode = lazySchema(() => z.string().length(18));
const id = lazySchema(() => z.string().min(1).max(64));
const page = lazySchema(() => z.coerce.number().int().min(1).max(1_000_000).default(1));
const size = lazySchema(() => z.coerce.number().int().min(1).max(100).default(10));
const fragment = lazySchema(() => z.string().trim().max(100).optional());
const moduleCode = lazySchema(() => z.string().trim().max(32).optional());
const paging = { page, size, moduleCode };

const declarations = policyDeclare as unknown as Family;
const follows = policyDeclareFollow as unknown as Family;
const enterpriseInfo = "common:enenterprisebasicinfo:info";

const factRow = lazySchema(() => z.strictObject({ key: z.string(), label: z.string(), value: z.unknown(), unit: z.string().nullable() }));

export const policyMethods: GatewayMethod[] = [
  gatewayMethod(
    {
      name: "policy.queryCompany",
      summary: l("查询企业数据：基本信息与匹配所用的各项事实", "Company data: the master record and every fact matching reads"),
      permission: enterpriseInfo,
      params: lazySchema(() => z.object({ creditCode })),
      result: lazySchema(() => z.strictObject({ enterprise: z.record(z.string(), z.unknown()), facts: z.array(factRow) })),
    },
    async ({ db, lang }, { creditCode: code }) => {
      const enterprise = await enterpriseOr404(db, code);
      const facts = (await loadFacts(db, [code], chinaToday())).get(code) ?? {};
      return {
        enterprise: { ...enterprise },
        facts: Object.entries(facts).map(([key, value]) => ({ key, label: factByKey.get(key)?.label[lang] ?? key, value, unit: factByKey.get(key)?.unit?.[lang] ?? null })),
      };
    },
  ),
  gatewayMethod(
    {
      name: "policy.matchList",
      summary: l("匹配列表：企业符合与差一点符合的政策", "Match list: the policies an enterprise meets and nearly meets"),
      permission: policyTags.match,
      params: lazySchema(() => z.object({ creditCode, name: fragment, kind: z.enum(matchKinds).optional(), ...paging })),
      result: lazySchema(() => z.array(enterprisePolicyRow)),
    },
    async ({ db, lang, moduleCode: envelopeModule }, p) => {
      const { total, rows } = await enterpriseMatchPage(db, p.creditCode, { asOf: chinaToday(), lang, name: p.name, moduleCode: p.moduleCode ?? envelopeModule, kind: p.kind, page: p.page, size: p.size });
      return pageOf(total, rows);
    },
  ),
  gatewayMethod(
    {
      name: "policy.matchFirms",
      summary: l("政策匹配企业：符合某项政策的企业（附原因）", "Enterprises meeting a policy, with reasons"),
      permission: policyTags.match,
      params: lazySchema(() => z.object({ policyId: id, firmName: fragment, ...paging })),
      result: lazySchema(() => z.array(policyEnterpriseRow)),
    },
    async ({ db, lang }, p) => {
      const { total, rows } = await policyMatchPage(db, p.policyId, { asOf: chinaToday(), lang, firmName: p.firmName, moduleCode: p.moduleCode, page: p.page, size: p.size });
      return pageOf(total, rows);
    },
  ),
  gatewayMethod(
    {
      name: "policy.declareList",
      summary: l("申报列表", "Declaration list"),
      permission: policyDeclare.tags.list,
      params: lazySchema(() => z.object({ name: fragment, firmName: fragment, creditCode: creditCode.optional(), status: z.string().max(32).optional(), ...paging })),
    },
    async ({ db, moduleCode: envelopeModule }, p) => {
      const { total, rows } = await q.declarationPage(db, { name: p.name, firmName: p.firmName, creditCode: p.creditCode, status: p.status, moduleCode: p.moduleCode ?? envelopeModule }, p.size, offsetOf(p));
      return pageOf(total, rows);
    },
  ),
  gatewayMethod(
    {
      name: "policy.declareDetail",
      summary: l("申报详情：申报、跟进记录与材料", "Declaration detail: the declaration, its follow-ups and materials"),
      permission: policyDeclare.tags.info,
      params: lazySchema(() => z.object({ id })),
    },
    async ({ db }, { id: declareId }) => {
      const declaration = await findById(db, declarations, declareId);
      if (!declaration) throw notFound(policyDeclare.label);
      const materials = Array.isArray(declaration.materials) ? (declaration.materials as string[]) : [];
      const files = (await Promise.all(materials.map(async (fileNo) => ({ fileNo, meta: await q.declarationFile(db, fileNo) })))).flatMap(({ fileNo, meta }) => (meta ? [{ FileNo: fileNo, name: meta.name, contentType: meta.contentType }] : []));
      return { declaration, follows: await q.followsOf(db, declareId), files };
    },
  ),
  gatewayMethod(
    {
      name: "policy.tagInfo",
      summary: l("企业标签：同步的企业标签与由事实得出的标签", "An enterprise's tags: its synchronised labels and tags read off its facts"),
      permission: enterpriseInfo,
      params: lazySchema(() => z.object({ creditCode })),
    },
    async ({ db, lang }, { creditCode: code }) => {
      await enterpriseOr404(db, code);
      const asOf = chinaToday();
      const [labels, factsByCode] = await Promise.all([q.labelsOf(db, code, asOf), loadFacts(db, [code], asOf, derivedTags.map((t) => t.fact))]);
      const facts = factsByCode.get(code) ?? {};
      const derived = derivedTags.filter((t) => t.holds(facts[t.fact])).map((t) => ({ key: t.fact, label: factByKey.get(t.fact)!.label[lang], value: facts[t.fact] ?? null }));
      return { creditCode: code, labels, derived };
    },
  ),
  gatewayMethod(
    {
      name: "policy.followType",
      summary: l("跟进类型（政策类别字典）", "Follow-up types (the policy type dictionary)"),
      permission: follows.tags.list,
      params: lazySchema(() => z.object({})),
    },
    async ({ db, lang }) => {
      const labels = await q.dictionaryEntries(db, "policyType");
      return labels.map((e) => ({ value: e.value, label: lang === "zh-CN" ? e.name : e.enName || e.name }));
    },
  ),
  gatewayMethod(
    {
      name: "policy.followUpdate",
      summary: l("新增或修改申报跟进（带 id 为修改）", "Add a declaration follow-up, or change one (with its id)"),
      permission: follows.tags.save,
      params: lazySchema(() => z.object({ id: id.optional(), declareId: id, policyType: z.string().max(32), followName: z.string().trim().min(1).max(200), remark: z.string().max(2000).optional() })),
    },
    async ({ c, db, moduleCode: envelopeModule }, p) => {
      if (!(await findById(db, declarations, p.declareId))) throw notFound(policyDeclare.label);
      const actor = c.get("actor");
      const values = { declareId: p.declareId, policyType: p.policyType, followName: p.followName, ...(p.remark !== undefined ? { remark: p.remark } : {}), operator: actor?.name ?? null, ...(envelopeModule ? { moduleCode: envelopeModule } : {}) };
      return executeHere(c, {
        name: "gateway.policy.followUpdate",
        permission: p.id ? follows.tags.update : follows.tags.save,
        async decide() {
          const followId = p.id ?? crypto.randomUUID();
          const write = p.id ? await newUpdate(db, follows, p.id, values) : newCreate(follows, values, followId);
          return { writes: [write], answer: { id: followId, version: write.head.version + write.events.length } };
        },
      });
    },
  ),
  gatewayMethod(
    {
      name: "policy.fileDownload",
      summary: l("下载申报材料文件（FileNo）", "Download a declaration file (FileNo)"),
      permission: policyDeclare.tags.info,
      params: lazySchema(() => z.object({ FileNo: id })),
      file: true,
    },
    async ({ c, db }, { FileNo }) => {
      const meta = await q.declarationFile(db, FileNo);
      const object = meta ? await c.env.FILES.get(meta.objectKey) : null;
      if (!meta || !object) throw notFound(l("申报材料", "Declaration file"));
      return { kind: "file", body: object.body, name: meta.name, contentType: downloadHeaders(meta, object.size)["content-type"]!, size: object.size };
    },
  ),
  gatewayMethod(
    {
      name: "policy.declareUpload",
      summary: l("上传一个申报材料文件（multipart，模块编码在请求头 moduleCode）；带 declareId 时加入该申报的材料", "Upload one declaration file (multipart, module code in the moduleCode header); with declareId it joins that declaration's materials"),
      permission: policyDeclare.tags.update,
      params: lazySchema(() => z.object({ declareId: id.optional() })),
      multipart: true,
    },
    async ({ c, db, files }, { declareId }) => {
      if (files.length === 0) throw new DomainError(codes.validation, "uploadMissing");
      // one file a call, as every upload of the product (spec §5)
      if (files.length > 1) throw new DomainError(codes.validation, "uploadMultiple");
      const declaration = declareId ? await findById(db, declarations, declareId) : null;
      if (declareId && !declaration) throw notFound(policyDeclare.label);
      const uploads = await Promise.all(files.map((f) => prepareUpload(c.env.FILES, f, { businessType: "policyDeclare", businessId: declareId })));
      return executeHere(c, {
        name: "gateway.policy.declareUpload",
        undo: () => Promise.all(uploads.map((u) => u.undo())),
        async decide() {
          const writes = uploads.map((u) => u.write);
          if (declareId) {
            const before = Array.isArray(declaration!.materials) ? (declaration!.materials as string[]) : [];
            writes.push(await newUpdate(db, declarations, declareId, { materials: [...before, ...uploads.map((u) => u.id)] }));
          }
          await Promise.all(uploads.map((u) => u.put()));
          return { writes, answer: uploads.map((u) => ({ FileNo: u.id, name: u.record.name, size: u.record.size })) };
        },
      });
    },
  ),
];

/** Tags read off facts: a flag that holds, a count above zero. */
const derivedTags: { fact: string; holds: (v: unknown) => boolean }[] = [
  { fact: "hitechValid", holds: (v) => v === true },
  { fact: "honoursNational", holds: (v) => typeof v === "number" && v > 0 },
  { fact: "honoursProvincial", holds: (v) => typeof v === "number" && v > 0 },
  { fact: "inventionPatents", holds: (v) => typeof v === "number" && v > 0 },
  { fact: "softwareCopyrights", holds: (v) => typeof v === "number" && v > 0 },
  { fact: "dishonestRecords", holds: (v) => typeof v === "number" && v > 0 },
  { fact: "executedCases", holds: (v) => typeof v === "number" && v > 0 },
];
