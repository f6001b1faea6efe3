/** 任务分发 (/task/distribution): each plan with the tasks it would make, distributed after a confirmation with its progress. */
import type { ScreenProps } from "../registry/index.ts";
import { ListScreen } from "../crud/ListScreen.tsx";
import { planList } from "./plans.tsx";

const list = planList("distribution");

export default function DistributionScreen(_: ScreenProps) {
  return <ListScreen list={list} />;
}
