/** The local D1 database (the one `wrangler dev` uses, under .wrangler/state) from Node, through wrangler's platform proxy. */
import { getPlatformProxy } from "wrangler";
import type { Env } from "../worker/http/env.ts";

export async function withLocalEnv<T>(work: (env: Env) => Promise<T>): Promise<T> {
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: true });
  try {
    return await work(proxy.env);
  } finally {
    await proxy.dispose();
  }
}
