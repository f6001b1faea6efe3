/** Dictionaries of the scheduled jobs (events/families/jobs.ts). */
import type { DictSeed } from "./dictionaries.ts";

export const jobsDictionarySeed: DictSeed[] = [
  { type: "jobStatus", entries: [["0", "正常", "Normal"], ["1", "暂停", "Paused"]] },
  { type: "jobAbnormalHandle", entries: [["unhandled", "未处理", "Unhandled"], ["handled", "已处理", "Handled"], ["ignored", "已忽略", "Ignored"]] },
];
