/**
 * The tasks module: task plans distributed into tasks (one per target enterprise and assignee), the tasks'
 * states decided by pure rules, the board, follow-ups, and the reminders the cron trigger sends (also a
 * registered job handler). Plans and tasks are the families taskPlan and taskMsg; their standard set is the
 * record engine's.
 */
import type { Module } from "../module.ts";
import { taskRoutes } from "./routes.ts";
import { reminderProjection, summaryProjection } from "./projection.ts";
import { taskFamily } from "./distribute.ts";
import { reminderHandler, runReminders } from "./reminders.ts";

/** The cron tick's share: at most 8 s of reminders (the rest on the next tick). */
const tickBudgetMs = 8_000;

export const tasksModule: Module = {
  name: "tasks",
  routes: taskRoutes,
  projections: [reminderProjection, summaryProjection(taskFamily)],
  jobs: {
    async taskReminders(env, now, store) {
      await runReminders(env.DB, store, now, { budgetMs: tickBudgetMs });
    },
  },
  handlers: [reminderHandler],
};
