/**
 * `npm run bench:profile -- <path> [<path> …]`: where the server's time goes on one kind of request.
 * Seeds a throwaway database (PGlite, or a new database on DATABASE_URL's server) with the real
 * catalogue only, serves the production build in process, renders each path once, then drives it
 * with autocannon (in a worker thread) while the inspector profiles the main thread. Prints the
 * functions with the most self time and the request rate, and writes the .cpuprofile (open it in
 * Chrome's DevTools) to bench/results/. A diagnosis tool, not a benchmark: the profiler slows the
 * server, so compare only runs of the same paths.
 *
 * Environment: DATABASE_URL, PROFILE_SECONDS (5), PROFILE_CONNECTIONS (10), PROFILE_AS (visitor |
 * member: a signed-in Standard member's session cookie on every request).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";
import type { ServerBuild } from "react-router";
import { ensureCategories, seedCatalog } from "../server/modules/catalog/index.ts";
import { systemClock } from "../server/platform/clock.ts";
import { sql } from "../server/platform/db/index.ts";
import { loadEnv } from "../server/platform/env.ts";
import { createLogger } from "../server/platform/logger.ts";
import { startServer } from "../server/process/server.ts";
import { openThrowawayDatabase } from "./database.ts";
import { startCeiling } from "./load.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));
if (!paths.length) {
  console.error("usage: npm run bench:profile -- /tools/midjourney [/ /api/tools?q=video …]");
  process.exit(2);
}
const seconds = Number(process.env.PROFILE_SECONDS ?? 5);
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 10);
const asMember = process.env.PROFILE_AS === "member";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const post = <T>(session: Session, method: string, params?: object) =>
  new Promise<T>((resolve, reject) =>
    session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result as T))),
  );

async function main() {
  const build = (await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href)) as ServerBuild;
  const throwaway = await openThrowawayDatabase(process.env.DATABASE_URL || undefined);
  const dataDir = path.join(os.tmpdir(), `toolscape-profile-${process.pid}`);
  try {
    const { database } = throwaway;
    await database.migrate();
    await ensureCategories(database.db);
    await seedCatalog(database.db, systemClock);
    const env = loadEnv({
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_ON_START: "0",
      DATA_DIR: dataDir,
      // No background jobs (logos, enrichment, link checks) competing with the requests profiled.
      JOBS_ENABLED: "0",
    });
    const app = await startServer({ env, logger: createLogger("warn"), database, build, mode: "production" });
    try {
      const headers: Record<string, string> = { "user-agent": BROWSER };
      if (asMember) {
        const res = await fetch(`${app.url}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: app.url },
          body: JSON.stringify({
            name: "Profile",
            email: `profile-${Date.now()}@example.com`,
            password: "profile-42-pw",
          }),
        });
        const { user } = (await res.json()) as { user: { id: string } };
        await database.db.execute(sql`UPDATE user_profiles SET tier = 'standard' WHERE user_id = ${user.id}`);
        headers.cookie = res.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
      }
      let firstBody = "";
      for (const p of paths) {
        const res = await fetch(`${app.url}${p}`, { headers });
        const text = await res.text();
        firstBody ||= text;
        console.log(`${p}: ${res.status} ${res.headers.get("x-cache") ?? ""}`);
      }
      const statements = countStatements(database.db);
      const requests = paths.map((p) => ({ method: "GET" as const, path: p, headers }));
      await autocannon({ url: app.url, connections, duration: 1, workers: 1, requests });
      statements.clear();
      const session = new Session();
      session.connect();
      await post(session, "Profiler.enable");
      await post(session, "Profiler.setSamplingInterval", { interval: 200 });
      await post(session, "Profiler.start");
      const run = await autocannon({ url: app.url, connections, duration: seconds, workers: 1, requests });
      const { profile } = await post<{ profile: Profile }>(session, "Profiler.stop");
      session.disconnect();
      console.log(
        `\n${paths.join(" ")} as ${asMember ? "a Standard member" : "a visitor"}: ${run.requests.average.toFixed(0)} req/s (profiled), p50 ${run.latency.p50} ms, non-2xx ${run.non2xx}`,
      );
      report(profile);
      const n = run.requests.total;
      console.log(`\nSQL statements per request (${n} requests, all statements of the run; warm-up excluded):`);
      for (const [text, count] of [...statements].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
        console.log(`${(count / n).toFixed(3).padStart(8)}  ${text.replace(/\s+/g, " ").slice(0, 150)}`);
      }
      // The same bytes from a plain node:http server, then the app unprofiled (after the
      // profiled run, which warmed it up), then the ceiling again.
      const ceiling = await startCeiling(firstBody);
      const rate = async (url: string, r: typeof requests) =>
        (await autocannon({ url, connections, duration: seconds, workers: 1, requests: r })).requests.average;
      const before = await rate(ceiling.url, requests);
      const plain = await rate(app.url, requests);
      const after = await rate(ceiling.url, requests);
      await ceiling.close();
      console.log(
        `\nunprofiled: ${plain.toFixed(0)} req/s = ${((2 * plain) / (before + after)).toFixed(3)} × the ceiling (${before.toFixed(0)} / ${after.toFixed(0)} req/s before / after)`,
      );
      const dir = path.join(ROOT, "bench/results");
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `profile-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`\nwritten to ${path.relative(ROOT, file)}`);
    } finally {
      await app.close();
    }
  } finally {
    await throwaway.dispose();
  }
}

/** Counts the statements the driver sends, by text (PGlite's client.query, pg's pool.query). */
function countStatements(db: unknown): Map<string, number> {
  const counts = new Map<string, number>();
  const client = (db as { session?: { client?: { query?: (...a: unknown[]) => unknown } } }).session?.client;
  if (!client?.query) return counts;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === "string" ? first : ((first as { text?: string })?.text ?? "?");
    counts.set(text, (counts.get(text) ?? 0) + 1);
    return query(...args);
  };
  return counts;
}

/** Self time by function (top 40), and by file (top 15). */
function report(profile: Profile) {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const t = self.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^file:\/\//, "").replace(`${ROOT}/`, "") || "(native)";
    const fn = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + t);
    const short = file.replace(/node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*/, "node_modules/$1");
    byFile.set(short, (byFile.get(short) ?? 0) + t);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)} %  ${k}`)
      .join("\n");
  console.log(`\nself time by file / package:\n${top(byFile, 15)}\n\nself time by function:\n${top(byFn, 40)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
