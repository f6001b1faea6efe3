/**
 * `npm run rebuild`: empties the local read models and replays every event, printing the rate and the peak
 * memory. It opens the local D1's SQLite file (the one `wrangler dev` uses, under .wrangler/state or
 * QIFU_PERSIST) with Node's own SQLite and runs the store's rebuild on it in the slices the admin call
 * takes. (Through wrangler's platform proxy every statement cost two synchronous round trips to workerd,
 * and the two processes held about 900 MB.) Stop `npm start` first: one writer at a time.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { store } from "../worker/modules.ts";
import { asD1, NodeD1 } from "./node-d1.ts";

/** The local D1 database file: the SQLite file of the D1 object holding the event log. */
function localDatabaseFile(): string {
  const dir = join(process.env.QIFU_PERSIST ?? ".wrangler/state", "v3/d1/miniflare-D1DatabaseObject");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => /^[0-9a-f]{64}\.sqlite$/.test(f)).map((f) => join(dir, f)) : [];
  const logs = files.filter((file) => {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'").get() !== undefined;
    } finally {
      db.close();
    }
  });
  if (logs.length !== 1) throw new Error(`expected one local D1 database with an event log under ${dir}, found ${logs.length} (run npm start or npm run migrate && npm run seed first)`);
  return logs[0]!;
}

const db = new NodeD1(localDatabaseFile());
const started = performance.now();
let progress = await store.rebuild(asD1(db), { maxEvents: 50_000 });
let events = progress.replayed;
while (!progress.done) {
  console.error(`· ${progress.stage === "replay" ? `replayed up to position ${progress.position}` : `finishing (${progress.stage})`}`);
  progress = await store.rebuild(asD1(db), { from: progress.position, maxEvents: 50_000 });
  events += progress.replayed;
}
db.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
db.close();
const seconds = (performance.now() - started) / 1000;
// maxRSS: the process's resident high-water mark in kB (Node, the modules, SQLite's page cache and the pages in flight)
const peakMb = process.resourceUsage().maxRSS / 1024;
console.log(`rebuilt read models from ${events} events in ${seconds.toFixed(2)} s (${Math.round(events / seconds)} events/s), peak memory ${Math.round(peakMb)} MB`);
