// `npm run bench:compare`: issue 33's measure "compare with costs for 10 tools answers in ≤ 200 ms p95".
// A fresh embedded database with the real catalogue; ten of its tools get plans through the one fact
// path (applyToolFacts, as an editor's entry would); then GET /api/tools/compare?ids=…&seats=5&usage=2000
// (the API) and /compare?tools=…&seats=5&usage=2000 (the page, no page cache: every answer computed)
// are each asked N times one after another, as an Expert member (cap 10). Prints p50/p95/max.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { z } from "zod";
import { applyToolFacts, normalisePlans, seedCatalog } from "../server/modules/catalog/index.ts";
import { systemClock } from "../server/platform/clock.ts";
import { openDatabase, queryRows, sql } from "../server/platform/db/index.ts";
import { loadEnv } from "../server/platform/env.ts";
import { createLogger } from "../server/platform/logger.ts";
import { startServer } from "../server/process/server.ts";
import { ms, summarize } from "./stats.ts";

const N = Number(process.env.BENCH_N ?? 200);
const database = await openDatabase({});
await database.migrate();
await seedCatalog(database.db, systemClock);
const tools = await queryRows(
  database.db,
  sql`SELECT id::text AS id, slug FROM tools WHERE status = 'active' AND tier = 'free' ORDER BY is_featured DESC, slug LIMIT 10`,
  z.object({ id: z.string(), slug: z.string() }),
);
const now = new Date();
for (const [i, t] of tools.entries()) {
  const plans = normalisePlans([
    { name: "Free", price: 0, quota: { amount: 100, unit: "credits", period: "month" } },
    {
      name: "Pro",
      price: 10 + i,
      currency: "USD",
      period: "month",
      quota: { amount: 1000, unit: "credits", period: "month" },
      overage: { price: 1, per: 100, unit: "credits" },
    },
    {
      name: "Team",
      price: 25 + i,
      currency: "USD",
      period: "month",
      per_seat: true,
      quota: { amount: 5000, unit: "credits", period: "month" },
    },
  ]);
  await applyToolFacts(database.db, {
    toolId: t.id,
    set: { plans },
    provenance: {
      kind: "editor",
      source: "bench",
      sourceUrl: "https://example.com/pricing",
      observedAt: now,
      verifiedAt: now,
    },
    actorUserId: null,
    note: null,
    at: now,
  });
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), "toolscape-bench-compare-"));
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
const env = loadEnv({
  ...process.env,
  PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  SEED_ON_START: "0",
  DATA_DIR: dataDir,
  PAGE_CACHE: "0",
  JOBS_ENABLED: "0",
  WARM_UP: "0",
});
const app = await startServer({ env, logger: createLogger("warn"), database, build, mode: "production" });
try {
  // An Expert member: compare takes up to 10 tools.
  const email = `bench-${Date.now()}@example.com`;
  const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url },
    body: JSON.stringify({ name: "Bench Expert", email, password: "bench-password-42" }),
  });
  const cookie = (signUp.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
  await database.db.execute(
    sql`UPDATE user_profiles SET tier = 'expert', tier_override = 'expert' WHERE user_id = (SELECT id FROM users WHERE email = ${email})`,
  );
  const ids = tools.map((t) => t.slug).join(",");
  const time = async (url: string) => {
    const out: number[] = [];
    for (let i = 0; i < N + 10; i++) {
      const t = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      if (i >= 10) out.push(performance.now() - t); // the first ten warm the JIT and caches
    }
    return summarize(out);
  };
  // What is timed is the full answer: ten tools, each with its cheapest plan worked out.
  const check = (await (
    await fetch(`${app.url}/api/tools/compare?ids=${ids}&seats=5&usage=2000`, { headers: { cookie } })
  ).json()) as {
    tools: unknown[];
    costs: { status: string }[];
  };
  const okCosts = check.costs.filter((c) => c.status === "ok").length;
  if (check.tools.length !== 10 || okCosts !== 10)
    throw new Error(`expected 10 tools with costs, got ${check.tools.length} / ${okCosts}`);
  const api = await time(`${app.url}/api/tools/compare?ids=${ids}&seats=5&usage=2000`);
  const page = await time(`${app.url}/compare?tools=${ids}&seats=5&usage=2000`);
  const row = (name: string, s: ReturnType<typeof summarize>) =>
    `| ${name} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} |`;
  console.log(`\nCompare with costs, 10 tools, 5 seats, 2,000 credits (load ${os.loadavg()[0]?.toFixed(1)})\n`);
  console.log("| answer | n | p50 | p95 | max |\n| --- | --- | --- | --- | --- |");
  console.log(row("GET /api/tools/compare?ids=…&seats&usage", api));
  console.log(row("GET /compare?tools=…&seats&usage (page cache off)", page));
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
