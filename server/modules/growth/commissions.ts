import { and, eq, lte } from "drizzle-orm";
import { z } from "zod";
import { DAY_MS } from "../../platform/clock.ts";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import type { Jobs } from "../../platform/jobs/types.ts";
import type { Logger } from "../../platform/logger.ts";
import { type BillingHooks, getPlan, type PaymentAppliedEvent, type PaymentRefundedEvent } from "../billing/index.ts";
import type { GrowthDeps } from "./deps.ts";
import { affiliateCommissions } from "./tables.ts";

const CommissionRow = z.object({ id: z.string(), status: z.enum(["pending", "approved", "paid", "reversed"]) });
const IdRow = z.object({ id: z.string() });

export const APPROVE_JOB = "growth.approve-commission";
export const APPROVE_SWEEP_JOB = "growth.approve-due-commissions";

/**
 * A payment by a member an affiliate brought in earns a commission: every payment (first, renewal,
 * upgrade) while the member stays attributed, since the spec pays a share of the membership, not of
 * the first month. It is pending until the member's 30-day money-back window ends (counted from the
 * first payment: later payments are past it and are approved at once), then approved.
 */
export async function recordCommission(
  tx: Db,
  jobs: Jobs | undefined,
  event: PaymentAppliedEvent,
): Promise<{ id: string; status: string } | null> {
  // The rate and the money-back window are the plan's (billing's plans table).
  const plan = await getPlan(tx, event.tier);
  const bps = plan.commissionBps;
  const amount = Math.round((event.amount.amountCents * bps) / 10_000);
  if (amount <= 0) return null;
  const availableAt = new Date(event.firstPaymentAt.getTime() + plan.refundWindowDays * DAY_MS);
  const approved = availableAt.getTime() <= event.at.getTime();
  const rows = await queryRows(
    tx,
    sql`INSERT INTO affiliate_commissions
          (affiliate_id, kind, payment_id, user_id, tier, payment_cents, bps, amount_cents, status, available_at,
           created_at, approved_at)
        SELECT t.affiliate_id, 'commission', ${event.paymentId}, ${event.userId}, ${event.tier}, ${event.amount.amountCents},
               ${bps}, ${amount}, ${approved ? "approved" : "pending"}, ${availableAt.toISOString()}::timestamptz,
               ${event.at.toISOString()}::timestamptz, ${approved ? event.at.toISOString() : null}::timestamptz
          FROM affiliate_attributions t JOIN affiliates a ON a.id = t.affiliate_id
         -- A suspended affiliate earns nothing from the suspension on (issue 21).
         WHERE t.user_id = ${event.userId} AND a.user_id <> ${event.userId} AND a.status = 'active'
        ON CONFLICT (payment_id, kind) DO NOTHING
        RETURNING id, status::text AS status`,
    CommissionRow,
  );
  const row = rows[0];
  if (row && row.status === "pending" && jobs) {
    await jobs.enqueue({ type: APPROVE_JOB, key: row.id, payload: { commissionId: row.id }, runAt: availableAt }, tx);
  }
  return row ?? null;
}

/**
 * A refunded payment takes its commission back: pending or approved → reversed; one already paid
 * out stays paid and gets a negative adjustment (approved at once), which the next payout nets.
 */
export async function reverseCommission(tx: Db, event: PaymentRefundedEvent): Promise<"reversed" | "adjusted" | null> {
  const [row] = await tx
    .select({ id: affiliateCommissions.id, status: affiliateCommissions.status })
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.paymentId, event.paymentId), eq(affiliateCommissions.kind, "commission")))
    .for("update");
  if (!row || row.status === "reversed") return null;
  const at = event.at.toISOString();
  if (row.status !== "paid") {
    await tx
      .update(affiliateCommissions)
      .set({ status: "reversed", reversedAt: event.at })
      .where(eq(affiliateCommissions.id, row.id));
    return "reversed";
  }
  const inserted = await queryRows(
    tx,
    sql`INSERT INTO affiliate_commissions
          (affiliate_id, kind, payment_id, user_id, tier, payment_cents, bps, amount_cents, status, available_at,
           created_at, approved_at)
        SELECT affiliate_id, 'adjustment', payment_id, user_id, tier, -payment_cents, bps, -amount_cents, 'approved',
               ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
          FROM affiliate_commissions WHERE id = ${row.id}::uuid
        ON CONFLICT (payment_id, kind) DO NOTHING RETURNING id`,
    IdRow,
  );
  return inserted.length ? "adjusted" : null;
}

/** Approves one commission whose window has ended (idempotent: a second run changes nothing). */
export async function approveCommission(db: Db, commissionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(affiliateCommissions)
    .set({ status: "approved", approvedAt: now })
    .where(
      and(
        eq(affiliateCommissions.id, commissionId),
        eq(affiliateCommissions.status, "pending"),
        lte(affiliateCommissions.availableAt, now),
      ),
    )
    .returning({ id: affiliateCommissions.id });
  return rows.length > 0;
}

/** Approves every commission whose window has ended (the sweep behind the per-commission jobs). */
export async function approveDueCommissions(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(affiliateCommissions)
    .set({ status: "approved", approvedAt: now })
    .where(and(eq(affiliateCommissions.status, "pending"), lte(affiliateCommissions.availableAt, now)))
    .returning({ id: affiliateCommissions.id });
  return rows.length;
}

/** The hooks billing calls inside its apply / refund transaction (register in services.billingHooks). */
export function growthBillingHooks(deps: Pick<GrowthDeps, "jobs" | "logger">): BillingHooks {
  return {
    async paymentApplied(tx, event) {
      const made = await recordCommission(tx, deps.jobs, event);
      if (made) deps.logger.info("affiliate commission recorded", { paymentId: event.paymentId, status: made.status });
    },
    async paymentRefunded(tx, event) {
      const done = await reverseCommission(tx, event);
      if (done) deps.logger.info("affiliate commission reversed", { paymentId: event.paymentId, how: done });
    },
  };
}

/** Registers growth's durable jobs: one approval per commission at its date, and an hourly sweep. */
export function registerGrowthJobs(deps: { db: Db; jobs: Jobs; logger: Logger }): void {
  deps.jobs.register<{ commissionId?: string }>(APPROVE_JOB, async (payload, ctx) => {
    if (typeof payload.commissionId !== "string") return;
    await approveCommission(deps.db, payload.commissionId, ctx.now);
  });
  deps.jobs.register(APPROVE_SWEEP_JOB, async (_payload, ctx) => {
    const n = await approveDueCommissions(deps.db, ctx.now);
    if (n) deps.logger.info("affiliate commissions approved by the sweep", { n });
  });
  deps.jobs.every(APPROVE_SWEEP_JOB, 3_600_000);
}
