import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { GrowthWiring } from "../../server/modules/growth/index.ts";
import type { Clock } from "../../server/platform/clock.ts";
import { loadEnv } from "../../server/platform/env.ts";
import { createLogger, type Logger } from "../../server/platform/logger.ts";
import { BUILD_DIR } from "../../server/platform/paths.ts";
import { type RunningServer, startServer } from "../../server/server.ts";
import { createTestDatabase } from "./db.ts";

export type TestServer = RunningServer & {
  get(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  json<T = Record<string, unknown>>(pathAndQuery: string): Promise<{ status: number; body: T }>;
};

/** The real server on an ephemeral port over a private test database; pages need `npm run build`. */
export async function startTestServer(
  options: {
    pages?: boolean;
    env?: Record<string, string>;
    logger?: Logger;
    clock?: Clock;
    growth?: Partial<GrowthWiring>;
  } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  let build: ServerBuild | undefined;
  if (options.pages) {
    const file = path.join(BUILD_DIR, "server/index.js");
    if (!existsSync(file)) throw new Error("Page tests need the app build: run `npm run build` first (npm test does).");
    build = (await import(pathToFileURL(file).href)) as ServerBuild;
  }
  // A private data dir per server: the mail outbox and any files stay per test file.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "toolscape-test-"));
  // No polling job runner: tests run due jobs themselves with services.jobs.runDue().
  const env = loadEnv({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    JOBS_ENABLED: "0",
    // The link checker would reach tools' real websites: tests that want it turn it on (fixture sites).
    LINK_CHECK_ENABLED: "0",
    LINK_CHECK_ALLOW_PRIVATE: "1",
    ...options.env,
  });
  const running = await startServer({
    env,
    logger: options.logger ?? createLogger("silent"),
    database,
    build,
    clock: options.clock,
    growth: options.growth,
    mode: "production",
  });
  return {
    ...running,
    get: (p, init) => fetch(`${running.url}${p}`, init),
    json: async (p) => {
      const res = await fetch(`${running.url}${p}`);
      return { status: res.status, body: await res.json() };
    },
    close: async () => {
      await running.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
