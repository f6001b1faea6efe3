/** The message centre's approved screen (menu msg/approved/index): the list the home page shows in its tab. */
import type { ScreenProps } from "../registry/index.ts";
import { ApprovedList } from "./TaskLists.tsx";

export default function ApprovedScreen(_: ScreenProps) {
  return <ApprovedList />;
}
