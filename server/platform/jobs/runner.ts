import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { DAY_MS } from "../clock.ts";
import { type Db, queryRows, transaction } from "../db/index.ts";
import { jobs as jobsTable } from "../db/tables.ts";
import type { JobCounts, JobHandler, JobRunner, JobSpec, JobsOptions } from "./types.ts";

// Row schemas (issue 19): what the driver gives.
const Claimed = z.object({
  id: z.string(),
  type: z.string(),
  key: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  attempts: z.number(),
  max_attempts: z.number(),
});
type Claimed = z.infer<typeof Claimed>;
const StatusCountRow = z.object({ status: z.string(), n: z.number() });

/**
 * The job a handler runs for. A handler that enqueues its own (type, key) again (the next renewal)
 * would hit its own key: the follow-up is added when it completes, under an id chosen now.
 */
type Running = { type: string; key: string | null; followUps: { id: string; spec: JobSpec }[] };

export const PRUNE_JOB = "jobs.prune";
const DEFAULT_MAX_ATTEMPTS = 5;

export const defaultBackoff = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

/**
 * The one durable job runner (ADR 0009). Jobs are rows in our database: claimed with
 * `FOR UPDATE SKIP LOCKED` under a lease, retried with backoff, marked failed after max attempts.
 * Every due/lease decision reads `clock`, so tests move time and call `runDue()`.
 */
