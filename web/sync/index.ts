/** The synchronised lists (/syn/*) keep the generic list screen and gain "sync now" and "sync runs". */
import { lazy } from "react";
import { registerListToolbar } from "../registry/index.ts";

registerListToolbar("/syn/", lazy(() => import("./SyncToolbar.tsx")));
