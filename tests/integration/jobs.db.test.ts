// engine: both — jobs are claimed with SKIP LOCKED across connections and survive restarts.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestClock, type TestClock } from "../../server/platform/clock.ts";
import { type Database, type Db, openDatabase, queryRows } from "../../server/platform/db/index.ts";
import {
  maintainTables,
  registerStatisticsJob,
  STATISTICS_EVERY_MS,
  STATISTICS_JOB,
} from "../../server/platform/db/statistics.ts";
import { loadEnv } from "../../server/platform/env.ts";
import { createJobs, type JobRunner, PRUNE_JOB } from "../../server/platform/jobs/index.ts";
import { createLogger, type Logger } from "../../server/platform/logger.ts";
import { startServer } from "../../server/process/server.ts";
import { jobs as jobsTable } from "../../server/tables.ts";
import { createTestDatabase } from "../helpers/db.ts";
import { fetch } from "../helpers/http.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const logger = createLogger("silent");

type Row = typeof jobsTable.$inferSelect;
const rowsOf = (db: Db, type: string): Promise<Row[]> =>
  db.select().from(jobsTable).where(eq(jobsTable.type, type)).orderBy(jobsTable.createdAt);

/** A second connection to the same database, as another process would have (PGlite: the same one). */
async function secondConnection(database: Database): Promise<{ db: Db; close(): Promise<void> }> {
  if (database.engine === "pglite") return { db: database.db, close: async () => {} };
  const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
  const other = await openDatabase({ url, poolSize: 4 });
  return { db: other.db, close: () => other.close() };
}

