/** The local D1 database (the one `wrangler dev` uses, under .wrangler/state) from Node, through wrangler's platform proxy. */
import { getPlatformProxy } from "wrangler";
import type { Env } from "../worker/http/env.ts";

export async function withLocalEnv<T>(work: (env: Env) => Promise<T>): Promise<T> {
  // QIFU_PERSIST points at another state folder (the same one given to wrangler's --persist-to)
  const persist = process.env.QIFU_PERSIST ? { path: `${process.env.QIFU_PERSIST}/v3` } : true;
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist, remoteBindings: false });
  try {
    return await work(proxy.env);
  } finally {
    await proxy.dispose();
  }
}
