/** The seed's scheduled jobs: real housekeeping on built-in handlers, so the job screen starts with examples. */
import { jobSchedule, jobStatus } from "../../events/families/jobs.ts";
import { newCreate } from "../resources/commands.ts";
import type { StreamWrite } from "../store/types.ts";

export async function jobSeedWrites(seedId: (key: string) => Promise<string>): Promise<StreamWrite[]> {
  const jobs = [
    { key: "cleanImportResults", jobName: "每天中午清理过期导入结果", beanName: "systemTask", methodName: "cleanImportResults", cronExpression: "0 0 12 * * ?", remark: "删除超过一天的导入结果文件（被拒绝的行）" },
    // the synchronised lists fill from the configured API every quarter of an hour (locally: the built-in source)
    { key: "synAll", jobName: "同步外部数据（全部同步列表）", jobGroup: "sync", beanName: "synService", methodName: "run", cronExpression: "0 0/15 * * * ?", remark: "从 SYN_SOURCE_URL 配置的企业信用数据接口同步；未配置时不同步（本地与测试环境读取内置示例数据源）" },
    { key: "purgeJobLogs", jobName: "每天凌晨清理 90 天前的任务日志", beanName: "systemTask", methodName: "purgeJobLogs", cronExpression: "0 30 3 * * ?", remark: "任务日志保留 90 天" },
  ];
  return Promise.all(
    jobs.map(async ({ key, ...job }) => newCreate(jobSchedule, { jobGroup: "system", ...job, params: {}, status: jobStatus.normal }, await seedId(`job:${key}`))),
  );
}
