/**
 * `npm run bench`: seeds a throwaway database with 100,000 tools, serves the real app from it, and
 * measures throughput (against a static ceiling), sequential search latency and cold start.
 * Not a test: it reports figures and whether the targets are met. See docs/benchmarks.md.
 *
 * Environment: DATABASE_URL (else PGlite), BENCH_DURATION (s per throughput run, default 10),
 * BENCH_CONNECTIONS (10), BENCH_TOOLS (100000), BENCH_SEED (PRNG seed), BENCH_SEED_METHOD
 * (insert | import), BENCH_DEFER_INDEXES (1; 0 keeps the indexes during the bulk insert),
 * BENCH_COLD_START (1; 0 skips the cold-start measurements), BENCH_ONLY (search: seed, then only the
 * search latency part; members: seed, then only issue 23's throughput runs, members next to
 * visitors, the anonymous tool page, / and repeated API searches), BENCH_SEARCH_PASSES (1; more passes over the same queries report each query's
 * median time), BENCH_KEEP_DATABASE (1 keeps the PostgreSQL database for inspection; its name is printed).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { z } from "zod";
import {
  getToolPage,
  listCategories,
  listTools,
  refreshDerived,
  ToolListParams,
} from "../server/modules/catalog/index.ts";
import { type Db, queryRows, sql } from "../server/platform/db/index.ts";
import { loadEnv } from "../server/platform/env.ts";
import { createLogger } from "../server/platform/logger.ts";
import { type RunningServer, startServer } from "../server/process/server.ts";
import { type CatalogueData, measureCatalogueData, renderCatalogueData } from "./catalogue-data.ts";
import { type ColdStartResult, killChildren, measureColdStart } from "./cold-start.ts";
import { openThrowawayDatabase, type SeedMethod, seed, type ThrowawayDatabase } from "./database.ts";
import { type LoadResult, type LoadTarget, runLoad, startCeiling } from "./load.ts";
import { measurePageWeight, PAGE_WEIGHT_TARGETS, type PageWeight } from "./page-weight.ts";
import { measureRelevance, renderRelevance } from "./relevance.ts";
import {
  type Explained,
  explain,
  explainSearch,
  type OperationTiming,
  type Timed,
  timeHttp,
  timeModule,
  timeOperations,
} from "./search-latency.ts";
import { int, ms, secs, summarize, table, verdict, wholeMs } from "./stats.ts";
import { BROAD_QUERIES, createRng, loadVocabulary, searchQueries } from "./vocabulary.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS_DIR = path.join(ROOT, "bench/results");

const numberEnv = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number (got '${raw}')`);
  return n;
};
const ONLY = process.env.BENCH_ONLY || undefined;
if (ONLY && ONLY !== "search" && ONLY !== "members") {
  throw new Error(`BENCH_ONLY must be 'search', 'members' or unset (got '${ONLY}')`);
}
const config = {
  databaseUrl: process.env.DATABASE_URL || undefined,
  duration: numberEnv("BENCH_DURATION", 10),
  connections: numberEnv("BENCH_CONNECTIONS", 10),
  tools: numberEnv("BENCH_TOOLS", 100_000),
  seed: numberEnv("BENCH_SEED", 20_250_101),
  seedMethod: (process.env.BENCH_SEED_METHOD === "import" ? "import" : "insert") as SeedMethod,
  coldStart: process.env.BENCH_COLD_START !== "0" && !ONLY,
  searchOnly: ONLY === "search",
  /** issue 23's throughput runs only (members and visitors, the anonymous targets); no search, weights, cold start */
  membersOnly: ONLY === "members",
  searchPasses: Math.max(1, Math.round(numberEnv("BENCH_SEARCH_PASSES", 1))),
  /** bench:cluster after the rest (needs the PostgreSQL 15 binaries); BENCH_CLUSTER=0 skips it. */
  cluster: process.env.BENCH_CLUSTER !== "0" && !ONLY,
  clusterUsers: numberEnv("BENCH_CLUSTER_USERS", 100),
  clusterDuration: numberEnv("BENCH_CLUSTER_DURATION", 60),
  searchQueries: 200,
  coldRestarts: 3,
};

/** Targets (docs/benchmarks.md); the search ones are stated for PostgreSQL. */
const TARGETS = { searchP95: 20, broad: 60, warmStart: 3_000, firstRun: 20_000 };

const log = (msg: string) => process.stdout.write(`${msg}\n`);

// ---------------------------------------------------------------------------------------------

const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    killChildren();
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        process.stderr.write(`cleanup failed: ${(err as Error).message}\n`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`\n${signal}: cleaning up…`);
    cleanup().finally(() => process.exit(130));
  });
}

/**
 * Waits until the server's jobs are done with what they found due at boot (backfills, first runs of
 * recurring jobs): no job running and none due, twice in a row a second apart. The runs measure a
 * settled site, not one busy with its own maintenance. Gives up after BENCH_SETTLE_MAX seconds (600).
 */
