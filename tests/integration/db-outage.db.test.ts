// engine: both — database outages, reconnects and the pool.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, sql } from "../../server/platform/db/index.ts";
import { lostConnectionRecently } from "../../server/platform/db/outage.ts";
import { loadEnv } from "../../server/platform/env.ts";
import { BUILD_DIR } from "../../server/platform/paths.ts";
import { type RunningServer, startServer } from "../../server/process/server.ts";
import { createTestDatabase } from "../helpers/db.ts";
import { fetch } from "../helpers/http.ts";
import { createRecordingLogger } from "../helpers/logger.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/**
 * PostgreSQL unreachable (restarting, failing over): requests get 503 with Retry-After and a
 * message, never a 500 or a crash; the readiness check says so; a session terminated under a
 * transaction does not take the process down and the pool recovers by itself.
 */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

/** A port nothing listens on: every connection to it is refused, as while PostgreSQL restarts. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("the database is unreachable", () => {
  const logger = createRecordingLogger();
  let running: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    const file = path.join(BUILD_DIR, "server/index.js");
    if (!existsSync(file)) throw new Error("Page tests need the app build: run `npm run build` first (npm test does).");
    const build = (await import(pathToFileURL(file).href)) as ServerBuild;
    const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await closedPort()}/toolscape` });
    dataDir = mkdtempSync(path.join(os.tmpdir(), "toolscape-outage-"));
    const env = loadEnv({
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      AUTH_SECRET: "x".repeat(40),
    });
    running = await startServer({ env, logger, database, build, mode: "production" });
  });
  afterAll(async () => {
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("logs every 503 of the outage with its cause, never as a 5xx without one", async () => {
    for (const p of ["/api/tools?q=video", "/api/health/ready", "/tools"]) {
      await (await fetch(`${running.url}${p}`, { headers: { "user-agent": BROWSER } })).arrayBuffer();
    }
    const failed = logger.entries.filter((e) => e.msg === "request failed");
    expect(failed.length).toBeGreaterThanOrEqual(3);
    for (const e of failed) {
      const err = e.fields.err as Error;
      expect(err.name, `${e.fields.path}`).not.toBe("NoCause");
      expect(err.message, `${e.fields.path}`).toMatch(/\S/);
    }
  });

  it("API answers 503 with Retry-After and a message", async () => {
    for (const p of ["/api/health", "/api/tools?q=video", "/api/tools/midjourney", "/api/categories"]) {
      const res = await fetch(`${running.url}${p}`);
      expect(res.status, p).toBe(503);
      expect(res.headers.get("retry-after"), p).toBe("2");
      const body = (await res.json()) as { success: boolean; error: string };
      expect(body).toEqual({ success: false, error: expect.stringMatching(/database is unavailable/i) });
    }
  });

  it("the readiness check answers 503 without telling where the database is", async () => {
    const res = await fetch(`${running.url}/api/health/ready`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("2");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ status: "unavailable", db: "postgres", error: "The database is unreachable" });
  });

  it("pages and better-auth answer 503 (not 500), uncompressed and not cacheable", async () => {
    for (const p of ["/", "/tools/midjourney", "/search?q=image", "/dashboard"]) {
      const res = await fetch(`${running.url}${p}`, {
        headers: { "user-agent": BROWSER, "accept-encoding": "gzip", cookie: "better-auth.session_token=abc.def" },
      });
      expect(res.status, p).toBe(503);
      expect(res.headers.get("retry-after"), p).toBe("2");
      expect(res.headers.get("cache-control"), p).toBe("no-store");
      expect(res.headers.get("content-encoding"), p).toBeNull();
      expect(await res.text(), p).toMatch(/database is unavailable/i);
    }
    const signIn = await fetch(`${running.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: running.url },
      body: JSON.stringify({ email: "someone@example.com", password: "secret-123" }),
    });
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get("retry-after")).toBe("2");
  });
});

describe("a live database", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("is ready, and /api/health keeps its shape", async () => {
    const ready = await server.json("/api/health/ready");
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: "ready",
      db: process.env.TEST_ENGINE === "postgres" ? "postgres" : "pglite",
    });
    const health = await server.json("/api/health");
    expect(health.status).toBe(200);
    expect(Object.keys(health.body).sort()).toEqual(["db", "status", "tools"]);
  });
});

describe.runIf(process.env.TEST_ENGINE === "postgres")("a PostgreSQL session terminated under a transaction", () => {
  it("fails that transaction, does not crash the process, and the pool carries on", async () => {
    const database = await createTestDatabase();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const outcome = database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as {
          rows: { pid: number }[];
        };
        // Between two statements the client sits checked out with no query running: the server's
        // FATAL message then arrives as an "error" event on the client itself.
        await admin.query("SELECT pg_terminate_backend($1)", [rows[0]?.pid]);
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`SELECT 1`);
      });
      await expect(outcome).rejects.toThrow();
      // Remembered, so a page that failed on it in the meantime is answered 503, not 500.
      expect(lostConnectionRecently(database.db)).toBe(true);
      const after = (await database.db.execute(sql`SELECT 41 + 1 AS n`)) as unknown as { rows: { n: number }[] };
      expect(after.rows[0]?.n).toBe(42);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
