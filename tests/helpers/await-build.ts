import { buildExitCode, buildLogTail } from "../../scripts/build-status.mjs";

/**
 * A setup file of the database and cluster projects (vitest.config.ts): `npm test` builds beside the
 * global setup (scripts/test.mjs, ADR 0095), and a file may serve the build (pages, the hostile-input
 * sweep, the cluster), so every such file starts once the build has ended. Unit files do not wait. The
 * wait is once per worker (the module is shared by the worker's files, ADR 0093); without
 * TOOLSCAPE_BUILD_STATUS (a build made before, or test:fast) there is nothing to wait for.
 */
async function awaitBuild(status: string | undefined): Promise<void> {
  if (!status) return;
  let code = buildExitCode(status);
  while (code === null) {
    await new Promise((r) => setTimeout(r, 200));
    code = buildExitCode(status);
  }
  if (code !== 0) {
    throw new Error(
      `The build failed (npm run build exited ${code}).\n${buildLogTail(process.env.TOOLSCAPE_BUILD_LOG)}`,
    );
  }
}

const g = globalThis as { __toolscapeBuild?: Promise<void> };
g.__toolscapeBuild ??= awaitBuild(process.env.TOOLSCAPE_BUILD_STATUS);
await g.__toolscapeBuild;
