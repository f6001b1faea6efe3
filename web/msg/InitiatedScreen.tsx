/** The message centre's initiated screen (menu msg/initiated/index): the list the home page shows in its tab. */
import type { ScreenProps } from "../registry/index.ts";
import { InitiatedList } from "./TaskLists.tsx";

export default function InitiatedScreen(_: ScreenProps) {
  return <InitiatedList />;
}
