/**
 * The services' state commands over HTTP: publish → revoke → publish with the refusals that write nothing,
 * examine once, show on the portal only when published, the roadshow made from an application, and an
 * application taken through its seeded approval flow (approve, reject, return and resubmit) with its status
 * following the flow and each command in the record's history.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, login, userWithPermissions } from "./helpers.ts";
import { demoUserPassword } from "../worker/seed/index.ts";
import type { Family } from "../events/family.ts";
import { financingProduct, mattersRequest, portalDemand, roadshowApplication } from "../events/families/services.ts";
import { store } from "../worker/modules.ts";

let admin: string;
let staff: string;
let applicant: string;

/** A valid unified social credit code for a test enterprise (check digit computed as GB 32100 says). */
function creditCode(org: string): string {
  const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const body = `91610131${org}`;
  const sum = [...body].reduce((acc, ch, i) => acc + chars.indexOf(ch) * weights[i]!, 0);
  return body + chars[(31 - (sum % 31)) % 31];
}

const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
const scope = (org: string) => ({ creditCode: creditCode(org), entName: `测试企业${org}有限公司` });

beforeAll(async () => {
  admin = await login();
  staff = await login("wangfang", demoUserPassword);
  applicant = await login("liuyang", demoUserPassword);
});

describe("publish and revoke", () => {
  it("publishes a draft, revokes it, publishes it again; refuses what the state forbids and writes nothing then", async () => {
    const saved = await call("/common/tbroadshowpass/save", { token: admin, body: { ...scope("100000001"), title: "秦创原路演", status: "1" } });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const id = saved.body.data.id as string;
    // the status is the commands' field: a save cannot publish, a new record is a draft
    expect((await call(`/common/tbroadshowpass/info/${id}`, { token: admin })).body.data.status).toBe("0");

    const before = await eventCount();
    const early = await call("/common/tbroadshowpass/revokeData", { token: admin, body: { id } });
    expect(early.body).toMatchObject({ code: 422, msg: "只有已发布的记录可以撤回" });
    expect(await eventCount()).toBe(before);

    expect((await call(`/common/tbroadshowpass/publish/${id}/1`, { token: admin })).body.code).toBe(0);
    let record = (await call(`/common/tbroadshowpass/info/${id}`, { token: admin })).body.data;
    expect(record.status).toBe("1");
    expect(record.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const twice = await call(`/common/tbroadshowpass/publish/${id}/1`, { token: admin, lang: "en-US" });
    expect(twice.body).toMatchObject({ code: 422, msg: "Only a draft or revoked record can be published" });

    expect((await call("/common/tbroadshowpass/revokeData", { token: admin, body: { id } })).body.code).toBe(0);
    expect((await call(`/common/tbroadshowpass/info/${id}`, { token: admin })).body.data.status).toBe("2");
    expect((await call(`/common/tbroadshowpass/publishData`, { token: admin, body: { id } })).body.code).toBe(0);
    record = (await call(`/common/tbroadshowpass/info/${id}`, { token: admin })).body.data;
    expect(record.status).toBe("1");

    const history = (await call(`/common/tbroadshowpass/history/${id}`, { token: admin })).body.data as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(["created", "publish", "revoke", "publish"]);
    expect((await call(`/common/tbroadshowpass/publish/${id}/7`, { token: admin })).body.code).toBe(422);
  });

  it("needs the publish permission", async () => {
    const saved = await call("/common/tbfinanc/save", { token: admin, body: { ...(await requiredOf(financingProduct as unknown as Family)), productName: "科技贷", institutionName: "长安银行" } });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const reader = await userWithPermissions(admin, ["common:tbfinanc:list", "common:tbfinanc:info"]);
    const answer = await call(`/common/tbfinanc/publish/${saved.body.data.id}/1`, { token: reader.token });
    expect(answer.body.code).toBe(403);
    expect((await call(`/common/tbfinanc/info/${saved.body.data.id}`, { token: admin })).body.data.status).toBe("0");
  });
});

describe("examine and show on the portal", () => {
  it("examines once, shows only a published record, and revokes it from the portal", async () => {
    const saved = await call("/common/portalDemand/save", { token: admin, body: { ...(await requiredOf(portalDemand as unknown as Family)), ...scope("100000002"), title: "寻求设备融资" } });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const id = saved.body.data.id as string;
    const refusedShow = await call("/common/portalDemand/showChange", { token: admin, body: { id } });
    expect(refusedShow.body.msg).toBe("只有已发布的记录可以切换门户展示");

    const exam = await call("/common/portalDemand/examData", { token: admin, body: { id, examStatus: "1", examOpinion: "信息完整" } });
    expect(exam.body.code, JSON.stringify(exam.body)).toBe(0);
    const record = (await call(`/common/portalDemand/info/${id}`, { token: admin })).body.data;
    expect(record).toMatchObject({ examStatus: "1", examOpinion: "信息完整", examBy: "系统管理员", status: "1", isShow: true });
    expect(record.examTime).toBeTruthy();

    const again = await call("/common/portalDemand/examData", { token: admin, body: { id, examStatus: "2" } });
    expect(again.body).toMatchObject({ code: 422, msg: "该记录已审核，不能重复审核" });
    expect((await call("/common/portalDemand/showChange", { token: admin, body: { id } })).body.code).toBe(0);
    expect((await call(`/common/portalDemand/info/${id}`, { token: admin })).body.data.isShow).toBe(false);
    expect((await call("/common/portalDemand/revokeData", { token: admin, body: [id] })).body.code).toBe(0);
    expect((await call(`/common/portalDemand/info/${id}`, { token: admin })).body.data.status).toBe("2");

    const bad = await call("/common/portalDemand/examData", { token: admin, body: { id, examStatus: "9" } });
    expect(bad.body.code).toBe(422);
    expect(bad.body.msg).toBe("审核结果的取值不在允许范围内");
  });
});

describe("applications through their approval flow", () => {
  const todoOf = async (token: string, procInsId: string) => {
    const rows = (await call("/flowable/task/todoList?limit=100", { token })).body.data as { taskId: string; procInsId: string }[];
    return rows.find((r) => r.procInsId === procInsId)?.taskId;
  };
  const info = async (id: string) => (await call(`/common/tbfinancapplication/info/${id}`, { token: admin })).body.data;

  it("names in the to-do list what each task is about, who handles it and when it came in, in either language", async () => {
    const first = await call("/common/tbfinancapplication/pcSave", { token: applicant, body: { ...scope("100000006"), demandAmount: 60, submit: true } });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await call("/common/tbfinancapplication/pcSave", { token: applicant, body: { ...scope("100000007"), demandAmount: 70, submit: true } });
    const ids = [first, second].map((a) => a.body.data.procInsId as string);
    const rowsIn = async (lang: "zh-CN" | "en-US") => {
      const rows = (await call("/flowable/task/todoList?limit=100", { token: staff, lang })).body.data as Record<string, unknown>[];
      return ids.map((id) => rows.find((r) => r.procInsId === id)!);
    };
    const zh = await rowsIn("zh-CN");
    expect(zh[0]).toMatchObject({ applicant: "测试企业100000006有限公司", businessName: "融资申请", subject: null, assigneeName: "部门人员", startUserName: expect.any(String) });
    expect(zh[1]).toMatchObject({ applicant: "测试企业100000007有限公司", businessName: "融资申请" });
    // each task carries its own creation time, newest first
    expect(zh[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(String(zh[1]!.createTime) > String(zh[0]!.createTime)).toBe(true);
    expect((await rowsIn("en-US"))[0]).toMatchObject({ businessName: "Financing application", assigneeName: "部门人员" });
    // the monitor and the instance list say the same
    const running = (await call(`/flowable/instance/list?procDefKey=financApply&limit=100`, { token: admin })).body.data as Record<string, unknown>[];
    expect(running.find((r) => r.procInsId === ids[0])).toMatchObject({ applicant: "测试企业100000006有限公司", businessName: "融资申请", currentAssignees: ["部门人员"] });
  });

  it("submits into the seeded flow; the staff and then an administrator approve; the status follows", async () => {
    const answer = await call("/common/tbfinancapplication/pcSave", { token: applicant, body: { ...scope("100000003"), demandAmount: 500, purpose: "购置设备", submit: true } });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    const { id, procInsId } = answer.body.data as { id: string; procInsId: string };
    expect(await info(id)).toMatchObject({ status: "reviewing", procInsId });

    const first = await todoOf(staff, procInsId);
    expect(first, "the department role has the first review").toBeTruthy();
    expect((await call("/flowable/task/complete", { token: staff, body: { taskId: first, comment: "材料齐全" } })).body.code).toBe(0);
    expect((await info(id)).status).toBe("reviewing");
    const second = await todoOf(admin, procInsId);
    expect((await call("/flowable/task/complete", { token: admin, body: { taskId: second, comment: "同意" } })).body.code).toBe(0);
    expect((await info(id)).status).toBe("approved");

    const history = await call(`/common/tbfinancapplication/historyList?id=${id}`, { token: admin });
    expect(history.body.data.events.map((e: { action: string }) => e.action)).toEqual(["created", "flow"]);
    expect(history.body.data.flow.map((r: { action: string }) => r.action)).toEqual(expect.arrayContaining(["start", "complete"]));

    // messages: the staff were told of the task, the applicant of the outcome
    const told = await env.DB.prepare("SELECT COUNT(*) AS n FROM msg_detail WHERE proc_ins_id = ? AND user_id = (SELECT id FROM sys_user WHERE user_no = 'liuyang')").bind(procInsId).first<{ n: number }>();
    expect(told!.n).toBeGreaterThan(0);
  });

  it("a rejection ends it rejected; a draft saved first is submitted later; a running one cannot be submitted twice", async () => {
    const draft = await call("/common/tbfinancapplication/pcSave", { token: applicant, body: { ...scope("100000004"), demandAmount: 80 } });
    expect(draft.body.code, JSON.stringify(draft.body)).toBe(0);
    const id = draft.body.data.id as string;
    expect((await info(id)).status).toBe("draft");
    const submitted = await call("/common/tbfinancapplication/pcSave", { token: applicant, body: { id, submit: true } });
    expect(submitted.body.code, JSON.stringify(submitted.body)).toBe(0);
    const procInsId = submitted.body.data.procInsId as string;
    const before = await eventCount();
    const twice = await call("/common/tbfinancapplication/pcSave", { token: applicant, body: { id, submit: true } });
    expect(twice.body).toMatchObject({ code: 422, msg: "只有草稿或已退回的申请可以提交审批" });
    expect(await eventCount()).toBe(before);

    const task = await todoOf(staff, procInsId);
    expect((await call("/flowable/task/reject", { token: staff, body: { taskId: task, comment: "不符合条件" } })).body.code).toBe(0);
    expect((await info(id)).status).toBe("rejected");
  });

  it("a return to the applicant makes it returned; the applicant edits and resubmits, and the flow resumes", async () => {
    const answer = await call("/common/tbfinancapplication/pcSave", { token: applicant, body: { ...scope("100000005"), demandAmount: 120, submit: true } });
    const { id, procInsId } = answer.body.data as { id: string; procInsId: string };
    const task = await todoOf(staff, procInsId);
    const back = await call("/flowable/task/return", { token: staff, body: { taskId: task, targetKey: "root", comment: "请补充用途" } });
    expect(back.body.code, JSON.stringify(back.body)).toBe(0);
    expect((await info(id)).status).toBe("returned");

    const again = await call("/common/tbfinancapplication/pcSave", { token: applicant, body: { id, purpose: "补充：购置检测设备", submit: true } });
    expect(again.body.code, JSON.stringify(again.body)).toBe(0);
    expect(await info(id)).toMatchObject({ status: "reviewing", purpose: "补充：购置检测设备", procInsId });
    expect(await todoOf(staff, procInsId)).toBeTruthy();
  });

  it("the matters form submits a saved record by id and reads its approval record", async () => {
    const saved = await call("/common/mattersrequestform/save", { token: admin, body: { ...scope("100000006"), ...(await requiredOf(mattersRequest as unknown as Family)) } });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const id = saved.body.data.id as string;
    const sent = await call("/common/mattersrequestform/sendSubmit", { token: admin, body: { id } });
    expect(sent.body.code, JSON.stringify(sent.body)).toBe(0);
    const events = await call(`/common/mattersrequestform/querySendEvent/${id}`, { token: admin });
    expect(events.body.data).toMatchObject({ status: "reviewing", procInsId: sent.body.data.procInsId });
    expect(events.body.data.flow.length).toBeGreaterThan(0);
  });
});

/** The required fields of a family besides the enterprise, filled with a valid value (a dictionary's first entry). */
async function requiredOf(family: Family, token = admin): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(family.fields)) {
    if (!f.required || key === "creditCode" || key === "entName" || f.managed) continue;
    if (f.kind === "dict") {
      const entries = (await call(`/sys/sysdict/findByType?type=${f.dict}`, { token })).body.data as { value: string }[];
      out[key] = f.multiple ? [entries[0]!.value] : entries[0]!.value;
    } else out[key] = f.kind === "int" || f.kind === "number" ? 1 : f.kind === "date" ? "2026-01-01" : f.kind === "bool" ? true : "测试";
  }
  return out;
}

describe("roadshow from its application", () => {
  it("makes one draft roadshow per application and marks the application approved, in one append", async () => {
    const app = await call("/common/tbroadshowapplication/save", { token: admin, body: { ...(await requiredOf(roadshowApplication as unknown as Family)), ...scope("100000007"), projectName: "硬科技项目路演" } });
    expect(app.body.code, JSON.stringify(app.body)).toBe(0);
    const applicationId = app.body.data.id as string;
    const made = await call(`/common/tbroadshowpass/saveById/${applicationId}`, { token: admin, body: { venue: "西安高新区" } });
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    const roadshow = (await call(`/common/tbroadshowpass/info/${made.body.data.id}`, { token: admin })).body.data;
    expect(roadshow).toMatchObject({ applicationId, title: "硬科技项目路演", venue: "西安高新区", status: "0", creditCode: creditCode("100000007") });
    expect((await call(`/common/tbroadshowapplication/info/${applicationId}`, { token: admin })).body.data.status).toBe("approved");
    const before = await eventCount();
    expect((await call(`/common/tbroadshowpass/saveById/${applicationId}`, { token: admin, body: {} })).body.code).toBe(422);
    expect(await eventCount()).toBe(before);
  });
});

describe("rebuild", () => {
  it("reproduces the services' records (states set by commands and by flows) from the events", async () => {
    const tables = ["tb_roadshow_pass", "portal_demand", "tb_financ_application", "matters_request_form", "tb_roadshow_application"];
    const snapshot = async () => {
      const out: Record<string, string[]> = {};
      for (const t of tables) out[t] = (await env.DB.prepare(`SELECT * FROM ${t}`).all()).results.map((r) => JSON.stringify(r)).sort();
      return out;
    };
    const before = await snapshot();
    expect(before.tb_financ_application!.length).toBeGreaterThan(2);
    expect((await store.rebuild(env.DB)).done).toBe(true);
    expect(await snapshot()).toEqual(before);
  });
});
