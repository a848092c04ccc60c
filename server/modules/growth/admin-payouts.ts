import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../../platform/audit.ts";
import { type Db, queryRows, sql, transaction } from "../../platform/db/index.ts";
import { AppError } from "../../platform/errors.ts";
import { uuidSchema } from "../../platform/ids.ts";
import { cleanLine, controlCharacterIn } from "../../platform/text.ts";
import { providerRefused } from "../billing/index.ts";
import type { GrowthDeps } from "./deps.ts";
import { affiliateCommissions, affiliatePayouts, affiliates } from "./tables.ts";

/**
 * The operators' payouts screen (issue 21): what each affiliate is owed, approve (the commissions
 * are set aside in one payout row), send through the PayoutProvider (PayPal's payouts API) and
 * record its answer, or mark a payout paid by hand where no provider is configured; suspension of
 * an affiliate. Every action writes its audit row in the transaction that makes the change.
 */

export type AffiliateOwed = {
  affiliateId: string;
  userId: string;
  name: string;
  email: string;
  code: string;
  payoutEmail: string;
  status: "active" | "suspended";
  /** approved, not in a payout: what an approval would pay now */
  owedCents: number;
  owedCount: number;
  /** still in the members' refund window */
  pendingCents: number;
  paidCents: number;
};

export type AdminPayout = {
  id: string;
  affiliateId: string;
  name: string;
  period: string;
  amountCents: number;
  commissionCount: number;
  payoutEmail: string;
  status: string;
  provider: string | null;
  providerBatchId: string | null;
  at: string;
};

export const AffiliateTarget = z.object({ affiliateId: uuidSchema("Affiliate not found") });
export const PayoutTarget = z.object({ payoutId: uuidSchema("Payout not found") });
export const SuspendAffiliateReason = z
  .string({ message: "Give a reason for the suspension" })
  .trim()
  .min(1, "Give a reason for the suspension")
  .max(500, "The reason must be 500 characters or fewer")
  .refine((v) => !controlCharacterIn(v), { message: "The reason cannot contain control characters" })
  .transform((v) => cleanLine(v));

const AffiliateStatus = z.enum(["active", "suspended"]);
const OwedRow = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  code: z.string(),
  payout_email: z.string(),
  status: AffiliateStatus,
  owed: z.number(),
  owed_n: z.number(),
  pending: z.number(),
  paid: z.number(),
});
const PayoutRow = z.object({
  id: z.string(),
  affiliate_id: z.string(),
  name: z.string(),
  period: z.string(),
  amount_cents: z.number(),
  commission_count: z.number(),
  payout_email: z.string(),
  status: z.string(),
  provider: z.string().nullable(),
  provider_batch_id: z.string().nullable(),
  paid_at: z.string(),
});
const OwedCommissionRow = z.object({ id: z.string(), amount_cents: z.number() });
const IdRow = z.object({ id: z.string() });
const ClaimedPayoutRow = z.object({
  id: z.string(),
  provider_batch_id: z.string().nullable(),
  affiliate_id: z.string(),
  amount_cents: z.number(),
  payout_email: z.string(),
  period: z.string(),
  commission_count: z.number(),
});

export async function listAffiliatesOwed(db: Db): Promise<AffiliateOwed[]> {
  const rows = await queryRows(
    db,
    sql`SELECT a.id::text AS id, a.user_id, u.name, u.email, a.code, a.payout_email, a.status::text AS status,
          coalesce(sum(c.amount_cents) FILTER (WHERE c.status = 'approved' AND c.payout_id IS NULL), 0)::int AS owed,
          count(c.id) FILTER (WHERE c.status = 'approved' AND c.payout_id IS NULL)::int AS owed_n,
          coalesce(sum(c.amount_cents) FILTER (WHERE c.status = 'pending'), 0)::int AS pending,
          coalesce(sum(c.amount_cents) FILTER (WHERE c.status = 'paid'), 0)::int AS paid
        FROM affiliates a JOIN users u ON u.id = a.user_id
        LEFT JOIN affiliate_commissions c ON c.affiliate_id = a.id
        GROUP BY a.id, u.id
        ORDER BY owed DESC, u.name, a.id
        LIMIT 500`,
    OwedRow,
  );
  return rows.map((r) => ({
    affiliateId: r.id,
    userId: r.user_id,
    name: r.name,
    email: r.email,
    code: r.code,
    payoutEmail: r.payout_email,
    status: r.status,
    owedCents: Number(r.owed),
    owedCount: Number(r.owed_n),
    pendingCents: Number(r.pending),
    paidCents: Number(r.paid),
  }));
}

