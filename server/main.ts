import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loadEnv } from "./platform/env.ts";
import { createLogger } from "./platform/logger.ts";
import { BUILD_DIR } from "./platform/paths.ts";
import { handleSignals, startServer } from "./server.ts";

/** Production entry (bundled to build/server.js): serves the built React Router app and the API. */
const env = loadEnv({ NODE_ENV: "production", ...process.env });
const logger = createLogger(env.LOG_LEVEL);
try {
  const build = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as ServerBuild;
  const running = await startServer({ env, logger, build, mode: "production" });
  handleSignals(running, logger);
} catch (err) {
  logger.error("failed to start", { err });
  process.exit(1);
}
