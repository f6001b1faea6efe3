/**
 * Policy declarations through their seeded approval flow: added with uploaded materials, submitted, approved,
 * rejected, returned and resubmitted, withdrawn by the applicant — the status following the flow; a material
 * of the wrong type or too large refused naming the field, writing nothing; follow-ups with their follow
 * types; a question answered once; and every verb behind its permission.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, creditCode, login, userWithPermissions } from "./helpers.ts";
import { demoUserPassword } from "../worker/seed/index.ts";
import { declarationMaterials } from "../events/declare-materials.ts";
import { badMaterials } from "../worker/services/materials.ts";

let admin: string;
let staff: string;
let applicant: string;

const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
const MB = 1024 * 1024;
const pdfBytes = (size = 256) => {
  const out = new Uint8Array(size).fill(0x20);
  out.set([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37], 0);
  return out;
};

async function upload(name: string, bytes: Uint8Array, token = applicant): Promise<string> {
  const form = new FormData();
  form.append("file", new File([bytes], name));
  const response = await SELF.fetch("http://qifu.test/api/file/upload", { method: "POST", body: form, headers: { "x-hbi-token": token } });
  const body = (await response.json()) as { code: number; data: { id: string } };
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.id;
}

const declaration = (extra: Record<string, unknown> = {}) => ({ creditCode: creditCode(), entName: "测试申报企业有限公司", policyName: "高新技术企业认定奖励", declareAmount: 20, ...extra });
const info = async (id: string) => (await call(`/common/policyDeclare/info/${id}`, { token: admin })).body.data as Record<string, unknown>;
const todoOf = async (token: string, procInsId: string) => {
  const rows = (await call("/flowable/task/todoList?limit=100", { token })).body.data as { taskId: string; procInsId: string; subject?: string | null }[];
  return rows.find((r) => r.procInsId === procInsId);
};

beforeAll(async () => {
  admin = await login();
  staff = await login("wangfang", demoUserPassword);
  // the service officer who declares for an enterprise: the declaration's verbs, uploads, and revoking their own process
  const perms = ["list", "info", "save", "update"].map((v) => `common:policydeclare:${v}`);
  applicant = (await userWithPermissions(admin, [...perms, "sys:file:upload", "flowable:task:list", "flowable:task:revoke"])).token;
});

describe("the staff who review declarations", () => {
  it("find the policy screens, credit query and the dashboard in their menu, with the dashboard's tag; not DID issuing or notarisation handling", async () => {
    type Node = { url?: string | null; children: Node[] };
    const { menuList, permissions } = (await call("/sys/menu/nav", { token: staff })).body.data as { menuList: Node[]; permissions: string[] };
    const urls = (nodes: Node[]): string[] => nodes.flatMap((n) => [...(n.url ? [n.url] : []), ...urls(n.children)]);
    const shown = urls(menuList);
    expect(shown).toEqual(expect.arrayContaining(["/bt/policy/match", "/bt/policy/declaration", "/bt/policy/follow", "/bt/credit", "/bt/dashboard/map", "/bt/dashboard/financing"]));
    expect(shown).not.toContain("/bt/did");
    expect(shown).not.toContain("/bt/notarization");
    expect(permissions).toContain("bt:dashboard:view");
    // and the dashboard answers them through the gateway
    const figures = await call("/gateway", { token: staff, body: { method: "dashboard.map", params: { metric: "enterprises" }, moduleCode: "dashboard" } });
    expect(figures.body.code, JSON.stringify(figures.body)).toBe(200);
  });
});

describe("a declaration through its approval flow", () => {
  it("is added with its materials and submitted; the staff and then the platform approve; the status follows", async () => {
    const material = await upload("申报书.pdf", pdfBytes());
    const answer = await call("/common/policyDeclare/pcSave", { token: applicant, body: declaration({ materials: [material], submit: true }) });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    const { id, procInsId } = answer.body.data as { id: string; procInsId: string };
    expect(await info(id)).toMatchObject({ status: "reviewing", procInsId, materials: [material] });

    const first = await todoOf(staff, procInsId);
    expect(first, "the service officer has the first review").toBeTruthy();
    // the to-do list says what the task is about: the enterprise and the policy
    expect(first).toMatchObject({ applicant: "测试申报企业有限公司", subject: "高新技术企业认定奖励" });
    // the approver reads the declaration with its materials as downloads
    const business = (await call(`/flowable/task/business/${first!.taskId}`, { token: staff })).body.data as { fields: { key: string; files?: { name: string }[] }[] };
    expect(business.fields.find((f) => f.key === "materials")?.files?.map((f) => f.name)).toEqual(["申报书.pdf"]);

    expect((await call("/flowable/task/complete", { token: staff, body: { taskId: first!.taskId, comment: "材料齐全" } })).body.code).toBe(0);
    expect((await info(id)).status).toBe("reviewing");
    const second = await todoOf(admin, procInsId);
    expect((await call("/flowable/task/complete", { token: admin, body: { taskId: second!.taskId, comment: "同意" } })).body.code).toBe(0);
    expect((await info(id)).status).toBe("approved");

    const history = (await call(`/common/policyDeclare/historyList?id=${id}`, { token: admin })).body.data;
    expect(history.events.map((e: { action: string }) => e.action)).toEqual(["created", "flow"]);
  });

  it("a rejection ends it rejected; a running declaration cannot be submitted twice and the refusal writes nothing", async () => {
    const draft = await call("/common/policyDeclare/pcSave", { token: applicant, body: declaration() });
    expect(draft.body.code, JSON.stringify(draft.body)).toBe(0);
    const id = draft.body.data.id as string;
    expect((await info(id)).status).toBe("draft");
    const submitted = await call("/common/policyDeclare/pcSave", { token: applicant, body: { id, submit: true } });
    const procInsId = submitted.body.data.procInsId as string;
    const before = await eventCount();
    expect((await call("/common/policyDeclare/pcSave", { token: applicant, body: { id, submit: true } })).body).toMatchObject({ code: 422, msg: "只有草稿或已退回的申请可以提交审批" });
    expect(await eventCount()).toBe(before);

    const task = await todoOf(staff, procInsId);
    expect((await call("/flowable/task/reject", { token: staff, body: { taskId: task!.taskId, comment: "不符合申报条件" } })).body.code).toBe(0);
    expect((await info(id)).status).toBe("rejected");
  });

  it("a return makes it returned; the applicant adds a material and resubmits, and the flow resumes", async () => {
    const answer = await call("/common/policyDeclare/pcSave", { token: applicant, body: declaration({ submit: true }) });
    const { id, procInsId } = answer.body.data as { id: string; procInsId: string };
    const task = await todoOf(staff, procInsId);
    expect((await call("/flowable/task/return", { token: staff, body: { taskId: task!.taskId, targetKey: "root", comment: "请补充审计报告" } })).body.code).toBe(0);
    expect((await info(id)).status).toBe("returned");

    const report = await upload("审计报告.pdf", pdfBytes());
    const again = await call("/common/policyDeclare/pcSave", { token: applicant, body: { id, materials: [report], submit: true } });
    expect(again.body.code, JSON.stringify(again.body)).toBe(0);
    expect(await info(id)).toMatchObject({ status: "reviewing", materials: [report], procInsId });
    expect(await todoOf(staff, procInsId)).toBeTruthy();
  });

  it("the applicant withdraws it while nobody has acted; it becomes withdrawn", async () => {
    const answer = await call("/common/policyDeclare/pcSave", { token: applicant, body: declaration({ submit: true }) });
    const { id, procInsId } = answer.body.data as { id: string; procInsId: string };
    const revoked = await call("/flowable/task/revokeProcess", { token: applicant, body: { procInsId } });
    expect(revoked.body.code, JSON.stringify(revoked.body)).toBe(0);
    expect((await info(id)).status).toBe("withdrawn");
  });
});

describe("materials", () => {
  it("refuses a material of a type the declaration does not take, naming the field, in both languages, writing nothing", async () => {
    // a text file passes the file module's own rules but is no declaration material
    const note = await upload("说明.txt", new TextEncoder().encode("补充说明"));
    const before = await eventCount();
    const zh = await call("/common/policyDeclare/pcSave", { token: applicant, body: declaration({ materials: [note], submit: true }) });
    expect(zh.body.code).toBe(422);
    expect(zh.body.errors?.materials).toBe(`申报材料不符合要求：说明.txt（须为 ${declarationMaterials.extensions.join("、")} 格式，单个不超过 20MB）`);
    const en = await call("/common/policyDeclare/save", { token: applicant, lang: "en-US", body: declaration({ materials: [note] }) });
    expect(en.body.code).toBe(422);
    expect(en.body.errors?.materials).toMatch(/^Materials not accepted: 说明\.txt \(must be pdf、doc/);
    expect(await eventCount()).toBe(before);
  });

  it("refuses a material larger than 20 MB and an id naming no stored file, through save, update and pcSave", async () => {
    const large = await upload("扫描件.pdf", pdfBytes(20 * MB + 1));
    const saved = await call("/common/policyDeclare/save", { token: applicant, body: declaration() });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const id = saved.body.data.id as string;
    const before = await eventCount();
    const tooLarge = await call("/common/policyDeclare/update", { token: admin, body: { id, materials: [large] } });
    expect(tooLarge.body.code).toBe(422);
    expect(tooLarge.body.errors?.materials).toContain("扫描件.pdf");
    const missing = await call("/common/policyDeclare/pcSave", { token: applicant, body: { id, materials: ["no-such-file"] } });
    expect(missing.body.errors?.materials).toContain("no-such-file");
    expect(await eventCount()).toBe(before);
    expect((await info(id)).materials).toBeNull();
  });

  it("the rule itself: allowed types in any case, at most the size, every stored file present", () => {
    const stored = [
      { id: "a", name: "A.PDF", ext: "PDF", size: 10 },
      { id: "b", name: "b.mp4", ext: "mp4", size: 10 },
      { id: "c", name: "c.zip", ext: "zip", size: declarationMaterials.maxBytes },
      { id: "d", name: "d.zip", ext: "zip", size: declarationMaterials.maxBytes + 1 },
    ];
    expect(badMaterials(["a", "b", "c", "d", "e"], stored, declarationMaterials)).toEqual([
      { id: "b", name: "b.mp4" },
      { id: "d", name: "d.zip" },
      { id: "e", name: "e" },
    ]);
  });
});

describe("follow-ups and advice", () => {
  it("records a follow-up of a declaration with its follow type from the dictionary; an unknown type is refused", async () => {
    const types = (await call("/sys/sysdict/findByType?type=declareFollowType", { token: admin })).body.data as { value: string; label: string }[];
    expect(types.map((t) => t.value)).toContain("supplement");
    const declared = await call("/common/policyDeclare/pcSave", { token: admin, body: declaration() });
    const declareId = declared.body.data.id as string;
    const follow = await call("/common/policyDeclareFollow/save", { token: admin, body: { declareId, followType: "supplement", policyType: "technology", followName: "补交审计报告", operator: "王芳" } });
    expect(follow.body.code, JSON.stringify(follow.body)).toBe(0);
    const list = await call(`/common/policyDeclareFollow/list?declareId=${declareId}&followType=supplement`, { token: admin });
    expect(list.body.data.map((r: { followName: string }) => r.followName)).toEqual(["补交审计报告"]);
    const bad = await call("/common/policyDeclareFollow/save", { token: admin, body: { declareId, followType: "nonsense", policyType: "technology", followName: "x" } });
    expect(bad.body.code).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toContain("followType");
  });

  it("answers a pending question once, recording who and when; a second answer is refused and writes nothing", async () => {
    const asked = await call("/common/policy/advice/save", { token: admin, body: { title: "研发费用加计扣除口径", question: "委托研发费用能否加计扣除？", status: "pending", askerUnit: "测试企业" } });
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(0);
    const id = asked.body.data.id as string;
    const answered = await call("/common/policy/advice/answer", { token: admin, body: { id, answer: "可以，按实际发生额的 80% 计入。" } });
    expect(answered.body.code, JSON.stringify(answered.body)).toBe(0);
    const record = (await call(`/common/policy/advice/info/${id}`, { token: admin })).body.data;
    expect(record).toMatchObject({ status: "answered", answer: "可以，按实际发生额的 80% 计入。" });
    expect(record.answererId).toBeTruthy();
    expect(record.answerTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const before = await eventCount();
    expect((await call("/common/policy/advice/answer", { token: admin, lang: "en-US", body: { id, answer: "again" } })).body).toMatchObject({ code: 422, msg: "This question has already been answered or closed" });
    const empty = await call("/common/policy/advice/answer", { token: admin, body: { id, answer: "  " } });
    expect(empty.body.code).toBe(422);
    expect(Object.keys(empty.body.errors ?? {})).toEqual(["answer"]);
    expect(await eventCount()).toBe(before);
  });
});

describe("permissions", () => {
  it("each verb needs its tag: a reader can neither save, submit nor answer", async () => {
    const reader = await userWithPermissions(admin, ["common:policydeclare:list", "common:policydeclare:info", "common:advice:list", "common:advice:info"]);
    const before = await eventCount();
    expect((await call("/common/policyDeclare/pcSave", { token: reader.token, body: declaration({ submit: true }) })).body.code).toBe(403);
    expect((await call("/common/policyDeclare/save", { token: reader.token, body: declaration() })).body.code).toBe(403);
    expect((await call("/common/policy/advice/answer", { token: reader.token, body: { id: "x", answer: "y" } })).body.code).toBe(403);
    expect(await eventCount()).toBe(before);
    expect((await call("/common/policyDeclare/list", { token: reader.token })).body.code).toBe(0);
  });

  it("saving may not edit a declaration without the update tag", async () => {
    const saver = await userWithPermissions(admin, ["common:policydeclare:save", "common:policydeclare:info"]);
    const saved = await call("/common/policyDeclare/pcSave", { token: saver.token, body: declaration() });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const edit = await call("/common/policyDeclare/pcSave", { token: saver.token, body: { id: saved.body.data.id, remark: "改" } });
    expect(edit.body.code).toBe(403);
  });
});
