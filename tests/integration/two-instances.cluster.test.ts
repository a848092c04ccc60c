import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `npm run bench:cluster` in its short mode: two instances of the production build on a private
 * PostgreSQL cluster behind the round-robin proxy, 20 busy simulated users for 10 s, one instance
 * SIGKILLed and PostgreSQL restarted mid-run. The script's own checks decide (0 failed requests,
 * edits visible across instances, recovery within 5 s, every acknowledged write stored, shared
 * rate limits and daily views); this test fails when any of them does.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const PG_ROOT = "/usr/lib/postgresql";
const pgBin = existsSync(PG_ROOT)
  ? readdirSync(PG_ROOT)
      .map((v) => path.join(PG_ROOT, v, "bin"))
      .find((bin) => existsSync(path.join(bin, "initdb")) && existsSync(path.join(bin, "pg_ctl")))
  : undefined;
if (!pgBin) {
  console.warn(
    `two-instances.cluster.test: skipped — PostgreSQL's server binaries (initdb, pg_ctl) are not in ${PG_ROOT}/*/bin. Install postgresql to run it.`,
  );
}

async function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A base port with `count` free ports from it (the proxy, then one per instance). */
async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const ports = Array.from({ length: count }, (_, i) => base + i);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base;
  }
  throw new Error("no free ports");
}

describe.skipIf(!pgBin)("two instances on one PostgreSQL (bench:cluster, short mode)", () => {
  it("keeps every user whole through an instance kill and a PostgreSQL restart", { timeout: 240_000 }, async () => {
    if (!existsSync(path.join(ROOT, "build/server.js"))) {
      throw new Error("The cluster test runs the production build: run `npm run build` first (npm test does).");
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), "toolscape-cluster-test-"));
    const report = path.join(dir, "report.json");
    const [port, pgPort] = [await freePorts(3), await freePorts(1)];
    let output = "";
    try {
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn(
          path.join(ROOT, "node_modules/.bin/tsx"),
          // Short think times, so 20 users make enough traffic in 10 s to meet the kill and the restart.
          [
            "bench/cluster.ts",
            "--users",
            "20",
            "--duration",
            "10",
            "--think-min",
            "300",
            "--think-max",
            "1500",
            "--json",
            report,
          ],
          {
            cwd: ROOT,
            env: { ...process.env, CLUSTER_PORT: String(port), CLUSTER_PG_PORT: String(pgPort), PG_BIN: pgBin },
          },
        );
        child.stdout.on("data", (d: Buffer) => {
          output += d;
        });
        child.stderr.on("data", (d: Buffer) => {
          output += d;
        });
        child.on("exit", resolve);
      });
      expect(code, output).toBe(0);
      const result = JSON.parse(readFileSync(report, "utf8")) as {
        failed: number;
        requests: number;
        events: Record<string, number>;
        checks: { name: string; ok: boolean }[];
        acknowledged: Record<string, number>;
      };
      expect(result.failed, output).toBe(0);
      expect(result.requests).toBeGreaterThan(50);
      expect(result.checks.filter((c) => !c.ok)).toEqual([]);
      // The mid-run events did happen.
      expect(result.events.bKilledAtS).toBeGreaterThan(0);
      expect(result.events.recoveryMsA).toBeLessThanOrEqual(5_000);
      expect(result.events.recoveryMsB).toBeLessThanOrEqual(5_000);
      expect(result.acknowledged.signUps).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
