import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Platform: durable jobs (ADR 0009) and the audit log (ADR 0010). Migration 0008.

export const jobStatus = pgEnum("job_status", ["pending", "running", "done", "failed"]);

/**
 * Background work as rows: claimed with FOR UPDATE SKIP LOCKED under a lease (`locked_until`), so
 * every instance on one PostgreSQL shares the queue and a dead instance's job is taken again.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    /** with a key, at most one pending or running job per (type, key) */
    key: text("key"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: jobStatus("status").notNull().default("pending"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lastError: text("last_error"),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_type_key_active_idx").on(t.type, t.key).where(sql`${t.status} in ('pending', 'running')`),
    index("jobs_due_idx").on(t.runAt).where(sql`${t.status} = 'pending'`),
    index("jobs_lease_idx").on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index("jobs_finished_idx").on(t.finishedAt).where(sql`${t.status} in ('done', 'failed')`),
  ],
);

/** Who changed what, before → after: operator and admin changes to accounts (and later billing). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** the acting user; null for the CLI and the system (no foreign key: history outlives accounts) */
    actorId: text("actor_id"),
    /** 'cli', 'system', or the acting user's e-mail (kept if the user is deleted) */
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    reason: text("reason"),
    requestId: text("request_id"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc()),
    index("audit_log_target_idx").on(t.targetType, t.targetId, t.at.desc()),
  ],
);

// ---------------------------------------------------------------------------------------------

// Written by the platform itself: the rate limiter (platform/rate-limit) and the mailer (platform/mail.ts).

/** Fixed-window counters for rate limiting (shared by every app instance). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
  /** the rule's window: a row is pruned only once its own window has ended (a day's rule lasts a day) */
  windowSec: integer("window_sec").notNull().default(86400),
});

/** Messages the mailer could not hand over (SMTP refused, outbox not writable): an admin alert. */
export const mailFailures = pgTable(
  "mail_failures",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    tag: text("tag").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    error: text("error").notNull(),
  },
  (t) => [index("mail_failures_at_idx").on(t.at.desc())],
);
