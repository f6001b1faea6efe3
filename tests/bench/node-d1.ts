/** The D1 subset over Node's SQLite lives with the scripts (`npm run rebuild` uses it too); the benches import it from here. */
export * from "../../scripts/node-d1.ts";
