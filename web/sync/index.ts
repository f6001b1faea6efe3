/** The synchronised lists (/syn/*) keep the generic list screen and gain "sync now" and "sync runs" (issue 11). */
import { lazy } from "react";
import { registerListToolbar } from "../crud/listToolbars.ts";

registerListToolbar("/syn/", lazy(() => import("./SyncToolbar.tsx")));
