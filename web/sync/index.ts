/** The synchronised lists (/syn/*) keep the generic list screen and gain "sync now" and "sync runs". */
import { lazy } from "react";
import { registerListToolbar } from "../crud/listToolbars.ts";

registerListToolbar("/syn/", lazy(() => import("./SyncToolbar.tsx")));
