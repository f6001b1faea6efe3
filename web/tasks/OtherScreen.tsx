/** 其他任务 (/task/other): everyone else's tasks, read-only, with their state today. */
import type { ScreenProps } from "../registry/index.ts";
import { ListScreen } from "../crud/ListScreen.tsx";
import { taskList } from "./taskList.tsx";

const list = taskList(false);

export default function OtherScreen(_: ScreenProps) {
  return <ListScreen list={list} />;
}
