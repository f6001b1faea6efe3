/**
 * `npm test`: builds the web app (the Worker's assets must exist), runs every vitest suite inside workerd,
 * and ends with the plain "N passed, N failed" line; exits with vitest's code.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";

const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: "inherit" }).status ?? 1;

if (run("npm", ["run", "build"]) !== 0) process.exit(1);
mkdirSync("test-artifacts", { recursive: true });
const report = "test-artifacts/vitest.json";
const code = run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile=${report}`, ...process.argv.slice(2)]);
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(report, "utf8"));
  console.log(`\n${numPassedTests} passed, ${numFailedTests} failed${numPendingTests ? `, ${numPendingTests} skipped` : ""}`);
}
process.exit(code);
