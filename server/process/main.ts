import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { runPrimary, WORKER_ROLE, workerCount } from "../platform/cluster.ts";
import { loadEnv } from "../platform/env.ts";
import { createLogger } from "../platform/logger.ts";
import { BUILD_DIR } from "../platform/paths.ts";
import { handleSignals, startServer } from "./server.ts";

/**
 * Production entry (bundled to build/server.js): serves the built React Router app and the API.
 * With DATABASE_URL and WEB_CONCURRENCY above 1 (or `auto`) the process is a cluster primary that
 * runs one worker per core (platform/cluster.ts); otherwise it serves itself.
 */
const env = loadEnv({ NODE_ENV: "production", ...process.env });
const logger = createLogger(env.LOG_LEVEL);
const workers = workerCount(env);
if (cluster.isPrimary && workers > 1) {
  runPrimary(workers, logger);
} else {
  try {
    const build = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as ServerBuild;
    const setup = process.env[WORKER_ROLE] !== "extra";
    const running = await startServer({ env, logger, build, mode: "production", setup });
    handleSignals(running, logger);
  } catch (err) {
    logger.error("failed to start", { err });
    process.exit(1);
  }
}
