/** The message centre as a module: its verbs and the message projection over the engine's events. */
import type { Module } from "../module.ts";
import { messageProjection } from "./projection.ts";
import { messageRoutes } from "./routes.ts";

export { postMessage } from "./post.ts";

export const msgModule: Module = {
  name: "msg",
  routes: messageRoutes,
  projections: [messageProjection],
};
