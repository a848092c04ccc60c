// A build running beside the tests (ADR 0095): scripts/test.mjs starts it, and both that script and the test
// files (tests/helpers/await-build.ts) read how it ended from the same two files.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** `npm run build` in the background; a shell writes its exit status to a file when it ends. */
export function startBuild() {
  const stem = path.join(os.tmpdir(), `toolscape-build-${process.pid}`);
  const build = { log: `${stem}.log`, status: `${stem}.status` };
  rmSync(build.status, { force: true });
  spawn(
    "bash",
    ["-c", 'npm run build > "$1" 2>&1; echo $? > "$2.tmp" && mv "$2.tmp" "$2"', "build", build.log, build.status],
    { stdio: "ignore" },
  );
  return build;
}

/** The build's exit code, or null while it runs. */
export function buildExitCode(statusFile) {
  return existsSync(statusFile) ? Number(readFileSync(statusFile, "utf8").trim() || 1) : null;
}

/** The last lines of the build's output, for a failure's message. */
export function buildLogTail(logFile, lines = 40) {
  return logFile && existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").slice(-lines).join("\n") : "";
}
