import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

/**
 * Cold start of the production build (`node build/server.js`) on PGlite, timed from spawn until
 * /api/health answers: once on an empty data directory (migrate + seed the real catalogue), then
 * again on the now-seeded directory.
 */

export type StartTiming = { ms: number; bootMs: number | null; tools: number };
export type ColdStartResult = { firstRun: StartTiming; restarts: StartTiming[] };

const children = new Set<ChildProcess>();

/** For the benchmark's cleanup: stop any server still running. */
export function killChildren(): void {
  for (const child of children) child.kill("SIGKILL");
}

async function startAndTime(root: string, dataDir: string): Promise<StartTiming> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    SEED_ON_START: "1",
  };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, "build/server.js")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  try {
    const listening = await new Promise<{ url: string; bootMs: number | null }>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
      lines.on("line", (line) => {
        try {
          const entry = JSON.parse(line) as { msg?: string; url?: string; bootMs?: number };
          if (entry.msg === "listening" && entry.url) resolve({ url: entry.url, bootMs: entry.bootMs ?? null });
        } catch {
          // not a log line
        }
      });
      exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${stderr}`)));
      setTimeout(() => reject(new Error("server did not start within 120 s")), 120_000).unref();
    });
    for (;;) {
      try {
        const res = await fetch(`${listening.url}/api/health`);
        const body = (await res.json()) as { tools?: number };
        if (res.ok) return { ms: performance.now() - started, bootMs: listening.bootMs, tools: body.tools ?? 0 };
      } catch {
        // not answering yet
      }
      if (performance.now() - started > 120_000) throw new Error("/api/health did not answer within 120 s");
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
    children.delete(child);
  }
}

export async function measureColdStart(root: string, restarts: number): Promise<ColdStartResult> {
  // Other work may be rebuilding build/ right now: wait for it, and try the whole sequence twice.
  for (let attempt = 1; ; attempt++) {
    for (let waited = 0; !existsSync(path.join(root, "build/server/index.js")); waited++) {
      if (waited >= 120) throw new Error("build/server/index.js is missing: run `npm run build`");
      await new Promise((r) => setTimeout(r, 1_000));
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), "toolscape-bench-cold-"));
    try {
      const firstRun = await startAndTime(root, dir);
      const again: StartTiming[] = [];
      for (let i = 0; i < restarts; i++) again.push(await startAndTime(root, dir));
      return { firstRun, restarts: again };
    } catch (err) {
      if (attempt >= 2) throw err;
      process.stderr.write(`cold start failed, trying once more: ${(err as Error).message}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