async function settle(db: Db): Promise<{ ms: number; ran: string[] }> {
  const started = performance.now();
  const limitMs = numberEnv("BENCH_SETTLE_MAX", 600) * 1000;
  const ran = new Set<string>();
  let quiet = 0;
  while (quiet < 2) {
    const busy = await queryRows(
      db,
      sql`SELECT DISTINCT type FROM jobs WHERE status = 'running' OR (status = 'pending' AND run_at <= now())`,
      z.object({ type: z.string() }),
    );
    for (const row of busy) ran.add(row.type);
    quiet = busy.length ? 0 : quiet + 1;
    if (performance.now() - started > limitMs) {
      log(`jobs still busy after ${secs(limitMs)}: ${busy.map((b) => b.type).join(", ")}; measuring anyway`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return { ms: performance.now() - started, ran: [...ran].sort() };
}

async function main(): Promise<void> {
  // Loaded first, so a rebuild running elsewhere during the benchmark cannot change it under us.
  const build = await loadBuild();
  const startedAt = new Date();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
  const loadBefore = os.loadavg().map((l) => l.toFixed(2));
  const commit = gitDescribe();
  log(`# Toolscape benchmark — ${config.databaseUrl ? "PostgreSQL" : "PGlite"}\n`);
  log(`machine: ${machine}; load average before: ${loadBefore.join(" ")}`);

  // 1. Seed a throwaway database ------------------------------------------------------------------
  const vocab = loadVocabulary();
  const throwaway: ThrowawayDatabase = await openThrowawayDatabase(config.databaseUrl);
  cleanups.push(() => throwaway.dispose());
  const { database } = throwaway;
  log(`\nseeding ${int(config.tools)} tools into ${throwaway.label}…`);
  const seeded = await seed(database, vocab, {
    total: config.tools,
    seed: config.seed,
    method: config.seedMethod,
    log,
  });
  log(`seeded ${int(seeded.total)} tools in ${secs(seeded.totalMs)}`);
  // The derived rows (tasks' tools, every tool's alternatives) as a live site keeps them: the server
  // would otherwise spend the runs on their backfill (issue 32; docs/benchmarks.md).
  const derivedStarted = performance.now();
  const derived = await refreshDerived(database.db, new Date());
  const derivedMs = performance.now() - derivedStarted;
  log(
    `derived rows: ${int(derived.proposals)} task proposals, ${int(derived.alternatives)} alternatives in ${secs(derivedMs)}`,
  );
  const [versionRow] = await queryRows(database.db, sql`SELECT version() AS v`, z.object({ v: z.string() }));
  const engineVersion = versionRow?.v.split(/ on |,/)[0];

  // 2. The real app, in process, on an ephemeral port: as configured by default (page cache on), and
  //    a second instance on the same database with PAGE_CACHE=0 to see what rendering costs.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "toolscape-bench-data-"));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const startApp = async (pageCache: boolean) => {
    const env = loadEnv({
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_ON_START: "0",
      DATA_DIR: dataDir,
      PAGE_CACHE: pageCache ? "1" : "0",
    });
    const running: RunningServer = await startServer({
      env,
      logger: createLogger("warn"),
      database,
      build,
      mode: "production",
    });
    cleanups.push(() => running.close());
    return running;
  };
  const app = await startApp(true);
  const uncached = config.searchOnly || config.membersOnly ? null : await startApp(false);
  log(`app listening on ${app.url} (page cache on)${uncached ? ` and ${uncached.url} (PAGE_CACHE=0)` : ""}`);
  const settled = await settle(database.db);
  log(`jobs settled in ${secs(settled.ms)}${settled.ran.length ? ` (ran: ${settled.ran.join(", ")})` : ""}`);

  // Page weight of the production build (sizes do not depend on the machine's load) -------------------
  const weights: PageWeight[] = [];
  const pagesToWeigh = ["/tools/midjourney", "/", "/tools", "/category/image-generation", "/search?q=video"];
  for (const p of config.searchOnly || config.membersOnly ? [] : pagesToWeigh) {
    weights.push(await measurePageWeight(app.url, p, path.join(ROOT, "build/client")));
  }
  log(weights.map((w) => `page weight ${w.path}: JS ${kb(w.jsGzip)}, HTML ${kb(w.htmlGzip)} (gzip)`).join("\n"));

  // 3. The ceiling: one pre-rendered /tools page from memory ---------------------------------------
  const toolsPage = await fetch(`${app.url}/tools`);
  if (!toolsPage.ok) throw new Error(`GET /tools answered ${toolsPage.status}`);
  const html = await toolsPage.text();
  const ceiling = await startCeiling(html);
  cleanups.push(() => ceiling.close());

  // 4. Throughput ----------------------------------------------------------------------------------
  const rng = createRng(config.seed + 1);
  // Distinct slugs, more than a run can request, so every /tools/{slug} request is a first visit.
  const slugs = rng.shuffle([...seeded.slugs]).slice(0, 22_000);
  const [warmSlugs, runSlugs] = [slugs.slice(0, 2_000), slugs.slice(2_000)];
  const loadQueries = searchQueries(vocab, rng, 500, seeded.syntheticNames, 3);
  const apiPath = (q: string) => `/api/tools?q=${encodeURIComponent(q)}`;
  const ceilingTarget: LoadTarget = { name: "ceiling (static /tools HTML)", url: ceiling.url, paths: ["/tools"] };
  // Issue 8's runs; BENCH_ONLY=members leaves them out (issue 23's runs follow below).
  const issue8Targets: LoadTarget[] = [
    { name: "/tools (page cache hit)", url: app.url, paths: ["/tools"] },
    ...(uncached ? [{ name: "/tools (PAGE_CACHE=0)", url: uncached.url, paths: ["/tools"] }] : []),
    {
      name: `/tools/{slug} (${int(runSlugs.length)} slugs, page cache miss)`,
      url: app.url,
      paths: runSlugs.map((s) => `/tools/${s}`),
      warmupPaths: warmSlugs.map((s) => `/tools/${s}`),
    },
    {
      name: "/api/tools?q=… (400 queries)",
      url: app.url,
      paths: loadQueries.slice(100).map((q) => apiPath(q.q)),
      warmupPaths: loadQueries.slice(0, 100).map((q) => apiPath(q.q)),
    },
  ];
  const targets: LoadTarget[] = [ceilingTarget, ...(config.membersOnly ? [] : issue8Targets)];
  // Issue 8 §2–3: the tool page at cache speed, members' tool pages, repeated searches.
  const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
  // A set of tool pages that fits the page cache (64 MB): the busy pages of a directory.
  const hotSlugs = slugs.slice(0, 200);
  // Rendered once before the runs (as the first visitor of each would): the runs measure the cache.
  for (const slug of hotSlugs) {
    await (await fetch(`${app.url}/tools/${slug}`, { headers: { "user-agent": BROWSER } })).arrayBuffer();
  }
  const visitorCookie = await countedVisitorCookie(app.url, hotSlugs.slice(0, 10), BROWSER);
  const freeMember = await signUpMember(app.url, database.db, "free");
  const paidMember = await signUpMember(app.url, database.db, "standard");
  // The free member opens the same 10 tools (counted today: always open, still a read per view).
  for (const slug of hotSlugs.slice(0, 10)) {
    await fetch(`${app.url}/tools/${slug}`, { headers: { cookie: freeMember, "user-agent": BROWSER } });
  }
  const repeatQueries = loadQueries.slice(0, 100).map((q) => apiPath(q.q));
  const [benchCategory] = await queryRows(
    database.db,
    sql`SELECT slug FROM categories ORDER BY slug LIMIT 1`,
    z.object({ slug: z.string() }),
  );
  const memberPairs: { page: string; paths: string[]; memberRatio?: number; visitorRatio?: number }[] = [
    { page: "/", paths: ["/"], memberRatio: 0.1, visitorRatio: 0.3 },
    { page: "/tools", paths: ["/tools"], memberRatio: 0.1 },
    { page: "/category/{slug}", paths: [`/category/${benchCategory?.slug ?? "writing"}`] },
    { page: "/search?q=image", paths: ["/search?q=image"] },
  ];
  // Each page rendered once for each audience before the runs (the first request of a content version).
  for (const { paths } of memberPairs) {
    for (const p of paths) {
      for (const cookie of [undefined, paidMember]) {
        await (
          await fetch(`${app.url}${p}`, { headers: { "user-agent": BROWSER, ...(cookie ? { cookie } : {}) } })
        ).arrayBuffer();
      }
    }
  }
  for (const slug of hotSlugs) {
    await (
      await fetch(`${app.url}/tools/${slug}`, { headers: { "user-agent": BROWSER, cookie: paidMember } })
    ).arrayBuffer();
  }
  // Asked once before the runs: the run measures answers from the API cache.
  for (const p of repeatQueries) await (await fetch(`${app.url}${p}`)).arrayBuffer();
  targets.push(
    {
      name: "anonymous /tools/{slug}, first view of the day (no cookie; 200 slugs)",
      url: app.url,
      paths: hotSlugs.map((s) => `/tools/${s}`),
      headers: { "user-agent": BROWSER },
      target: { ratio: 0.3, label: "anonymous tool page, first view of the day" },
      pair: { page: "/tools/{slug} (200 slugs)", who: "visitor" },
    },
    ...(config.membersOnly
      ? []
      : [
          {
            name: "anonymous /tools/{slug}, repeated views (same cookie, 10 tools counted)",
            url: app.url,
            paths: hotSlugs.slice(0, 10).map((s) => `/tools/${s}`),
            headers: { "user-agent": BROWSER, cookie: visitorCookie },
            target: { ratio: 0.2, label: "anonymous tool page, repeated views" },
          },
          {
            name: "free member /tools/{slug} (10 counted tools)",
            url: app.url,
            paths: hotSlugs.slice(0, 10).map((s) => `/tools/${s}`),
            headers: { "user-agent": BROWSER, cookie: freeMember },
            target: { ratio: 0.05, label: "free member's tool page" },
          },
        ]),
    {
      name: "Standard member /tools/{slug} (200 slugs)",
      url: app.url,
      paths: hotSlugs.map((s) => `/tools/${s}`),
      headers: { "user-agent": BROWSER, cookie: paidMember },
      target: { ratio: 0.1, label: "Standard member's tool page" },
      pair: { page: "/tools/{slug} (200 slugs)", who: "member" },
    },
    // Issue 23: the same pages for a visitor and a signed-in Standard member (the member's shared
    // page of their tier, ADR 0032; /dashboard is personal: no visitor pair).
    ...memberPairs.flatMap(({ page, paths, memberRatio, visitorRatio }): LoadTarget[] => [
      {
        name: `visitor ${page}`,
        url: app.url,
        paths,
        headers: { "user-agent": BROWSER },
        pair: { page, who: "visitor" as const },
        ...(visitorRatio ? { target: { ratio: visitorRatio, label: `anonymous ${page}` } } : {}),
      },
      {
        name: `Standard member ${page}`,
        url: app.url,
        paths,
        headers: { "user-agent": BROWSER, cookie: paidMember },
        pair: { page, who: "member" as const },
        ...(memberRatio ? { target: { ratio: memberRatio, label: `Standard member's ${page}` } } : {}),
      },
    ]),
    {
      name: "Standard member /dashboard",
      url: app.url,
      paths: ["/dashboard"],
      headers: { "user-agent": BROWSER, cookie: paidMember },
      pair: { page: "/dashboard", who: "member" },
      target: { ratio: 0.1, label: "Standard member's /dashboard" },
    },
    {
      // The one personal request a member's cached page makes after hydration (ADR 0032), here for
      // the tool pages above: saved state, lists, review, badges.
      name: "Standard member GET /api/me/page-state?path=/tools/{slug} (200 slugs)",
      url: app.url,
      paths: hotSlugs.map((s) => `/api/me/page-state?path=${encodeURIComponent(`/tools/${s}`)}`),
      headers: { "user-agent": BROWSER, cookie: paidMember },
      pair: { page: "/api/me/page-state (tool page)", who: "member" },
    },
    {
      name: "repeated /api/tools?q=… (100 queries, API cache)",
      url: app.url,
      paths: repeatQueries,
      target: { ratio: 0.3, label: "repeated /api/tools?q=…" },
    },
  );
  const load: LoadResult[] = [];
  for (const target of config.searchOnly ? [] : targets) {
    // On a shared machine the load moves during a run: every target is also compared with a short
    // ceiling run made just before it (the "adjacent" ceiling), and its target judged on that.
    let adjacent: number | undefined;
    if (target !== ceilingTarget) {
      const c = await runLoad(ceilingTarget, {
        duration: Math.max(2, Math.round(config.duration / 3)),
        connections: config.connections,
        warmupSeconds: 0,
      });
      // A ceiling run that answered nothing (seen once: 0 req/s right after a long run) is no
      // measure: the target is judged on the run's first ceiling instead, and the log says so.
      if (c.reqPerSec > 0) adjacent = c.reqPerSec;
      else
        log(
          `  adjacent ceiling run answered nothing (${JSON.stringify(c.statusCodes)}, errors ${c.errors}): judged on the first ceiling`,
        );
    }
    log(`\nload: ${target.name} (${target.paths.length} distinct paths, ${config.duration} s)…`);
    const result = await runLoad(target, {
      duration: config.duration,
      connections: config.connections,
      warmupSeconds: Math.min(2, Math.max(1, config.duration / 5)),
    });
    result.adjacentCeiling = adjacent;
    if (adjacent)
      log(`  adjacent ceiling ${adjacent.toFixed(1)} req/s → ${(result.reqPerSec / adjacent).toFixed(3)} × ceiling`);
    load.push(result);
    log(
      `  ${result.reqPerSec.toFixed(1)} req/s, p50 ${wholeMs(result.p50)}, p99 ${wholeMs(result.p99)}, status ${JSON.stringify(result.statusCodes)}, errors ${result.errors}, timeouts ${result.timeouts}`,
    );
  }

  // 5. Search latency ------------------------------------------------------------------------------
  const searchRng = createRng(config.seed + 2);
  const warmup = searchQueries(vocab, searchRng, 30, seeded.syntheticNames, 0);
  const queries = searchQueries(vocab, searchRng, config.searchQueries, seeded.syntheticNames, 3);
  const searchPasses = config.membersOnly ? 0 : config.searchPasses;
  if (searchPasses)
    log(`\nsearch: ${queries.length} queries, one at a time, module then HTTP, ${searchPasses} pass(es)…`);
  const modulePasses: Timed[][] = [];
  const httpPasses: Timed[][] = [];
  // The API keeps an answer 10 s (its response cache): an HTTP pass starts only once the previous
  // pass's answers have expired, so every pass searches again (hits that remain are left out).
  const API_CACHE_MAX_AGE_MS = 10_000;
  let lastHttpPassEnded = 0;
  for (let pass = 0; pass < searchPasses; pass++) {
    await timeModule(database.db, warmup);
    modulePasses.push(await timeModule(database.db, queries));
    const wait = lastHttpPassEnded + API_CACHE_MAX_AGE_MS + 500 - performance.now();
    if (pass > 0 && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await timeHttp(app.url, warmup);
    httpPasses.push(await timeHttp(app.url, queries));
    lastHttpPassEnded = performance.now();
    const p = summarize((httpPasses.at(-1) ?? []).filter((t) => t.kind !== "broad" && !t.cached).map((t) => t.ms));
    log(`  pass ${pass + 1}: specific HTTP p50 ${ms(p.p50)}, p95 ${ms(p.p95)}`);
  }
  const moduleTimes = medianOfPasses(modulePasses);
  const httpTimes = medianOfPasses(httpPasses);
  const cacheHits = httpPasses.flat().filter((t) => t.cached).length;
  if (searchPasses)
    log(
      `  ${cacheHits} of ${httpPasses.flat().length} HTTP answers came from the API's response cache and are left out; ${queries.length - httpTimes.length} queries had no searched answer`,
    );

  // EXPLAIN ANALYZE of the slowest specific and the slowest broad query, as sent by listTools.
  const slowest = (list: Timed[], broad: boolean) =>
    [...list].filter((t) => (t.kind === "broad") === broad).sort((a, b) => b.ms - a.ms)[0];
  // And of the slowest one that matches few rows (its cost is not the number of matches).
  const fewMatches = [...moduleTimes].filter((t) => t.total <= 1_000).sort((a, b) => b.ms - a.ms)[0];
  const explained: Explained[] = [];
  for (const [label, t] of [
    ["slowest specific search", slowest(moduleTimes, false)],
    ["slowest broad search", slowest(moduleTimes, true)],
    ["slowest search with ≤ 1,000 matches", fewMatches],
  ] as const) {
    if (t && !explained.some((e) => e.title.includes(`\`${t.q}\``))) {
      const title = `${label} \`${t.q}\` (listTools; ${int(t.total)} matches, ${ms(t.ms)} in the timed run)`;
      explained.push(await explainSearch(database.db, title, t.q));
    }
  }

  // What each page costs in the database, one call at a time, and the plans of the page queries.
  const operations = config.searchOnly || config.membersOnly ? [] : await pageQueries();
  async function pageQueries(): Promise<OperationTiming[]> {
    log("\npage queries, one at a time…");
    const operations = await timeOperations(database.db, runSlugs, 20);
    explained.push(await explain(database.db, "listCategories (root loader, every page)", (d) => listCategories(d)));
    explained.push(
      await explain(database.db, "listTools with no filters (/tools)", (d) => listTools(d, ToolListParams.parse({}))),
    );
    // The tool page's alternatives rank a whole category: explain it for a tool of the largest one.
    const [bigCategoryTool] = await queryRows(
      database.db,
      sql`SELECT slug FROM tools WHERE category_id =
          (SELECT category_id FROM tools GROUP BY category_id ORDER BY count(*) DESC LIMIT 1)
        ORDER BY slug LIMIT 1`,
      z.object({ slug: z.string() }),
    );
    if (bigCategoryTool) {
      explained.push(
        await explain(
          database.db,
          `getToolPage('${bigCategoryTool.slug}') (/tools/{slug} loader; a tool of the largest category)`,
          (d) => getToolPage(d, bigCategoryTool.slug, { now: new Date() }),
        ),
      );
    }
    return operations;
  }

  await ceiling.close();
  await app.close();
  await uncached?.close();
  await throwaway.dispose();

  // 6. Cold start (production build, PGlite) -------------------------------------------------------
  let cold: ColdStartResult | null = null;
  if (config.coldStart) {
    log("\ncold start: node build/server.js on an empty PGlite directory, then restarts…");
    cold = await measureColdStart(ROOT, config.coldRestarts);
  }

  // Relevance of the judged set on the real catalogue (ADR 0015) ----------------------------------
  let relevance: Awaited<ReturnType<typeof measureRelevance>> | null = null;
  let catalogueData: CatalogueData | null = null;
  if (!config.membersOnly) {
    log("\nrelevance: the judged queries on a freshly seeded catalogue…");
    relevance = await measureRelevance();
    log("\ncatalogue data: the seeded catalogue's counts after enrichment and bundled logos…");
    catalogueData = await measureCatalogueData();
  }

  // Report -----------------------------------------------------------------------------------------
  const report = renderReport({
    relevance,
    catalogueData,
    weights,
    startedAt,
    machine,
    loadBefore,
    loadAfter: os.loadavg().map((l) => l.toFixed(2)),
    commit,
    engine: database.engine,
    engineVersion: engineVersion ?? "",
    seeded,
    load,
    moduleTimes,
    httpTimes,
    operations,
    explained,
    cold,
    searchPasses,
    httpPasses,
  });
  // Issue 8 §4: two instances on one PostgreSQL (a private cluster of its own, whatever the engine above).
  const cluster = config.cluster ? runCluster() : "";
  const full = cluster ? `${report}\n${cluster}` : report;
  log(`\n${full}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const name = `${database.engine}${ONLY ? `-${ONLY}` : ""}.md`;
  writeFileSync(path.join(RESULTS_DIR, "latest.md"), full);
  writeFileSync(path.join(RESULTS_DIR, name), full);
  log(`written to bench/results/latest.md and bench/results/${name}`);
}

type ClusterReport = {
  users: number;
  durationS: number;
  requests: number;
  reqPerSec: number;
  failed: number;
  unavailable503Retried: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  steadyLatencyMs?: { n: number; p50: number; p95: number; p99: number };
  restartWindowLatencyMs?: { n: number; windowsS: number[]; p50: number; p95: number; p99: number };
  acknowledged: Record<string, number>;
  stored: Record<string, number>;
  checks: { name: string; ok: boolean; detail: string }[];
};

/** Runs `bench:cluster` (two instances, a proxy, a private PostgreSQL, kill and restart mid-run) and words its report. */
function runCluster(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "toolscape-bench-cluster-"));
  const out = path.join(dir, "cluster.json");
  log(
    `\ncluster: ${config.clusterUsers} users for ${config.clusterDuration} s on two instances (npm run bench:cluster)…`,
  );
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(ROOT, "bench/cluster.ts"),
      "--users",
      String(config.clusterUsers),
      "--duration",
      String(config.clusterDuration),
      "--json",
      out,
    ],
    { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] },
  );
  const lines = ["## Two instances on one PostgreSQL (bench:cluster)", ""];
  if (!existsSync(out)) {
    lines.push(`bench:cluster did not finish (exit ${run.status}); its output is above.`);
    rmSync(dir, { recursive: true, force: true });
    return lines.join("\n");
  }
  const r = JSON.parse(readFileSync(out, "utf8")) as ClusterReport;
  rmSync(dir, { recursive: true, force: true });
  lines.push(
    `${r.users} simulated users, ${r.durationS} s, ${int(r.requests)} requests (${r.reqPerSec} req/s, paced by think time: a correctness run, not a throughput one). ` +
      `**Failed: ${r.failed}**; 503 + Retry-After during the PostgreSQL restart, retried by the user: ${r.unavailable503Retried}. ` +
      `Latency p50 ${r.latencyMs.p50} ms, p95 ${r.latencyMs.p95} ms, p99 ${r.latencyMs.p99} ms.`,
    "",
    // Steady state and the restart windows apart (instance kill → back, PostgreSQL restart → both
    // answering, each plus 2 s): a p95 over both says little about either.
    ...(r.steadyLatencyMs && r.restartWindowLatencyMs
      ? [
          table(
            ["requests", "n", "p50", "p95", "p99", "target"],
            [
              [
                "steady state",
                int(r.steadyLatencyMs.n),
                `${r.steadyLatencyMs.p50} ms`,
                `${r.steadyLatencyMs.p95} ms`,
                `${r.steadyLatencyMs.p99} ms`,
                `p95 ≤ 300 ms: ${verdict(r.steadyLatencyMs.p95 <= 300)}`,
              ],
              [
                `restart windows (${r.restartWindowLatencyMs.windowsS.join(" s, ")} s)`,
                int(r.restartWindowLatencyMs.n),
                `${r.restartWindowLatencyMs.p50} ms`,
                `${r.restartWindowLatencyMs.p95} ms`,
                `${r.restartWindowLatencyMs.p99} ms`,
                "",
              ],
            ],
          ),
          "",
        ]
      : []),
    table(
      ["write", "acknowledged", "stored afterwards"],
      Object.keys(r.acknowledged).map((k) => [k, String(r.acknowledged[k]), String(r.stored[k] ?? "")]),
    ),
    "",
    table(
      ["check", "result", "detail"],
      r.checks.map((c) => [c.name, c.ok ? "met" : "**not met**", c.detail]),
    ),
    "",
  );
  return lines.join("\n");
}

/** A visitor's cookies after opening `slugs` (counted today). */
async function countedVisitorCookie(url: string, slugs: string[], userAgent: string): Promise<string> {
  const jar = new Map<string, string>();
  for (const slug of slugs) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${url}/tools/${slug}`, { headers: { "user-agent": userAgent, cookie } });
    await res.arrayBuffer();
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? "";
      jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** Signs up a member over HTTP (as a browser would) and sets their tier; returns their session cookie. */
async function signUpMember(url: string, db: Db, tier: "free" | "standard"): Promise<string> {
  const email = `bench-${tier}-${Date.now().toString(36)}@example.com`;
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ name: `Bench ${tier}`, email, password: "bench-password-42" }),
  });
  if (!res.ok) throw new Error(`bench sign-up failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  await db.execute(sql`UPDATE user_profiles SET tier = ${tier} WHERE user_id = ${user.id}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The commit measured, and whether app or server code had uncommitted changes. */
function gitDescribe(): string {
  const git = (...args: string[]) => {
    const r = spawnSync("git", args, { cwd: ROOT, encoding: "utf8" });
    return r.status === 0 ? r.stdout.trim() : "";
  };
  const head = git("rev-parse", "--short", "HEAD") || "unknown commit";
  const dirty = git("status", "--porcelain", "--", "app", "server");
  // Pages run from build/ (with its own bundled copy of the catalogue code), the API from source.
  const lastChange = Number(git("log", "-1", "--format=%ct", "--", "app", "server")) * 1000;
  const built = statSync(path.join(ROOT, "build/server/index.js"), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const stale =
    built && lastChange > built ? " (WARNING: build/ is older than the last commit to app/ or server/)" : "";
  return `${head}${dirty ? " + uncommitted changes in app/ or server/" : ""}${stale}`;
}

/** The React Router server build; waits (up to 2 min) while another process is rebuilding it. */
async function loadBuild(): Promise<ServerBuild> {
  const files = [path.join(ROOT, "build/server/index.js"), path.join(ROOT, "build/server.js")];
  for (let waited = 0; !files.every((f) => existsSync(f)); waited += 2) {
    if (waited >= 120) throw new Error("No production build found: run `npm run build` first.");
    if (waited === 0) log("waiting for build/ (is a build running?)…");
    await new Promise((r) => setTimeout(r, 2_000));
  }
  return (await import(pathToFileURL(files[0] as string).href)) as ServerBuild;
}

// ---------------------------------------------------------------------------------------------

/** Bytes as KB (1 KB = 1,000 bytes), one decimal. */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

type ReportInput = {
  relevance: Awaited<ReturnType<typeof measureRelevance>> | null;
  catalogueData: CatalogueData | null;
  weights: PageWeight[];
  startedAt: Date;
  machine: string;
  loadBefore: string[];
  loadAfter: string[];
  commit: string;
  engine: "pglite" | "postgres";
  engineVersion: string;
  seeded: Awaited<ReturnType<typeof seed>>;
  load: LoadResult[];
  moduleTimes: Timed[];
  httpTimes: Timed[];
  operations: OperationTiming[];
  explained: Explained[];
  cold: ColdStartResult | null;
  searchPasses: number;
  httpPasses: Timed[][];
};

/** Each query's median time over the passes (the passes time the same queries in the same order). */
/**
 * Each query's median over the passes that searched: an answer from the API's response cache
 * (a query repeated within its 10 s) timed no search and is left out; a query every pass of which
 * was a cache hit is left out of the figures (the count is reported).
 */
function medianOfPasses(passes: Timed[][]): Timed[] {
  const [first] = passes;
  if (!first) return [];
  return first.flatMap((t, i) => {
    const searched = passes.map((p) => p[i] as Timed).filter((x) => !x.cached);
    return searched.length ? [{ ...t, ms: summarize(searched.map((x) => x.ms)).p50, cached: false }] : [];
  });
}

function renderReport(r: ReportInput): string {
  const out: string[] = [];
  const engineName = r.engine === "postgres" ? "PostgreSQL" : "PGlite";
  out.push(`## ${engineName} — ${r.startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`);
  out.push("");
  out.push(`- engine: ${r.engineVersion}; code: ${r.commit}`);
  out.push(`- machine: ${r.machine}`);
  out.push(
    `- load average (1, 5, 15 min) before the run: ${r.loadBefore.join(", ")}; after: ${r.loadAfter.join(", ")} (2 cores, shared with other work)`,
  );
  out.push(
    `- ${int(r.seeded.total)} tools (${int(r.seeded.realTools)} real + ${int(r.seeded.syntheticTools)} synthetic); throughput runs ${config.duration} s each, ${config.connections} connections, autocannon in a worker thread`,
  );
  out.push("");

  out.push("### Seeding");
  out.push("");
  out.push(
    table(
      ["phase", "time"],
      [
        ["migrate + ensureCategories", secs(r.seeded.migrateMs)],
        [`real catalogue (seedCatalog, ${int(r.seeded.realTools)} rows)`, secs(r.seeded.realCatalogueMs)],
        [
          `synthetic rows (${int(r.seeded.syntheticTools)}, ${r.seeded.method === "insert" ? "multi-row INSERT ×1,000 in one transaction" : "importRows in 20,000-row chunks"})`,
          `${secs(r.seeded.syntheticMs)} (${int(r.seeded.syntheticTools / (r.seeded.syntheticMs / 1000))} rows/s)`,
        ],
        ["ANALYZE", secs(r.seeded.analyzeMs)],
        ["**total**", `**${secs(r.seeded.totalMs)}**`],
      ],
    ),
  );
  out.push("");

  const ceilingRps = r.load[0]?.reqPerSec ?? Number.NaN;
  if (r.load.length) {
    out.push("### Throughput (ratio to the static ceiling measured in the same run)");
    out.push("");
    out.push(
      table(
        ["target", "req/s", "× ceiling", "× adjacent ceiling", "p50", "p99", "requests", "non-2xx / errors"],
        r.load.map((l) => [
          l.name,
          l.reqPerSec < 10 ? l.reqPerSec.toFixed(1) : int(l.reqPerSec),
          (l.reqPerSec / ceilingRps).toFixed(l.reqPerSec / ceilingRps < 0.01 ? 4 : 3),
          l.adjacentCeiling
            ? `${(l.reqPerSec / l.adjacentCeiling).toFixed(l.reqPerSec / l.adjacentCeiling < 0.01 ? 4 : 3)} (of ${int(l.adjacentCeiling)})`
            : "",
          wholeMs(l.p50),
          wholeMs(l.p99),
          int(l.requests),
          `${l.non2xx} / ${l.errors + l.timeouts}`,
        ]),
      ),
    );
    out.push("");
  }

  // Issue 23: members next to visitors, each as a ratio to the ceiling (the adjacent one when there).
  const paired = r.load.filter((l) => l.pair);
  if (paired.length) {
    const ratioOf = (l: LoadResult | undefined) => (l ? l.reqPerSec / (l.adjacentCeiling ?? ceilingRps) : Number.NaN);
    const pages = [...new Set(paired.map((l) => l.pair?.page ?? ""))];
    out.push("### Members and visitors (× adjacent ceiling; Standard member signed in)");
    out.push("");
    out.push(
      table(
        [
          "page",
          "visitor req/s",
          "visitor × ceiling",
          "member req/s",
          "member × ceiling",
          "member p50",
          "member / visitor",
        ],
        pages.map((page) => {
          const v = paired.find((l) => l.pair?.page === page && l.pair.who === "visitor");
          const m = paired.find((l) => l.pair?.page === page && l.pair.who === "member");
          const f = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : "–");
          return [
            page,
            v ? int(v.reqPerSec) : "–",
            f(ratioOf(v)),
            m ? int(m.reqPerSec) : "–",
            f(ratioOf(m)),
            m ? wholeMs(m.p50) : "–",
            v && m ? f(m.reqPerSec / v.reqPerSec) : "–",
          ];
        }),
      ),
    );
    out.push("");
  }

  const sets = (times: Timed[]) => ({
    all: summarize(times.map((t) => t.ms)),
    specific: summarize(times.filter((t) => t.kind !== "broad").map((t) => t.ms)),
    broad: summarize(times.filter((t) => t.kind === "broad").map((t) => t.ms)),
  });
  const mod = sets(r.moduleTimes);
  const http = sets(r.httpTimes);
  // (BENCH_ONLY=members measures no search latency.)
  if (r.httpTimes.length) {
    out.push(`### Search latency (${r.httpTimes.length} queries, sequential)`);
    out.push("");
    const hits = r.httpPasses.flat().filter((t) => t.cached).length;
    out.push(
      `HTTP answers from the API's response cache (X-Cache: HIT, a query repeated within 10 s) time no search and are left out: ${hits} of ${r.httpPasses.flat().length}.`,
    );
    out.push("");
    if (r.searchPasses > 1) {
      out.push(
        `${r.searchPasses} passes over the same queries; the tables give each query's median time over the passes. Specific queries over HTTP, pass by pass: ${r.httpPasses
          .map((p, i) => {
            const s = summarize(p.filter((t) => t.kind !== "broad" && !t.cached).map((t) => t.ms));
            return `${i + 1}: p50 ${ms(s.p50)}, p95 ${ms(s.p95)}`;
          })
          .join("; ")}.`,
      );
      out.push("");
    }
    out.push(
      "'Matches' below is the total the API reports for the query (the app may cap it). 'Specific' is every query but the broad one-word ones.",
    );
    out.push("");
    out.push(
      table(
        ["queries", "n", "module p50", "module p95", "module max", "HTTP p50", "HTTP p95", "HTTP max"],
        (["all", "specific", "broad"] as const).map((k) => [
          k === "all"
            ? "all"
            : k === "specific"
              ? "specific (all but the broad ones)"
              : `broad one-word (${BROAD_QUERIES.join(", ")})`,
          mod[k].n,
          ms(mod[k].p50),
          ms(mod[k].p95),
          ms(mod[k].max),
          ms(http[k].p50),
          ms(http[k].p95),
          ms(http[k].max),
        ]),
      ),
    );
    out.push("");
    out.push("By kind of query (HTTP):");
    out.push("");
    const kinds = [...new Set(r.httpTimes.map((t) => t.kind))];
    out.push(
      table(
        ["kind", "n", "p50", "p95", "max", "median matches"],
        kinds.map((kind) => {
          const list = r.httpTimes.filter((t) => t.kind === kind);
          const s = summarize(list.map((t) => t.ms));
          return [kind, s.n, ms(s.p50), ms(s.p95), ms(s.max), int(summarize(list.map((t) => t.total)).p50)];
        }),
      ),
    );
    out.push("");
    out.push("Broad one-word queries (HTTP, each run 3 times):");
    out.push("");
    out.push(
      table(
        ["q", "matches", "p50", "max"],
        BROAD_QUERIES.map((q) => {
          const list = r.httpTimes.filter((t) => t.kind === "broad" && t.q === q);
          const s = summarize(list.map((t) => t.ms));
          return [`\`${q}\``, int(list[0]?.total ?? 0), ms(s.p50), ms(s.max)];
        }),
      ),
    );
    out.push("");
    out.push("Slowest specific queries (HTTP):");
    out.push("");
    out.push(
      table(
        ["q", "kind", "matches", "HTTP", "module"],
        r.httpTimes
          .filter((t) => t.kind !== "broad")
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 10)
          .map((t) => {
            const m = r.moduleTimes.find((x) => x.q === t.q && x.kind === t.kind);
            return [`\`${t.q}\``, t.kind, int(t.total), ms(t.ms), m ? ms(m.ms) : "–"];
          }),
      ),
    );
    out.push("");
  }

  if (r.operations.length) {
    out.push("### Page queries (module functions, one call at a time, 20 runs each)");
    out.push("");
    out.push(
      table(
        ["operation", "p50", "p95", "max"],
        r.operations.map((o) => [o.name, ms(o.p50), ms(o.p95), ms(o.max)]),
      ),
    );
    out.push("");
  }

  if (r.cold) {
    const restarts = summarize(r.cold.restarts.map((s) => s.ms));
    out.push("### Cold start (`node build/server.js`, PGlite, spawn → /api/health answers)");
    out.push("");
    out.push(
      table(
        ["start", "time", "app's own boot log (bootMs)", "tools"],
        [
          [
            "first run, empty data dir (migrate + seed catalogue)",
            secs(r.cold.firstRun.ms),
            secs(r.cold.firstRun.bootMs ?? Number.NaN),
            int(r.cold.firstRun.tools),
          ],
          ...r.cold.restarts.map((s, i) => [
            `restart ${i + 1}, seeded data dir`,
            secs(s.ms),
            secs(s.bootMs ?? Number.NaN),
            int(s.tools),
          ]),
          ["restarts, median", secs(restarts.p50), "", ""],
        ],
      ),
    );
    out.push("");
  }

  if (r.weights.length) {
    out.push("### Page weight (production build, gzip -9, 1 KB = 1,000 bytes)");
    out.push("");
    out.push(
      table(
        ["page", "first-load JS", "JS files", "HTML"],
        r.weights.map((w) => [w.path, kb(w.jsGzip), w.modules.length, kb(w.htmlGzip)]),
      ),
    );
    out.push("");
  }

  if (r.relevance) out.push(...renderRelevance(r.relevance));
  if (r.catalogueData) out.push(...renderCatalogueData(r.catalogueData));

  out.push("### Targets");
  out.push("");
  const toolPage = r.weights[0];
  const rows: (string | number)[][] = [
    ...(toolPage
      ? [
          [
            `first-load JavaScript of a tool page (${toolPage.path})`,
            `≤ ${kb(PAGE_WEIGHT_TARGETS.toolPageJs)}`,
            kb(toolPage.jsGzip),
            verdict(toolPage.jsGzip <= PAGE_WEIGHT_TARGETS.toolPageJs),
          ],
          [
            "HTML of a tool page",
            `≤ ${kb(PAGE_WEIGHT_TARGETS.toolPageHtml)}`,
            kb(toolPage.htmlGzip),
            verdict(toolPage.htmlGzip <= PAGE_WEIGHT_TARGETS.toolPageHtml),
          ],
        ]
      : []),
    ...(r.httpTimes.length
      ? [
          [
            `search API p95, specific queries (HTTP)${r.engine === "postgres" ? "" : " — target is for PostgreSQL"}`,
            `≤ ${TARGETS.searchP95} ms`,
            ms(http.specific.p95),
            verdict(http.specific.p95 <= TARGETS.searchP95),
          ],
          [
            "search API p95, all 200 queries incl. broad (HTTP)",
            `≤ ${TARGETS.searchP95} ms`,
            ms(http.all.p95),
            verdict(http.all.p95 <= TARGETS.searchP95),
          ],
          [
            "broad one-word queries p95 (HTTP)",
            `≤ ${TARGETS.broad} ms`,
            ms(http.broad.p95),
            verdict(http.broad.p95 <= TARGETS.broad),
          ],
          [
            "broad one-word queries max (HTTP)",
            `≤ ${TARGETS.broad} ms`,
            ms(http.broad.max),
            verdict(http.broad.max <= TARGETS.broad),
          ],
        ]
      : []),
    ...r.load
      .filter((l) => l.target)
      .map((l) => {
        const ratio = l.reqPerSec / (l.adjacentCeiling ?? ceilingRps);
        const t = l.target as { ratio: number; label: string };
        return [
          `${t.label} (× adjacent ceiling, ${engineName})`,
          `≥ ${t.ratio.toFixed(2)}`,
          `${ratio.toFixed(3)} (${int(l.reqPerSec)} req/s)`,
          verdict(ratio >= t.ratio && l.non2xx === 0 && l.errors + l.timeouts === 0),
        ];
      }),
  ];
  if (r.cold) {
    const restartMedian = summarize(r.cold.restarts.map((s) => s.ms)).p50;
    rows.push(
      [
        "cold start, seeded PGlite (median of restarts)",
        `≤ ${secs(TARGETS.warmStart)}`,
        secs(restartMedian),
        verdict(restartMedian <= TARGETS.warmStart),
      ],
      [
        "first run, empty PGlite (migrate + seed)",
        `≤ ${secs(TARGETS.firstRun)}`,
        secs(r.cold.firstRun.ms),
        verdict(r.cold.firstRun.ms <= TARGETS.firstRun),
      ],
    );
  }
  out.push(table(["target", "threshold", "measured", "verdict"], rows));
  out.push("");

  for (const e of r.explained) {
    out.push(`### EXPLAIN (ANALYZE, BUFFERS) — ${e.title}, ${engineName}`);
    out.push("");
    for (const s of e.statements) {
      out.push("```sql");
      out.push(s.sql);
      out.push(`-- params: ${JSON.stringify(s.params)}`);
      out.push("```");
      out.push("");
      out.push("```");
      out.push(s.plan);
      out.push("```");
      out.push("");
    }
  }
  return out.join("\n");
}

try {
  await main();
  await cleanup();
} catch (err) {
  const cause = (err as Error).cause;
  process.stderr.write(
    `\nbenchmark failed: ${(err as Error).stack ?? err}${cause ? `\ncause: ${String(cause)}` : ""}\n`,
  );
  await cleanup();
  process.exitCode = 1;
}
