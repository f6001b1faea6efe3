/** 任务计划 (/task/plan): the plans, added and edited with the enterprise and staff pickers, and distributed. */
import type { ScreenProps } from "../registry/index.ts";
import { ListScreen } from "../crud/ListScreen.tsx";
import { planList } from "./plans.tsx";

const list = planList("plan");

export default function PlanScreen(_: ScreenProps) {
  return <ListScreen list={list} />;
}
