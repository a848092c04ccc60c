import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { loadEnv } from "../platform/env.ts";
import { createLogger } from "../platform/logger.ts";
import { handleSignals, startServer } from "./server.ts";

/** Development: Vite serves modules with hot reload; the same Hono app serves /api and pages. */
const env = loadEnv({ NODE_ENV: "development", LOG_LEVEL: "debug", ...process.env });
const logger = createLogger(env.LOG_LEVEL);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const running = await startServer({
  env,
  logger,
  mode: "development",
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  before: (req, res, next) => vite.middlewares(req, res, next),
});
handleSignals(running, logger);
