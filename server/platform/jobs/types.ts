import type { Db } from "../db/index.ts";

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