export async function listRecentPayouts(db: Db, limit = 50, onlyId?: string): Promise<AdminPayout[]> {
  const rows = await queryRows(
    db,
    sql`SELECT p.id::text AS id, p.affiliate_id::text AS affiliate_id, u.name, p.period, p.amount_cents,
          p.commission_count, p.payout_email, p.status::text AS status, p.provider, p.provider_batch_id, p.paid_at
        FROM affiliate_payouts p JOIN affiliates a ON a.id = p.affiliate_id JOIN users u ON u.id = a.user_id
        ${onlyId ? sql`WHERE p.id = ${onlyId}::uuid` : sql``}
        ORDER BY p.paid_at DESC, p.id DESC LIMIT ${limit}`,
    PayoutRow,
  );
  return rows.map((r) => ({
    id: r.id,
    affiliateId: r.affiliate_id,
    name: r.name,
    period: r.period,
    amountCents: Number(r.amount_cents),
    commissionCount: Number(r.commission_count),
    payoutEmail: r.payout_email,
    status: r.status,
    provider: r.provider,
    providerBatchId: r.provider_batch_id,
    at: new Date(r.paid_at).toISOString(),
  }));
}

async function lockAffiliate(tx: Db, affiliateId: string) {
  const [row] = await tx
    .select({ id: affiliates.id, status: affiliates.status, payout_email: affiliates.payoutEmail })
    .from(affiliates)
    .where(eq(affiliates.id, affiliateId))
    .for("update");
  if (!row) throw new AppError("not_found", "Affiliate not found");
  return row;
}

/**
 * Approves what an affiliate is owed now: their approved commissions not yet in a payout become one
 * payout row (status approved) and are marked paid, so a second approval finds nothing. A suspended
 * affiliate's payouts are held.
 */
export async function approvePayout(
  deps: Pick<GrowthDeps, "db" | "clock">,
  actor: AuditActor,
  affiliateId: string,
): Promise<AdminPayout> {
  const now = deps.clock.now();
  return transaction(deps.db, async (tx) => {
    const affiliate = await lockAffiliate(tx, affiliateId);
    if (affiliate.status !== "active") {
      throw new AppError("conflict", "This affiliate is suspended: reactivate them before approving a payout.");
    }
    const rows = await queryRows(
      tx,
      sql`SELECT id::text AS id, amount_cents FROM affiliate_commissions
           WHERE affiliate_id = ${affiliateId}::uuid AND status = 'approved' AND payout_id IS NULL
           ORDER BY id FOR UPDATE`,
      OwedCommissionRow,
    );
    const amount = rows.reduce((s, r) => s + Number(r.amount_cents), 0);
    // Adjustments (refunds of paid commissions) larger than new earnings: carried to a later payout.
    if (!rows.length || amount <= 0) throw new AppError("conflict", "Nothing is owed to this affiliate now.");
    const period = now.toISOString().slice(0, 7);
    const [payout] = await queryRows(
      tx,
      sql`INSERT INTO affiliate_payouts (affiliate_id, period, amount_cents, commission_count, payout_email, status, paid_at)
          VALUES (${affiliateId}::uuid, ${period}, ${amount}, ${rows.length}, ${affiliate.payout_email}, 'approved',
                  ${now.toISOString()}::timestamptz)
          RETURNING id::text AS id`,
      IdRow,
    );
    if (!payout) throw new AppError("internal", "Could not record the payout");
    await tx.execute(
      sql`UPDATE affiliate_commissions SET status = 'paid', payout_id = ${payout.id}::uuid
           WHERE id IN (${sql.join(
             rows.map((r) => sql`${r.id}::uuid`),
             sql`, `,
           )})`,
    );
    await recordAudit(tx, {
      actor,
      action: "affiliate.payout_approve",
      targetType: "affiliate",
      targetId: affiliateId,
      before: { owedCents: amount, commissions: rows.length },
      after: { payoutId: payout.id, amountCents: amount, status: "approved" },
      requestId: actor.requestId ?? null,
      at: now,
    });
    const [out] = await listRecentPayouts(tx, 1, payout.id);
    if (!out) throw new AppError("internal", "Could not record the payout");
    return out;
  });
}

export type SendOutcome = { status: string; provider: string | null; providerBatchId: string | null };

/** The sender batch id a payout is sent under: ours, kept on the row, so a resend reuses it. */
export const senderBatchIdOf = (payoutId: string) => `ts-payout-${payoutId}`;

/**
 * Sends one approved payout through the PayoutProvider and records its answer. The payout is claimed
 * first (approved or unknown → pending, one statement), so two clicks send it once. The sender batch
 * id is ours and is reused by every resend (`ts-payout-{id}`, or the month run's batch id kept on
 * the row): PayPal answers a repeated one with the first batch instead of paying again. Only a clear
 * refusal (the provider answered no) puts the commissions back as owed; an unclear answer (timeout,
 * lost connection, 5xx) leaves the payout `unknown` with its commissions, to be sent again — never a
 * new payout with a new batch id, which could pay the affiliate twice.
 */
