import type { Clock } from "../clock.ts";
import type { Db } from "../db/index.ts";
import type { Logger } from "../logger.ts";

/**
 * The contract of the one durable job runner (ADR 0009): jobs are rows, so they survive a restart
 * and are shared by every instance on one PostgreSQL; handlers must be idempotent (a job may run
 * again after a crash between its work and its completion).
 */
export type JobSpec = {
  type: string;
  payload?: Record<string, unknown>;
  /** not before this time (services.clock); default now */
  runAt?: Date;
  /** at most one pending or running job per (type, key): enqueueing again returns the existing one */
  key?: string;
  /** attempts before the job is marked failed (default 5, with backoff) */
  maxAttempts?: number;
};

export type JobContext = { id: string; type: string; attempt: number; now: Date };

export type JobHandler<P = Record<string, unknown>> = (payload: P, context: JobContext) => Promise<void>;

export interface Jobs {
  /** Adds a job; pass `tx` to enqueue inside the caller's transaction (the job exists iff it commits). */
  enqueue(spec: JobSpec, tx?: Db): Promise<{ id: string; created: boolean }>;
  register<P = Record<string, unknown>>(type: string, handler: JobHandler<P>): void;
  /** A recurring job: one pending instance at a time, re-enqueued `everyMs` after each run. */
  every(type: string, everyMs: number, payload?: Record<string, unknown>): void;
  /** The types declared with `every`, in declaration order (operators and tests read it). */
  recurringTypes(): string[];
  /** Runs every job due at services.clock.now() (tests call this after moving the clock). */
  runDue(options?: { limit?: number }): Promise<{ ran: number; failed: number }>;
  start(): void;
  stop(): Promise<void>;
}

export type JobCounts = { pending: number; running: number; failed: number };

/** The runner behind the `Jobs` contract, plus what operators read (metrics). */
export type JobRunner = Jobs & {
  counts(): Promise<JobCounts>;
  readonly instanceId: string;
};

export type JobsOptions = {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** names this process in `locked_by` (default host:pid:random) */
  instanceId?: string;
  /** how often start()'s loop looks for due jobs */
  pollMs?: number;
  /** how long a claimed job belongs to this instance; renewed while the handler runs */
  leaseMs?: number;
  /** jobs claimed per query */
  batchSize?: number;
  /** wait before retry n (1-based); default 30 s doubling, at most 1 h */
  backoffMs?: (attempt: number) => number;
  /** finished jobs are deleted after this many days (failed ones after three times as long); 0 keeps them */
  keepDays?: number;
  /** how long stop() waits for a running handler */
  stopTimeoutMs?: number;
};
