/**
 * Scheduled jobs: a job names a registered handler (bean + method, worker/jobs/registry.ts), its
 * parameters and a cron expression; its status is managed (only pause/resume change it). Failed runs become
 * abnormal records an administrator marks handled or ignored. The runs themselves are an operational log
 * (worker/jobs/schema.ts `job_log`), not events: high volume, dropped after 90 days.
 */
import * as z from "zod";
import { defineFamily, l } from "../family.ts";
import { field } from "../fields.ts";

/** `jobStatus` dictionary values. */
export const jobStatus = { normal: "0", paused: "1" } as const;

export const jobSchedule = defineFamily({
  path: "/job/schedule",
  perm: "job:schedule",
  table: "job_schedule",
  idKey: "jobId",
  label: l("定时任务", "Scheduled job"),
  fields: {
    jobName: field.text(l("任务名称", "Job name"), { required: true, max: 100 }),
    jobGroup: field.text(l("任务分组", "Job group"), { max: 64 }),
    beanName: field.text(l("bean名称", "Bean name"), { required: true, max: 100 }),
    methodName: field.text(l("方法名称", "Method name"), { required: true, max: 100 }),
    params: field.json(l("参数", "Parameters"), () => z.record(z.string(), z.unknown())),
    cronExpression: field.text(l("cron表达式", "Cron expression"), { required: true, max: 120 }),
    status: field.dict(l("任务状态", "Status"), "jobStatus", { required: true, managed: true }),
    remark: field.text(l("备注", "Remark"), { max: 500 }),
  },
  columns: ["jobName", "jobGroup", "beanName", "methodName", "cronExpression", "status", "remark"],
  filters: { jobName: "like", jobGroup: "eq", beanName: "eq", methodName: "eq", status: "eq" },
  sorts: ["jobName", "status", "createTime", "updateTime"],
  defaultSort: ["createTime", "desc"],
  counted: ["status"],
  search: ["jobName", "remark"],
});

export const jobAbnormalRecord = defineFamily({
  path: "/job/abnormalrecord",
  perm: "job:abnormalrecord",
  table: "job_abnormal_record",
  label: l("异常记录", "Abnormal record"),
  fields: {
    jobId: field.ref(l("任务", "Job")),
    jobName: field.text(l("任务名称", "Job name"), { max: 100 }),
    logId: field.text(l("日志编号", "Log id"), { max: 64 }),
    beanName: field.text(l("bean名称", "Bean name"), { required: true, max: 100 }),
    methodName: field.text(l("方法名称", "Method name"), { required: true, max: 100 }),
    errorMessage: field.longText(l("异常信息", "Error"), { max: 4000 }),
    occurredAt: field.datetime(l("发生时间", "Occurred at"), { required: true }),
    handleStatus: field.dict(l("处理状态", "Handling"), "jobAbnormalHandle", { required: true }),
    handleRemark: field.text(l("处理说明", "Handling remark"), { max: 500 }),
  },
  columns: ["jobName", "beanName", "methodName", "errorMessage", "occurredAt", "handleStatus", "handleRemark"],
  filters: { jobId: "eq", jobName: "like", beanName: "eq", handleStatus: "eq", logId: "eq" },
  sorts: ["occurredAt", "handleStatus", "createTime", "updateTime"],
  defaultSort: ["occurredAt", "desc"],
  counted: ["handleStatus"],
  search: ["jobName", "errorMessage"],
});

export const jobFamilies = [jobSchedule, jobAbnormalRecord];
