/** The message centre's pending screen (menu msg/pending/index): the list the home page shows in its tab. */
import type { ScreenProps } from "../registry/index.ts";
import { PendingList } from "./TaskLists.tsx";

export default function PendingScreen(_: ScreenProps) {
  return <PendingList />;
}