export async function sendPayout(
  deps: Pick<GrowthDeps, "db" | "clock" | "logger" | "growth">,
  actor: AuditActor,
  payoutId: string,
): Promise<SendOutcome> {
  const provider = deps.growth.payouts;
  if (!provider) {
    throw new AppError("conflict", "No payout provider is configured: pay it by hand, then mark it paid.");
  }
  const [claimed] = await queryRows(
    deps.db,
    sql`WITH before AS (SELECT id, status FROM affiliate_payouts WHERE id = ${payoutId}::uuid FOR UPDATE)
        UPDATE affiliate_payouts p SET status = 'pending', provider = ${provider.id}
          FROM before WHERE p.id = before.id AND before.status IN ('approved', 'unknown')
        RETURNING p.id::text AS id, p.affiliate_id::text AS affiliate_id, p.amount_cents, p.payout_email, p.period,
                  p.commission_count, before.status::text AS was,
                  CASE WHEN before.status = 'unknown' THEN p.provider_batch_id END AS provider_batch_id`,
    ClaimedPayoutRow.extend({ was: z.string() }),
  );
  if (!claimed)
    throw new AppError("conflict", "This payout is not waiting to be sent (already sent, or not approved).");
  const senderBatchId = claimed.provider_batch_id ?? senderBatchIdOf(claimed.id);
  let status: string;
  let batchId: string | null = null;
  let failure: string | null = null;
  try {
    const result = await provider.payout({
      batchId: senderBatchId,
      subject: "Toolscape affiliate commissions",
      items: [
        {
          itemId: claimed.id,
          email: claimed.payout_email,
          amount: { amountCents: Number(claimed.amount_cents), currency: "USD" },
          note: `Toolscape affiliate commissions (${claimed.commission_count})`,
        },
      ],
    });
    status = result.status;
    batchId = result.batchId;
  } catch (err) {
    status = providerRefused(err) ? "failed" : "unknown";
    deps.logger.error("affiliate payout: the provider refused or did not answer clearly", {
      err,
      payoutId: claimed.id,
      senderBatchId,
      status,
    });
    failure = err instanceof Error ? err.message.slice(0, 300) : "provider error";
  }
  const now = deps.clock.now();
  await transaction(deps.db, async (tx) => {
    await tx.execute(
      sql`UPDATE affiliate_payouts SET status = ${status}, provider_batch_id = ${batchId ?? senderBatchId}
           WHERE id = ${claimed.id}::uuid`,
    );
    if (status === "failed" || status === "denied") {
      // The provider said no: nothing was paid, the commissions are owed again (a new approval pays them).
      await tx
        .update(affiliateCommissions)
        .set({ status: "approved", payoutId: null })
        .where(eq(affiliateCommissions.payoutId, claimed.id));
    }
    await recordAudit(tx, {
      actor,
      action: "affiliate.payout_send",
      targetType: "affiliate",
      targetId: claimed.affiliate_id,
      before: { payoutId: claimed.id, status: claimed.was },
      after: {
        payoutId: claimed.id,
        status,
        provider: provider.id,
        providerBatchId: batchId ?? senderBatchId,
        senderBatchId,
        amountCents: Number(claimed.amount_cents),
        ...(failure ? { error: failure } : {}),
      },
      requestId: actor.requestId ?? null,
      at: now,
    });
  });
  return { status, provider: provider.id, providerBatchId: batchId ?? senderBatchId };
}

/** An approved payout the operator paid by hand (no provider): recorded as manual, with a reference. */
export async function markPayoutPaidByHand(
  deps: Pick<GrowthDeps, "db" | "clock">,
  actor: AuditActor,
  payoutId: string,
  reference: string,
): Promise<void> {
  const now = deps.clock.now();
  await transaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(affiliatePayouts)
      .set({ status: "manual", providerBatchId: reference || null })
      .where(and(eq(affiliatePayouts.id, payoutId), eq(affiliatePayouts.status, "approved")))
      .returning({ affiliate_id: affiliatePayouts.affiliateId, amount_cents: affiliatePayouts.amountCents });
    if (!row) throw new AppError("conflict", "This payout is not waiting to be sent (already sent, or not approved).");
    await recordAudit(tx, {
      actor,
      action: "affiliate.payout_manual",
      targetType: "affiliate",
      targetId: row.affiliate_id,
      before: { payoutId, status: "approved" },
      after: { payoutId, status: "manual", reference: reference || null, amountCents: Number(row.amount_cents) },
      requestId: actor.requestId ?? null,
      at: now,
    });
  });
}

/**
 * Suspends an affiliate (or reactivates one). From the moment of suspension they earn nothing: the
 * link sets no cookie and counts no click, no new member is attributed to them, payments by members
 * they brought earn no commission, and what they are owed is held (no approval) until reactivated.
 */
export async function setAffiliateStatus(
  deps: Pick<GrowthDeps, "db" | "clock">,
  actor: AuditActor,
  affiliateId: string,
  status: "active" | "suspended",
  reason: string | null,
): Promise<{ changed: boolean }> {
  const now = deps.clock.now();
  return transaction(deps.db, async (tx) => {
    const before = await lockAffiliate(tx, affiliateId);
    if (before.status === status) return { changed: false };
    await tx.update(affiliates).set({ status }).where(eq(affiliates.id, affiliateId));
    await recordAudit(tx, {
      actor,
      action: status === "suspended" ? "affiliate.suspend" : "affiliate.reactivate",
      targetType: "affiliate",
      targetId: affiliateId,
      before: { status: before.status },
      after: { status },
      reason,
      requestId: actor.requestId ?? null,
      at: now,
    });
    return { changed: true };
  });
}