describe("durable jobs", () => {
  let database: Database;
  let clock: TestClock;
  let runner: JobRunner;
  const made: JobRunner[] = [];
  const newRunner = (db: Db, instanceId: string) => {
    const r = createJobs({ db, clock, logger, instanceId, keepDays: 0 });
    made.push(r);
    return r;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(jobsTable);
    clock = createTestClock("2026-11-24T07:00:00Z");
    runner = newRunner(database.db, "runner-a");
    // The runner's own recurring prune job runs first; the tests count their own jobs after it.
    await runner.runDue();
  });
  afterEach(async () => {
    await Promise.all(made.splice(0).map((r) => r.stop()));
  });

  it("runs a job when it is due by the service clock, not before", async () => {
    const seen: unknown[] = [];
    runner.register("test.echo", async (payload, ctx) => {
      seen.push({ payload, attempt: ctx.attempt, now: ctx.now.toISOString() });
    });
    const later = await runner.enqueue({
      type: "test.echo",
      payload: { n: 2 },
      runAt: new Date(clock.now().getTime() + HOUR),
    });
    await runner.enqueue({ type: "test.echo", payload: { n: 1 } });
    await runner.runDue();
    expect(seen).toEqual([{ payload: { n: 1 }, attempt: 1, now: "2026-11-24T07:00:00.000Z" }]);
    clock.advance(HOUR - 1);
    await runner.runDue();
    expect(seen).toHaveLength(1);
    clock.advance(1);
    await runner.runDue();
    expect(seen.at(-1)).toMatchObject({ payload: { n: 2 } });
    const [row] = await database.db.select().from(jobsTable).where(eq(jobsTable.id, later.id));
    expect(row).toMatchObject({ status: "done", attempts: 1, lockedBy: null, lastError: null });
    expect(row?.finishedAt?.toISOString()).toBe("2026-11-24T08:00:00.000Z");
  });

  it("vacuums and analyses on PGlite as autovacuum would (PostgreSQL has its own autovacuum)", async () => {
    registerStatisticsJob({ jobs: runner, db: database.db, engine: database.engine });
    expect(runner.recurringTypes().includes(STATISTICS_JOB)).toBe(database.engine === "pglite");
    if (database.engine !== "pglite") return;
    await database.db.execute(sql`CREATE TABLE stats_probe (n int)`);
    await database.db.execute(sql`INSERT INTO stats_probe SELECT generate_series(1, 500)`);
    const probe = async () =>
      (
        await queryRows<{ stats: number; dead: number }>(
          database.db,
          sql`SELECT (SELECT count(*)::int FROM pg_stats WHERE tablename = 'stats_probe') AS stats,
                     (SELECT n_dead_tup::int FROM pg_stat_user_tables WHERE relname = 'stats_probe') AS dead`,
        )
      )[0];
    expect((await probe())?.stats).toBe(0);
    // A table never analysed is vacuumed and analysed on the job's first run.
    await runner.runDue();
    expect((await probe())?.stats).toBe(1);
    // 120 updates of 500 rows stay under autovacuum's threshold (50 + 20 % of live rows): left alone.
    await database.db.execute(sql`UPDATE stats_probe SET n = n + 1 WHERE n <= 120`);
    let done = await maintainTables(database.db);
    expect(done.vacuumed).not.toContain("stats_probe");
    expect(done.analysed).toContain("stats_probe"); // 120 changes > 50 + 10 % of 500
    // Every row rewritten: 500 dead rows, over the threshold; the vacuum removes them.
    await database.db.execute(sql`UPDATE stats_probe SET n = n + 1`);
    done = await maintainTables(database.db);
    expect(done.vacuumed).toContain("stats_probe");
    await maintainTables(database.db); // flushes the vacuum's own counters
    expect((await probe())?.dead).toBe(0);
    // Nothing changed since: nothing to do.
    done = await maintainTables(database.db);
    expect(done.analysed).not.toContain("stats_probe");
    // The job recurs.
    clock.advance(STATISTICS_EVERY_MS);
    await runner.runDue();
    const runs = await rowsOf(database.db, STATISTICS_JOB);
    expect(runs.map((r) => r.status)).toEqual(["done", "done", "pending"]);
    expect(runs[2]?.runAt).toEqual(new Date(clock.now().getTime() + STATISTICS_EVERY_MS));
    await database.db.execute(sql`DROP TABLE stats_probe`);
  });

  it("keeps one pending job per (type, key): enqueueing again returns it", async () => {
    let runs = 0;
    runner.register("test.keyed", async () => {
      runs++;
    });
    const first = await runner.enqueue({ type: "test.keyed", key: "user-1" });
    const again = await runner.enqueue({ type: "test.keyed", key: "user-1", payload: { other: true } });
    const otherKey = await runner.enqueue({ type: "test.keyed", key: "user-2" });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(otherKey.created).toBe(true);
    await runner.runDue();
    expect(runs).toBe(2);
    // Once done, the key is free again.
    const next = await runner.enqueue({ type: "test.keyed", key: "user-1" });
    expect(next.created).toBe(true);
    expect(next.id).not.toBe(first.id);
  });

  it("enqueues inside the caller's transaction: rolled back, no job; committed, the job", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await runner.enqueue({ type: "test.tx", payload: { kept: false } }, tx as unknown as Db);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await rowsOf(database.db, "test.tx")).toHaveLength(0);
    await database.db.transaction(async (tx) => {
      await runner.enqueue({ type: "test.tx", key: "k", payload: { kept: true } }, tx as unknown as Db);
    });
    expect((await rowsOf(database.db, "test.tx")).map((r) => r.payload)).toEqual([{ kept: true }]);
  });

  it("retries a failing job with exponential backoff, then marks it failed with the error", async () => {
    let calls = 0;
    runner.register("test.flaky", async () => {
      calls++;
      throw new Error(`provider said no (${calls})`);
    });
    const { id } = await runner.enqueue({ type: "test.flaky", maxAttempts: 3 });
    expect(await runner.runDue()).toEqual({ ran: 1, failed: 1 });
    const read = async () => (await database.db.select().from(jobsTable).where(eq(jobsTable.id, id)))[0] as Row;
    expect(await read()).toMatchObject({ status: "pending", attempts: 1, lastError: "provider said no (1)" });
    expect((await read()).runAt.toISOString()).toBe("2026-11-24T07:00:30.000Z");
    // Not before the backoff has passed.
    clock.advance(29_999);
    expect(await runner.runDue()).toEqual({ ran: 0, failed: 0 });
    clock.advance(1);
    await runner.runDue();
    expect(await read()).toMatchObject({ status: "pending", attempts: 2 });
    // The wait doubles: 60 s after the second attempt.
    expect((await read()).runAt.toISOString()).toBe("2026-11-24T07:01:30.000Z");
    clock.advance(60_000);
    await runner.runDue();
    expect(await read()).toMatchObject({ status: "failed", attempts: 3, lastError: "provider said no (3)" });
    clock.advance(HOUR);
    await runner.runDue();
    expect(calls).toBe(3);
  });

  it("fails a job nobody handles, with a clear error", async () => {
    const { id } = await runner.enqueue({ type: "test.nobody" });
    expect(await runner.runDue()).toEqual({ ran: 1, failed: 1 });
    const [row] = await database.db.select().from(jobsTable).where(eq(jobsTable.id, id));
    expect(row).toMatchObject({ status: "failed", lastError: 'No handler registered for job type "test.nobody"' });
  });

  it("takes a job again once the lease of the instance that claimed it has run out", async () => {
    const started: string[] = [];
    let release = () => {};
    const hung = new Promise<void>((r) => {
      release = r;
    });
    // Instance "dead" claims the job and never finishes (it hangs, or its process died).
    const dead = newRunner(database.db, "dead");
    dead.register("test.lease", async () => {
      started.push("dead");
      await hung;
    });
    runner.register("test.lease", async () => {
      started.push("alive");
    });
    const { id } = await runner.enqueue({ type: "test.lease" });
    const deadRun = dead.runDue();
    await expect.poll(() => started).toEqual(["dead"]);
    // Within the lease the job is not taken again.
    clock.advance(4 * MINUTE);
    expect(await runner.runDue()).toEqual({ ran: 0, failed: 0 });
    clock.advance(MINUTE);
    expect(await runner.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(started).toEqual(["dead", "alive"]);
    // The hung instance wakes up: its late completion does not overwrite the other run's outcome.
    release();
    await deadRun;
    const [row] = await database.db.select().from(jobsTable).where(eq(jobsTable.id, id));
    expect(row).toMatchObject({ status: "done", attempts: 2, lockedBy: null });
  });

  it("hands a job back when a stop cannot wait for it: taken at once elsewhere, the late end records nothing and logs no error", async () => {
    const logged: { level: string; msg: string }[] = [];
    const capture = (): Logger => ({
      debug: (msg) => logged.push({ level: "debug", msg }),
      info: (msg) => logged.push({ level: "info", msg }),
      warn: (msg) => logged.push({ level: "warn", msg }),
      error: (msg) => logged.push({ level: "error", msg }),
      child: () => capture(),
    });
    let release = () => {};
    const hung = new Promise<void>((r) => {
      release = r;
    });
    const started: string[] = [];
    const stopping = createJobs({
      db: database.db,
      clock,
      logger: capture(),
      instanceId: "stopping",
      keepDays: 0,
      stopTimeoutMs: 50,
    });
    made.push(stopping);
    stopping.register("test.handback", async () => {
      started.push("stopping");
      await hung;
    });
    runner.register("test.handback", async () => {
      started.push("alive");
    });
    const { id } = await runner.enqueue({ type: "test.handback" });
    const late = stopping.runDue();
    await expect.poll(() => started).toEqual(["stopping"]);
    await stopping.stop();
    const [handed] = await database.db.select().from(jobsTable).where(eq(jobsTable.id, id));
    // Back in the queue, due now, the cut attempt not counted.
    expect(handed).toMatchObject({ status: "pending", attempts: 0, lockedBy: null });
    // Another instance takes it at once, well within what would have been the lease.
    expect(await runner.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(started).toEqual(["stopping", "alive"]);
    // The stopped instance's handler ends late: the other run's outcome stands.
    release();
    await late;
    const [row] = await database.db.select().from(jobsTable).where(eq(jobsTable.id, id));
    expect(row).toMatchObject({ status: "done", attempts: 1, lockedBy: null });
    expect(logged.filter((l) => l.level === "error")).toEqual([]);
    expect(logged.map((l) => l.msg)).toContain("stopped while jobs were still running; handed them back to the queue");
  });

  it("gives a self-rescheduling handler its follow-up under the same key", async () => {
    const periods: number[] = [];
    runner.register<{ period: number }>("test.renew", async ({ period }, { now }) => {
      periods.push(period);
      const next = await runner.enqueue({
        type: "test.renew",
        key: "sub-1",
        payload: { period: period + 1 },
        runAt: new Date(now.getTime() + 30 * 24 * HOUR),
      });
      expect(next.created).toBe(true);
    });
    await runner.enqueue({ type: "test.renew", key: "sub-1", payload: { period: 1 } });
    await runner.runDue();
    clock.advance(30 * 24 * HOUR);
    await runner.runDue();
    expect(periods).toEqual([1, 2]);
    const pending = (await rowsOf(database.db, "test.renew")).filter((r) => r.status === "pending");
    expect(pending.map((r) => r.payload)).toEqual([{ period: 3 }]);
  });

  it("keeps exactly one pending recurring job across instances and restarts", async () => {
    const other = await secondConnection(database);
    try {
      let runs = 0;
      const a = runner;
      const b = newRunner(other.db, "runner-b");
      for (const r of [a, b]) {
        r.register("test.tick", async () => {
          runs++;
        });
        r.every("test.tick", HOUR);
      }
      await Promise.all([a.runDue(), b.runDue()]);
      expect(runs).toBe(1);
      const pendingTicks = async () =>
        (await rowsOf(database.db, "test.tick")).filter((r) => r.status === "pending" || r.status === "running");
      expect((await pendingTicks()).map((r) => r.runAt.toISOString())).toEqual(["2026-11-24T08:00:00.000Z"]);
      // A restarted instance declares the same recurring job: still one.
      const restarted = newRunner(database.db, "runner-c");
      restarted.register("test.tick", async () => {
        runs++;
      });
      restarted.every("test.tick", HOUR);
      await restarted.runDue();
      expect(runs).toBe(1);
      expect(await pendingTicks()).toHaveLength(1);
      clock.advance(HOUR);
      await Promise.all([a.runDue(), b.runDue(), restarted.runDue()]);
      expect(runs).toBe(2);
      expect(await pendingTicks()).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("never runs one job twice when two runners claim at once", async () => {
    const other = await secondConnection(database);
    try {
      const runs = new Map<string, string[]>();
      const handler = (who: string) => async (_payload: unknown, ctx: { id: string }) => {
        runs.set(ctx.id, [...(runs.get(ctx.id) ?? []), who]);
        await new Promise((r) => setTimeout(r, 2));
      };
      const a = runner;
      const b = newRunner(other.db, "runner-b");
      a.register("test.many", handler("a"));
      b.register("test.many", handler("b"));
      const ids = new Set<string>();
      for (let i = 0; i < 40; i++) ids.add((await a.enqueue({ type: "test.many", payload: { i } })).id);
      const [ra, rb] = await Promise.all([a.runDue({ limit: 1000 }), b.runDue({ limit: 1000 })]);
      expect(ra.failed + rb.failed).toBe(0);
      expect(runs.size).toBe(40);
      expect([...runs.values()].every((who) => who.length === 1)).toBe(true);
      expect(new Set(runs.keys())).toEqual(ids);
      const rows = await rowsOf(database.db, "test.many");
      expect(rows.every((r) => r.status === "done" && r.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("prunes finished jobs after the kept days", async () => {
    const pruning = newRunner(database.db, "pruner");
    // keepDays 0 on the test runners: this one keeps the default week.
    const keeper = createJobs({ db: database.db, clock, logger, instanceId: "keeper" });
    made.push(keeper);
    pruning.register("test.old", async () => {});
    await pruning.enqueue({ type: "test.old" });
    await pruning.runDue();
    await pruning.enqueue({ type: "test.nobody-handles" });
    await pruning.runDue();
    clock.advance(8 * 24 * HOUR);
    await keeper.runDue();
    const left = await queryRows<{ type: string; status: string }>(
      database.db,
      sql`select type, status from jobs where type like 'test.%' order by type`,
    );
    // The done job is gone after a week; the failed one stays three weeks.
    expect(left).toEqual([{ type: "test.nobody-handles", status: "failed" }]);
    expect((await rowsOf(database.db, PRUNE_JOB)).filter((r) => r.status === "pending")).toHaveLength(1);
  });
});

/** A server's environment over a fresh data directory (the test removes it); jobs off unless `extra` says. */
function serverEnv(extra: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "toolscape-jobs-"));
  const env = loadEnv({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    JOBS_ENABLED: "0",
    ...extra,
  });
  return { env, dataDir };
}

describe("jobs in the running server", () => {
  it("survive a restart: enqueued by one server, run by the next on the same database", async () => {
    const clock = createTestClock("2026-11-24T07:00:00Z");
    const { env, dataDir } = serverEnv();
    const first = await createTestDatabase();
    let second: Database | null = null;
    try {
      const one = await startServer({ env, logger, database: first, clock });
      const { id } = await one.services.jobs.enqueue({ type: "test.durable", payload: { hello: "world" } });
      await one.close();
      // A new process: a fresh connection (PostgreSQL) or the database reopened from its files (PGlite).
      if (first.engine === "pglite") {
        const client = (first.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
        second = await openDatabase({ pgliteData: await client.dumpDataDir("none") });
      } else {
        const url = (first.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
          .connectionString;
        second = await openDatabase({ url, poolSize: 2 });
      }
      const two = await startServer({ env, logger, database: second, clock });
      const seen: unknown[] = [];
      two.services.jobs.register("test.durable", async (payload, ctx) => {
        seen.push({ payload, id: ctx.id });
      });
      await two.services.jobs.runDue();
      expect(seen).toEqual([{ payload: { hello: "world" }, id }]);
      await two.close();
    } finally {
      await second?.close();
      await first.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("does not start when JOBS_DEFER names a job type it does not run (a typo would put off nothing)", async () => {
    const { env, dataDir } = serverEnv({ JOBS_DEFER: "open-data.dump,open-data.dmup" });
    const database = await createTestDatabase();
    try {
      await expect(startServer({ env, logger, database })).rejects.toThrow(
        /JOBS_DEFER names job types this server does not run: open-data\.dmup \(it runs .*open-data\.dump/,
      );
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("polls by itself when enabled, and shutdown waits for the running job before the database closes", async () => {
    const { env, dataDir } = serverEnv({ JOBS_ENABLED: "1", JOBS_POLL_MS: "50" });
    const database = await createTestDatabase();
    try {
      const server = await startServer({ env, logger, database });
      const steps: string[] = [];
      server.services.jobs.register("test.slow", async () => {
        steps.push("started");
        await new Promise((r) => setTimeout(r, 300));
        steps.push("finished");
      });
      const { id } = await server.services.jobs.enqueue({ type: "test.slow" });
      await expect.poll(() => steps, { timeout: 10_000 }).toContain("started");
      await server.close();
      expect(steps).toEqual(["started", "finished"]);
      const [row] = await database.db.select().from(jobsTable).where(eq(jobsTable.id, id));
      expect(row?.status).toBe("done");
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("reports pending and failed jobs in /metrics, read at scrape time", async () => {
    const token = "metrics-token-for-jobs-0123456789";
    // The link checker would reach real websites: not in tests.
    const { env, dataDir } = serverEnv({ METRICS_TOKEN: token, LINK_CHECK_ENABLED: "0" });
    const database = await createTestDatabase();
    try {
      const server = await startServer({ env, logger, database });
      const { jobs } = server.services;
      await jobs.runDue(); // the prune job's first run
      await jobs.enqueue({ type: "test.metrics.nobody" });
      await jobs.runDue();
      await jobs.enqueue({ type: "test.metrics.later", runAt: new Date(Date.now() + HOUR) });
      const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      const text = await res.text();
      // pending: the next run of each recurring job the server declared (with the link checker off: the
      // prune job, billing's and growth's hourly sweeps, trending, the ratings refresh, the weekly digest,
      // the open-data dump and the two change-alert sweeps), and the later job.
      const recurring = jobs.recurringTypes();
      expect(recurring).toContain(PRUNE_JOB);
      const pending = await queryRows<{ type: string }>(
        database.db,
        sql`SELECT type FROM jobs WHERE status = 'pending'`,
      );
      expect(pending.map((r) => r.type).sort()).toEqual([...recurring, "test.metrics.later"].sort());
      expect(text).toMatch(new RegExp(`^toolscape_jobs_pending ${recurring.length + 1}$`, "m"));
      expect(text).toMatch(/^toolscape_jobs_failed 1$/m);
      await server.close();
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
