/** `npm run rebuild`: drops the local read models and replays every event, printing the rate. */
import { store } from "../worker/modules.ts";
import { withLocalEnv } from "./local-db.ts";

await withLocalEnv(async (env) => {
  const started = performance.now();
  const result = await store.rebuild(env.DB);
  const seconds = (performance.now() - started) / 1000;
  console.log(`rebuilt read models from ${result.replayed} events in ${seconds.toFixed(2)} s (${Math.round(result.replayed / seconds)} events/s)`);
});
