import { existsSync, readFileSync } from "node:fs";

/**
 * A setup file of the database and cluster projects (vitest.config.ts): `npm test` builds beside the
 * global setup (scripts/test.mjs, ADR 0095), and a file may serve the build (pages, the hostile-input
 * sweep, the cluster), so every such file starts once the build has ended. Unit files do not wait. The
 * wait is once per worker (the module is shared by the worker's files, ADR 0093); without
 * TOOLSCAPE_BUILD_STATUS (a build made before, or test:fast) there is nothing to wait for.
 */
async function awaitBuild(status: string | undefined): Promise<void> {
  if (!status) return;
  while (!existsSync(status)) await new Promise((r) => setTimeout(r, 200));
  const code = Number(readFileSync(status, "utf8").trim() || 1);
  if (code !== 0) {
    const log = process.env.TOOLSCAPE_BUILD_LOG;
    const tail = log && existsSync(log) ? readFileSync(log, "utf8").split("\n").slice(-30).join("\n") : "";
    throw new Error(`The build failed (npm run build exited ${code}).\n${tail}`);
  }
}

const g = globalThis as { __toolscapeBuild?: Promise<void> };
g.__toolscapeBuild ??= awaitBuild(process.env.TOOLSCAPE_BUILD_STATUS);
await g.__toolscapeBuild;
