import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, sql } from "../../platform/db/index.ts";
import { affiliateClicks } from "./tables.ts";

export type CommissionView = {
  id: string;
  kind: "commission" | "adjustment";
  tier: "standard" | "expert";
  paymentCents: number;
  amountCents: number;
  status: "pending" | "approved" | "paid" | "reversed";
  createdAt: string;
  availableAt: string;
};

export type AffiliateStats = {
  /** approved + paid (adjustments included), cents */
  totalEarningsCents: number;
  /** commissions earned this UTC month that are not reversed (pending included), cents */
  monthEarningsCents: number;
  pendingCents: number;
  /** approved, not yet paid out */
  balanceCents: number;
  paidCents: number;
  clicks: number;
  /** members brought in who paid (a refunded-only member does not count) */
  conversions: number;
  /** conversions / clicks × 100, one decimal; 0 without clicks */
  conversionRate: number;
  commissions: CommissionView[];
};

const Sums = z.object({
  total: z.number(),
  month: z.number(),
  pending: z.number(),
  balance: z.number(),
  paid: z.number(),
  conversions: z.number(),
});
const CommissionRow = z.object({
  id: z.string(),
  kind: z.enum(["commission", "adjustment"]),
  tier: z.enum(["standard", "expert"]),
  payment_cents: z.number(),
  amount_cents: z.number(),
  status: z.enum(["pending", "approved", "paid", "reversed"]),
  created_at: z.string(),
  available_at: z.string(),
});

export async function affiliateStats(db: Db, affiliateId: string, now: Date): Promise<AffiliateStats> {
  const monthStart = `${now.toISOString().slice(0, 7)}-01T00:00:00Z`;
  // Sums and counts cast to int: uncast, node-postgres gives bigint as a string and PGlite a number.
  const [[sums], [clicks], list] = await Promise.all([
    queryRows(
      db,
      sql`SELECT
            COALESCE(sum(amount_cents) FILTER (WHERE status IN ('approved','paid')), 0)::int AS total,
            COALESCE(sum(amount_cents) FILTER (WHERE status <> 'reversed' AND created_at >= ${monthStart}::timestamptz), 0)::int AS month,
            COALESCE(sum(amount_cents) FILTER (WHERE status = 'pending'), 0)::int AS pending,
            COALESCE(sum(amount_cents) FILTER (WHERE status = 'approved'), 0)::int AS balance,
            COALESCE(sum(amount_cents) FILTER (WHERE status = 'paid'), 0)::int AS paid,
            count(DISTINCT user_id) FILTER (WHERE kind = 'commission' AND status <> 'reversed')::int AS conversions
          FROM affiliate_commissions WHERE affiliate_id = ${affiliateId}::uuid`,
      Sums,
    ),
    db.select({ n: count() }).from(affiliateClicks).where(eq(affiliateClicks.affiliateId, affiliateId)),
    queryRows(
      db,
      sql`SELECT id, kind::text AS kind, tier::text AS tier, payment_cents, amount_cents, status::text AS status,
                 created_at, available_at
            FROM affiliate_commissions WHERE affiliate_id = ${affiliateId}::uuid
           ORDER BY created_at DESC, kind LIMIT 100`,
      CommissionRow,
    ),
  ]);
  const clickCount = clicks?.n ?? 0;
  const conversions = sums?.conversions ?? 0;
  return {
    totalEarningsCents: sums?.total ?? 0,
    monthEarningsCents: sums?.month ?? 0,
    pendingCents: sums?.pending ?? 0,
    balanceCents: sums?.balance ?? 0,
    paidCents: sums?.paid ?? 0,
    clicks: clickCount,
    conversions,
    conversionRate: clickCount ? Math.round((conversions / clickCount) * 1000) / 10 : 0,
    commissions: list.map((r) => ({
      id: r.id,
      kind: r.kind,
      tier: r.tier,
      paymentCents: r.payment_cents,
      amountCents: r.amount_cents,
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
      availableAt: new Date(r.available_at).toISOString(),
    })),
  };
}
