/** My messages (menu msg/mine/index): the status filter, mark read and mark all read. */
import type { ScreenProps } from "../registry/index.ts";
import { MessageList } from "./MessageList.tsx";

export default function MineScreen(_: ScreenProps) {
  return <MessageList />;
}