export function createJobs(options: JobsOptions): JobRunner {
  const { db, clock } = options;
  const logger = options.logger.child({ component: "jobs" });
  const instanceId = options.instanceId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 5;
  const backoff = options.backoffMs ?? defaultBackoff;
  const keepDays = options.keepDays ?? 7;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;

  const handlers = new Map<string, JobHandler>();
  const recurring = new Map<string, { everyMs: number; payload: Record<string, unknown>; ensured: boolean }>();
  const running = new AsyncLocalStorage<Running>();
  const inFlight = new Set<Promise<unknown>>();
  /** Jobs whose handler is running now, for handing them back when a stop cannot wait for them. */
  const active = new Map<string, Claimed>();
  let started = false;
  let stopped = false;
  /** Set when a stop gave up waiting for running jobs and handed them back. */
  let handedBack = false;
  let timer: NodeJS.Timeout | null = null;

  const iso = (d: Date) => d.toISOString();
  const later = (ms: number) => new Date(clock.now().getTime() + ms);

  /** Inserts unless a job with the same (type, key) is pending or running; returns that one's id then. */
  async function insert(spec: JobSpec, tx: Db, id?: string): Promise<{ id: string; created: boolean }> {
    const values = {
      ...(id ? { id } : {}),
      type: spec.type,
      key: spec.key ?? null,
      payload: spec.payload ?? {},
      runAt: spec.runAt ?? clock.now(),
      maxAttempts: spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    };
    if (spec.key === undefined) {
      const [row] = await tx.insert(jobsTable).values(values).returning({ id: jobsTable.id });
      return { id: (row as { id: string }).id, created: true };
    }
    // The existing job can finish between our insert and our look-up: try again (rarely more than once).
    for (let i = 0; i < 3; i++) {
      const [row] = await tx
        .insert(jobsTable)
        .values(values)
        .onConflictDoNothing({
          target: [jobsTable.type, jobsTable.key],
          where: sql`status in ('pending', 'running')`,
        })
        .returning({ id: jobsTable.id });
      if (row) return { id: row.id, created: true };
      const [existing] = await tx
        .select({ id: jobsTable.id })
        .from(jobsTable)
        .where(
          and(
            eq(jobsTable.type, spec.type),
            eq(jobsTable.key, spec.key),
            inArray(jobsTable.status, ["pending", "running"]),
          ),
        )
        .limit(1);
      if (existing) return { id: existing.id, created: false };
    }
    throw new Error(`Could not enqueue job ${spec.type} (${spec.key}): its key kept changing hands`);
  }

  async function ensureRecurring(): Promise<void> {
    for (const [type, r] of recurring) {
      if (r.ensured) continue;
      await insert({ type, key: type, payload: r.payload }, db);
      r.ensured = true;
    }
  }

  async function claim(limit: number): Promise<Claimed[]> {
    const now = clock.now();
    // Due pending jobs, and running ones whose instance let the lease lapse (it died or hung).
    return queryRows(
      db,
      sql`update jobs set status = 'running', attempts = attempts + 1, locked_by = ${instanceId},
            locked_until = ${iso(new Date(now.getTime() + leaseMs))}::timestamptz, updated_at = ${iso(now)}::timestamptz
          where id in (
            select id from jobs
            where (status = 'pending' and run_at <= ${iso(now)}::timestamptz)
               or (status = 'running' and locked_until <= ${iso(now)}::timestamptz)
            order by run_at
            limit ${limit}
            for update skip locked
          )
          returning id, type, key, payload, attempts, max_attempts`,
      Claimed,
    );
  }

  /** Only the claim that still holds the job may finish it (a lapsed lease may have been retaken). */
  const mine = (job: Claimed) =>
    and(
      eq(jobsTable.id, job.id),
      eq(jobsTable.status, "running"),
      eq(jobsTable.lockedBy, instanceId),
      eq(jobsTable.attempts, job.attempts),
    );

  /** The next run of a recurring job, and follow-ups its handler asked for, in the finishing transaction. */
  async function successors(tx: Db, job: Claimed, followUps: Running["followUps"]): Promise<void> {
    for (const f of followUps) await insert(f.spec, tx, f.id);
    const r = recurring.get(job.type);
    if (r && job.key === job.type)
      await insert({ type: job.type, key: job.type, payload: r.payload, runAt: later(r.everyMs) }, tx);
  }

  async function succeed(job: Claimed, followUps: Running["followUps"]): Promise<void> {
    await transaction(db, async (tx) => {
      const now = clock.now();
      const done = await tx
        .update(jobsTable)
        .set({ status: "done", lastError: null, lockedBy: null, lockedUntil: null, updatedAt: now, finishedAt: now })
        .where(mine(job))
        .returning({ id: jobsTable.id });
      if (!done.length) {
        if (handedBack) logger.info("job finished after its instance stopped and handed it back", { jobId: job.id });
        else logger.warn("job finished after its lease was taken by another run", { jobId: job.id, type: job.type });
        return;
      }
      await successors(tx, job, followUps);
    });
  }

  async function fail(job: Claimed, err: unknown, retry: boolean): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    const final = !retry || job.attempts >= job.max_attempts;
    await transaction(db, async (tx) => {
      const now = clock.now();
      const changed = await tx
        .update(jobsTable)
        .set(
          final
            ? {
                status: "failed",
                lastError: message,
                lockedBy: null,
                lockedUntil: null,
                updatedAt: now,
                finishedAt: now,
              }
            : {
                status: "pending",
                lastError: message,
                lockedBy: null,
                lockedUntil: null,
                updatedAt: now,
                runAt: later(backoff(job.attempts)),
              },
        )
        .where(mine(job))
        .returning({ id: jobsTable.id });
      // A recurring job that gave up still comes back at its next time.
      if (changed.length && final) await successors(tx, job, []);
    });
    const fields = { jobId: job.id, type: job.type, attempt: job.attempts, maxAttempts: job.max_attempts, err };
    if (final) logger.error("job failed", fields);
    else logger.warn("job attempt failed; will retry", { ...fields, retryInMs: backoff(job.attempts) });
  }

  /** Finishing writes are retried briefly: a lost one means the job runs again after its lease. */
  async function settle(write: () => Promise<void>, job: Claimed): Promise<void> {
    for (let i = 0; ; i++) {
      try {
        return await write();
      } catch (err) {
        // After a stop that could not wait, the database may be closed: the job was handed back
        // (or its lease runs out), so it runs again; nothing is lost and nothing is worth retrying.
        if (handedBack) {
          logger.info("job finished after its instance stopped; it runs again", { jobId: job.id, type: job.type });
          return;
        }
        if (i >= 2) {
          logger.error("could not record a job's outcome; it runs again after its lease", { jobId: job.id, err });
          return;
        }
        await new Promise((r) => setTimeout(r, 200 * (i + 1)));
      }
    }
  }

  async function execute(job: Claimed): Promise<boolean> {
    const handler = handlers.get(job.type);
    if (!handler) {
      await settle(() => fail(job, new Error(`No handler registered for job type "${job.type}"`), false), job);
      return false;
    }
    if (job.attempts > job.max_attempts) {
      const err = new Error(`Gave up after ${job.max_attempts} attempts (the last one's instance stopped answering)`);
      await settle(() => fail(job, err, false), job);
      return false;
    }
    active.set(job.id, job);
    try {
      return await executeClaimed(job, handler);
    } finally {
      active.delete(job.id);
    }
  }

  async function executeClaimed(job: Claimed, handler: JobHandler): Promise<boolean> {
    const context = { id: job.id, type: job.type, attempt: job.attempts, now: clock.now() };
    const scope: Running = { type: job.type, key: job.key, followUps: [] };
    // Keep the lease while the handler works, so a slow job is not taken by another instance.
    const heartbeat = setInterval(
      () => {
        db.update(jobsTable)
          .set({ lockedUntil: later(leaseMs) })
          .where(mine(job))
          .catch((err: unknown) => logger.warn("could not renew a job's lease", { jobId: job.id, err }));
      },
      Math.max(1_000, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      await running.run(scope, () => handler(job.payload ?? {}, context));
    } catch (err) {
      clearInterval(heartbeat);
      await settle(() => fail(job, err, true), job);
      return false;
    }
    clearInterval(heartbeat);
    await settle(() => succeed(job, scope.followUps), job);
    return true;
  }

  /** One claim query, then its jobs one after another. */
  async function batch(limit: number): Promise<{ claimed: number; ran: number; failed: number }> {
    await ensureRecurring();
    const claimed = await claim(limit);
    let failed = 0;
    for (const job of claimed) if (!(await execute(job))) failed++;
    return { claimed: claimed.length, ran: claimed.length, failed };
  }

  /**
   * A stop that could not wait for running jobs gives them back to the queue, due now, with the
   * attempt not counted: another instance (or the next start) runs them at once instead of after
   * the lease. Their handler may still finish here before the process exits; its outcome then finds
   * the job no longer ours and records nothing.
   */
  async function handBack(jobs: Claimed[]): Promise<void> {
    const jobIds = jobs.map((j) => j.id);
    try {
      for (const job of jobs) {
        await db
          .update(jobsTable)
          .set({
            status: "pending",
            attempts: job.attempts - 1,
            lockedBy: null,
            lockedUntil: null,
            runAt: clock.now(),
            updatedAt: clock.now(),
          })
          .where(mine(job));
      }
      logger.warn("stopped while jobs were still running; handed them back to the queue", { instanceId, jobIds });
    } catch (err) {
      logger.warn("stopped while jobs were still running; they run again after their lease", {
        instanceId,
        jobIds,
        err,
      });
    }
  }

  function track<T>(p: Promise<T>): Promise<T> {
    inFlight.add(p);
    p.finally(() => inFlight.delete(p)).catch(() => {});
    return p;
  }

  function schedule(ms: number) {
    if (stopped || !started) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  async function tick() {
    timer = null;
    if (stopped) return;
    let more = false;
    try {
      const r = await track(batch(batchSize));
      more = r.claimed === batchSize;
    } catch (err) {
      logger.warn("jobs poll failed", { err });
    }
    // A full batch means more are due: go on at once; otherwise wait for the next poll.
    schedule(more ? 0 : pollMs);
  }

  const runner: JobRunner = {
    instanceId,

    async enqueue(spec, tx) {
      const scope = running.getStore();
      if (scope && spec.key !== undefined && scope.type === spec.type && scope.key === spec.key) {
        // The running job holds this key until it finishes: add the follow-up when it does.
        const followUp = { id: randomUUID(), spec };
        scope.followUps.push(followUp);
        return { id: followUp.id, created: true };
      }
      return insert(spec, tx ?? db);
    },

    register(type, handler) {
      // Registering again replaces the handler (an app built twice on the same services, in tests).
      handlers.set(type, handler as JobHandler);
    },

    every(type, everyMs, payload = {}) {
      if (!(everyMs > 0)) throw new Error(`every("${type}") needs a positive interval`);
      recurring.set(type, { everyMs, payload, ensured: false });
      if (started)
        ensureRecurring().catch((err: unknown) => logger.warn("could not schedule a recurring job", { type, err }));
    },

    async runDue(opts = {}) {
      const limit = opts.limit ?? 100;
      let ran = 0;
      let failed = 0;
      while (ran < limit) {
        const r = await track(batch(Math.min(batchSize, limit - ran)));
        ran += r.ran;
        failed += r.failed;
        if (r.claimed === 0) break;
      }
      return { ran, failed };
    },

    start() {
      if (started || stopped) return;
      started = true;
      schedule(0);
      logger.debug("job runner started", { instanceId, pollMs });
    },

    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (!inFlight.size) return;
      let timeout: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        Promise.allSettled([...inFlight]).then(() => true),
        new Promise<boolean>((r) => {
          timeout = setTimeout(() => r(false), stopTimeoutMs);
        }),
      ]);
      clearTimeout(timeout);
      if (!waited) {
        handedBack = true;
        await handBack([...active.values()]);
      }
    },

    recurringTypes() {
      return [...recurring.keys()];
    },

    async counts() {
      const rows = await queryRows(
        db,
        sql`select status, count(*)::int as n from jobs where status in ('pending', 'running', 'failed') group by status`,
        StatusCountRow,
      );
      const counts: JobCounts = { pending: 0, running: 0, failed: 0 };
      for (const r of rows) counts[r.status as keyof JobCounts] = Number(r.n);
      return counts;
    },
  };

  runner.register(PRUNE_JOB, async (_payload, { now }) => {
    if (keepDays <= 0) return;
    const done = new Date(now.getTime() - keepDays * DAY_MS);
    const failed = new Date(now.getTime() - 3 * keepDays * DAY_MS);
    await db.delete(jobsTable).where(and(eq(jobsTable.status, "done"), lte(jobsTable.finishedAt, done)));
    await db.delete(jobsTable).where(and(eq(jobsTable.status, "failed"), lte(jobsTable.finishedAt, failed)));
  });
  runner.every(PRUNE_JOB, DAY_MS);
  return runner;
}
